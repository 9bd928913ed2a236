// Who may be shown to whom: the viewer's own row, the hard filters (both directions) as SQL,
// and the bounded candidate pool the day's ranking is computed from (docs/matching.md).
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Gender, LookingFor } from '../../contract/enums';
import { matchingRankings, members } from '../../db/schema';
import type { Db } from '../../lib/env';

export type MatchViewer = {
  id: number;
  gender: Gender;
  lookingFor: LookingFor;
  birthday: string;
  romanceMatching: boolean;
  friendMatching: boolean;
  city: string | null;
  district: string | null;
  lat: number | null;
  lng: number | null;
  interests: string[];
  locationAgreed: boolean;
};

export type StoredRanking = { day: string; fingerprint: string; profileIds: string; computedAt: string };

/** Everything the filters compare against, computed once per request by the service. */
export type FilterBounds = {
  /** Candidate birthdays allowed (inclusive): within the age window of mine. */
  birthdayFrom: string;
  birthdayTo: string;
  /** Adults see only adults (born on or before `adultCut`), minors only minors. */
  adult: boolean;
  adultCut: string;
  nowIso: string;
  /** Saved-to-history profiles after this instant are still cooling down. */
  cooldownSince: string;
};

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
  const [viewers, rankings] = await db.batch([
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
  ]);
  const row = viewers[0];
  const viewer = row
    ? { ...row, interests: splitList(row.interests).sort(), locationAgreed: Boolean(row.locationAgreed) }
    : undefined;
  return { viewer, ranking: rankings[0] };
}

export const wantedGenders = (v: MatchViewer): Gender[] => (v.lookingFor === 'both' ? ['M', 'F'] : [v.lookingFor]);

/**
 * Hard filters on candidate `c` (members alias) for viewer `v`, both directions: not me, not
 * deleted, active (a lapsed temporary ban counts as active), they seek my gender, we share a
 * matching kind (romance/friend), birthdays inside the window, no block either way, no chat
 * request or match either way (pending, accepted or rejected). The gender I seek is left to the
 * caller (pools use it as an index prefix). With `cooldown`, also not saved to my history lately.
 */
export function hardFilters(v: MatchViewer, b: FilterBounds, { cooldown }: { cooldown: boolean }): SQL {
  const me = intLiteral(v.id);
  const kinds: SQL[] = [];
  if (v.romanceMatching) kinds.push(sql`c.romance_matching = 1`);
  if (v.friendMatching) kinds.push(sql`c.friend_matching = 1`);
  const parts: SQL[] = [
    sql`c.id <> ${me}`,
    sql`c.deleted_at IS NULL`,
    sql`(c.status = 'ACTIVE' OR (c.status = 'BANNED' AND c.banned_until IS NOT NULL AND c.banned_until <= ${b.nowIso}))`,
    sql`c.looking_for IN (${v.gender}, 'both')`,
    kinds.length > 0 ? sql`(${sql.join(kinds, sql` OR `)})` : sql`0`,
    sql`c.birthday BETWEEN ${b.birthdayFrom} AND ${b.birthdayTo}`,
    b.adult ? sql`c.birthday <= ${b.adultCut}` : sql`c.birthday > ${b.adultCut}`,
    sql`NOT EXISTS (SELECT 1 FROM blocks WHERE member_id = ${me} AND target_id = c.id)`,
    sql`NOT EXISTS (SELECT 1 FROM blocks WHERE member_id = c.id AND target_id = ${me})`,
    sql`NOT EXISTS (SELECT 1 FROM chat_requests WHERE requester_id = ${me} AND target_id = c.id AND status IN ('PENDING', 'ACCEPTED', 'REJECTED'))`,
    sql`NOT EXISTS (SELECT 1 FROM chat_requests WHERE requester_id = c.id AND target_id = ${me} AND status IN ('PENDING', 'ACCEPTED', 'REJECTED'))`,
  ];
  if (cooldown) {
    parts.push(
      sql`NOT EXISTS (SELECT 1 FROM matching_history WHERE member_id = ${me} AND profile_id = c.id AND shown_at > ${b.cooldownSince})`,
    );
  }
  return sql.join(parts, sql` AND `);
}

export type PoolSizes = { sameProvince: number; anywhere: number };

export type CandidateRow = {
  id: number;
  gender: Gender;
  birthday: string;
  city: string | null;
  lat: number | null;
  lng: number | null;
  lastActiveAt: string;
  interests: string | null;
  pendingRequests: number;
  peerHearts: number;
  viewerHearted: number;
  heartedViewer: number;
};

/**
 * The candidate pool: for each gender I seek, the most recently active members who pass every
 * hard filter — up to `sameProvince` from my province and `anywhere` from elsewhere — with what
 * scoring needs (interests, pending requests, hearts from members like me, hearts between us).
 */
export async function findCandidatePool(
  db: Db,
  v: MatchViewer,
  b: FilterBounds,
  sizes: PoolSizes,
  peer: { heartsSince: string; birthdayFrom: string; birthdayTo: string },
): Promise<CandidateRow[]> {
  const filters = hardFilters(v, b, { cooldown: true });
  const genders = wantedGenders(v);
  const pools: SQL[] = [];
  for (const gender of genders) {
    const share = (n: number) => Math.ceil(n / genders.length);
    if (v.city) {
      pools.push(sql`SELECT id FROM (SELECT c.id FROM members c WHERE c.gender = ${gender} AND c.city = ${v.city}
        AND ${filters} ORDER BY c.last_active_at DESC LIMIT ${intLiteral(share(sizes.sameProvince))})`);
    }
    const elsewhere = v.city ? sql`AND c.city IS NOT ${v.city}` : sql``;
    const anywhere = v.city ? sizes.anywhere : sizes.anywhere + sizes.sameProvince;
    pools.push(sql`SELECT id FROM (SELECT c.id FROM members c WHERE c.gender = ${gender} ${elsewhere}
      AND ${filters} ORDER BY c.last_active_at DESC LIMIT ${intLiteral(share(anywhere))})`);
  }
  const me = intLiteral(v.id);
  return db.all<CandidateRow>(sql`WITH pool(id) AS (${sql.join(pools, sql` UNION `)})
    SELECT c.id, c.gender, c.birthday, c.city, c.lat, c.lng, c.last_active_at AS lastActiveAt,
      (SELECT group_concat(tag, '|') FROM member_interests WHERE member_id = c.id) AS interests,
      (SELECT COUNT(*) FROM chat_requests WHERE target_id = c.id AND status = 'PENDING') AS pendingRequests,
      (SELECT COUNT(*) FROM hearts h JOIN members g ON g.id = h.member_id
        WHERE h.target_id = c.id AND h.created_at >= ${peer.heartsSince} AND g.gender = ${v.gender}
          AND g.birthday BETWEEN ${peer.birthdayFrom} AND ${peer.birthdayTo}) AS peerHearts,
      EXISTS (SELECT 1 FROM hearts WHERE member_id = ${me} AND target_id = c.id) AS viewerHearted,
      EXISTS (SELECT 1 FROM hearts WHERE member_id = c.id AND target_id = ${me}) AS heartedViewer
    FROM pool JOIN members c ON c.id = pool.id`);
}

export type HeartGiverRow = { gender: Gender; year: string; n: number };

/** Who hearted the viewer lately, counted by gender and birth year. */
export async function countHeartGivers(db: Db, viewerId: number, since: string): Promise<HeartGiverRow[]> {
  return db.all<HeartGiverRow>(sql`SELECT g.gender AS gender, substr(g.birthday, 1, 4) AS year, COUNT(*) AS n
    FROM hearts h JOIN members g ON g.id = h.member_id
    WHERE h.target_id = ${intLiteral(viewerId)} AND h.created_at >= ${since} AND g.deleted_at IS NULL
    GROUP BY 1, 2`);
}

export type CardRow = {
  id: number;
  name: string;
  birthday: string;
  city: string | null;
  district: string | null;
  interests: string | null;
  /** `slot:key` pairs joined by '|'. */
  images: string | null;
};

/** What a profile card shows, for candidate alias `c`. */
export const cardColumns = sql`c.id AS id, c.name AS name, c.birthday AS birthday, c.city AS city, c.district AS district,
  (SELECT group_concat(tag, '|') FROM member_interests WHERE member_id = c.id) AS interests,
  (SELECT group_concat(slot || ':' || object_key, '|') FROM member_images WHERE member_id = c.id) AS images`;

/** Cards for those of `ids` that still pass the hard filters right now (history cool-down aside). */
export async function findEligibleCards(
  db: Db,
  v: MatchViewer,
  b: FilterBounds,
  ids: readonly number[],
): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const genders = wantedGenders(v);
  return db.all<CardRow>(sql`SELECT ${cardColumns} FROM members c
    WHERE c.id IN (${sql.join(ids.map(intLiteral), sql`, `)})
      AND c.gender IN (${sql.join(
        genders.map((g) => sql`${g}`),
        sql`, `,
      )})
      AND ${hardFilters(v, b, { cooldown: false })}`);
}
