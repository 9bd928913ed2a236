// Random matching: today's reciprocal recommendations page by page, the history of what was
// shown, and what the page needs to start (docs/matching.md).
import { sql } from 'drizzle-orm';
import type { HistoryBulkBody, HistoryBulkResult, MatchingStatus, RecommendedProfile } from '../../contract/matching';
import { batchReads } from '../../lib/db';
import type { Db } from '../../lib/env';
import type { BatchResponse } from 'drizzle-orm/batch';
import {
  cardsOf,
  eligibleCardsQuery,
  loadViewerAndRanking,
  viewerAndRankingFrom,
  viewerAndRankingQueries,
  type CardRow,
  type StoredRanking,
} from './candidate-repo';
import type { MatchViewer } from './viewer';
import { explain, inOrder, toRecommended } from './cards';
import { filterBounds, matchingEnabled, newRanking, pageOf, parseIds, validRanking } from './ranking';
import { lastSavedPageQuery, saveHistory, saveRankingQuery } from './ranking-repo';
import { memberGone } from '../members/service';
import { addCompatibility, withCompatibility } from '../values/service';
import { answersQuery, groupAnswers } from '../values/repo';

export type MatchingContext = {
  db: Db;
  now: Date;
  /** Work that may finish after the response (the Worker's waitUntil). */
  defer: (work: Promise<unknown>) => void;
};

async function viewerOf(ctx: MatchingContext, memberId: number) {
  return viewerFrom(await loadViewerAndRanking(ctx.db, memberId));
}

function viewerFrom(found: { viewer: MatchViewer | undefined; ranking: StoredRanking | undefined }) {
  if (!found.viewer) throw memberGone();
  return { viewer: found.viewer, ranking: found.ranking };
}

/** recommend's first read, not yet run: the route batches it with the auth statement (SQL built once: batchReads). */
export const recommendReads = (db: Db, memberId: number) =>
  batchReads(db, 'recommend-viewer', () => viewerAndRankingQueries(db, sql.placeholder('member')), {
    member: memberId,
  });

/**
 * Page `page` (0-based, 20 a page) of today's list. The list is fixed for the day, so pages
 * never repeat or skip; people who became ineligible since (blocked, requested, banned …) are
 * left out of their page. `[]` once the list is used up, or when both matching kinds are off.
 */
export async function recommend(
  ctx: MatchingContext,
  memberId: number,
  page: number,
  first: BatchResponse<ReturnType<typeof recommendReads>>,
): Promise<RecommendedProfile[]> {
  const { viewer, ranking } = viewerFrom(viewerAndRankingFrom(first));
  if (!matchingEnabled(viewer)) return [];
  const bounds = filterBounds(viewer, ctx.now);
  const stored = validRanking(viewer, ranking, ctx.now);
  let slice: number[];
  let rows: CardRow[];
  if (stored) {
    slice = pageOf(parseIds(stored.profileIds), page);
    // The page's cards and the 가치관 answers that score them in one round trip (a page is ≤ 20 ids).
    const readers = [memberId, ...slice];
    const [cardRows, answerRows] = await ctx.db.batch([
      eligibleCardsQuery(ctx.db, viewer, bounds, slice),
      answersQuery(ctx.db, readers),
    ]);
    rows = cardsOf(cardRows);
    const cards = inOrder(slice, rows).map((row) => ({
      ...toRecommended(row, ctx.now),
      ...explain(row, viewer, ctx.now),
    }));
    return addCompatibility(groupAnswers(readers, answerRows), memberId, cards);
  } else {
    // First call of the day: rank and store the list. The page's cards are asked for first and
    // the write right behind them, before the answer leaves: D1 runs one database's queries in
    // order, so the page does not wait for the write and a next call always finds the stored list.
    const { ids, ...fresh } = await newRanking(ctx.db, viewer, ctx.now);
    slice = pageOf(ids, page);
    const cards = eligibleCardsQuery(ctx.db, viewer, bounds, slice).execute();
    ctx.defer(saveRankingQuery(ctx.db, memberId, fresh).run());
    rows = cardsOf(await cards);
  }
  const cards = inOrder(slice, rows).map((row) => ({
    ...toRecommended(row, ctx.now),
    ...explain(row, viewer, ctx.now),
  }));
  return withCompatibility(ctx.db, memberId, cards);
}

/**
 * Saves a page's profiles to history (docs/product-spec.md §4: the previous page, once a new one has loaded).
 * Only ids that today's list really put on that page count; the same call again changes nothing.
 */
export async function saveShownPage(
  ctx: MatchingContext,
  memberId: number,
  body: HistoryBulkBody,
): Promise<HistoryBulkResult> {
  const { viewer, ranking: stored } = await viewerOf(ctx, memberId);
  const ranking = validRanking(viewer, stored, ctx.now);
  if (!ranking) return { saved: 0 };
  const onPage = new Set(pageOf(parseIds(ranking.profileIds), body.page));
  const ids = [...new Set(body.profileIds)].filter((id) => onPage.has(id));
  await saveHistory(ctx.db, memberId, ids, body.page, ctx.now.toISOString(), ranking.computedAt);
  return { saved: ids.length };
}

/** matchingStatus's reads, not yet run: recommend's viewer and list and the last page saved since that list (one batch with the auth statement). */
export const statusReads = (db: Db, memberId: number) =>
  batchReads(
    db,
    'matching-status',
    () =>
      [
        ...viewerAndRankingQueries(db, sql.placeholder('member')),
        lastSavedPageQuery(db, sql.placeholder('member')),
      ] as const,
    { member: memberId },
  );

/** Whether matching is on, whether I have a location, and where today's list continues. */
export function matchingStatus(
  ctx: MatchingContext,
  rows: BatchResponse<ReturnType<typeof statusReads>>,
): MatchingStatus {
  const [viewers, rankings, lastPages] = rows;
  const { viewer, ranking: stored } = viewerFrom(viewerAndRankingFrom([viewers, rankings]));
  const ranking = validRanking(viewer, stored, ctx.now);
  // The page was read since the list stored now; a list no longer valid has no page to resume.
  const last = ranking ? (lastPages[0]?.lastPage ?? null) : null;
  return {
    matchingEnabled: matchingEnabled(viewer),
    hasLocation: viewer.lat !== null && viewer.lng !== null && viewer.locationAgreed,
    resumePage: last === null ? 0 : last + 1,
  };
}

/**
 * The deck at the page the status names (`?page=resume`), in one call: the status's own reads
 * (one batch with the auth statement) give the page — matchingStatus's `resumePage`, the one rule —
 * and the viewer and stored list that `recommend` then reads the page with. The same cards as
 * `recommend` at that page: `[]` when matching is off or the list is used up.
 */
export async function resumeDeck(
  ctx: MatchingContext,
  memberId: number,
  rows: BatchResponse<ReturnType<typeof statusReads>>,
): Promise<{ page: number; cards: RecommendedProfile[] }> {
  const page = matchingStatus(ctx, rows).resumePage;
  const [viewers, rankings] = rows;
  return { page, cards: await recommend(ctx, memberId, page, [viewers, rankings]) };
}
