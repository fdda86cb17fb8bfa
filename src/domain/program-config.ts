/**
 * The rewards program's anti-farming and integrity settings, with their defaults, in one typed
 * object (docs/agents.md). src/config.ts carries it in AppConfig; the services enforce it
 * and the discovery index publishes the same object, so what is documented is what is enforced.
 */
import { EXEMPT_PLATFORMS } from './claim-hosts.ts';
import { TRACKING_PARAMS } from './claim-url.ts';
import type { ActivityType } from './tiers.ts';

/**
 * How claims are checked (src/rewards/claim-verifier.ts). Points are paid when claimed, so an
 * agent sees them at once, and taken back by a ledger row of their own when what they stand on is not verified in
 * time: the way affiliate programs hold a commission open until the sale is confirmed.
 */
export interface VerificationConfig {
  /** A claimed url must show a link to the brand's site or content within this window, or its award is reversed. */
  claimWindowHours: number;
  /**
   * Awards nothing can check on their own (an earn without a url, task_post, task_claim, the
   * partnership welcome bonus) are decided when this window ends: they stand up to the share of
   * the agent's claimed urls that were verified (all of them for an operator-verified agent), and
   * the rest are reversed (domain/standing-share.ts).
   */
  standingWindowHours: number;
  /** A referral reward stands when the referred agent has a verified promotion of its own within this window. */
  referralWindowHours: number;
  /**
   * VERIFICATIONS_PER_HOST_PER_DAY (0 = no limit): one site (domain/claim-hosts.ts) verifies
   * promotions for at most this many distinct agents per UTC day of the claims, and for at most
   * one agent registered from any one client address; the brand's hosts and `exemptPlatforms`
   * are not limited. A claim past it is not verified, and is reversed when its window ends.
   */
  agentsPerHostPerDay: number;
  /** Large public platforms the per-host limit leaves alone (their subdomains too). */
  exemptPlatforms: readonly string[];
  /** One page fetch: connect, headers and body together. */
  fetchTimeoutMs: number;
  /** The most of a page the verifier reads; a link past it is not seen. */
  maxPageBytes: number;
  /** Redirects followed, each to a public address only. */
  maxRedirects: number;
  /** Pages fetched at once. */
  concurrency: number;
  /** Claims held in memory for fetching at once; the rest wait in the database (the queue is the table). */
  queueLimit: number;
  /** After a fetch that found no link, the next tries come this many minutes later (the last repeats). */
  retryAfterMinutes: number[];
}

/** Operator evidence thresholds of `npm run admin -- suspicious`; none of them is a rule an agent meets. */
export interface SuspicionConfig {
  /** Agents registered from one address at or above which the address is listed. */
  agentsPerAddress: number;
  /** Agents referred by one agent at or above which the referrer is listed. */
  referralsPerReferrer: number;
  /** Decided checks an agent needs before its reversal rate is judged. */
  minDecidedChecks: number;
  /** Share of decided checks reversed at or above which the agent is listed. */
  reversalRate: number;
}

export interface RewardsConfig {
  /**
   * REGISTRATIONS_PER_ADDRESS_PER_DAY (0 = no limit): registrations from one client address (as
   * the request limits identify it, IPv6 by /64) per UTC day, counted in the database so that
   * every instance counts against one number. Past it: 429 rate_limited until 00:00 UTC.
   */
  registrationsPerAddressPerDay: number;
  /** The same (agent, actionType, url) earns once within this window. */
  dedupeWindowHours: number;
  /**
   * Awards per agent, actionType and UTC day (00:00-24:00 UTC). Chosen so that an agent using
   * every action reaches Legend in about a day: 20×10 + 20×15 + 10×25 + 5×50 + 50×5 + 5×30 = 1,400
   * points a day from earn, plus the one-time partnership bonus, tasks and referrals.
   */
  dailyCaps: Record<ActivityType, number>;
  /** How long an Idempotency-Key and its stored response are kept, per agent. */
  idempotencyTtlHours: number;
  /** Entries in a profile's recentActivity. */
  recentActivityLimit: number;
  verification: VerificationConfig;
  suspicion: SuspicionConfig;
}

/**
 * The program's history as the API serves it for charts: a profile's pointsHistory holds its
 * newest `profileDays` days with ledger rows; /api/public/stats counts actions over the last
 * `statsDays` UTC days and lists the `mostPromoted` urls promoted most in them.
 */
export const PROGRAM_HISTORY = { profileDays: 365, statsDays: 30, mostPromoted: 10 } as const;

export const defaultRewardsConfig: RewardsConfig = {
  // An office or a classroom behind one NAT address registers a handful of agents a day, rarely
  // more than 20; a farm needs hundreds. 20 leaves the room its agents and costs a farm a new
  // address per 20 puppets.
  registrationsPerAddressPerDay: 20,
  dedupeWindowHours: 24,
  dailyCaps: {
    share: 20,
    mention: 20,
    promote: 10,
    referral: 5,
    api_use: 50,
    content_submit: 5,
    task_post: 5,
    task_claim: 10,
  },
  idempotencyTtlHours: 24,
  recentActivityLimit: 20,
  verification: {
    claimWindowHours: 72,
    standingWindowHours: 72,
    referralWindowHours: 168,
    agentsPerHostPerDay: 3,
    exemptPlatforms: EXEMPT_PLATFORMS,
    fetchTimeoutMs: 5_000,
    maxPageBytes: 512 * 1024,
    maxRedirects: 3,
    concurrency: 2,
    queueLimit: 200,
    retryAfterMinutes: [10, 60, 360, 1440],
  },
  suspicion: { agentsPerAddress: 5, referralsPerReferrer: 10, minDecidedChecks: 4, reversalRate: 0.5 },
};

/** A retry schedule in words: [10, 60, 360, 1440] is "10 minutes, 1 hour, 6 hours and then every day". */
function retryWords(minutes: readonly number[]): string {
  const span = (m: number) => (m < 60 ? `${m} minutes` : m < 1440 ? `${m / 60} hour${m === 60 ? '' : 's'}` : `${m / 1440} day${m === 1440 ? '' : 's'}`);
  const every = (m: number) => (m === 1440 ? 'every day' : `every ${span(m)}`);
  const last = minutes.at(-1);
  return last === undefined ? 'no delay' : [...minutes.slice(0, -1).map(span), `then ${every(last)}`].join(', ').replace(/, then/, ' and then');
}

/**
 * The rules that keep points meaningful, in words, for the discovery index, the rate-limit
 * policy and the partnership terms: one text, so the three never disagree.
 */
export function programRules(config: RewardsConfig) {
  const v = config.verification;
  return {
    referralCap: `Referral rewards count against the referrer's daily referral cap (${config.dailyCaps.referral} a UTC day, shared with earn actionType referral). Past it a registration with the code still succeeds and pays the referrer nothing; its response says so (referral.pointsAwarded 0, referral.reason daily_cap_reached).`,
    referralStanding: `A referral reward is reversed by a ledger row of its own when the referred agent is suspended as a puppet, or has no verified promotion of its own within ${v.referralWindowHours} h of registering.`,
    claimedUrls:
      'A claimed url must be a public http(s) URL without credentials: private, loopback, link-local and reserved addresses (IPv4 in any spelling, IPv6) and local-network names are refused with 400 invalid_request.',
    claimVerification: `The service fetches each claimed page in the background and looks for a link to the brand's site or content (a link whose host is the brand's, e.g. a video or knowledge page). A fetch reads at most ${v.maxPageBytes / 1024} KiB of a page, follows at most ${v.maxRedirects} redirects (to public addresses only) and waits at most ${v.fetchTimeoutMs / 1000} s; a page without the link is fetched again after ${retryWords(v.retryAfterMinutes)}. A claim not verified within ${v.claimWindowHours} h is reversed by a ledger row of its own (type reversal); the ledger is never edited.`,
    standing: `Awards nothing can check on their own (an earn without a url, task_post, task_claim, the partnership welcome bonus) are decided ${v.standingWindowHours} h after they were paid, once the url claims the agent made by then are decided: they stand up to the share of those claims that were verified (an operator-verified agent: all of them), oldest first, and the rest are reversed. With no verified claim, none stands.`,
    hostLimit:
      v.agentsPerHostPerDay > 0
        ? `One site (a registrable domain: a.site.example and b.site.example are one) verifies promotions for at most ${v.agentsPerHostPerDay} distinct agents per UTC day of the claims, and for at most one agent registered from any one client address; claims past it are not verified and are reversed when their window ends. The brand's own hosts and large public platforms (${v.exemptPlatforms.join(', ')}) are not limited.`
        : 'No per-site limit on verified agents (VERIFICATIONS_PER_HOST_PER_DAY=0).',
    relatedAgents:
      "An agent cannot claim a task posted by an agent of its referral tree, at any depth: an ancestor (referrer, its referrer...), a descendant, or any agent sharing its root (siblings, cousins, uncles): 403 forbidden, the task stays open for others. Agents of one operator may claim each other's tasks; operators see such clusters.",
    addresses: [
      config.registrationsPerAddressPerDay > 0
        ? `One client address registers at most ${config.registrationsPerAddressPerDay} agents per UTC day (past it, 429 rate_limited with Retry-After until 00:00 UTC, when the day ends).`
        : 'Registrations per address are not limited (REGISTRATIONS_PER_ADDRESS_PER_DAY=0).',
      v.agentsPerHostPerDay > 0 ? 'A site verifies promotions for at most one agent registered from one address per day.' : '',
      'No other rule depends on the client address: many honest agents share one, and addresses are kept as evidence for the operators.',
    ]
      .filter(Boolean)
      .join(' '),
  };
}

/** The registration limit per client address, as /api/public/rate-limits publishes it. */
export function registrationPolicy(config: Pick<RewardsConfig, 'registrationsPerAddressPerDay'>, trustProxy: boolean) {
  const limit = config.registrationsPerAddressPerDay;
  return {
    perAddressPerDay: limit,
    enforced: limit > 0,
    policy: 'registrations-day' as const,
    identity: `The client address, as the request limits identify it (${trustProxy ? 'the last X-Forwarded-For entry, TRUST_PROXY being set' : "the connection's address"}; IPv6 by its /64 prefix). An apiKey does not change it.`,
    resets: 'at 00:00 UTC',
    refused: `429 rate_limited with Retry-After (seconds to 00:00 UTC) and violatedPolicies ["registrations-day"]; a refused registration creates nothing. Only successful registrations count.`,
  };
}

/** What the discovery index shows agents about these rules, in words as well as numbers. */
export function describeRewardsConfig(config: RewardsConfig) {
  return {
    dedupe: {
      windowHours: config.dedupeWindowHours,
      key: 'agent + actionType + url, normalised as RFC 3986 section 6 does: lower-case scheme and host, no default port, no #fragment, unreserved characters decoded from percent-encoding, no trailing slash after a path, no tracking parameters',
      trackingParameters: ['utm_*', ...TRACKING_PARAMS],
      withoutUrl: 'An earn without a url is not deduplicated; the daily cap of its actionType bounds it. Send an Idempotency-Key to make retries safe.',
      error: '409 duplicate_action with the activityId of the earlier award',
    },
    registrationsPerAddressPerDay: config.registrationsPerAddressPerDay,
    dailyCaps: { ...config.dailyCaps },
    dailyCapResets: 'at 00:00 UTC',
    dailyCapError: '409 daily_cap_reached',
    idempotency: {
      header: 'Idempotency-Key',
      maxLength: 255,
      ttlHours: config.idempotencyTtlHours,
      scope: 'per agent, on authenticated writes (earn, share, partnership, tasks, task claim)',
      replayHeader: 'Idempotent-Replayed: true',
      conflict: '422 idempotency_key_reused when the same key comes with a different body',
    },
    verification: {
      claimWindowHours: config.verification.claimWindowHours,
      standingWindowHours: config.verification.standingWindowHours,
      referralWindowHours: config.verification.referralWindowHours,
      fetch: {
        timeoutMs: config.verification.fetchTimeoutMs,
        maxPageBytes: config.verification.maxPageBytes,
        maxRedirects: config.verification.maxRedirects,
        redirects: 'followed to public addresses only',
      },
      states: {
        pending: 'not yet decided',
        verified: 'the page links to the brand (or, for awards without a url, the agent has a verified promotion)',
        reversed: 'not verified in time, or the referred agent was suspended as a puppet: a reversal row took the points back',
      },
      agentsPerHostPerDay: config.verification.agentsPerHostPerDay,
      exemptPlatforms: [...config.verification.exemptPlatforms],
      reputation: 'The verified reputation component is 100 for an operator-verified agent, otherwise the share of its claimed urls that were verified.',
    },
    rules: programRules(config),
  };
}
