/**
 * Which remembered reads a commit can have changed: the program's data version, with the agents
 * each of this process's commits touched.
 *
 * Why: remembered profiles, reputation and leaderboard pages used to end at every commit. In a
 * live program an earn commits many times a second, so nearly every profile read was computed
 * again although one agent's earn changes one agent's profile. (It also moves the rank of the
 * agents it passes, which is why a remembered profile leaves its rank out: the server looks it up
 * for every answer, see `RewardsService.profile` and `currentRank`.)
 *
 * A version has two parts:
 *
 * - `epoch` moves when a change cannot be explained: a commit by another process (SQLite's
 *   `data_version`, e.g. the admin CLI), a write of this process that declared nothing (see
 *   WriteScope in src/store/database.ts), or one outside `writeTransaction` altogether (seen as
 *   `total_changes()` moving with no group to account for it). Everything remembered ends.
 * - `seq` counts this process's commits. A commit whose writes declared the agents they touched
 *   records `seq` against each; a read of one agent stays current while that agent was not
 *   touched after it was computed. Reads over many agents (leaderboard pages, stats) end at any
 *   commit, as before.
 *
 * So the default is the old behaviour, and precision is opt-in per write: a write that forgets to
 * declare costs remembered reads, never correctness.
 */
import type { CommitListener, CommitScope } from '../store/database.ts';

/**
 * The scope of a remembered read computed from the build's content alone (a filtered video list,
 * a knowledge topic): no commit changes it, since content changes only with a new build, which is
 * a new process. A string rather than a symbol because Astro's bundle, which computes these reads,
 * and the server's bundle, which checks them, each have their own copy of this module.
 */
export const CONTENT_ONLY = 'content only';

export interface DataVersion {
  readonly epoch: number;
  readonly seq: number;
}

export class ProgramChanges implements CommitListener {
  private current: DataVersion = { epoch: 0, seq: 0 };
  /** The seq of the last commit that touched each agent, in this epoch. */
  private readonly touched = new Map<number, number>();
  /** total_changes() and data_version as last accounted for. */
  private accountedOwn: number;
  private accountedForeign: number;
  /** Between a group's start and end its own uncommitted changes move total_changes(). */
  private inGroup = false;

  /**
   * `ownChanges`: SQLite's total_changes() on this process's connection; `foreignVersion`: its
   * data_version (moves only with other connections' commits). Both are read often: keep them cheap.
   */
  constructor(
    private readonly ownChanges: () => number,
    private readonly foreignVersion: () => number,
  ) {
    this.accountedOwn = ownChanges();
    this.accountedForeign = foreignVersion();
  }

  /** The version now. The same object while nothing changed, so callers may compare by identity. */
  version(): DataVersion {
    const foreign = this.foreignVersion();
    // During a group its own uncommitted rows move total_changes(); nothing is committed yet.
    if (foreign !== this.accountedForeign || (!this.inGroup && this.ownChanges() !== this.accountedOwn)) this.newEpoch();
    return this.current;
  }

  /**
   * Whether what was read at version `stored` is current at `now` (this.version()): for a read of
   * many agents (no `agentId`), no commit since; for a read of one agent's own rows, no commit
   * since that touched the agent.
   */
  currentSince(stored: DataVersion, now: DataVersion, agentId?: number): boolean {
    if (stored.epoch !== now.epoch) return false;
    if (agentId === undefined) return stored.seq === now.seq;
    return (this.touched.get(agentId) ?? -1) <= stored.seq;
  }

  /**
   * The version as last accounted for, with no SQLite read: for a commit listener, which must not
   * throw, and which has just brought it up to date itself (`groupEnded`).
   */
  peek(): DataVersion {
    return this.current;
  }

  groupStarted(): void {
    // A group that never ended (its listener failed midway) is a change nobody explained.
    if (this.inGroup) {
      this.inGroup = false;
      this.newEpoch();
    }
    // Account for anything before the group first, so the group's own changes stand alone.
    this.version();
    this.inGroup = true;
  }

  groupEnded(scope: CommitScope): void {
    this.inGroup = false;
    if (scope === 'everything' || scope === 'rolled back') {
      this.newEpoch();
      return;
    }
    const seq = this.current.seq + 1;
    for (const id of scope.agents) this.touched.set(id, seq);
    this.current = { epoch: this.current.epoch, seq };
    this.accountedOwn = this.ownChanges();
  }

  private newEpoch(): void {
    this.touched.clear();
    this.current = { epoch: this.current.epoch + 1, seq: 0 };
    this.accountedOwn = this.ownChanges();
    this.accountedForeign = this.foreignVersion();
  }
}
