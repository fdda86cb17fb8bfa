import { describe, expect, it } from 'vitest';
import { everyDay } from './charts.ts';

describe('everyDay', () => {
  it('fills the days between entries with the earlier total, first to last', () => {
    expect(
      everyDay([
        { date: '2026-02-27', total: 10 },
        { date: '2026-03-01', total: 35 },
        { date: '2026-03-02', total: 30 },
      ]),
    ).toEqual({ labels: ['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'], values: [10, 10, 35, 30] });
  });

  it('is empty without entries, and one day for one entry', () => {
    expect(everyDay([])).toEqual({ labels: [], values: [] });
    expect(everyDay([{ date: '2026-03-01', total: 5 }])).toEqual({ labels: ['2026-03-01'], values: [5] });
  });
});
