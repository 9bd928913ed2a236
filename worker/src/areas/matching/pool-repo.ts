// The bounded candidate pool the day's ranking is computed from, in one round trip: the pool
// rows and the viewer's heart givers come back as two JSON arrays (one row, not hundreds).
import { sql, type SQL } from 'drizzle-orm';
import type { Gender } from '../../contract/enums';
import type { Db } from '../../lib/env';
import { heartExists } from '../hearts/repo';
import { hardFilters, intLiteral, wantedGenders } from './candidate-repo';
import type { FilterBounds, MatchViewer } from './viewer';

/** A member_vectors row as one text (parseVectorText in model/repo.ts reads it back). */
const VECTOR_TEXT = sql.raw(`mv.taste || ' ' || mv.appeal || ' ' || mv.bias || ' ' || mv.events`);

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
  viewerHearted: boolean;
  heartedViewer: boolean;
  /** Learned vectors (model/), "taste appeal bias events", or null when not trained. */
  vector: string | null;
  /** The learned model's pair features (model/pair.ts): "smoking|drinking|lookingFor", null without details. */
  lifestyle: string | null;
};

export type HeartGiverRow = { gender: Gender; year: string; n: number };

export type PoolQuery = {
  sizes: PoolSizes;
  /** Hearts counted from this instant on (both "hearts from members like me" and my givers). */
  heartsSince: string;
  /** "Members like me": my gender, birthdays in this range. */
  peerBirthdayFrom: string;
  peerBirthdayTo: string;
};

type CandidateTuple = [
  number,
  Gender,
  string,
  string | null,
  number | null,
  number | null,
  string,
  string | null,
  number,
  number,
  number,
  number,
  string | null,
  string | null,
];

/**
 * For each gender I seek, the most recently active members who pass every hard filter — up to
 * `sameProvince` from my province and `anywhere` from elsewhere (the two never overlap) — with
 * what scoring needs: interests, pending requests, hearts from members like me, hearts between us;
 * plus who hearted me lately, by gender and birth year.
 */
export async function findCandidatePool(
  db: Db,
  v: MatchViewer,
  b: FilterBounds,
  q: PoolQuery,
): Promise<{ candidates: CandidateRow[]; givers: HeartGiverRow[]; viewerVector: string | null; model: string | null }> {
  const filters = hardFilters(v, b, { cooldown: true });
  const genders = wantedGenders(v);
  const share = (n: number) => intLiteral(Math.ceil(n / genders.length));
  const pools: SQL[] = [];
  for (const gender of genders) {
    if (v.city) {
      pools.push(sql`SELECT * FROM (SELECT c.id, c.gender, c.birthday, c.city, c.lat, c.lng, c.last_active_at
        FROM members c WHERE c.gender = ${gender} AND c.city = ${v.city} AND ${filters}
        ORDER BY c.last_active_at DESC LIMIT ${share(q.sizes.sameProvince)})`);
    }
    const elsewhere = v.city ? sql`AND c.city IS NOT ${v.city}` : sql``;
    const anywhere = v.city ? q.sizes.anywhere : q.sizes.anywhere + q.sizes.sameProvince;
    pools.push(sql`SELECT * FROM (SELECT c.id, c.gender, c.birthday, c.city, c.lat, c.lng, c.last_active_at
      FROM members c WHERE c.gender = ${gender} ${elsewhere} AND ${filters}
      ORDER BY c.last_active_at DESC LIMIT ${share(anywhere)})`);
  }
  const me = intLiteral(v.id);
  const rows = await db.all<{
    candidates: string;
    givers: string;
    mine: string | null;
    model: string | null;
  }>(sql`WITH pool AS (${sql.join(pools, sql` UNION ALL `)})
    SELECT
      (SELECT json_group_array(json_array(p.id, p.gender, p.birthday, p.city, p.lat, p.lng, p.last_active_at,
        (SELECT group_concat(tag, '|') FROM member_interests WHERE member_id = p.id),
        (SELECT COUNT(*) FROM chat_requests WHERE target_id = p.id AND status = 'PENDING'),
        (SELECT COUNT(*) FROM hearts h JOIN members g ON g.id = h.member_id
          WHERE h.target_id = p.id AND h.created_at >= ${q.heartsSince} AND g.gender = ${v.gender}
            AND g.birthday BETWEEN ${q.peerBirthdayFrom} AND ${q.peerBirthdayTo}),
        ${heartExists(me, sql`p.id`)},
        ${heartExists(sql`p.id`, me)},
        (SELECT ${VECTOR_TEXT} FROM member_vectors mv WHERE mv.member_id = p.id),
        (SELECT ifnull(d.smoking, '') || '|' || ifnull(d.drinking, '') || '|' || ifnull(d.looking_for, '')
          FROM member_profile_details d WHERE d.member_id = p.id)
      )) FROM pool p) AS candidates,
      (SELECT ${VECTOR_TEXT} FROM member_vectors mv WHERE mv.member_id = ${me}) AS mine,
      (SELECT weights FROM recommender_model WHERE name = 'reciprocal') AS model,
      (SELECT json_group_array(json_array(gender, year, n)) FROM (
        SELECT g.gender AS gender, substr(g.birthday, 1, 4) AS year, COUNT(*) AS n
        FROM hearts h JOIN members g ON g.id = h.member_id
        WHERE h.target_id = ${me} AND h.created_at >= ${q.heartsSince} AND g.deleted_at IS NULL
        GROUP BY 1, 2)) AS givers`);
  const row = rows[0];
  const tuples = JSON.parse(row?.candidates ?? '[]') as CandidateTuple[];
  const givers = JSON.parse(row?.givers ?? '[]') as [Gender, string, number][];
  return {
    candidates: tuples.map((t) => ({
      id: t[0],
      gender: t[1],
      birthday: t[2],
      city: t[3],
      lat: t[4],
      lng: t[5],
      lastActiveAt: t[6],
      interests: t[7],
      pendingRequests: t[8],
      peerHearts: t[9],
      viewerHearted: t[10] === 1,
      heartedViewer: t[11] === 1,
      vector: t[12],
      lifestyle: t[13],
    })),
    givers: givers.map(([gender, year, n]) => ({ gender, year, n })),
    viewerVector: row?.mine ?? null,
    model: row?.model ?? null,
  };
}
