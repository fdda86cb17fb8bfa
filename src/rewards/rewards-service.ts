/**
 * The rewards program's use cases: register, earn, partnership, tasks, key rotation, and the
 * reads behind the leaderboard, profiles, reputation and gated content. Built once by the Node
 * entry (src/server/start.ts) and handed to endpoints through `locals.services.rewards`.
 *
 * Every write runs in one BEGIN IMMEDIATE transaction that authenticates the agent, applies the
 * anti-farming rules, writes the ledger row and the agent's totals together, and stores the
 * response under its Idempotency-Key; a thrown ProblemError rolls all of it back.
 */
import { createHash } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import { capDay, capReached, capStatus, dedupeWindowStart, normaliseUrl } from '../domain/anti-farming.ts';
import { AGREEMENT_VERSION } from '../domain/partnership.ts';
import type { RewardsConfig } from '../domain/program-config.ts';
import { DIVERSITY_TYPES, ENGAGEMENT_WINDOW_DAYS } from '../domain/reputation.ts';
import { actionPoints, atLeast, nextTier, PARTNERSHIP_BONUS, perksFor, REFERRAL_REWARD, tierFor, type ActivityType, type EarnableAction, type TierName } from '../domain/tiers.ts';
import { ProblemError } from '../http/problem.ts';
import type { Clock } from '../clock.ts';
import { findAgentByKeyHash, findAgentByName, findAgentByReferralCode, insertAgent, leaderboardPage, listedAgentCount, markPartner, rankOf, referralCodeExists, replaceKeyHash, type LeaderboardSort } from '../store/agent-repository.ts';
import { onCommit, readSnapshot, writeTransaction, type CommitListener, type CommitScope, type Db } from '../store/database.ts';
import { eventsAfter, recordEvent, type ProgramEventView } from '../store/event-repository.ts';
import { findStoredResponse, purgeStoredResponses, storeResponse } from '../store/idempotency-repository.ts';
import { AwardStatements, type AwardResult } from '../store/award-statements.ts';
import { LAST_WRITE_SQL } from '../store/ledger-repository.ts';
import { ProfileStatements, type PublicAgentRow } from '../store/profile-statements.ts';
import type { AgentRow } from '../store/schema.ts';
import { programStats, type ProgramStats } from '../store/stats-repository.ts';
import { claimTask, findTask, insertTask, listTasks, type TaskStatus } from '../store/task-repository.ts';
import { canonicalReferralCode, cryptoRandom, hashApiKey, newApiKey, newReferralCode, sameDigest, type RandomSource } from './api-keys.ts';
import { CONTENT_ONLY, ProgramChanges, type DataVersion } from './program-changes.ts';
import { RankIndex, type RankRow } from './rank-index.ts';
import { ReadMemo } from './read-memo.ts';
import { activityView, agentPoints, agentSummary, reputationOf, reputationStableUntilOf, taskView, unlockedPerks } from './views.ts';

/** Who a valid apiKey belongs to: what the rate limiter needs to pick a tier's limits. */
export interface Identity {
  agentId: number;
  name: string;
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
  db: Db;
  raw: BetterSqlite3.Database;
  config: RewardsConfig;
  clock: Clock;
  baseUrl: string;
  random?: RandomSource;
}

/** What a remembered read of one agent depends on besides time: that agent's own rows. See `RewardsService.isCurrent`. */
export interface AgentScope {
  agentId: number;
}

/** A profile as computed and remembered: everything but its rank, which others' earns move. */
interface ProfileParts {
  value: ProfileBody;
  /** The data version read before the parts were. */
  readAt: DataVersion;
  /** The agent's leaderboard values, to look its rank up (undefined when suspended: no rank). */
  listed: RankRow | undefined;
}

export class RewardsService implements CommitListener {
  private readonly db: Db;
  private readonly config: RewardsConfig;
  private readonly clock: Clock;
  private readonly baseUrl: string;
  private readonly random: RandomSource;
  /** See `lastModified`. */
  private lastWrite: string;
  /** The newest write of the open group, published as lastWrite when it commits (`groupEnded`). */
  private writtenInGroup: string | undefined;
  private lastWriteForeignVersion: number;
  private readonly lastWriteStatement: BetterSqlite3.Statement<[], string | null>;
  /** Leaderboard pages, profiles, reputation and stats, remembered while current (`isCurrent`). */
  private readonly reads: ReadMemo<DataVersion>;
  /** Both read one value (`pluck`): no row object per call on the hottest path. */
  private readonly foreignVersionStatement: BetterSqlite3.Statement<[], number>;
  private readonly ownChangesStatement: BetterSqlite3.Statement<[], number>;
  /** data_version as read in this turn of the event loop; see `dataVersion`. */
  private foreignVersion: number | undefined;
  /** The data version, with the agents each of our commits touched. */
  private readonly changes: ProgramChanges;
  /** Ranks of listed agents in memory, for profiles; moved in place by our commits. */
  private readonly ranks: RankIndex<DataVersion>;
  /** The award path (auth, dedupe, caps, award) on prepared statements; only inside writeTransaction. */
  private readonly ledger: AwardStatements;
  /** The reads of profiles, reputation and the leaderboard's reputation facts on prepared statements; only inside readSnapshot. */
  private readonly profiles: ProfileStatements;

  private constructor(options: RewardsServiceOptions) {
    this.db = options.db;
    this.config = options.config;
    this.clock = options.clock;
    this.baseUrl = options.baseUrl;
    this.random = options.random ?? cryptoRandom;
    this.ledger = new AwardStatements(options.raw);
    this.profiles = new ProfileStatements(options.raw, DIVERSITY_TYPES);
    // data_version moves when another connection commits; total_changes when this one writes.
    this.foreignVersionStatement = options.raw.prepare<[], number>('select data_version from pragma_data_version').pluck();
    this.lastWriteStatement = options.raw.prepare<[], string | null>(LAST_WRITE_SQL).pluck();
    this.lastWriteForeignVersion = this.foreignVersionStatement.get()!;
    this.lastWrite = this.lastWriteStatement.get() ?? new Date(0).toISOString();
    this.ownChangesStatement = options.raw.prepare<[], number>('select total_changes()').pluck();
    this.changes = new ProgramChanges(
      () => this.ownChangesStatement.get()!,
      () => this.foreignDataVersion(),
    );
    this.reads = new ReadMemo({ ...this.rememberedReads(), now: () => this.clock.now().getTime() });
    this.ranks = new RankIndex({
      // data_version read afresh, not as cached for this turn: the rows must not be of a commit
      // by another process that the version does not yet show.
      load: (install) => readSnapshot(this.db, () => install({ version: this.freshDataVersion(), rows: this.profiles.listedAgents() })),
      version: () => this.dataVersion(),
    });
    onCommit(this.db, this);
  }

  /** Also forgets Idempotency-Keys past their TTL, so the table holds about one day of keys. */
  static async create(options: RewardsServiceOptions): Promise<RewardsService> {
    await purgeStoredResponses(options.db, new Date(options.clock.now().getTime() - options.config.idempotencyTtlHours * HOUR_MS));
    return new RewardsService(options);
  }

  /**
   * The program's data version, from this process's commits and other processes' (the admin
   * CLI): what remembered reads and responses are tagged with and checked against (see
   * src/rewards/program-changes.ts and `isCurrent`). The same object while nothing changed.
   *
   * This process's own writes are counted by total_changes(), read every time (it touches no
   * table, so it is cheap). A commit by another process shows in data_version, which costs a
   * read transaction (file-lock system calls): under load that was a third of the remembered
   * leaderboard's CPU, so it is read once per turn of the event loop, and another process's
   * commit is seen by the requests of the next turn.
   */
  dataVersion(): DataVersion {
    return this.changes.version();
  }

  /**
   * Whether a read tagged with version `stored` is still current at version `now`. A read of many
   * agents (leaderboard pages, stats: no scope) ends at any commit. A read of one agent (an
   * `AgentScope`) lasts while no commit touched that agent; a profile's rank, which others' earns
   * move, is not part of what is remembered (see `profile` and `currentRank`). A read of the build's
   * content (`CONTENT_ONLY`) lasts through every commit.
   */
  isCurrent(stored: DataVersion, scope: unknown, now: DataVersion): boolean {
    if (scope === CONTENT_ONLY) return true;
    return this.changes.currentSince(stored, now, (scope as AgentScope | undefined)?.agentId);
  }

  /**
   * A listed agent's rank by points now, from the ranks in memory; undefined when they are not
   * current (just after a change this process could not follow, until they load again).
   */
  currentRank(agent: RankRow): number | undefined {
    return this.ranks.current(agent, 'points');
  }

  /** How the server's remembered responses (LiveResponses) check their entries: like the service's own. */
  rememberedReads() {
    return {
      version: () => this.dataVersion(),
      current: (stored: DataVersion, scope: unknown, now: DataVersion) => this.isCurrent(stored, scope, now),
      era: (v: DataVersion) => v.epoch,
    };
  }

  /** CommitListener: a write group of ours began (src/store/database.ts). */
  groupStarted(): void {
    this.changes.groupStarted();
  }

  /**
   * CommitListener: a write group of ours committed (or 'rolled back'). The agents it declared
   * move in the in-memory ranks at once, so remembered profiles of everyone else stay.
   */
  groupEnded(scope: CommitScope): void {
    const base = this.changes.peek();
    const written = this.writtenInGroup;
    this.writtenInGroup = undefined;
    this.changes.groupEnded(scope);
    if (scope === 'rolled back') return;
    // Only now is the group's newest write a write: lastModified never names one that rolled back.
    if (written && written > this.lastWrite) this.lastWrite = written;
    if (scope === 'everything') return;
    // On the connection, right after COMMIT: these reads see exactly what the group committed.
    // Should the ranks be found out of step they drop themselves and load again when next asked.
    this.ranks.update(base, this.changes.peek(), [...scope.agents].map((id) => ({ id, row: this.profiles.listed(id) })));
  }

  /** A write's instant: the program's lastModified once the group holding it has committed. */
  private noteWrite(now: Date): void {
    const at = now.toISOString();
    if (this.writtenInGroup === undefined || at > this.writtenInGroup) this.writtenInGroup = at;
  }

  /** `dataVersion` with data_version read now, whatever this turn read before. */
  private freshDataVersion(): DataVersion {
    this.foreignVersion = undefined;
    return this.dataVersion();
  }

  /** data_version, read at most once per turn of the event loop (see `dataVersion`). */
  private foreignDataVersion(): number {
    if (this.foreignVersion === undefined) {
      this.foreignVersion = this.foreignVersionStatement.get()!;
      setImmediate(() => (this.foreignVersion = undefined));
    }
    return this.foreignVersion;
  }

  /**
   * The newest write to the program: dataFreshness.lastModified of live program bodies. This
   * process's writes set it as they commit; after a commit by another process (the admin CLI,
   * a second server on the same file) it is read again from the database, and when that commit
   * left no newer timestamp (the CLI's verify or suspend change a flag only), it is the instant
   * the commit was noticed.
   */
  lastModified(): string {
    const foreignVersion = this.foreignDataVersion();
    if (foreignVersion !== this.lastWriteForeignVersion) {
      this.lastWriteForeignVersion = foreignVersion;
      const stored = this.lastWriteStatement.get();
      const noticed = this.clock.now().toISOString();
      // Never backwards: another process's clock may be ahead of ours.
      if (stored && stored > this.lastWrite) this.lastWrite = stored;
      else if (noticed > this.lastWrite) this.lastWrite = noticed;
    }
    return this.lastWrite;
  }

  /**
   * Synchronous so the rate limiter can call it before any other work; reads the one indexed
   * row by digest. Never throws, never logs the key.
   */
  identify(apiKey: string): Identity | undefined {
    if (!apiKey || apiKey.length > 256) return undefined;
    const hash = hashApiKey(apiKey);
    const row = this.ledger.agentByKeyHash(hash);
    if (!row || !sameDigest(row.api_key_hash, hash)) return undefined;
    return { agentId: row.id, name: row.name, tier: tierFor(row.points).name, suspended: row.suspended === 1 };
  }

  // ---- writes ------------------------------------------------------------------------------

  async register(input: { name: string; operator?: string; avatarUrl?: string; referralCode?: string }) {
    const result = await writeTransaction(this.db, async (trx, scope) => {
      const now = this.clock.now();
      if (await findAgentByName(trx, input.name)) {
        throw new ProblemError('name_taken', `The name "${input.name}" is already registered (names compare case-insensitively). Choose another.`, { name: input.name });
      }
      let referrer: AgentRow | undefined;
      if (input.referralCode !== undefined) {
        referrer = await findAgentByReferralCode(trx, canonicalReferralCode(input.referralCode));
        if (!referrer) throw new ProblemError('invalid_referral_code', 'No agent has this referral code. Register without one, or check it with the agent that shared it.');
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
      });
      await recordEvent(trx, { kind: 'agent_registered', agentId: agent.id, now });
      // What others' remembered reads show of a new agent is their rank, looked up per answer
      // (the declared agent joins the ranks in memory); its referrer's points change below.
      scope.agent(agent.id);
      // A suspended referrer keeps the link but earns nothing: suspension stops farming with sock puppets.
      let referral: { referrer: string; pointsAwarded: number } | null = null;
      if (referrer) {
        const awarded = referrer.suspended ? 0 : REFERRAL_REWARD;
        if (awarded) this.ledger.award(referrer.id, { type: 'referral', points: awarded, description: `Referred ${agent.name}`, ref: String(agent.id), now });
        scope.agent(referrer.id);
        referral = { referrer: referrer.name, pointsAwarded: awarded };
      }
      this.noteWrite(now);
      return {
        agent: { ...agentSummary(agent), nextTier: nextTier(agent.points), perks: perksFor(agent.points) },
        apiKey,
        referralCode,
        referral,
        notice: 'Store the apiKey now: it is shown only this once. Send it as Authorization: Bearer <apiKey>. Share your referralCode: each agent that registers with it earns you 50 points.',
      };
    });
    return result;
  }

  earn(auth: WriteAuth, input: { actionType: EarnableAction; url?: string; description?: string }): Promise<WriteResult> {
    return this.write(auth, 'earn', input, async (trx, agent, now) => {
      const type = input.actionType;
      const url = input.url === undefined ? null : normaliseUrl(input.url);
      if (url !== null) {
        const earlier = this.ledger.findAwardSince(agent.id, type, url, dedupeWindowStart(now, this.config));
        if (earlier) {
          throw new ProblemError('duplicate_action', `This ${type} of ${url} was already awarded at ${earlier.created_at}; the same action and url earn once per ${this.config.dedupeWindowHours} h.`, {
            activityId: earlier.id,
            awardedAt: earlier.created_at,
            retryAfter: new Date(Date.parse(earlier.created_at) + this.config.dedupeWindowHours * HOUR_MS).toISOString(),
          });
        }
      }
      const used = this.checkCap(agent.id, type, now);
      const result = this.ledger.award(agent.id, { type, points: actionPoints[type], url, description: input.description ?? null, idempotencyKey: auth.idempotencyKey ?? null, now });
      return { status: 200, body: { ...awardBody(result), dailyCap: { actionType: type, ...capStatus(type, used + 1, now, this.config) } } };
    });
  }

  acceptPartnership(auth: WriteAuth): Promise<WriteResult> {
    return this.write(auth, 'partnership', { agree: true }, async (trx, agent, now) => {
      if (agent.partner) {
        const tier = tierFor(agent.points).name;
        return {
          status: 200,
          body: { partner: true, alreadyPartner: true, pointsAwarded: 0, agreementVersion: AGREEMENT_VERSION, acceptedAt: agent.partner_at, agent: agentPoints(agent), tierChanged: false, previousTier: tier, unlockedPerks: [] },
        };
      }
      const at = now.toISOString();
      await markPartner(trx, agent.id, at);
      const result = this.ledger.award(agent.id, { type: 'partnership', points: PARTNERSHIP_BONUS, description: `Accepted the AI Distribution Partnership Agreement ${AGREEMENT_VERSION}`, idempotencyKey: auth.idempotencyKey ?? null, now });
      await recordEvent(trx, { kind: 'partnership', agentId: agent.id, now });
      const body = awardBody(result);
      return { status: 200, body: { partner: true, alreadyPartner: false, pointsAwarded: PARTNERSHIP_BONUS, agreementVersion: AGREEMENT_VERSION, acceptedAt: at, agent: body.agent, tierChanged: body.tierChanged, previousTier: body.previousTier, unlockedPerks: body.unlockedPerks } };
    });
  }

  postTask(auth: WriteAuth, input: { title: string; description: string; url?: string }): Promise<WriteResult> {
    return this.write(auth, 'task_post', input, async (trx, agent, now) => {
      const used = this.checkCap(agent.id, 'task_post', now);
      const task = await insertTask(trx, { posterId: agent.id, title: input.title, description: input.description, url: input.url ?? null, now });
      const result = this.ledger.award(agent.id, { type: 'task_post', points: actionPoints.task_post, url: task.url, description: `Posted task ${task.id}: ${task.title}`.slice(0, 500), idempotencyKey: auth.idempotencyKey ?? null, ref: String(task.id), now });
      return { status: 201, body: { task: taskView(task), ...awardBody(result), dailyCap: { actionType: 'task_post', ...capStatus('task_post', used + 1, now, this.config) } } };
    });
  }

  claimTask(auth: WriteAuth, taskId: number): Promise<WriteResult> {
    return this.write(auth, `task_claim:${taskId}`, {}, async (trx, agent, now) => {
      const task = await findTask(trx, taskId);
      if (!task) throw new ProblemError('not_found', `No task has id ${taskId}.`);
      if (task.poster_id === agent.id) throw new ProblemError('forbidden', 'An agent cannot claim its own task.');
      if (task.claimed_by !== null) throw new ProblemError('already_claimed', `Task ${taskId} was already claimed by ${task.claimer_name} at ${task.claimed_at}.`, { claimedBy: task.claimer_name, claimedAt: task.claimed_at });
      const used = this.checkCap(agent.id, 'task_claim', now);
      if (!(await claimTask(trx, taskId, agent.id, now))) throw new ProblemError('already_claimed', `Task ${taskId} was already claimed.`);
      const result = this.ledger.award(agent.id, { type: 'task_claim', points: actionPoints.task_claim, url: task.url, description: `Claimed task ${task.id}: ${task.title}`.slice(0, 500), idempotencyKey: auth.idempotencyKey ?? null, ref: String(task.id), now });
      return { status: 200, body: { task: taskView((await findTask(trx, taskId))!), ...awardBody(result), dailyCap: { actionType: 'task_claim', ...capStatus('task_claim', used + 1, now, this.config) } } };
    });
  }

  /** Issues a new key and revokes the old one at once. Not replayable: a stored body would hold a key. */
  async rotateKey(auth: WriteAuth) {
    return writeTransaction(this.db, async (trx, scope) => {
      const agent = await this.authenticate(auth.apiKey, true);
      scope.agent(agent.id); // only the key's digest changes: nothing a public read shows
      const now = this.clock.now();
      const apiKey = newApiKey(this.random);
      await replaceKeyHash(trx, agent.id, hashApiKey(apiKey), now.toISOString());
      this.noteWrite(now);
      return { agent: agentPoints(agent), apiKey, rotatedAt: now.toISOString(), notice: 'The previous apiKey stopped working just now. Store this one: it is shown only this once.' };
    });
  }

  // ---- reads -------------------------------------------------------------------------------

  /** For gated reads: the agent behind the key, or 401/403. Optionally requires a tier. */
  async reader(apiKey: string | undefined, requiredTier?: TierName) {
    const agent = await this.authenticate(apiKey, false);
    const tier = tierFor(agent.points).name;
    if (requiredTier && !atLeast(tier, requiredTier)) {
      throw new ProblemError('tier_required', `This needs tier ${requiredTier} or above; ${agent.name} is ${tier} with ${agent.points} points.`, { requiredTier, currentTier: tier, points: agent.points, nextTier: nextTier(agent.points) });
    }
    return { name: agent.name, tier, points: agent.points };
  }

  /**
   * Reads that show reputation come with `stableUntil`, the instant time alone would change them
   * (reputation decays; see reputationStableUntil), so they are remembered exactly that long
   * when no commit comes first.
   */
  leaderboard(sort: LeaderboardSort, limit: number, offset: number) {
    return this.reads.get(`leaderboard:${sort}:${limit}:${offset}`, () => this.computeLeaderboard(sort, limit, offset), knownOf);
  }

  private async computeLeaderboard(sort: LeaderboardSort, limit: number, offset: number) {
    const now = this.clock.now();
    const [rows, total] = await Promise.all([leaderboardPage(this.db, sort, limit, offset), listedAgentCount(this.db)]);
    // Per agent rather than one grouped query for the page: about 2.5 times faster for the first
    // pages, whose agents have the longest ledgers (see ProfileStatements.reputationFacts).
    const windowStart = this.engagementStart(now);
    const facts = await readSnapshot(this.db, () => rows.map((a) => this.profiles.reputationFacts(a.id, windowStart)));
    const entries = rows.map((a, i) => {
      const { score, level, badge } = reputationOf(a, facts[i], now);
      return { rank: offset + i + 1, name: a.name, avatarUrl: a.avatar_url, tier: tierFor(a.points).name, points: a.points, promoPoints: a.promo_points, partner: a.partner === 1, reputation: { score, level, badge } };
    });
    const next = offset + rows.length;
    const stableUntil = Math.min(...rows.map((a, i) => reputationStableUntilOf(a, facts[i], now)));
    return { value: { sort, limit, offset, total, nextOffset: next < total ? next : null, entries }, stableUntil };
  }

  /**
   * An agent's profile. What is remembered is everything but the rank, for as long as no commit
   * touched the agent; the rank is looked up for every call, since any other agent's earn may move
   * it (in memory, a binary search; see RankIndex).
   */
  async profile(name: string): Promise<Timed<ProfileBody> & { listed: RankRow | undefined }> {
    for (let attempt = 1; ; attempt++) {
      const { value: parts, stableUntil, scope } = await this.reads.get(`profile:${name.toLowerCase()}`, () => this.computeProfile(name), knownOf);
      const rank = parts.listed ? await this.rankFor(parts.listed) : null;
      // Counting the rank may have waited for a write group: if it changed this agent, the rank
      // is of its new points and the parts are of its old ones. Read both again.
      if (attempt < 3 && !this.changes.currentSince(parts.readAt, this.dataVersion(), scope!.agentId)) continue;
      // Spread in place: `rank` keeps its position among the keys, so the JSON is the same.
      return { value: { agent: { ...parts.value.agent, rank } }, stableUntil, scope, listed: parts.listed };
    }
  }

  private async computeProfile(name: string): Promise<Timed<ProfileParts>> {
    const now = this.clock.now();
    const readAt = this.dataVersion();
    const read = await readSnapshot(this.db, () => {
      const agent = this.profiles.agentByName(name);
      if (!agent) return undefined;
      const activity = this.profiles.recentActivity(agent.id, this.config.recentActivityLimit);
      return { agent, activity, facts: this.profiles.reputationFacts(agent.id, this.engagementStart(now)) };
    });
    if (!read) throw noAgentNamed(name);
    const { agent, activity, facts } = read;
    const value = profileBody(agent, activity.map(activityView), reputationOf(agent, facts, now));
    const listed = agent.suspended ? undefined : { id: agent.id, points: agent.points, promo_points: agent.promo_points };
    return { value: { value, readAt, listed }, stableUntil: reputationStableUntilOf(agent, facts, now), scope: { agentId: agent.id } };
  }

  reputation(name: string) {
    return this.reads.get(`reputation:${name.toLowerCase()}`, () => this.computeReputation(name), knownOf);
  }

  private async computeReputation(name: string) {
    const now = this.clock.now();
    const read = await readSnapshot(this.db, () => {
      const agent = this.profiles.agentByName(name);
      return agent && { agent, facts: this.profiles.reputationFacts(agent.id, this.engagementStart(now)) };
    });
    if (!read) throw noAgentNamed(name);
    const scope: AgentScope = { agentId: read.agent.id };
    return { value: { agent: read.agent.name, reputation: reputationOf(read.agent, read.facts, now) }, stableUntil: reputationStableUntilOf(read.agent, read.facts, now), scope };
  }

  async tasks(status: TaskStatus, limit: number, offset: number) {
    const { items, total } = await listTasks(this.db, status, limit, offset);
    const next = offset + items.length;
    return { status, limit, offset, total, nextOffset: next < total ? next : null, items: items.map(taskView) };
  }

  /** Program events after the cursor id, oldest first, for the Legend firehose. */
  eventsAfter(afterId: number, limit: number): Promise<ProgramEventView[]> {
    return eventsAfter(this.db, afterId, limit);
  }

  stats(): Promise<ProgramStats> {
    return this.reads.get('stats', () => programStats(this.db, this.clock.now()));
  }

  agentUrl(name: string): string {
    return `${this.baseUrl}/api/public/ai/agent/${encodeURIComponent(name)}`;
  }

  // ---- internals ---------------------------------------------------------------------------

  /** From the in-memory ranks when they are current, else counted in SQL. */
  private async rankFor(agent: RankRow): Promise<number> {
    return (await this.ranks.rankOf(agent, 'points')) ?? rankOf(this.db, agent);
  }

  private engagementStart(now: Date): Date {
    return new Date(now.getTime() - ENGAGEMENT_WINDOW_DAYS * 24 * HOUR_MS);
  }

  /**
   * The agent behind `apiKey`, or 401/403. Inside a write the lookup is the prepared statement;
   * a read outside one goes through kysely, which waits for the connection, so it never sees a
   * write group half done.
   */
  private async authenticate(apiKey: string | undefined, inWrite: boolean): Promise<AgentRow> {
    if (!apiKey) throw new ProblemError('missing_api_key', 'Send your apiKey as Authorization: Bearer <apiKey> (or X-API-Key, or apiKey in the JSON body of a write / the query of a gated read).');
    const hash = hashApiKey(apiKey);
    const agent = apiKey.length > 256 ? undefined : inWrite ? this.ledger.agentByKeyHash(hash) : await findAgentByKeyHash(this.db, hash);
    if (!agent || !sameDigest(agent.api_key_hash, hash)) throw new ProblemError('invalid_api_key', 'No agent has this apiKey.');
    if (agent.suspended) throw new ProblemError('agent_suspended', `The operator suspended ${agent.name}; contact the team through POST /api/public/ai/message.`);
    return agent;
  }

  /** Awards of `type` used today; throws 409 daily_cap_reached when none are left. */
  private checkCap(agentId: number, type: ActivityType, now: Date): number {
    const used = this.ledger.countAwardsSince(agentId, type, capDay(now).start);
    if (capReached(type, used, this.config)) {
      const cap = capStatus(type, used, now, this.config);
      throw new ProblemError('daily_cap_reached', `The daily cap of ${cap.limit} ${type} awards is used up; it resets at ${cap.resetsAt}.`, { actionType: type, dailyCap: cap });
    }
    return used;
  }

  /**
   * Authenticates, then runs `fn` once per Idempotency-Key: a retry with the same key and body
   * gets the stored response; the same key with another body is 422. Only successful responses
   * are stored, so a request that failed may be retried with its key.
   */
  private write(
    auth: WriteAuth,
    operation: string,
    input: object,
    fn: (trx: Db, agent: AgentRow, now: Date) => Promise<{ status: number; body: Record<string, unknown> }>,
  ): Promise<WriteResult> {
    return writeTransaction(this.db, async (trx, scope) => {
      const agent = await this.authenticate(auth.apiKey, true);
      // Earn, partnership and tasks change this agent's row and ledger and nothing else a
      // remembered read shows (tasks are read fresh every time; see program-changes.ts).
      scope.agent(agent.id);
      const now = this.clock.now();
      const key = auth.idempotencyKey;
      // Only a request with an Idempotency-Key needs its fingerprint.
      const requestHash = key === undefined ? '' : createHash('sha256').update(`${operation}\n${JSON.stringify(input)}`).digest('hex');
      if (key !== undefined) {
        const stored = await findStoredResponse(trx, agent.id, key);
        if (stored && Date.parse(stored.createdAt) > now.getTime() - this.config.idempotencyTtlHours * HOUR_MS) {
          if (stored.requestHash !== requestHash) {
            throw new ProblemError('idempotency_key_reused', 'This Idempotency-Key was used with a different request in the last 24 h; use a new key for a new request.');
          }
          return { status: stored.status, body: JSON.parse(stored.body) as Record<string, unknown>, replayed: true };
        }
      }
      const result = await fn(trx, agent, now);
      if (key !== undefined) await storeResponse(trx, agent.id, key, { requestHash, status: result.status, body: JSON.stringify(result.body), createdAt: now.toISOString() });
      this.noteWrite(now);
      return { ...result, replayed: false };
    });
  }
}

/** The body of GET /api/public/ai/agent/{name}, dataFreshness aside; `rank` is filled in per call (RewardsService.profile). */
function profileBody(agent: PublicAgentRow, recentActivity: ReturnType<typeof activityView>[], reputation: ReturnType<typeof reputationOf>) {
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
      rank: null as number | null,
      nextTier: nextTier(points),
      perks: perksFor(points),
      reputation,
      recentActivity,
    },
  };
}

type ProfileBody = ReturnType<typeof profileBody>;

/** A read and the instant (ms) time alone would change it; see RewardsService.leaderboard. */
export interface Timed<T> {
  value: T;
  stableUntil: number;
  /** For a read of one agent: what it depends on (see `RewardsService.isCurrent`). */
  scope?: AgentScope;
}

const knownOf = (read: Timed<unknown>) => ({ expiresAt: read.stableUntil, scope: read.scope });

function noAgentNamed(name: string): ProblemError {
  return new ProblemError('not_found', `No agent is named "${name.slice(0, 64)}".`);
}

function awardBody(r: AwardResult) {
  return {
    activity: activityView(r.activity),
    agent: agentPoints(r.agent),
    tierChanged: r.tier !== r.previousTier,
    previousTier: r.previousTier,
    unlockedPerks: unlockedPerks(r.previousTier, r.tier),
  };
}
