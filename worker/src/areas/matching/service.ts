// Random matching: today's reciprocal recommendations page by page, the history of what was
// shown, and what the page needs to start (docs/matching.md).
import type { HistoryBulkBody, HistoryBulkResult, MatchingStatus, RecommendedProfile } from '../../contract/matching';
import type { Db } from '../../lib/env';
import { findEligibleCards, loadViewerAndRanking, type MatchViewer } from './candidate-repo';
import { inOrder, toRecommended } from './cards';
import { koreanDay } from './day';
import { filterBounds, matchingEnabled, pageOf, parseIds, preferenceFingerprint, todaysRanking } from './ranking';
import { lastSavedPageSince, saveHistory } from './ranking-repo';
import { Unauthorized } from '../../lib/errors';

export type MatchingContext = { db: Db; now: Date };

async function viewerOf(ctx: MatchingContext, memberId: number) {
  const found = await loadViewerAndRanking(ctx.db, memberId);
  if (!found.viewer) throw new Unauthorized('회원 정보를 찾을 수 없어요. 다시 로그인해 주세요.', 'MEMBER_GONE');
  return { viewer: found.viewer, ranking: found.ranking };
}

/**
 * Page `page` (0-based, 20 a page) of today's list. The list is fixed for the day, so pages
 * never repeat or skip; people who became ineligible since (blocked, requested, banned …) are
 * left out of their page. `[]` once the list is used up, or when both matching kinds are off.
 */
export async function recommend(ctx: MatchingContext, memberId: number, page: number): Promise<RecommendedProfile[]> {
  const { viewer, ranking } = await viewerOf(ctx, memberId);
  if (!matchingEnabled(viewer)) return [];
  const { ids } = await todaysRanking(ctx.db, viewer, ranking, ctx.now);
  const slice = pageOf(ids, page);
  const rows = await findEligibleCards(ctx.db, viewer, filterBounds(viewer, ctx.now), slice);
  return inOrder(slice, rows).map((row) => toRecommended(row, ctx.now));
}

/**
 * Saves a page's profiles to history (spec §4: the previous page, once a new one has loaded).
 * Only ids that today's list really put on that page count; the same call again changes nothing.
 */
export async function saveShownPage(
  ctx: MatchingContext,
  memberId: number,
  body: HistoryBulkBody,
): Promise<HistoryBulkResult> {
  const { viewer, ranking } = await viewerOf(ctx, memberId);
  if (!isCurrent(viewer, ranking, ctx.now) || !ranking) return { saved: 0 };
  const onPage = new Set(pageOf(parseIds(ranking.profileIds), body.page));
  const ids = [...new Set(body.profileIds)].filter((id) => onPage.has(id));
  await saveHistory(ctx.db, memberId, ids, body.page, ctx.now.toISOString(), ranking.computedAt);
  return { saved: ids.length };
}

function isCurrent(v: MatchViewer, r: { day: string; fingerprint: string } | undefined, now: Date): boolean {
  return r !== undefined && r.day === koreanDay(now) && r.fingerprint === preferenceFingerprint(v);
}

/** Whether matching is on, whether I have a location, and where today's list continues. */
export async function matchingStatus(ctx: MatchingContext, memberId: number): Promise<MatchingStatus> {
  const { viewer, ranking } = await viewerOf(ctx, memberId);
  const last =
    ranking && isCurrent(viewer, ranking, ctx.now)
      ? await lastSavedPageSince(ctx.db, memberId, ranking.computedAt)
      : null;
  return {
    matchingEnabled: matchingEnabled(viewer),
    hasLocation: viewer.lat !== null && viewer.lng !== null && viewer.locationAgreed,
    resumePage: last === null ? 0 : last + 1,
  };
}
