// Who may see or reach whom (docs/trust.md "Adults only"): the ONE rule behind every
// member-to-member surface — recommendations, nearby, popular, the profile modal and pages,
// hearts given and received, chat requests and their lists, notifications naming a member and
// community authorship. Modelled on immich's utils/access.ts: SQL fragments for list queries and
// a single-target check, so the rule lives here and nowhere else.
//
// A member X is visible to viewer V at `now` when
//   - X has not withdrawn (deleted_at IS NULL),
//   - X is not under a ban that is still running (a lapsed temporary ban counts as lifted),
//   - X is an adult by the youth-protection law's year rule (contract/age.ts),
//   - V is an adult too (a minor member sees nobody),
//   - neither blocked the other,
//   - neither avoids the other (아는 사람 피하기: one's verified phone hash is on the other's
//     avoid list, either way — docs/privacy.md),
//   - X is not in 비공개 모드, or X has liked V, sent V a chat request, or has a room with V.
// Matching adds its own conditions on top (paused matching = INACTIVE status or both toggles off,
// the seeking rules, preferences): see matching/candidate-repo.ts hardFilters.
// Community content keeps a withdrawn author's posts (their name is already anonymised to
// '탈퇴한 회원'), so it uses `authorShownTo`, which is the same rule without the withdrawal part.
import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { adultBirthdayCut } from '../../contract/age';
import type { Db } from '../../lib/env';

/** The two values the rule needs: the instant (bans) and the adult birthday cut (year rule). */
export type VisibilityClock = { nowIso: string | Placeholder; cut: string | Placeholder };

/** The clock for `now`. */
export const clockOf = (now: Date): VisibilityClock => ({ nowIso: now.toISOString(), cut: adultBirthdayCut(now) });

/** The clock as placeholders `now` and `cut`, for statements prepared once (fill with `clockValues`). */
export const clockPlaceholders = (): VisibilityClock => ({
  nowIso: sql.placeholder('now'),
  cut: sql.placeholder('cut'),
});
export const clockValues = (now: Date) => ({ now: now.toISOString(), cut: adultBirthdayCut(now) });

const asClock = (c: Date | VisibilityClock): VisibilityClock => (c instanceof Date ? clockOf(c) : c);

type Ref = number | Placeholder | AnyColumn | SQL;

/** A members row under `alias` (e.g. sql`c`) is not under a running ban. */
function notBanned(alias: SQL, c: VisibilityClock): SQL {
  return sql`(${alias}.status <> 'BANNED' OR (${alias}.banned_until IS NOT NULL AND ${alias}.banned_until <= ${c.nowIso}))`;
}

/** A members row under `alias` is an adult by the year rule. */
export function adultRow(alias: SQL, c: Date | VisibilityClock): SQL {
  return sql`${alias}.birthday < ${asClock(c).cut}`;
}

/** Neither member blocked the other (two primary-key probes). */
export function notBlockedEitherWay(memberId: Ref, viewerId: Ref): SQL {
  return sql`(NOT EXISTS (SELECT 1 FROM blocks WHERE member_id = ${viewerId} AND target_id = ${memberId})
    AND NOT EXISTS (SELECT 1 FROM blocks WHERE member_id = ${memberId} AND target_id = ${viewerId}))`;
}

/**
 * 아는 사람 피하기, both ways (docs/privacy.md): the row's verified phone is not on the viewer's
 * avoid list, and the viewer's verified phone is not on the row's. Both subqueries are
 * uncorrelated for a constant viewer, so SQLite evaluates each once per statement (the second
 * through the avoid_phones_hash index) instead of probing per row.
 */
function notAvoidedEitherWay(alias: SQL, viewerId: Ref): SQL {
  return sql`((${alias}.phone_hash IS NULL
      OR ${alias}.phone_hash NOT IN (SELECT av.phone_hash FROM avoid_phones av WHERE av.member_id = ${viewerId}))
    AND ${alias}.id NOT IN (SELECT aw.member_id FROM avoid_phones aw
      WHERE aw.phone_hash = (SELECT vp.phone_hash FROM members vp WHERE vp.id = ${viewerId})))`;
}

/**
 * 비공개 모드 (docs/privacy.md): a private row is seen only by members it has liked, sent a chat
 * request to (any status), or shares a room with (a room comes from an accepted request, either
 * way). The id set is uncorrelated for a constant viewer: evaluated once per statement.
 */
function privateModeLetsSee(alias: SQL, viewerId: Ref): SQL {
  return sql`(${alias}.private_mode = 0 OR ${alias}.id IN (
      SELECT ph.member_id FROM hearts ph WHERE ph.target_id = ${viewerId}
      UNION SELECT pr.requester_id FROM chat_requests pr WHERE pr.target_id = ${viewerId}
      UNION SELECT pq.target_id FROM chat_requests pq WHERE pq.requester_id = ${viewerId} AND pq.status = 'ACCEPTED'))`;
}

/** The member's own privacy choices (avoid list both ways, private mode) over a row under `alias`; one always sees oneself. */
export function privacyAllows(alias: SQL, viewerId: Ref): SQL {
  return sql`(${alias}.id = ${viewerId} OR (${notAvoidedEitherWay(alias, viewerId)} AND ${privateModeLetsSee(alias, viewerId)}))`;
}

/** The viewer is an adult (for a constant viewer id SQLite evaluates it once per statement). */
function viewerAdult(viewerId: Ref, c: VisibilityClock): SQL {
  return sql`EXISTS (SELECT 1 FROM members vw WHERE vw.id = ${viewerId} AND vw.birthday < ${c.cut})`;
}

/**
 * The rule over a members row already in the query under `alias` (no extra probe for the row):
 *   db.all(sql`SELECT … FROM members c WHERE … AND ${visibleRowTo(sql`c`, viewerId, now)}`)
 */
export function visibleRowTo(alias: SQL, viewerId: Ref, now: Date | VisibilityClock): SQL {
  const c = asClock(now);
  return sql`(${alias}.deleted_at IS NULL AND ${notBanned(alias, c)} AND ${adultRow(alias, c)}
    AND ${viewerAdult(viewerId, c)} AND ${notBlockedEitherWay(sql`${alias}.id`, viewerId)}
    AND ${privacyAllows(alias, viewerId)})`;
}

/**
 * The rule for the member whose id is in `memberIdColumn` (one primary-key probe of members):
 *   .where(and(eq(hearts.memberId, me), visibleTo(hearts.targetId, me, now)))
 */
export function visibleTo(memberIdColumn: Ref, viewerId: Ref, now: Date | VisibilityClock): SQL {
  return sql`EXISTS (SELECT 1 FROM members vis WHERE vis.id = ${memberIdColumn} AND ${visibleRowTo(sql`vis`, viewerId, now)})`;
}

/**
 * Records that outlive a withdrawal (community posts and comments, the matching history): the
 * same rule except that a withdrawn member's records stay (already anonymised to '탈퇴한 회원').
 * A banned, blocked or under-19 member's are hidden.
 */
export function authorShownTo(memberIdColumn: Ref, viewerId: Ref, now: Date | VisibilityClock): SQL {
  const c = asClock(now);
  return sql`(EXISTS (SELECT 1 FROM members au WHERE au.id = ${memberIdColumn} AND ${notBanned(sql`au`, c)}
      AND (au.deleted_at IS NOT NULL OR ${adultRow(sql`au`, c)}) AND ${privacyAllows(sql`au`, viewerId)})
    AND ${viewerAdult(viewerId, c)} AND ${notBlockedEitherWay(memberIdColumn, viewerId)})`;
}

/** Whether `targetId` is visible to `viewerId` now: one statement. */
export async function isVisible(db: Db, viewerId: number, targetId: number, now: Date): Promise<boolean> {
  const rows = await db.all<{ visible: number }>(visibleQuery(viewerId, targetId, now));
  return rows.length > 0;
}

/** isVisible's statement: one row (visible = 1) when `targetId` is visible to `viewerId` (for a batch: rawRead). */
export function visibleQuery(viewerId: number, targetId: number, now: Date): SQL {
  return sql`SELECT 1 AS visible FROM members t WHERE t.id = ${targetId} AND ${visibleRowTo(sql`t`, viewerId, now)}`;
}
