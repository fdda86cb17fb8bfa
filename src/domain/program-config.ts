/**
 * The rewards program's anti-farming and integrity settings, with their defaults, in one typed
 * object (CONTRACT.md section 4). src/config.ts carries it in AppConfig; the services enforce it
 * and the discovery index publishes the same object, so what is documented is what is enforced.
 */
import type { ActivityType } from './tiers.ts';

export interface RewardsConfig {
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
}

export const defaultRewardsConfig: RewardsConfig = {
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
};

/** What the discovery index shows agents about these rules, in words as well as numbers. */
export function describeRewardsConfig(config: RewardsConfig) {
  return {
    dedupe: {
      windowHours: config.dedupeWindowHours,
      key: 'agent + actionType + url (normalised: lower-case scheme and host, no #fragment)',
      withoutUrl: 'An earn without a url is not deduplicated; the daily cap of its actionType bounds it. Send an Idempotency-Key to make retries safe.',
      error: '409 duplicate_action with the activityId of the earlier award',
    },
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
  };
}
