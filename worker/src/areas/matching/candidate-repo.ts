// Who may be shown to whom: the viewer's own row and stored list, the hard filters (both
// directions) as SQL, and the profile cards of a page (docs/matching.md). The pool: pool-repo.ts.
import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { BatchResponse } from 'drizzle-orm/batch';
import type { Gender } from '../../contract/enums';
import { matchingRankings, members } from '../../db/schema';
import type { Db } from '../../lib/env';
import { heartExists } from '../hearts/repo';
import { visibleRowTo } from '../visibility/repo';
import { preferenceFilters, sharedDistanceSq } from './preference-filters';
import type { FilterBounds, MatchViewer } from './viewer';

export type StoredRanking = { day: string; fingerprint: string; profileIds: string; computedAt: string };

const splitList = (s: string | null): string[] => (s ? s.split('|') : []);

/** Ids are inlined (validated integers) so big lists never hit D1's 100-parameter limit. */
export function intLiteral(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer id: ${n}`);
  return sql.raw(String(n));
}

export async function loadViewerAndRanking(
  db: Db,
  memberId: number,
): Promise<{ viewer: MatchViewer | undefined; ranking: StoredRanking | undefined }> {
  return viewerAndRankingFrom(await db.batch(viewerAndRankingQueries(db, memberId)));
}

/** loadViewerAndRanking's two statements, for callers that batch them (recommend: with the auth statement). */
export function viewerAndRankingQueries(db: Db, memberId: number | Placeholder) {
  return [
    db
      .select({
        id: members.id,
        gender: members.gender,
        lookingFor: members.lookingFor,
        birthday: members.birthday,
        romanceMatching: members.romanceMatching,
        friendMatching: members.friendMatching,
        city: members.city,
        district: members.district,
        lat: members.lat,
        lng: members.lng,
        interests: sql<
          string | null
        >`(SELECT group_concat(tag, '|') FROM member_interests WHERE member_id = ${members.id})`,
        locationAgreed: sql<number>`EXISTS (SELECT 1 FROM member_agreements WHERE member_id = ${members.id} AND item = 'LOCATION' AND agreed = 1)`,
        prefAgeMin: sql<number | null>`(SELECT age_min FROM member_preferences WHERE member_id = ${members.id})`,
        prefAgeMax: sql<number | null>`(SELECT age_max FROM member_preferences WHERE member_id = ${members.id})`,
        prefMaxDistanceKm: sql<
          number | null
        >`(SELECT max_distance_km FROM member_preferences WHERE member_id = ${members.id})`,
        verifiedOnly: sql<
          number | null
        >`(SELECT verified_only FROM member_preferences WHERE member_id = ${members.id})`,
        details: sql<string | null>`${detailsJson(sql`${members.id}`)}`,
      })
      .from(members)
      .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
      .limit(1),
    db
      .select({
        day: matchingRankings.day,
        fingerprint: matchingRankings.fingerprint,
        profileIds: matchingRankings.profileIds,
        computedAt: matchingRankings.computedAt,
      })
      .from(matchingRankings)
      .where(eq(matchingRankings.memberId, memberId))
      .limit(1),
  ] as const;
}

type ViewerAndRankingRows = BatchResponse<ReturnType<typeof viewerAndRankingQueries>>;

export function viewerAndRankingFrom([viewers, rankings]: ViewerAndRankingRows): {
  viewer: MatchViewer | undefined;
  ranking: StoredRanking | undefined;
} {
  const row = viewers[0];
  const viewer = row
    ? {
        ...row,
        interests: splitList(row.interests).sort(),
        locationAgreed: Boolean(row.locationAgreed),
        verifiedOnly: Boolean(row.verifiedOnly),
      }
    : undefined;
  return { viewer, ranking: rankings[0] };
}

export const wantedGenders = (v: MatchViewer): Gender[] => (v.lookingFor === 'both' ? ['M', 'F'] : [v.lookingFor]);

/**
 * Hard filters on candidate `c` (members alias) for viewer `v`, both directions: not me, visible
 * to me by the visibility module (not withdrawn, no running ban, adult, no block either way), not
 * dormant, they seek my gender, we share a matching kind (romance/friend), birthdays inside the
 * window, no chat
 * request or match either way (pending, accepted or rejected), each inside the other's
 * preferences (preferenceFilters). The gender I seek is left to the
 * caller (pools use it as an index prefix). With `cooldown`, also not saved to my history lately.
 */
export function hardFilters(v: MatchViewer, b: FilterBounds, { cooldown }: { cooldown: boolean }): SQL {
  const me = intLiteral(v.id);
  const kinds: SQL[] = [];
  if (v.romanceMatching) kinds.push(sql`c.romance_matching = 1`);
  if (v.friendMatching) kinds.push(sql`c.friend_matching = 1`);
  const parts: SQL[] = [
    sql`c.id <> ${me}`,
    // The visibility module's rule (withdrawn, running ban, under 19, blocked either way), then
    // matching's own: a dormant (INACTIVE) member is not recommended.
    visibleRowTo(sql`c`, me, b.visibility),
    sql`c.status <> 'INACTIVE'`,
    sql`c.looking_for IN (${v.gender}, 'both')`,
    kinds.length > 0 ? sql`(${sql.join(kinds, sql` OR `)})` : sql`0`,
    sql`c.birthday BETWEEN ${b.birthdayFrom} AND ${b.birthdayTo}`,
    sql`NOT EXISTS (SELECT 1 FROM chat_requests WHERE requester_id = ${me} AND target_id = c.id AND status IN ('PENDING', 'ACCEPTED', 'REJECTED'))`,
    sql`NOT EXISTS (SELECT 1 FROM chat_requests WHERE requester_id = c.id AND target_id = ${me} AND status IN ('PENDING', 'ACCEPTED', 'REJECTED'))`,
    ...preferenceFilters(v, b),
  ];
  if (v.verifiedOnly) parts.push(photoVerifiedOnly);
  if (cooldown) {
    parts.push(
      sql`NOT EXISTS (SELECT 1 FROM matching_history WHERE member_id = ${me} AND profile_id = c.id AND shown_at > ${b.cooldownSince})`,
    );
  }
  return sql.join(parts, sql` AND `);
}

/**
 * 인증된 회원만 보기 (docs/trust.md "Verified photos"): the candidate's photo is verified. A named fragment so the
 * visibility module can take it over as it is.
 */
export const photoVerifiedOnly = sql`c.photo_verified_at IS NOT NULL`;

/** The `verified` flags a card carries, for candidate alias `c`: identity, then photo. */
const verifiedParts = [sql`c.identity_verified_at IS NOT NULL`, sql`c.photo_verified_at IS NOT NULL`] as const;

export type CardRow = {
  id: number;
  name: string;
  birthday: string;
  city: string | null;
  district: string | null;
  interests: string | null;
  /** `slot:key` pairs joined by '|'. */
  images: string | null;
  /** For the summary and reasons (docs/matching.md "Why this card"; absent from the popular list): JSON [height, job, mbti, goal, smoking, drinking]. */
  details?: string | DetailTuple | null;
  lastActiveAt?: string;
  heartedViewer?: number;
  /** Whole-km-grid distance when both members agreed to location use and have one, else null. */
  distanceSq?: number | null;
  /** 1 when identity / photo verified (docs/trust.md "Identity (본인확인)", "Verified photos"). */
  identityVerified: number;
  photoVerified: number;
};

/** detailsJson's columns: [height, job, mbti, goal, smoking, drinking]. */
export type DetailTuple = [number | null, string | null, string | null, string | null, string | null, string | null];

/** What a profile card shows, for candidate alias `c`. */
export const cardColumns = sql`c.id AS id, c.name AS name, c.birthday AS birthday, c.city AS city, c.district AS district,
  (SELECT group_concat(tag, '|') FROM member_interests WHERE member_id = c.id) AS interests,
  (SELECT group_concat(slot || ':' || object_key, '|') FROM member_images WHERE member_id = c.id) AS images,
  ${verifiedParts[0]} AS identityVerified, ${verifiedParts[1]} AS photoVerified`;

/** The visible detail columns a card summary and its reasons read (no free text). */
export const detailsJson = (
  id: SQL,
) => sql`(SELECT json_array(height_cm, job_category, mbti, looking_for, smoking, drinking)
  FROM member_profile_details WHERE member_id = ${id})`;

/** What a card's summary and reasons need besides the card (docs/matching.md "Why this card"): details, activity, a heart to me. */
function reasonParts(v: MatchViewer): SQL[] {
  const me = intLiteral(v.id);
  return [detailsJson(sql`c.id`), sql`c.last_active_at`, heartExists(sql`c.id`, me)];
}

/** The same as named columns, for list queries (nearby). */
export function reasonColumns(v: MatchViewer): SQL {
  const [details, active, hearted] = reasonParts(v);
  return sql`${details} AS details, ${active} AS lastActiveAt, ${hearted} AS heartedViewer`;
}

/** A card as one JSON array, in the order of `CardRow`'s fields (see `cardFromTuple`). */
const cardTuple = (v: MatchViewer, distanceSq: SQL) => sql`json_array(c.id, c.name, c.birthday, c.city, c.district,
  (SELECT group_concat(tag, '|') FROM member_interests WHERE member_id = c.id),
  (SELECT group_concat(slot || ':' || object_key, '|') FROM member_images WHERE member_id = c.id),
  ${sql.join(reasonParts(v), sql`, `)}, ${distanceSq}, ${sql.join([...verifiedParts], sql`, `)})`;

type CardTuple = [
  number,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  DetailTuple | null,
  string,
  number,
  number | null,
  number,
  number,
];

const cardFromTuple = (t: CardTuple): CardRow => ({
  id: t[0],
  name: t[1],
  birthday: t[2],
  city: t[3],
  district: t[4],
  interests: t[5],
  images: t[6],
  details: t[7],
  lastActiveAt: t[8],
  heartedViewer: t[9],
  distanceSq: t[10],
  identityVerified: t[11],
  photoVerified: t[12],
});

/**
 * Cards for those of `ids` that still pass the hard filters right now (history cool-down aside),
 * as a query that can join a batch. The cards come back as one JSON array in one row: the
 * viewer's own row anchors it, so D1 and libSQL map the batch result the same way. The unary
 * `+` keeps SQLite on the primary key: with a bare `c.gender IN (…)` it chose the gender index
 * and walked half the members table (14 ms instead of 1 ms at 100,000 members).
 */
export function eligibleCardsQuery(db: Db, v: MatchViewer, b: FilterBounds, ids: readonly number[]) {
  const list = ids.length > 0 ? sql.join(ids.map(intLiteral), sql`, `) : sql`NULL`;
  const genders = sql.join(
    wantedGenders(v).map((g) => sql`${g}`),
    sql`, `,
  );
  return db
    .select({
      cards: sql<string | null>`(SELECT json_group_array(${cardTuple(v, sharedDistanceSq(v))}) FROM members c
        WHERE c.id IN (${list}) AND +c.gender IN (${genders}) AND ${hardFilters(v, b, { cooldown: false })})`,
    })
    .from(members)
    .where(eq(members.id, v.id));
}

export function cardsOf(result: { cards: string | null }[]): CardRow[] {
  return (JSON.parse(result[0]?.cards ?? '[]') as CardTuple[]).map(cardFromTuple);
}
