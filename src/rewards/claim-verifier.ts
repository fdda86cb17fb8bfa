/**
 * The background verifier: fetches claimed pages, looks for a link to the brand, and when a
 * window ends decides every award still pending: verified, or reversed by a ledger row of its own.
 *
 * The queue is the `claim_checks` table, so a restart loses nothing; in memory the verifier holds
 * at most `queueLimit` claims and fetches `concurrency` pages at once, however large the backlog.
 * Every instant (due, retry, decided) comes from the injected clock, so tests move time with
 * POST /test-clock; the loop itself ticks in real time, about once a second, and is woken at once
 * by every commit (a new claim is usually fetched within a tick).
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import { brandLinkIn, isBrandHost } from '../domain/brand-links.ts';
import { claimSite, isExemptHost } from '../domain/claim-hosts.ts';
import { addressKey } from '../domain/client-address.ts';
import { shareText, standingStands } from '../domain/standing-share.ts';
import { findAgentById } from '../store/agent-repository.ts';
import type { VerificationConfig } from '../domain/program-config.ts';
import { AwardStatements } from '../store/award-statements.ts';
import {
  awardPoints,
  dueDecisions,
  dueFetches,
  findCheck,
  latestPendingUrlDeadline,
  markReversed,
  markVerified,
  pendingChecksStandingOn,
  postponeDecision,
  recordMiss,
  standingTotals,
  urlClaimCounts,
} from '../store/claim-check-repository.ts';
import { admitHostAgent } from '../store/quota-repository.ts';
import { writeTransaction, type Db, type OpenDatabase } from '../store/database.ts';
import type { ClaimCheckRow } from '../store/schema.ts';
import { WebhookOutbox } from '../webhooks/outbox.ts';
import { fetchPublicPage, type FetchPolicy } from './page-fetcher.ts';

const MINUTE_MS = 60_000;
/** Due checks decided in one pass: a pass is short, and reads and other writes go between passes. */
const DECISIONS_PER_PASS = 100;
const HOUR_MS = 3_600_000;

export interface ClaimVerifierOptions {
  store: OpenDatabase;
  clock: Clock;
  config: VerificationConfig;
  /** The brand's hosts (its production address, and the public origin's when PUBLIC_URL names one): a claimed page must link to one. */
  brandHosts: readonly string[];
  /** false: no page is fetched (CLAIM_VERIFIER=off); deadlines still decide. */
  fetching: boolean;
  /** Private origins the fetcher may read (tests only: VERIFY_LOCAL_ORIGIN). */
  allowedOrigins: readonly string[];
  userAgent: string;
  log: Logger;
  tickMs?: number;
}

interface QueuedFetch {
  activityId: number;
  url: string;
  attempts: number;
}

export class ClaimVerifier {
  private readonly db: Db;
  private readonly ledger: AwardStatements;
  /** Webhook events (claim.verified; a reversal's through `ledger`), in the verdict's transaction. */
  private readonly outbox: WebhookOutbox;
  private readonly policy: FetchPolicy;
  private readonly queue: QueuedFetch[] = [];
  private readonly inFlight = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private again = false;
  private stopped = false;

  constructor(private readonly options: ClaimVerifierOptions) {
    this.db = options.store.db;
    this.outbox = new WebhookOutbox(options.store);
    this.ledger = new AwardStatements(options.store, this.outbox);
    this.policy = {
      timeoutMs: options.config.fetchTimeoutMs,
      maxBytes: options.config.maxPageBytes,
      maxRedirects: options.config.maxRedirects,
      allowedOrigins: options.allowedOrigins,
      userAgent: options.userAgent,
    };
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.options.tickMs ?? 1_000);
    this.timer.unref();
    this.wake();
  }

  /** Stops taking new work; fetches in flight finish on their own (their verdicts are still written). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  /** Run a pass soon (after a commit: a new claim may be waiting). Passes never overlap. */
  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    setImmediate(() => {
      this.pass()
        .catch((error: unknown) => this.options.log.error({ err: error }, 'claim verifier pass failed'))
        .finally(() => {
          this.ticking = false;
          if (this.again) {
            this.again = false;
            this.wake();
          }
        });
    });
  }

  private async pass(): Promise<void> {
    // A full batch may leave more due: the next pass follows at once, not at the next tick, so a
    // backlog (a day's claims whose windows end together) drains as fast as it can be written.
    if ((await this.decideDue()) === DECISIONS_PER_PASS) this.again = true;
    if (this.options.fetching) await this.startFetches();
  }

  /**
   * Every pending check whose window has ended, up to a batch: verified if what it stands on was
   * verified in time, else reversed. Returns how many were due.
   */
  private async decideDue(): Promise<number> {
    const now = this.options.clock.now();
    const due = await dueDecisions(this.db, now, DECISIONS_PER_PASS);
    for (const check of due) {
      await writeTransaction(this.db, async (trx, scope) => {
        const current = await findCheck(trx, check.activity_id);
        if (current?.state !== 'pending') return;
        let reason = reversalReason(current, this.options.config);
        if (current.kind === 'standing') {
          const verdict = await this.standingVerdict(trx, current);
          if (verdict.waitUntil) {
            // A url claim of its window is still open: decided once the claims are (decideBy moves).
            await postponeDecision(trx, current.activity_id, verdict.waitUntil);
            return;
          }
          if (verdict.stands) {
            await this.verified(trx, current.activity_id, `stands on the agent's verified share: ${verdict.share}`, now, false);
            return;
          }
          reason = `Reversed: awards without a url stand up to the share of the agent's claimed urls verified within ${this.options.config.standingWindowHours} h (${verdict.share}); this one is past it`;
        } else if (current.kind === 'referral' && (await this.ledger.hasVerifiedPromotion(trx, current.subject_agent_id, new Date(current.due_at)))) {
          await this.verified(trx, current.activity_id, 'stands on a verified promotion', now, false);
          return;
        }
        const reversal = await this.ledger.reverse(trx, current.activity_id, reason, now);
        if (reversal) scope.wroteAt(now);
        await markReversed(trx, current.activity_id, current.kind === 'standing' ? reason : (current.last_result ?? 'not verified in time'), now, reversal?.activity.id ?? null);
      });
    }
    return due.length;
  }

  /**
   * Whether a standing award stands (domain/standing-share.ts): on the agent's url claims made by
   * the end of its window, once every one of them is decided; until then, when to look again.
   */
  private async standingVerdict(trx: Db, check: ClaimCheckRow): Promise<{ waitUntil?: string; stands?: boolean; share?: string }> {
    const windowEnd = new Date(Date.parse(check.created_at) + this.options.config.standingWindowHours * HOUR_MS).toISOString();
    const open = await latestPendingUrlDeadline(trx, check.agent_id, windowEnd);
    if (open) return { waitUntil: new Date(Math.max(Date.parse(open) + 1, Date.parse(check.due_at) + 1)).toISOString() };
    const agent = await findAgentById(trx, check.agent_id);
    const counts = await urlClaimCounts(trx, check.agent_id, windowEnd);
    const totals = await standingTotals(trx, check.agent_id, check.activity_id);
    const points = await awardPoints(trx, check.activity_id);
    const facts = { operatorVerified: agent?.verified === 1, claims: counts.claims, verifiedClaims: counts.verified, standingPoints: totals.points, stoodPoints: totals.stood, points };
    return { stands: standingStands(facts), share: shareText(facts) };
  }

  private async startFetches(): Promise<void> {
    const free = this.options.config.concurrency - this.inFlight.size;
    if (free <= 0) return;
    if (this.queue.length < free) {
      const busy = [...this.inFlight, ...this.queue.map((q) => q.activityId)];
      const rows = await dueFetches(this.db, this.options.clock.now(), this.options.config.queueLimit - this.queue.length, busy);
      for (const r of rows) if (r.url) this.queue.push({ activityId: r.activity_id, url: r.url, attempts: r.attempts });
    }
    for (let i = 0; i < free && this.queue.length; i++) {
      const next = this.queue.shift()!;
      this.inFlight.add(next.activityId);
      // A check whose verdict could not be written (the database gone) stays due for a later pass.
      void this.verify(next)
        .catch((error: unknown) => this.options.log.error({ err: error }, 'claim check failed'))
        .finally(() => {
          this.inFlight.delete(next.activityId);
          this.wake();
        });
    }
  }

  private async verify(item: QueuedFetch): Promise<void> {
    let verdict: { link?: string; result: string };
    try {
      verdict = await this.inspect(item.url);
    } catch (error) {
      verdict = { result: `fetch failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300) };
    }
    const now = this.options.clock.now();
    await writeTransaction(this.db, async (trx, scope) => {
      const refused = verdict.link ? await this.siteRefusal(trx, item) : undefined;
      if (refused) {
        // Final: the site's places for that day are taken. The deadline reverses the award.
        scope.nothingShown();
        await recordMiss(trx, item.activityId, refused, null);
        return;
      }
      if (verdict.link) {
        if (!(await this.verified(trx, item.activityId, `links to ${verdict.link}`, now, true))) return;
        const check = await findCheck(trx, item.activityId);
        // The agent's standing and referral checks stand on this promotion from now on.
        for (const waiting of await pendingChecksStandingOn(trx, check!.agent_id)) await this.verified(trx, waiting.activity_id, `stands on verified promotion #${item.activityId}`, now, false);
        return;
      }
      // A miss changes only the check's schedule, which no public read shows: cached reads stay.
      scope.nothingShown();
      const retries = this.options.config.retryAfterMinutes;
      const delay = retries[Math.min(item.attempts, retries.length - 1)] * MINUTE_MS;
      await recordMiss(trx, item.activityId, verdict.result, new Date(now.getTime() + delay));
    });
  }

  /**
   * Why the page's site may not verify this claim (VERIFICATIONS_PER_HOST_PER_DAY), or undefined
   * when it may: the site already verified promotions for its limit of other agents on the
   * claim's UTC day, or for another agent registered from the same address. The brand's hosts and
   * the exempt platforms are not limited.
   */
  private async siteRefusal(trx: Db, item: QueuedFetch): Promise<string | undefined> {
    const { agentsPerHostPerDay: limit, exemptPlatforms } = this.options.config;
    if (limit <= 0) return undefined;
    const hostname = new URL(item.url).hostname;
    if (isExemptHost(hostname, this.options.brandHosts, exemptPlatforms)) return undefined;
    const check = await findCheck(trx, item.activityId);
    if (check?.state !== 'pending') return undefined;
    const agent = await findAgentById(trx, check.agent_id);
    const site = claimSite(hostname);
    const day = check.created_at.slice(0, 10);
    const address = agent?.registered_from ? addressKey(agent.registered_from) : undefined;
    const refusal = await admitHostAgent(trx, site, day, check.agent_id, address, limit);
    if (refusal === 'agents') return `${site} already verified promotions for ${limit} other agents claimed on ${day} (VERIFICATIONS_PER_HOST_PER_DAY)`;
    if (refusal === 'address') return `${site} already verified a promotion claimed on ${day} for another agent registered from the same address`;
    return undefined;
  }

  /** Marks a pending check verified and, when this call decided it, tells the agent (claim.verified). */
  private async verified(trx: Db, activityId: number, result: string, now: Date, fetched: boolean): Promise<boolean> {
    if (!(await markVerified(trx, activityId, result, now, fetched))) return false;
    await this.outbox.claimVerified(trx, activityId, now);
    return true;
  }

  private async inspect(url: string): Promise<{ link?: string; result: string }> {
    const brands = this.options.brandHosts;
    const brand = brands.join(' or ');
    const host = new URL(url).hostname;
    // The brand's own pages are not a promotion elsewhere: they link to the brand by definition.
    if (isBrandHost(host, brands)) return { result: `the claimed page is on ${host}, the brand's own site, not a promotion elsewhere` };
    const page = await fetchPublicPage(url, this.policy);
    if (page.status < 200 || page.status >= 300) return { result: `HTTP ${page.status} from ${page.url}` };
    if (!/^(text\/|application\/xhtml\+xml)/i.test(page.contentType)) return { result: `not a page: ${page.contentType.slice(0, 60) || 'no Content-Type'}` };
    const link = brandLinkIn(page.body, page.url, brands);
    return link ? { link, result: `links to ${link}` } : { result: `no link to ${brand} in the first ${page.body.length} bytes` };
  }
}

function reversalReason(check: ClaimCheckRow, config: VerificationConfig): string {
  switch (check.kind) {
    case 'url':
      return `Reversed: ${check.url} was not verified within ${config.claimWindowHours} h (${check.last_result?.startsWith('links to') === false ? check.last_result : 'no link to the brand found'})`.slice(
        0,
        500,
      );
    case 'standing':
      return `Reversed: no verified promotion within ${config.standingWindowHours} h for this award to stand on`;
    case 'referral':
      return `Reversed: the referred agent had no verified promotion within ${config.referralWindowHours} h`;
  }
}

/** The instant a check of `kind` created at `now` is decided, under `config`. */
export function checkDueAt(kind: ClaimCheckRow['kind'], now: Date, config: VerificationConfig): Date {
  const hours = kind === 'url' ? config.claimWindowHours : kind === 'standing' ? config.standingWindowHours : config.referralWindowHours;
  return new Date(now.getTime() + hours * HOUR_MS);
}
