/**
 * Anti-farming rules for awards (docs/agents.md): one award per (agent, actionType, url)
 * within the dedupe window, and a per-actionType daily cap per agent. Pure: the store supplies
 * the facts (earlier award, awards today) and `now`; these functions decide.
 */
import type { RewardsConfig } from './program-config.ts';
import type { ActivityType } from './tiers.ts';

const HOUR_MS = 3_600_000;

/** Awards made at or after this instant count as duplicates of a new one. */
export function dedupeWindowStart(now: Date, config: Pick<RewardsConfig, 'dedupeWindowHours'>): Date {
  return new Date(now.getTime() - config.dedupeWindowHours * HOUR_MS);
}

/** True when an earlier award at `earlierAt` still blocks a new one at `now`. */
export function isDuplicate(earlierAt: Date, now: Date, config: Pick<RewardsConfig, 'dedupeWindowHours'>): boolean {
  return earlierAt.getTime() > dedupeWindowStart(now, config).getTime() && earlierAt.getTime() <= now.getTime();
}

/** The UTC day a cap counts in: [start, end). */
export function capDay(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, end: new Date(start.getTime() + 24 * HOUR_MS) };
}

export interface CapStatus {
  limit: number;
  used: number;
  remaining: number;
  resetsAt: string;
}

/** The cap of one actionType for an agent that has `usedToday` awards of it today. */
export function capStatus(type: ActivityType, usedToday: number, now: Date, config: Pick<RewardsConfig, 'dailyCaps'>): CapStatus {
  const limit = config.dailyCaps[type];
  return { limit, used: usedToday, remaining: Math.max(0, limit - usedToday), resetsAt: capDay(now).end.toISOString() };
}

export function capReached(type: ActivityType, usedToday: number, config: Pick<RewardsConfig, 'dailyCaps'>): boolean {
  return usedToday >= config.dailyCaps[type];
}
