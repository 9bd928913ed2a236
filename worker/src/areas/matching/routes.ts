// Matching endpoints (api-contract "Matching", api-extensions nearby/popular/status). Member bearer only.
import { Hono, type Context } from 'hono';
import {
  historyBulkBody,
  nearbyQuery,
  recommendQuery,
  type HistoryBulkResult,
  type MatchingStatus,
  type NearbyPage,
  type PopularProfile,
  type RecommendedProfile,
} from '../../contract/matching';
import { nowDate } from '../../lib/clock';
import type { AppEnv } from '../../lib/env';
import { requireMember, requireMemberAnd } from '../members/member-auth';
import { jsonBody, parseWith } from '../../lib/validation';
import { nearby, popular, popularRead } from './lists-service';
import { matchingStatus, recommend, recommendReads, saveShownPage, statusReads, type MatchingContext } from './service';

export const matchingRoutes = new Hono<AppEnv>();

const BASE = '/api/on/matching';

const contextOf = (c: Context<AppEnv>): MatchingContext => ({
  db: c.get('db'),
  now: nowDate(c.env),
  defer: (work) =>
    c.executionCtx.waitUntil(
      work.catch((err: unknown) =>
        console.error(
          JSON.stringify({ level: 'error', message: 'matching: deferred write failed', error: String(err) }),
        ),
      ),
    ),
});

// The viewer's row and stored list are read in the same D1 round trip as the auth statement.
const recommendRead = requireMemberAnd((_c, db, memberId) => recommendReads(db, memberId));

matchingRoutes.get(`${BASE}/recommend`, recommendRead.middleware, async (c) => {
  const { page } = parseWith(recommendQuery, c.req.query());
  const first = recommendRead.rows(c);
  return c.json<RecommendedProfile[]>(await recommend(contextOf(c), c.get('memberId'), page, first));
});

matchingRoutes.post(`${BASE}/history/bulk`, requireMember, async (c) => {
  const body = parseWith(historyBulkBody, await jsonBody(c));
  return c.json<HistoryBulkResult>(await saveShownPage(contextOf(c), c.get('memberId'), body));
});

// The viewer, the stored list and the last page saved since it: one round trip with the auth statement.
const statusRead = requireMemberAnd((_c, db, memberId) => statusReads(db, memberId));

matchingRoutes.get(`${BASE}/status`, statusRead.middleware, (c) =>
  c.json<MatchingStatus>(matchingStatus(contextOf(c), statusRead.rows(c))),
);

matchingRoutes.get(`${BASE}/nearby`, requireMember, async (c) => {
  const { radiusKm, page } = parseWith(nearbyQuery, c.req.query());
  return c.json<NearbyPage>(await nearby(contextOf(c), c.get('memberId'), radiusKm, page));
});

// The top hearts read in the same D1 round trip as the auth statement (then the 가치관 answers).
const popularReads = requireMemberAnd((c, db, memberId) => [popularRead(db, memberId, nowDate(c.env))] as const);

matchingRoutes.get(`${BASE}/popular`, popularReads.middleware, async (c) =>
  c.json<PopularProfile[]>(await popular(contextOf(c), c.get('memberId'), popularReads.rows(c)[0])),
);
