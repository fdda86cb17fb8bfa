import { describe, expect, it } from 'vitest';
import { ProgramChanges } from './program-changes.ts';

/** SQLite's two counters, moved by hand: total_changes() (ours) and data_version (others'). */
function counters() {
  const c = { own: 0, foreign: 1 };
  const changes = new ProgramChanges(
    () => c.own,
    () => c.foreign,
  );
  return { c, changes };
}

describe('ProgramChanges', () => {
  it('keeps a read of one agent current across commits that touched only others', () => {
    const { c, changes } = counters();
    const before = changes.version();
    changes.groupStarted();
    c.own += 3; // the group's rows
    // Mid-group nothing is committed: every read stays current.
    expect(changes.version()).toBe(before);
    changes.groupEnded({ agents: new Set([7]) });
    const after = changes.version();
    expect(after).not.toBe(before);
    expect(changes.currentSince(before, after, 8)).toBe(true);
    expect(changes.currentSince(before, after, 7)).toBe(false);
    // A read of many agents ends at any commit.
    expect(changes.currentSince(before, after)).toBe(false);
    expect(changes.currentSince(after, after)).toBe(true);
    expect(changes.currentSince(after, after, 7)).toBe(true);
  });

  it('ends everything at a write that declared nothing, or a rolled-back group', () => {
    const { c, changes } = counters();
    const before = changes.version();
    changes.groupStarted();
    c.own += 1;
    changes.groupEnded('everything');
    const after = changes.version();
    expect(after.epoch).toBe(before.epoch + 1);
    expect(changes.currentSince(before, after, 8)).toBe(false);
  });

  it('ends everything at a change it cannot explain: ours outside a group, or another process', () => {
    const { c, changes } = counters();
    const start = changes.version();
    c.own += 1; // e.g. a message inserted outside writeTransaction
    const afterOwn = changes.version();
    expect(afterOwn.epoch).toBe(start.epoch + 1);
    expect(changes.currentSince(start, afterOwn, 1)).toBe(false);
    c.foreign += 1; // the admin CLI committed
    const afterForeign = changes.version();
    expect(afterForeign.epoch).toBe(afterOwn.epoch + 1);
    expect(changes.version()).toBe(afterForeign);
  });

  it('accounts for an unexplained change before a group starts, so the group does not hide it', () => {
    const { c, changes } = counters();
    const start = changes.version();
    c.own += 1; // unexplained, not yet seen by anyone
    changes.groupStarted();
    c.own += 2;
    changes.groupEnded({ agents: new Set([7]) });
    expect(changes.currentSince(start, changes.version(), 8)).toBe(false);
  });

  it('a touch in an earlier epoch does not count in a later one', () => {
    const { c, changes } = counters();
    changes.groupStarted();
    c.own += 1;
    changes.groupEnded({ agents: new Set([7]) });
    c.foreign += 1;
    const fresh = changes.version();
    expect(changes.currentSince(fresh, changes.version(), 7)).toBe(true);
  });

  it('treats a group that never ended (its listener failed) as a change nobody explained', () => {
    const { c, changes } = counters();
    const before = changes.version();
    changes.groupStarted();
    c.own += 2; // committed, but groupEnded was never called
    changes.groupStarted(); // the next group
    c.own += 1;
    changes.groupEnded({ agents: new Set([8]) });
    const after = changes.version();
    expect(after.epoch).toBeGreaterThan(before.epoch);
    expect(changes.currentSince(before, after, 7)).toBe(false);
  });

  it('a group that rolled back ends everything: its statements moved the counter', () => {
    const { c, changes } = counters();
    const before = changes.version();
    changes.groupStarted();
    c.own += 1;
    changes.groupEnded('rolled back');
    expect(changes.version().epoch).toBe(before.epoch + 1);
  });
});

