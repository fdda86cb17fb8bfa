/**
 * The rewards program's public reads: the leaderboard, profiles, reputation, tasks, program
 * events and stats. Computed on every call, each in one snapshot of the database; repeats are
 * answered by the server's response cache, which the store's change feed empties at each commit
 * that changes what they show (src/server/response-cache.ts, src/store/change-feed.ts).
 */
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain/errors.ts';
import { PROGRAM_HISTORY, type RewardsConfig } from '../domain/program-config.ts';
import { DIVERSITY_TYPES, ENGAGEMENT_WINDOW_DAYS } from '../domain/reputation.ts';
import { nextTier, perksFor, tierFor } from '../domain/tiers.ts';
import { leaderboardPage, listedAgentCount, type LeaderboardSort } from '../store/agent-repository.ts';
import { readSnapshot, type Db, type OpenDatabase } from '../store/database.ts';
import type { ProgramEvent } from '../domain/program-events.ts';
import { eventsAfter } from '../store/event-repository.ts';
import { ProfileStatements, type PublicAgentRow } from '../store/profile-statements.ts';
import { programStats, type ProgramStats } from '../store/stats-repository.ts';
import { listTasks, type TaskStatus } from '../store/task-repository.ts';
import { activityView, agentSummary, reputationOf, reputationStableUntilOf, taskView } from './views.ts';

const DAY_MS = 86_400_000;

export interface ProgramReadsOptions {
  store: OpenDatabase;
  config: RewardsConfig;
  clock: Clock;
}

export class ProgramReads {
  private readonly db: Db;
  private readonly config: RewardsConfig;
  private readonly clock: Clock;
  /** The reads of profiles, reputation and the leaderboard's reputation facts on prepared statements; only inside readSnapshot. */
  private readonly statements: ProfileStatements;

  constructor(options: ProgramReadsOptions) {
    this.db = options.store.db;
    this.config = options.config;
    this.clock = options.clock;
    this.statements = new ProfileStatements(options.store, DIVERSITY_TYPES);
  }

  /**
   * Reads that show reputation come with `stableUntil`, the instant (ms) time alone would change
   * them (reputation decays; see reputationStableUntil): how long the response cache may keep them.
   */
  async leaderboard(sort: LeaderboardSort, limit: number, offset: number) {
    const now = this.clock.now();
    const [rows, total] = await Promise.all([leaderboardPage(this.db, sort, limit, offset), listedAgentCount(this.db)]);
    // Per agent rather than one grouped query for the page: about 2.5 times faster for the first
    // pages, whose agents have the longest ledgers (see ProfileStatements.reputationFacts).
    const windowStart = this.engagementStart(now);
    const facts = await readSnapshot(this.db, async (trx) => {
      const all = [];
      for (const a of rows) all.push(await this.statements.reputationFacts(trx, a.id, windowStart));
      return all;
    });
    const entries = rows.map((a, i) => {
      const { score, level, badge } = reputationOf(a, facts[i], now);
      return {
        rank: offset + i + 1,
        name: a.name,
        avatarUrl: a.avatar_url,
        tier: tierFor(a.points).name,
        points: a.points,
        promoPoints: a.promo_points,
        partner: a.partner === 1,
        reputation: { score, level, badge },
      };
    });
    const next = offset + rows.length;
    const stableUntil = Math.min(...rows.map((a, i) => reputationStableUntilOf(a, facts[i], now)));
    return { value: { sort, limit, offset, total, nextOffset: next < total ? next : null, entries }, stableUntil };
  }

  /** An agent's profile, its rank by points included, read in one snapshot. */
  async profile(name: string): Promise<Timed<ProfileBody>> {
    const now = this.clock.now();
    const read = await readSnapshot(this.db, async (trx) => {
      const agent = await this.statements.agentByName(trx, name);
      if (!agent) return undefined;
      return {
        agent,
        rank: agent.suspended ? null : await this.statements.rank(trx, agent),
        activity: await this.statements.recentActivity(trx, agent.id, this.config.recentActivityLimit),
        days: await this.statements.dailyPoints(trx, agent.id, PROGRAM_HISTORY.profileDays),
        facts: await this.statements.reputationFacts(trx, agent.id, this.engagementStart(now)),
      };
    });
    if (!read) throw noAgentNamed(name);
    const { agent, rank, activity, days, facts } = read;
    return {
      value: profileBody(
        agent,
        rank,
        activity.map((r) => activityView(r)),
        reputationOf(agent, facts, now),
        pointsHistory(agent.points, days),
      ),
      stableUntil: reputationStableUntilOf(agent, facts, now),
    };
  }

  async reputation(name: string) {
    const now = this.clock.now();
    const read = await readSnapshot(this.db, async (trx) => {
      const agent = await this.statements.agentByName(trx, name);
      return agent && { agent, facts: await this.statements.reputationFacts(trx, agent.id, this.engagementStart(now)) };
    });
    if (!read) throw noAgentNamed(name);
    return { value: { agent: read.agent.name, reputation: reputationOf(read.agent, read.facts, now) }, stableUntil: reputationStableUntilOf(read.agent, read.facts, now) };
  }

  async tasks(status: TaskStatus, limit: number, offset: number) {
    const { items, total } = await listTasks(this.db, status, limit, offset);
    const next = offset + items.length;
    return { status, limit, offset, total, nextOffset: next < total ? next : null, items: items.map(taskView) };
  }

  /** Program events after the cursor id, oldest first, for the Legend firehose. */
  eventsAfter(afterId: number, limit: number): Promise<ProgramEvent[]> {
    return eventsAfter(this.db, afterId, limit);
  }

  stats(): Promise<ProgramStats> {
    return programStats(this.db, this.clock.now());
  }

  private engagementStart(now: Date): Date {
    return new Date(now.getTime() - ENGAGEMENT_WINDOW_DAYS * DAY_MS);
  }
}

/**
 * Oldest first, each day with the agent's total at its end: the total now, less what later days
 * added (an agent's points are the sum of its ledger rows).
 */
function pointsHistory(total: number, newestFirst: Array<{ day: string; points: number }>) {
  let after = total;
  const days = newestFirst.map((d) => {
    const entry = { date: d.day, points: d.points, total: after };
    after -= d.points;
    return entry;
  });
  return days.reverse();
}

/** The body of GET /api/public/ai/agent/{name}, dataFreshness aside. */
function profileBody(
  agent: PublicAgentRow,
  rank: number | null,
  recentActivity: ReturnType<typeof activityView>[],
  reputation: ReturnType<typeof reputationOf>,
  history: ReturnType<typeof pointsHistory>,
) {
  const { operator, avatarUrl, tier, points, promoPoints, partner, verified, registeredAt } = agentSummary(agent);
  return {
    agent: {
      name: agent.name,
      operator,
      avatarUrl,
      tier,
      points,
      promoPoints,
      partner,
      partnerSince: agent.partner_at,
      verified,
      suspended: agent.suspended === 1,
      registeredAt,
      rank,
      nextTier: nextTier(points),
      perks: perksFor(points),
      reputation,
      recentActivity,
      pointsHistory: history,
    },
  };
}

type ProfileBody = ReturnType<typeof profileBody>;

/** A read and the instant (ms) time alone would change it; see RewardsService.leaderboard. */
export interface Timed<T> {
  value: T;
  stableUntil: number;
}

function noAgentNamed(name: string): DomainError {
  return new DomainError('not_found', `No agent is named "${name.slice(0, 64)}".`);
}
