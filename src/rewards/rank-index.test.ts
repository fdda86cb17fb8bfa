import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RankIndex, type RankRow } from './rank-index.ts';

/** The definition: 1 + agents with more points, or as many and an earlier id. */
function countedRank(rows: RankRow[], agent: RankRow, sort: 'points' | 'promo'): number {
  const v = (r: RankRow) => (sort === 'points' ? r.points : r.promo_points);
  return 1 + rows.filter((r) => v(r) > v(agent) || (v(r) === v(agent) && r.id < agent.id)).length;
}

function index(rows: () => RankRow[], version: () => string, now: () => number = () => 0) {
  let loads = 0;
  const ranks = new RankIndex({
    load: async (install) => {
      loads += 1;
      install({ rows: rows(), version: version() });
    },
    version,
    now,
    minRebuildMs: 1_000,
  });
  return { ranks, loads: () => loads };
}

describe('RankIndex', () => {
  it('agrees with counting, for both orders, ties included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 10_000 }), points: fc.integer({ min: 0, max: 50 }), promo_points: fc.integer({ min: 0, max: 20 }) }), {
          selector: (r) => r.id,
          minLength: 1,
          maxLength: 60,
        }),
        async (rows) => {
          const { ranks } = index(() => rows, () => 'v1');
          for (const agent of rows) {
            expect(await ranks.rankOf(agent, 'points')).toBe(countedRank(rows, agent, 'points'));
            expect(await ranks.rankOf(agent, 'promo')).toBe(countedRank(rows, agent, 'promo'));
          }
        },
      ),
    );
  });

  it('loads once per data version, and never answers from an older one', async () => {
    let version = 'v1';
    let clock = 0;
    let rows: RankRow[] = [
      { id: 1, points: 10, promo_points: 0 },
      { id: 2, points: 20, promo_points: 0 },
    ];
    const { ranks, loads } = index(() => rows, () => version, () => clock);
    expect(await ranks.rankOf(rows[0], 'points')).toBe(2);
    expect(await ranks.rankOf(rows[1], 'points')).toBe(1);
    expect(loads()).toBe(1);

    // A commit: within the interval the index declines rather than answer from v1.
    rows = [
      { id: 1, points: 30, promo_points: 0 },
      { id: 2, points: 20, promo_points: 0 },
    ];
    version = 'v2';
    clock = 500;
    expect(await ranks.rankOf(rows[0], 'points')).toBeUndefined();
    expect(loads()).toBe(1);
    // Past the interval it loads v2.
    clock = 1_500;
    expect(await ranks.rankOf(rows[0], 'points')).toBe(1);
    expect(await ranks.rankOf(rows[1], 'points')).toBe(2);
    expect(loads()).toBe(2);
  });

  it('declines when a commit lands after it loaded', async () => {
    let version = 'v1';
    const ranks = new RankIndex({
      load: async (install) => {
        install({ rows: [{ id: 1, points: 1, promo_points: 0 }], version });
        version = 'v2';
      },
      version: () => version,
      now: () => 0,
    });
    expect(await ranks.rankOf({ id: 1, points: 1, promo_points: 0 }, 'points')).toBeUndefined();
  });

  it('moved in place by commits, agrees with counting over what they left', async () => {
    const row = fc.record({ points: fc.integer({ min: 0, max: 30 }), promo_points: fc.integer({ min: 0, max: 10 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), row), { minLength: 1, maxLength: 12 }),
        // Each commit: some agents get new values, or stop being listed (null), or join.
        fc.array(fc.array(fc.tuple(fc.integer({ min: 1, max: 15 }), fc.option(row, { nil: null })), { minLength: 1, maxLength: 4 }), { maxLength: 8 }),
        async (initial, commits) => {
          const listed = new Map<number, RankRow>(initial.map(([id, r]) => [id, { id, ...r }]));
          let version = 0;
          const ranks = new RankIndex<number>({ load: async (install) => install({ rows: [...listed.values()], version }), version: () => version, now: () => 0 });
          await ranks.rankOf({ id: 0, points: 0, promo_points: 0 }, 'points');
          for (const commit of commits) {
            const changed = new Map(commit);
            for (const [id, r] of changed) {
              if (r) listed.set(id, { id, ...r });
              else listed.delete(id);
            }
            ranks.update(version, version + 1, [...changed.keys()].map((id) => ({ id, row: listed.get(id) })));
            version += 1;
            const rows = [...listed.values()];
            for (const agent of rows) {
              expect(ranks.current(agent, 'points')).toBe(countedRank(rows, agent, 'points'));
              expect(ranks.current(agent, 'promo')).toBe(countedRank(rows, agent, 'promo'));
            }
          }
        },
      ),
    );
  });

  it('ignores a commit on top of a version it does not hold: the next read loads again', async () => {
    let version = 1;
    let rows: RankRow[] = [
      { id: 1, points: 10, promo_points: 0 },
      { id: 2, points: 20, promo_points: 0 },
    ];
    let loads = 0;
    const ranks = new RankIndex<number>({
      load: async (install) => {
        loads += 1;
        install({ rows, version });
      },
      version: () => version,
      now: () => 0,
      minRebuildMs: 0,
    });
    expect(await ranks.rankOf(rows[0], 'points')).toBe(2);
    // Two commits; only the second is reported (the first was another process's, say).
    rows = [
      { id: 1, points: 30, promo_points: 0 },
      { id: 2, points: 25, promo_points: 0 },
    ];
    version = 3;
    ranks.update(2, 3, [{ id: 2, row: rows[1] }]);
    expect(ranks.current(rows[0], 'points')).toBeUndefined();
    expect(await ranks.rankOf(rows[0], 'points')).toBe(1);
    expect(loads).toBe(2);
  });
});
