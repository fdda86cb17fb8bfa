/**
 * The rewards program's use cases that change it: register, earn, partnership, tasks, key
 * rotation; and who an apiKey belongs to (identify, gated reads). Its public reads are in
 * program-reads.ts. Built once by the Node entry (src/server/start.ts) and handed to endpoints
 * through `locals.services.rewards`.
 *
 * Every write runs in one BEGIN IMMEDIATE transaction that authenticates the agent, applies the
 * anti-farming rules, writes the ledger row and the agent's totals together, and stores the
 * response under its Idempotency-Key; a thrown DomainError rolls all of it back.
 */
import { createHash } from 'node:crypto';
import { capDay, capReached, capStatus, dedupeWindowStart } from '../domain/anti-farming.ts';
import { claimUrlProblem, normaliseClaimUrl } from '../domain/claim-url.ts';
import { addressKey } from '../domain/client-address.ts';
import { relation } from '../domain/related-agents.ts';
import { AGREEMENT_VERSION } from '../domain/partnership.ts';
import type { RewardsConfig } from '../domain/program-config.ts';
import { actionPoints, atLeast, nextTier, PARTNERSHIP_BONUS, perksFor, REFERRAL_REWARD, tierFor, type ActivityType, type EarnableAction, type TierName } from '../domain/tiers.ts';
import { DomainError } from '../domain/errors.ts';
import type { Clock } from '../clock.ts';
import { findAgentById, findAgentByKeyHash, findAgentByName, findAgentByReferralCode, insertAgent, markPartner, referralCodeExists, replaceKeyHash } from '../store/agent-repository.ts';
import { readSnapshot, writeTransaction, type Db, type OpenDatabase, type Statement } from '../store/database.ts';
import { recordEvent } from '../store/event-repository.ts';
import { findStoredResponse, purgeStoredResponses, storeResponse } from '../store/idempotency-repository.ts';
import { AwardStatements, type AwardResult } from '../store/award-statements.ts';
import { LAST_WRITE_SQL } from '../store/ledger-repository.ts';
import type { AgentRow, CheckKind } from '../store/schema.ts';
import { REGISTRATIONS, takeDailyPlace } from '../store/quota-repository.ts';
import { ancestry } from '../store/referral-tree.ts';
import { claimTask, findTask, insertTask } from '../store/task-repository.ts';
import { canonicalReferralCode, cryptoRandom, hashApiKey, newApiKey, newReferralCode, sameDigest, type RandomSource } from './api-keys.ts';
import { WebhookOutbox } from '../webhooks/outbox.ts';
import { checkDueAt } from './claim-verifier.ts';
import { activityView, agentPoints, agentSummary, taskView, unlockedPerks, type VerificationView } from './views.ts';
import { absoluteUrl } from '../public-origin.ts';

/** Who a valid apiKey belongs to: what the rate limiter needs to pick a tier's limits. */
export interface Identity {
  agentId: number;
  name: string;
  points: number;
  tier: TierName;
  suspended: boolean;
}

/** How a write identifies its agent and makes itself safe to retry. */
export interface WriteAuth {
  apiKey: string | undefined;
  idempotencyKey?: string;
}

export interface WriteResult {
  status: number;
  body: Record<string, unknown>;
  /** True when the body is the stored response of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

const HOUR_MS = 3_600_000;

export interface RewardsServiceOptions {
  /** The database; its change feed (commits by this process and others) moves `lastModified`. */
  store: OpenDatabase;
  config: RewardsConfig;
  clock: Clock;
  random?: RandomSource;
  /** Private origins a claim may name (tests only: VERIFY_LOCAL_ORIGIN); empty in production. */
  allowedClaimOrigins?: readonly string[];
}

export class RewardsService {
  private readonly db: Db;
  private readonly config: RewardsConfig;
  private readonly clock: Clock;
  private readonly random: RandomSource;
  private readonly store: OpenDatabase;
  private readonly allowedClaimOrigins: readonly string[];
  /** See `lastModified`. */
  private lastWrite: string;
  private readonly lastWriteStatement: Statement<[], { at: string | null }>;
  /** The award path (auth, dedupe, caps, award) on prepared statements; only inside writeTransaction. */
  private readonly ledger: AwardStatements;
  /** Webhook events, written in the transaction of their cause (every ledger row's through `ledger`). */
  private readonly outbox: WebhookOutbox;

  private constructor(options: RewardsServiceOptions, lastWrite: string) {
    this.store = options.store;
    this.db = options.store.db;
    this.config = options.config;
    this.clock = options.clock;
    this.random = options.random ?? cryptoRandom;
    this.allowedClaimOrigins = options.allowedClaimOrigins ?? [];
    this.outbox = new WebhookOutbox(options.store);
    this.ledger = new AwardStatements(options.store, this.outbox);
    this.lastWriteStatement = options.store.prepare(LAST_WRITE_SQL);
    this.lastWrite = lastWrite;
    // A commit that says when it wrote moves lastModified there; one that does not (another
    // process on SQLite, a missed notification on PostgreSQL) is read back from the tables.
    this.store.changes.subscribe(({ at }) => (at ? this.advance(at) : void this.readLastWrite().catch(() => {})));
  }

  /** Also forgets Idempotency-Keys past their TTL, so the table holds about one day of keys. */
  static async create(options: RewardsServiceOptions): Promise<RewardsService> {
    await purgeStoredResponses(options.store.db, new Date(options.clock.now().getTime() - options.config.idempotencyTtlHours * HOUR_MS));
    const statement = options.store.prepare<[], { at: string | null }>(LAST_WRITE_SQL);
    const stored = await readSnapshot(options.store.db, (trx) => statement.get(trx));
    return new RewardsService(options, stored?.at ?? new Date(0).toISOString());
  }

  /** Never backwards: another process's clock may be behind ours. */
  private advance(at: string): void {
    if (at > this.lastWrite) this.lastWrite = at;
  }

  /**
   * Someone else committed without saying when: its newest row, or, when it left no newer
   * timestamp (verify and suspend change a flag only), the instant the commit was noticed.
   */
  private async readLastWrite(): Promise<void> {
    const noticed = this.clock.now().toISOString();
    const stored = (await readSnapshot(this.db, (trx) => this.lastWriteStatement.get(trx)))?.at;
    this.advance(stored && stored > this.lastWrite ? stored : noticed);
  }

  /** The newest write to the program: dataFreshness.lastModified of live program bodies. */
  lastModified(): string {
    this.store.changes.sync();
    return this.lastWrite;
  }

  /** The agent behind an apiKey, for the rate limiter and messages: one indexed row by digest. Never throws, never logs the key. */
  async identify(apiKey: string): Promise<Identity | undefined> {
    if (!apiKey || apiKey.length > 256) return undefined;
    const hash = hashApiKey(apiKey);
    let row: AgentRow | undefined;
    try {
      row = await this.ledger.agentByKeyHash(this.db, hash);
    } catch {
      return undefined; // the database is unreachable: limited by address, and the request itself will say why
    }
    if (!row || !sameDigest(row.api_key_hash, hash)) return undefined;
    return { agentId: row.id, name: row.name, points: row.points, tier: tierFor(row.points).name, suspended: row.suspended === 1 };
  }

  // ---- writes ------------------------------------------------------------------------------

  /**
   * `clientAddress` counts against the registrations per address per day, and is kept as
   * evidence for operators (admin suspicious) and for the per-host verification limit.
   */
  async register(input: { name: string; operator?: string; avatarUrl?: string; referralCode?: string }, clientAddress?: string) {
    const result = await writeTransaction(this.db, async (trx, scope) => {
      const now = this.clock.now();
      // First: a refused registration costs nothing, and one that fails later gives its place back (rollback).
      await this.takeRegistrationPlace(trx, clientAddress, now);
      if (await findAgentByName(trx, input.name)) {
        throw new DomainError('name_taken', `The name "${input.name}" is already registered (names compare case-insensitively). Choose another.`, { name: input.name });
      }
      let referrer: AgentRow | undefined;
      if (input.referralCode !== undefined) {
        referrer = await findAgentByReferralCode(trx, canonicalReferralCode(input.referralCode));
        if (!referrer) throw new DomainError('invalid_referral_code', 'No agent has this referral code. Register without one, or check it with the agent that shared it.');
      }
      const apiKey = newApiKey(this.random);
      let referralCode = newReferralCode(this.random);
      while (await referralCodeExists(trx, referralCode)) referralCode = newReferralCode(this.random);
      const agent = await insertAgent(trx, {
        name: input.name,
        name_lower: input.name.toLowerCase(),
        operator: input.operator ?? null,
        avatar_url: input.avatarUrl ?? null,
        api_key_hash: hashApiKey(apiKey),
        referral_code: referralCode,
        referred_by: referrer?.id ?? null,
        created_at: now.toISOString(),
        registered_from: clientAddress?.slice(0, 64) ?? null,
      });
      await recordEvent(trx, { kind: 'agent_registered', agentId: agent.id, now });
      const referral = referrer ? await this.payReferral(trx, referrer.id, agent, now) : null;
      scope.wroteAt(now);
      return {
        agent: { ...agentSummary(agent), nextTier: nextTier(agent.points), perks: perksFor(agent.points) },
        apiKey,
        referralCode,
        referral,
        notice: `Store the apiKey now: it is shown only this once. Send it as Authorization: Bearer <apiKey>. Share your referralCode: each agent that registers with it earns you ${REFERRAL_REWARD} points, up to your daily referral cap of ${this.config.dailyCaps.referral}; a referral stands when the agent you referred has a verified promotion within ${this.config.verification.referralWindowHours} h.`,
      };
    });
    return result;
  }

  earn(auth: WriteAuth, input: { actionType: EarnableAction; url?: string; description?: string }): Promise<WriteResult> {
    return this.write(auth, 'earn', input, async (trx, agent, now) => {
      const type = input.actionType;
      const url = input.url === undefined ? null : this.claimUrl(input.url);
      // The dedupe rule first, then the daily cap, from one read.
      const { earlier, used } = await this.ledger.earnUsage(trx, agent.id, type, url, dedupeWindowStart(now, this.config), capDay(now).start);
      if (earlier) {
        throw new DomainError('duplicate_action', `This ${type} of ${url} was already awarded at ${earlier.createdAt}; the same action and url earn once per ${this.config.dedupeWindowHours} h.`, {
          activityId: earlier.id,
          awardedAt: earlier.createdAt,
          retryAfter: new Date(Date.parse(earlier.createdAt) + this.config.dedupeWindowHours * HOUR_MS).toISOString(),
        });
      }
      this.refuseOverCap(type, used, now);
      const result = await this.ledger.awardNew(trx, agent.id, { type, points: actionPoints[type], url, description: input.description ?? null, idempotencyKey: auth.idempotencyKey ?? null, now });
      const verification = await this.check(trx, result.activity.id, agent.id, url === null ? 'standing' : 'url', agent.id, url, now);
      return { status: 200, body: { ...awardBody(result, verification), dailyCap: { actionType: type, ...capStatus(type, used + 1, now, this.config) } } };
    });
  }

  acceptPartnership(auth: WriteAuth): Promise<WriteResult> {
    return this.write(auth, 'partnership', { agree: true }, async (trx, agent, now) => {
      if (agent.partner) {
        const tier = tierFor(agent.points).name;
        return {
          status: 200,
          body: {
            partner: true,
            alreadyPartner: true,
            pointsAwarded: 0,
            agreementVersion: AGREEMENT_VERSION,
            acceptedAt: agent.partner_at,
            agent: agentPoints(agent),
            tierChanged: false,
            previousTier: tier,
            unlockedPerks: [],
          },
        };
      }
      const at = now.toISOString();
      await markPartner(trx, agent.id, at);
      const result = await this.ledger.awardNew(trx, agent.id, {
        type: 'partnership',
        points: PARTNERSHIP_BONUS,
        description: `Accepted the AI Distribution Partnership Agreement ${AGREEMENT_VERSION}`,
        idempotencyKey: auth.idempotencyKey ?? null,
        now,
      });
      await recordEvent(trx, { kind: 'partnership', agentId: agent.id, now });
      await this.outbox.partnershipAccepted(trx, result);
      await this.check(trx, result.activity.id, agent.id, 'standing', agent.id, null, now);
      const body = awardBody(result);
      return {
        status: 200,
        body: {
          partner: true,
          alreadyPartner: false,
          pointsAwarded: PARTNERSHIP_BONUS,
          agreementVersion: AGREEMENT_VERSION,
          acceptedAt: at,
          agent: body.agent,
          tierChanged: body.tierChanged,
          previousTier: body.previousTier,
          unlockedPerks: body.unlockedPerks,
        },
      };
    });
  }

  postTask(auth: WriteAuth, input: { title: string; description: string; url?: string }): Promise<WriteResult> {
    return this.write(auth, 'task_post', input, async (trx, agent, now) => {
      const url = input.url === undefined ? null : this.claimUrl(input.url);
      const used = await this.checkCap(trx, agent.id, 'task_post', now);
      const task = await insertTask(trx, { posterId: agent.id, title: input.title, description: input.description, url, now });
      const result = await this.ledger.awardNew(trx, agent.id, {
        type: 'task_post',
        points: actionPoints.task_post,
        url: task.url,
        description: `Posted task ${task.id}: ${task.title}`.slice(0, 500),
        idempotencyKey: auth.idempotencyKey ?? null,
        ref: String(task.id),
        now,
      });
      const verification = await this.check(trx, result.activity.id, agent.id, 'standing', agent.id, null, now);
      return { status: 201, body: { task: taskView(task), ...awardBody(result, verification), dailyCap: { actionType: 'task_post', ...capStatus('task_post', used + 1, now, this.config) } } };
    });
  }

  claimTask(auth: WriteAuth, taskId: number): Promise<WriteResult> {
    return this.write(auth, `task_claim:${taskId}`, {}, async (trx, agent, now) => {
      const task = await findTask(trx, taskId);
      if (!task) throw new DomainError('not_found', `No task has id ${taskId}.`);
      if (task.poster_id === agent.id) throw new DomainError('forbidden', 'An agent cannot claim its own task.');
      if (task.claimed_by !== null)
        throw new DomainError('already_claimed', `Task ${taskId} was already claimed by ${task.claimer_name} at ${task.claimed_at}.`, { claimedBy: task.claimer_name, claimedAt: task.claimed_at });
      const poster = await findAgentById(trx, task.poster_id);
      const tie = poster && relation(await ancestry(trx, agent.id), await ancestry(trx, poster.id));
      if (tie) {
        throw new DomainError(
          'forbidden',
          `${agent.name} cannot claim task ${taskId}: it was posted by ${poster.name}, and the two are related (${tie}). Tasks pay for work done for another party; the task stays open for others.`,
          {
            reason: 'related_agents',
            relation: tie,
          },
        );
      }
      const used = await this.checkCap(trx, agent.id, 'task_claim', now);
      if (!(await claimTask(trx, taskId, agent.id, now))) throw new DomainError('already_claimed', `Task ${taskId} was already claimed.`);
      const result = await this.ledger.awardNew(trx, agent.id, {
        type: 'task_claim',
        points: actionPoints.task_claim,
        url: task.url,
        description: `Claimed task ${task.id}: ${task.title}`.slice(0, 500),
        idempotencyKey: auth.idempotencyKey ?? null,
        ref: String(task.id),
        now,
      });
      const verification = await this.check(trx, result.activity.id, agent.id, 'standing', agent.id, null, now);
      return {
        status: 200,
        body: { task: taskView((await findTask(trx, taskId))!), ...awardBody(result, verification), dailyCap: { actionType: 'task_claim', ...capStatus('task_claim', used + 1, now, this.config) } },
      };
    });
  }

  /** Issues a new key and revokes the old one at once. Not replayable: a stored body would hold a key. */
  async rotateKey(auth: WriteAuth) {
    return writeTransaction(this.db, async (trx, scope) => {
      const agent = await this.authenticate(auth.apiKey, trx);
      scope.nothingShown(); // only the key's digest changes
      const now = this.clock.now();
      const apiKey = newApiKey(this.random);
      await replaceKeyHash(trx, agent.id, hashApiKey(apiKey), now.toISOString());
      return { agent: agentPoints(agent), apiKey, rotatedAt: now.toISOString(), notice: 'The previous apiKey stopped working just now. Store this one: it is shown only this once.' };
    });
  }

  // ---- reads -------------------------------------------------------------------------------

  /** For gated reads: the agent behind the key, or 401/403. Optionally requires a tier. */
  async reader(apiKey: string | undefined, requiredTier?: TierName) {
    const agent = await this.authenticate(apiKey);
    const tier = tierFor(agent.points).name;
    if (requiredTier && !atLeast(tier, requiredTier)) {
      throw new DomainError('tier_required', `This needs tier ${requiredTier} or above; ${agent.name} is ${tier} with ${agent.points} points.`, {
        requiredTier,
        currentTier: tier,
        points: agent.points,
        nextTier: nextTier(agent.points),
      });
    }
    return { name: agent.name, tier, points: agent.points };
  }

  agentUrl(name: string): string {
    return absoluteUrl(`/api/public/ai/agent/${encodeURIComponent(name)}`);
  }

  // ---- internals ---------------------------------------------------------------------------

  /**
   * The agent behind `apiKey`, or 401/403. Inside a write (`trx`) the lookup locks the agent's
   * row until the write commits; a read outside one goes through kysely, which waits for the
   * connection, so it never sees a write group half done.
   */
  private async authenticate(apiKey: string | undefined, trx?: Db): Promise<AgentRow> {
    if (!apiKey) throw new DomainError('missing_api_key', 'Send your apiKey as Authorization: Bearer <apiKey> (or X-API-Key, or apiKey in the JSON body of a write / the query of a gated read).');
    const hash = hashApiKey(apiKey);
    const agent = apiKey.length > 256 ? undefined : trx ? await this.ledger.writerByKey(trx, hash) : await findAgentByKeyHash(this.db, hash);
    if (!agent || !sameDigest(agent.api_key_hash, hash)) throw new DomainError('invalid_api_key', 'No agent has this apiKey.');
    if (agent.suspended) throw new DomainError('agent_suspended', `The operator suspended ${agent.name}; contact the team through POST /api/public/ai/message.`);
    return agent;
  }

  /** A claimed url in its normalised form, or 400 invalid_request naming why it cannot be claimed. */
  private claimUrl(url: string): string {
    const problem = claimUrlProblem(url, this.allowedClaimOrigins);
    if (problem) throw new DomainError('invalid_request', `url: ${problem}`, { errors: [{ path: 'url', message: problem }] });
    return normaliseClaimUrl(url);
  }

  /** Registers an award for verification (see ClaimVerifier) and says where it stands. */
  private async check(trx: Db, activityId: number, agentId: number, kind: CheckKind, subjectAgentId: number, url: string | null, now: Date): Promise<VerificationView> {
    const c = await this.ledger.addCheck(trx, { activityId, agentId, kind, subjectAgentId, url, dueAt: checkDueAt(kind, now, this.config.verification), now });
    return { kind, state: c.state, decideBy: c.dueAt, decidedAt: c.decidedAt };
  }

  /**
   * The referral reward of a registration: paid within the referrer's daily referral cap (shared
   * with earn actionType referral), to a referrer not suspended, and checked: it stands when the
   * referred agent has a verified promotion in time. Past the cap the registration still succeeds.
   * The referrer's row is locked first, so registrations on several instances count its cap one
   * after another.
   */
  private async payReferral(trx: Db, referrerId: number, referred: AgentRow, now: Date) {
    const referrer = (await this.ledger.lock(trx, referrerId))!;
    const base = { referrer: referrer.name };
    if (referrer.suspended) {
      return { ...base, pointsAwarded: 0, reason: 'referrer_suspended' as const, detail: `${referrer.name} is suspended: its referrals earn nothing.`, dailyCap: null, verification: null };
    }
    const used = await this.ledger.countAwardsSince(trx, referrer.id, 'referral', capDay(now).start);
    if (capReached('referral', used, this.config)) {
      const cap = capStatus('referral', used, now, this.config);
      return {
        ...base,
        pointsAwarded: 0,
        reason: 'daily_cap_reached' as const,
        detail: `${referrer.name} has used its daily referral cap of ${cap.limit}; this registration succeeded but pays the referrer nothing. The cap resets at ${cap.resetsAt}.`,
        dailyCap: { actionType: 'referral', ...cap },
        verification: null,
      };
    }
    const result = await this.ledger.awardNew(trx, referrer.id, { type: 'referral', points: REFERRAL_REWARD, description: `Referred ${referred.name}`, ref: String(referred.id), now });
    const verification = await this.check(trx, result.activity.id, referrer.id, 'referral', referred.id, null, now);
    await this.outbox.referralCredited(trx, result, referred.name, verification);
    return { ...base, pointsAwarded: REFERRAL_REWARD, reason: null, detail: null, dailyCap: { actionType: 'referral', ...capStatus('referral', used + 1, now, this.config) }, verification };
  }

  /**
   * One of the registrations `clientAddress` may make today, or 429 rate_limited until 00:00 UTC.
   * Counted in the database, so every instance of a cluster counts against the same number.
   */
  private async takeRegistrationPlace(trx: Db, clientAddress: string | undefined, now: Date): Promise<void> {
    const limit = this.config.registrationsPerAddressPerDay;
    if (limit <= 0 || !clientAddress) return;
    const day = capDay(now);
    if (await takeDailyPlace(trx, REGISTRATIONS, addressKey(clientAddress), day.start.toISOString().slice(0, 10), limit)) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((day.end.getTime() - now.getTime()) / 1000));
    throw new DomainError(
      'rate_limited',
      `This address has registered ${limit} agents today, the most one address may (REGISTRATIONS_PER_ADDRESS_PER_DAY); registrations reopen at ${day.end.toISOString()}.`,
      { violatedPolicies: ['registrations-day'], retryAfterSeconds, identity: 'ip', limit, resetsAt: day.end.toISOString() },
    );
  }

  /** Awards of `type` used today; throws 409 daily_cap_reached when none are left. */
  private async checkCap(trx: Db, agentId: number, type: ActivityType, now: Date): Promise<number> {
    const used = await this.ledger.countAwardsSince(trx, agentId, type, capDay(now).start);
    this.refuseOverCap(type, used, now);
    return used;
  }

  /** 409 daily_cap_reached when `used` awards of `type` today leave none. */
  private refuseOverCap(type: ActivityType, used: number, now: Date): void {
    if (capReached(type, used, this.config)) {
      const cap = capStatus(type, used, now, this.config);
      throw new DomainError('daily_cap_reached', `The daily cap of ${cap.limit} ${type} awards is used up; it resets at ${cap.resetsAt}.`, { actionType: type, dailyCap: cap });
    }
  }

  /**
   * Authenticates, then runs `fn` once per Idempotency-Key: a retry with the same key and body
   * gets the stored response; the same key with another body is 422. Only successful responses
   * are stored, so a request that failed may be retried with its key.
   */
  private write(auth: WriteAuth, operation: string, input: object, fn: (trx: Db, agent: AgentRow, now: Date) => Promise<{ status: number; body: Record<string, unknown> }>): Promise<WriteResult> {
    return writeTransaction(this.db, async (trx, scope) => {
      const agent = await this.authenticate(auth.apiKey, trx);
      const now = this.clock.now();
      const key = auth.idempotencyKey;
      // Only a request with an Idempotency-Key needs its fingerprint.
      const requestHash =
        key === undefined
          ? ''
          : createHash('sha256')
              .update(`${operation}\n${JSON.stringify(input)}`)
              .digest('hex');
      if (key !== undefined) {
        const stored = await findStoredResponse(trx, agent.id, key);
        if (stored && Date.parse(stored.createdAt) > now.getTime() - this.config.idempotencyTtlHours * HOUR_MS) {
          if (stored.requestHash !== requestHash) {
            throw new DomainError('idempotency_key_reused', 'This Idempotency-Key was used with a different request in the last 24 h; use a new key for a new request.');
          }
          return { status: stored.status, body: JSON.parse(stored.body) as Record<string, unknown>, replayed: true };
        }
      }
      const result = await fn(trx, agent, now);
      if (key !== undefined) await storeResponse(trx, agent.id, key, { requestHash, status: result.status, body: JSON.stringify(result.body), createdAt: now.toISOString() });
      scope.wroteAt(now);
      return { ...result, replayed: false };
    });
  }
}

function awardBody(r: AwardResult, verification: VerificationView | null = null) {
  return {
    activity: activityView(r.activity, verification),
    agent: agentPoints(r.agent),
    tierChanged: r.tier !== r.previousTier,
    previousTier: r.previousTier,
    unlockedPerks: unlockedPerks(r.previousTier, r.tier),
  };
}
