// 오늘의 인연 (docs/today.md): the cards GET /api/on/today answers. Types only; the vocabulary is today-core.ts.
export * from './today-core';
import type { RecommendedProfile } from './matching';
import type { TodayAction } from './today-core';

/** One card of 오늘의 인연: a recommendation card (every field sent) with its 궁합 and what I did with it. */
export type TodayCard = Required<RecommendedProfile> & {
  /** 궁합 % (0–100), or null when too few questions are answered by both (contract/values-core.ts). */
  compatibility: number | null;
  action: TodayAction | null;
};

/** The latest set (today's from 12:30 KST, yesterday's before), or `date: null` before a first set. */
export type TodaySet = { date: string | null; cards: TodayCard[] };
