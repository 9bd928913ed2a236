import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay, koreanDay } from './group-by-day';

// 2026-11-24 10:30 in Korea (01:30 UTC).
const NOW = new Date('2026-11-24T01:30:00Z');
const at = (iso: string, id: number) => ({ id, createdAt: iso });

describe('groupByDay', () => {
  it('groups by the Korean calendar day: 오늘, 어제, then dates', () => {
    const groups = groupByDay(
      [
        at('2026-11-24T01:00:00Z', 1), // 10:00 today
        at('2026-11-23T15:00:00Z', 2), // 00:00 today in Korea, still the 23rd in UTC
        at('2026-11-23T14:59:00Z', 3), // 23:59 yesterday
        at('2026-11-22T20:00:00Z', 4), // 05:00 on the 23rd: yesterday too
        at('2026-11-20T03:00:00Z', 5),
        at('2025-12-30T03:00:00Z', 6),
      ],
      NOW,
    );
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['오늘', [1, 2]],
      ['어제', [3, 4]],
      ['11월 20일', [5]],
      ['2025년 12월 30일', [6]],
    ]);
  });

  it('keeps the order given and gives each day its key', () => {
    const groups = groupByDay([at('2026-11-21T00:00:00Z', 1), at('2026-11-21T00:00:00Z', 2)], NOW);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ day: '2026-11-21', label: '11월 21일' });
    expect(groupByDay([], NOW)).toEqual([]);
  });

  it('moves 오늘 at midnight Korea time, not UTC', () => {
    const justAfterMidnight = new Date('2026-11-24T15:05:00Z'); // 00:05 on the 25th in Korea
    expect(koreanDay(justAfterMidnight)).toBe('2026-11-25');
    expect(dayLabel('2026-11-25', justAfterMidnight)).toBe('오늘');
    expect(dayLabel('2026-11-24', justAfterMidnight)).toBe('어제');
    expect(dayLabel('2026-11-23', justAfterMidnight)).toBe('11월 23일');
  });
});
