// The learned recommender's data: the behaviour it learns from (hearts, chat requests and their
// answers, cards passed over) and the vectors it writes (member_vectors). SQL only; training is
// train.ts, the daily job is job.ts.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../lib/env';
import type { LearnedInputs } from './blend';
import { attributeTokens } from './features';
import { decodePairModel, encodePairModel, pairLogit, type PairModel, type PairProfile } from './pair';
import { decodeVector, encodeVector, type MemberVector, type TrainEvent } from './train';

/**
 * Weights of the kinds of behaviour. An answer to a chat request says more than a glance at a
 * card, and says it either way, so accept and reject weigh the same; a card passed over is the
 * other outcome of the same observation as a heart (shown: liked or not), so it weighs as much
 * as a heart. (Unequal weights for the two outcomes of one observation — passed 0.5, reject 1
 * against accept 1.5 before — skew the learned probabilities differently per kind of event.)
 */
export const EVENT_WEIGHTS = { heart: 1, request: 1, accept: 1.5, reject: 1.5, passed: 1 } as const;

/** The name of the pair-weights row in recommender_model. */
export const MODEL_NAME = 'reciprocal';

/**
 * The most recent `limit` events since `since`, newest first: hearts (giver → target, liked),
 * chat requests (requester → target, liked), their answers (target → requester: accepted =
 * liked, rejected = not) and cards shown in recommendations that got neither a heart nor a
 * request from the viewer (passed over, not liked).
 */
export async function loadEvents(db: Db, since: string, limit: number): Promise<TrainEvent[]> {
  const w = EVENT_WEIGHTS;
  const rows = await db.all<{ f: number; t: number; l: number; w: number }>(sql`
    SELECT f, t, l, w FROM (
      SELECT member_id AS f, target_id AS t, 1 AS l, ${w.heart} AS w, created_at AS at
        FROM hearts WHERE created_at >= ${since}
      UNION ALL
      SELECT requester_id, target_id, 1, ${w.request}, created_at
        FROM chat_requests WHERE created_at >= ${since}
      UNION ALL
      SELECT target_id, requester_id, CASE status WHEN 'ACCEPTED' THEN 1 ELSE 0 END,
          CASE status WHEN 'ACCEPTED' THEN ${w.accept} ELSE ${w.reject} END, answered_at
        FROM chat_requests WHERE status IN ('ACCEPTED', 'REJECTED') AND answered_at >= ${since}
      UNION ALL
      SELECT h.member_id, h.profile_id, 0, ${w.passed}, h.shown_at
        FROM matching_history h
        WHERE h.shown_at >= ${since}
          AND NOT EXISTS (SELECT 1 FROM hearts x WHERE x.member_id = h.member_id AND x.target_id = h.profile_id)
          AND NOT EXISTS (SELECT 1 FROM chat_requests r WHERE r.requester_id = h.member_id AND r.target_id = h.profile_id)
    ) ORDER BY at DESC, f, t, l LIMIT ${limit}`);
  return rows.map((r) => ({ from: r.f, to: r.t, label: r.l === 1 ? 1 : 0, weight: r.w }));
}

/** Attribute tokens (features.ts) and pair-feature profiles (pair.ts) of the given members, 500 per statement. */
export async function loadAttributes(
  db: Db,
  ids: readonly number[],
): Promise<{ tokens: Map<number, string[]>; profiles: Map<number, PairProfile> }> {
  const tokens = new Map<number, string[]>();
  const profiles = new Map<number, PairProfile>();
  for (let i = 0; i < ids.length; i += 500) {
    const list = sql.raw(
      ids
        .slice(i, i + 500)
        .map((id) => String(Math.trunc(id)))
        .join(','),
    );
    const rows = await db.all<{
      id: number;
      gender: string;
      birthday: string;
      city: string | null;
      lat: number | null;
      lng: number | null;
      interests: string | null;
      mbti: string | null;
      smoking: string | null;
      drinking: string | null;
      lookingFor: string | null;
    }>(sql`SELECT m.id, m.gender, m.birthday, m.city, m.lat, m.lng,
        (SELECT group_concat(tag, '|') FROM member_interests WHERE member_id = m.id) AS interests,
        d.mbti, d.smoking, d.drinking, d.looking_for AS lookingFor
      FROM members m LEFT JOIN member_profile_details d ON d.member_id = m.id
      WHERE m.id IN (${list}) AND m.deleted_at IS NULL`);
    for (const r of rows) {
      const interests = r.interests ? r.interests.split('|') : [];
      tokens.set(r.id, attributeTokens({ ...r, interests }));
      profiles.set(r.id, { ...r, interests });
    }
  }
  return { tokens, profiles };
}

/**
 * Writes the vectors (100 rows a statement) and the pair weights, then drops the vectors of
 * members no longer trained.
 */
export async function storeVectors(
  db: Db,
  vectors: ReadonlyMap<number, MemberVector>,
  pair: PairModel,
  at: string,
): Promise<void> {
  await db.run(sql`INSERT INTO recommender_model (name, weights, trained_at) VALUES (${MODEL_NAME}, ${encodePairModel(pair)}, ${at})
    ON CONFLICT (name) DO UPDATE SET weights = excluded.weights, trained_at = excluded.trained_at`);
  const rows = [...vectors].map(([id, v]) => {
    const bias = Number.isFinite(v.bias) ? v.bias : 0;
    // The member's own pair slopes ride after the liker bias in taste (parseVectorText splits them off).
    const taste = v.slopes?.length ? Float32Array.from([...v.taste, ...v.slopes]) : v.taste;
    // Inlined: base64, numbers and an ISO time only (D1 allows 100 bound parameters a statement).
    return `(${Math.trunc(id)},'${encodeVector(taste)}','${encodeVector(v.appeal)}',${bias},${Math.trunc(v.events)},'${at.replace(/[^0-9TZ:.-]/g, '')}')`;
  });
  for (let i = 0; i < rows.length; i += 100) {
    await db.run(
      sql.raw(`INSERT INTO member_vectors (member_id, taste, appeal, bias, events, trained_at)
        SELECT column1, column2, column3, column4, column5, column6 FROM (VALUES ${rows.slice(i, i + 100).join(',')})
        WHERE column1 IN (SELECT id FROM members)
        ON CONFLICT (member_id) DO UPDATE SET taste = excluded.taste, appeal = excluded.appeal,
          bias = excluded.bias, events = excluded.events, trained_at = excluded.trained_at`),
    );
  }
  await db.run(sql`DELETE FROM member_vectors WHERE trained_at < ${at}`);
}

/**
 * Reads the "taste appeal bias events" text the pool query returns. Taste entries beyond
 * appeal's length are the member's own pair slopes (storeVectors).
 */
export function parseVectorText(text: string | null | undefined): MemberVector | null {
  if (!text) return null;
  const [tasteText, appealText, bias, events] = text.split(' ');
  if (!tasteText || !appealText) return null;
  const taste = decodeVector(tasteText);
  const appeal = decodeVector(appealText);
  const v: MemberVector = { taste, appeal, bias: Number(bias), events: Number(events) };
  if (taste.length > appeal.length) {
    v.taste = taste.subarray(0, appeal.length);
    v.slopes = taste.subarray(appeal.length);
  }
  return v;
}

/**
 * The ranking's learned inputs: the viewer's and the candidates' vectors and, with the stored
 * pair weights and both profiles, each candidate's pair part both ways. Undefined (formula
 * only) when the viewer has no vectors.
 */
export function learnedInputs(
  viewerVector: string | null,
  candidates: readonly { id: number; vector: string | null; profile: PairProfile }[],
  viewerProfile: PairProfile,
  modelText: string | null,
): LearnedInputs | undefined {
  const viewer = parseVectorText(viewerVector);
  if (!viewer) return undefined;
  const model = decodePairModel(modelText);
  const map = new Map<number, MemberVector>();
  const pair = new Map<number, [number, number]>();
  for (const c of candidates) {
    const v = parseVectorText(c.vector);
    if (!v) continue;
    map.set(c.id, v);
    if (model)
      pair.set(c.id, [
        pairLogit(model, viewerProfile, c.profile, viewer.slopes),
        pairLogit(model, c.profile, viewerProfile, v.slopes),
      ]);
  }
  return { viewer, candidates: map, pair };
}
