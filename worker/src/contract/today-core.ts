// 오늘의 인연 (docs/today.md): what a member did with a card of today's set. Zod-free.

export const TODAY_ACTIONS = ['LIKED', 'PASSED', 'REQUESTED'] as const;
export type TodayAction = (typeof TODAY_ACTIONS)[number];
