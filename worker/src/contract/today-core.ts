// 오늘의 인연 (docs/today.md): what a member did with a card of today's set. Zod-free.

export const TODAY_ACTIONS = ['LIKED', 'PASSED', 'REQUESTED'] as const;
export type TodayAction = (typeof TODAY_ACTIONS)[number];

/** The set's size and schedule (docs/today.md "Size" and "Schedule"). */
export const TODAY_LIMITS = {
  /** Cards a member gets a day. */
  size: 3,
  /** 12:30 Korea time = 03:30 UTC. */
  cron: '30 3 * * *',
} as const;
