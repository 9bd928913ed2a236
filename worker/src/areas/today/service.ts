// 오늘의 인연 (docs/today.md): at 12:30 KST the Cron Trigger prepares each active member's small
// set from the reciprocal recommender — a batch of members per run, the next batch on the `notif`
// queue — with reasons and 궁합, written to today_cards so that opening it is one read; the
// actions on its cards; the notification when a set is ready.
import type { SQL } from 'drizzle-orm';
import { compatibility } from '../../contract/values-core';
import { TODAY_LIMITS, type TodayAction } from '../../contract/today-core';
import type { TodayCard, TodaySet } from '../../contract/today';
import { iso } from '../../lib/clock';
import type { RequestContext } from '../../lib/context';
import { koreanDay } from '../../lib/day';
import { envDb, rawRead } from '../../lib/db';
import type { Db, Env } from '../../lib/env';
import { NotFound } from '../../lib/errors';
import { cardsOf, eligibleCardsQuery, loadViewerAndRanking, type CardRow } from '../matching/candidate-repo';
import { explain, inOrder, toRecommended } from '../matching/cards';
import { filterBounds, loadPool, matchingEnabled, rankPool } from '../matching/ranking';
import { parseDetails, summaryFrom } from '../matching/reasons';
import { notifyTodayReady } from '../notifications/producers';
import { enqueue } from '../notifications/queue';
import { answersOf } from '../values/repo';
import { EXPOSURE_DAYS, SHORTLIST, pickToday } from './pick';
import {
  activeMembersAfter,
  exposureSince,
  insertSet,
  markAction,
  markActionSql,
  seenSince,
  withSetOn,
  type NewCard,
} from './repo';

/** Members per run: about nine statements each, so a run stays under 500 (the 1,000 subrequests a run may make). */
export const TODAY_BATCH = 50;
/** Members not seen for this long get no set (they are not looking today). */
export const TODAY_ACTIVE_DAYS = 30;

/** YYYY-MM-DD `n` days before `day`. */
export function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/** The Cron Trigger at 12:30 KST: today's first batch now, the rest through the queue. */
export async function startToday(env: Env, now: Date): Promise<void> {
  await prepareTodayBatch(env, { day: koreanDay(now), at: iso(now), afterMemberId: 0 });
}

/**
 * One batch: the next TODAY_BATCH active members after `afterMemberId` get their set for `day`
 * (members who have it already are skipped: a run twice, a retried message, change nothing),
 * then the next batch goes on the queue. Always acknowledged (null).
 */
export async function prepareTodayBatch(
  env: Env,
  m: { day: string; at: string; afterMemberId: number },
): Promise<null> {
  const db = envDb(env);
  const now = new Date(m.at);
  const activeSince = new Date(now.getTime() - TODAY_ACTIVE_DAYS * 86_400_000).toISOString();
  const ids = await activeMembersAfter(db, m.afterMemberId, TODAY_BATCH, activeSince);
  const done = await withSetOn(db, m.day, ids);
  for (const id of ids) {
    if (done.has(id)) continue;
    try {
      await prepareFor({ env, db, now }, id, m.day);
    } catch (err) {
      // One member's failure never holds up the others; the next day's run tries again.
      console.error(JSON.stringify({ level: 'error', where: 'today', memberId: id, message: String(err) }));
    }
  }
  const last = ids[ids.length - 1];
  if (ids.length === TODAY_BATCH && last !== undefined) {
    await enqueue(env, { type: 'today', day: m.day, at: m.at, afterMemberId: last });
  }
  return null;
}

/**
 * One member's set: the recommender's ranking of today's pool (the same candidates, hard filters
 * and visibility as the deck), minus whom they saw this week, reordered for fairness (pick.ts),
 * TODAY_LIMITS.size cards with reasons and 궁합. Answers how many cards were written.
 */
export async function prepareFor(ctx: RequestContext, memberId: number, day: string): Promise<number> {
  const { db, now } = ctx;
  const { viewer } = await loadViewerAndRanking(db, memberId);
  if (!viewer || !matchingEnabled(viewer)) return 0;
  const ranked = rankPool(viewer, await loadPool(db, viewer, now), now, day);
  const fromDay = daysBefore(day, EXPOSURE_DAYS - 1);
  const seen = await seenSince(db, memberId, fromDay);
  const shortlist = ranked.filter((id) => !seen.has(id)).slice(0, SHORTLIST);
  // Earlier members of this run are already written, so their picks count here too.
  const exposure = await exposureSince(db, fromDay, shortlist);
  const picks = pickToday(shortlist, exposure, seen, TODAY_LIMITS.size);
  if (picks.length === 0) return 0;
  const rows = inOrder(
    picks,
    cardsOf(await eligibleCardsQuery(db, viewer, filterBounds(viewer, now), picks).execute()),
  );
  if (rows.length === 0) return 0;
  const answers = await answersOf(db, [memberId, ...rows.map((r) => r.id)]);
  const mine = answers.get(memberId) ?? [];
  const cards: NewCard[] = rows.map((row, position) => ({
    memberId,
    day,
    candidateId: row.id,
    position,
    compatibility: compatibility(mine, answers.get(row.id) ?? []),
    reasons: JSON.stringify(explain(row, viewer, now).reasons),
  }));
  const written = await insertSet(db, cards);
  if (written > 0) await notifyTodayReady(ctx, { memberId, day, cards: written });
  return written;
}

/** The days a current set may belong to: yesterday's stays until today's is written. */
export function currentDays(now: Date): { fromDay: string; today: string } {
  const today = koreanDay(now);
  return { fromDay: daysBefore(today, 1), today };
}

export type SetRow = Omit<CardRow, 'details'> & {
  day: string;
  position: number;
  compatibility: number | null;
  reasons: string;
  action: TodayAction | null;
  details: string | null;
};

/** GET /api/on/today's answer from latestSetQuery's rows. */
export function toTodaySet(rows: readonly SetRow[], now: Date): TodaySet {
  const cards = rows.map((row): TodayCard => ({
    ...toRecommended(row, now),
    summary: summaryFrom(parseDetails(row.details)),
    reasons: JSON.parse(row.reasons) as TodayCard['reasons'],
    verified: { identity: Boolean(row.identityVerified), photo: Boolean(row.photoVerified) },
    compatibility: row.compatibility,
    action: row.action,
  }));
  return { date: rows[0]?.day ?? null, cards };
}

/** 넘기기: 404 when `candidateId` is not on my current set (not mine answers as not there). */
export async function passCard(db: Db, memberId: number, candidateId: number, now: Date): Promise<void> {
  const { fromDay, today } = currentDays(now);
  if (!(await markAction(db, memberId, candidateId, 'PASSED', fromDay, today))) throw new NotFound();
}

/**
 * 좋아요 / 대화 신청 succeeded (hearts, chat-requests): marks the card when `candidateId` is on my
 * current set — the update for the heart's or request's own batch, run only when `onlyIf` SQL
 * holds (the call was within its limit; the request was made).
 */
export function todayMarkStatement(
  db: Db,
  memberId: number,
  candidateId: number,
  action: Exclude<TodayAction, 'PASSED'>,
  now: Date,
  onlyIf: SQL,
) {
  const { fromDay, today } = currentDays(now);
  return rawRead<never>(db, markActionSql(memberId, candidateId, action, fromDay, today, onlyIf));
}
