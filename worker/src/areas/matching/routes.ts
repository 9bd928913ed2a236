// Matching endpoints (api-contract "Matching", api-extensions nearby/popular/status). Member bearer only.
import { Hono, type Context } from 'hono';
import {
  DECK_PAGE_HEADER,
  RESUME_PAGE,
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
import {
  matchingStatus,
  recommend,
  recommendReads,
  resumeDeck,
  saveShownPage,
  statusReads,
  type MatchingContext,
} from './service';

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
// The viewer, the stored list and the last page saved since it: one round trip with the auth statement.
const statusRead = requireMemberAnd((_c, db, memberId) => statusReads(db, memberId));

// `?page=resume`: the page the status names, found with the status's reads (api-extensions); its
// number goes back in DECK_PAGE_HEADER, as the body is the contract's array.
const resumeWanted = (c: Context<AppEnv>) => c.req.query('page') === RESUME_PAGE;

matchingRoutes.get(
  `${BASE}/recommend`,
  (c, next) => (resumeWanted(c) ? statusRead : recommendRead).middleware(c, next),
  async (c) => {
    if (resumeWanted(c)) {
      const { page, cards } = await resumeDeck(contextOf(c), c.get('memberId'), statusRead.rows(c));
      c.header(DECK_PAGE_HEADER, String(page));
      return c.json<RecommendedProfile[]>(cards);
    }
    const { page } = parseWith(recommendQuery, c.req.query());
    const first = recommendRead.rows(c);
    return c.json<RecommendedProfile[]>(await recommend(contextOf(c), c.get('memberId'), page, first));
  },
);

matchingRoutes.post(`${BASE}/history/bulk`, requireMember, async (c) => {
  const body = parseWith(historyBulkBody, await jsonBody(c));
  return c.json<HistoryBulkResult>(await saveShownPage(contextOf(c), c.get('memberId'), body));
});

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
