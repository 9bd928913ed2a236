// Builds the Hono app: request id + logging, the SPA/API path rule, security headers,
// each area's routes, static assets, and the one error handler.
import { Hono } from 'hono';
import { adminRoutes } from './areas/admin/routes';
import { authRoutes } from './areas/auth/routes';
import { blockRoutes } from './areas/blocks/routes';
import { chatRequestRoutes } from './areas/chat-requests/routes';
import { chatRoutes } from './areas/chat/routes';
import { callRoutes } from './areas/calls/routes';
import { communityAdminRoutes } from './areas/community/admin-routes';
import { communityRoutes } from './areas/community/routes';
import { devPortalRoutes } from './areas/dev-portal/routes';
import { locationRoutes } from './areas/location/routes';
import { matchingRoutes } from './areas/matching/routes';
import { mediaRoutes } from './areas/media/routes';
import { accountRoutes } from './areas/account/routes';
import { feedbackRoutes } from './areas/feedback/routes';
import { heartRoutes } from './areas/hearts/routes';
import { todayRoutes } from './areas/today/routes';
import { identityRoutes } from './areas/identity/routes';
import { mypageRoutes } from './areas/mypage/routes';
import { noticeRoutes } from './areas/notices/routes';
import { noticeShellLists } from './areas/notices/shell';
import { notificationRoutes } from './areas/notifications/routes';
import { profileDetailRoutes } from './areas/profile-details/routes';
import { photoVerificationRoutes } from './areas/photo-verification/routes';
import { profileRoutes } from './areas/profiles/routes';
import { pushRoutes } from './areas/push/routes';
import { reportRoutes } from './areas/reports/routes';
import { safetyNudgeRoutes } from './areas/safety-nudges/routes';
import { safetyRoutes } from './areas/safety/routes';
import { privacyRoutes } from './areas/privacy/routes';
import { valuesRoutes } from './areas/values/routes';
import { bodyLimitFor, withinBodyLimit } from './lib/body-limit';
import { D1_BOOKMARK_HEADER, D1_TRIPS_HEADER, sequentialTrips, sessionStartFor } from './lib/d1';
import { sessionDb } from './lib/db';
import { devPortalEnabled, type AppEnv } from './lib/env';
import { NotFound, errorBody, handleError } from './lib/errors';
import { applySecurityHeaders } from './lib/secure-headers';
import { assetResponse, pageShellFor, privateShellHeaders, serveShell } from './lib/spa';

/** Requests slower than this are logged (docs/performance.md). */
export const SLOW_REQUEST_MS = 1000;

export function buildApp() {
  const app = new Hono<AppEnv>();

  // One middleware for what every request gets (each extra app.use is another step of Hono's
  // dispatch on every request): the request id and database, browser navigations to page routes
  // answered with the SPA shell (even where an API path has the same name), then the security
  // headers, the id and the Worker's own duration on the answer's own headers (c.header() after
  // the handler copies the whole Response each time).
  app.use(async (c, next) => {
    const requestId = c.req.header('CF-Ray') ?? crypto.randomUUID();
    c.set('requestId', requestId);
    const method = c.req.method;
    // One D1 session per request (lib/d1.ts sessionStartFor: admin and writes on the primary, a
    // read from the member's last bookmark or any copy); a write answers with its new bookmark.
    const { db, session } = sessionDb(
      c.env,
      sessionStartFor(method, c.req.path, c.req.header(D1_BOOKMARK_HEADER) ?? null),
    );
    c.set('db', db);
    const started = Date.now();
    const shell = pageShellFor(method, c.req.raw.headers, c.req.path);
    if (shell) {
      c.res = await serveShell(c, shell, noticeShellLists);
      // 데이트 공유's public page (docs/privacy.md): its token is in the path.
      if (c.req.path.startsWith('/share/')) privateShellHeaders(c.res.headers);
    } else if (method === 'GET' || method === 'HEAD' || !c.req.raw.body) await next();
    else {
      // Each route's largest body, refused before anything reads it (lib/body-limit.ts).
      let fits = true;
      try {
        c.req.raw = await withinBodyLimit(c.req.raw, bodyLimitFor(new URL(c.req.url).pathname));
      } catch (err) {
        fits = false;
        c.res = handleError(err as Error, c);
      }
      if (fits) await next();
    }
    const ms = Date.now() - started;
    const headers = c.res.headers;
    applySecurityHeaders(c.env, c.req.url, headers);
    headers.set('X-Request-Id', requestId);
    headers.set('Server-Timing', `app;dur=${ms}`);
    if (method !== 'GET' && method !== 'HEAD') {
      const bookmark = session.getBookmark();
      if (bookmark) headers.set(D1_BOOKMARK_HEADER, bookmark);
    }
    // Only on a wrapped binding (development's D1_LATENCY_MS or D1_BUSY_RETRY, tests): never in production.
    const trips = sequentialTrips(session);
    if (trips !== undefined) headers.set(D1_TRIPS_HEADER, String(trips));
    // The runtime already records every request (method, URL, status, outcome): a line of our own
    // only for server errors and slow answers, with the request id to find the error log.
    if (c.res.status >= 500 || ms >= SLOW_REQUEST_MS) {
      console.warn(`${method} ${c.req.path} ${c.res.status} ${ms}ms ${requestId}`);
    }
  });

  app.route('/', authRoutes);
  app.route('/', identityRoutes);
  app.route('/', locationRoutes);
  app.route('/', matchingRoutes);
  app.route('/', blockRoutes);
  app.route('/', mediaRoutes);
  app.route('/', adminRoutes);
  app.route('/', chatRequestRoutes);
  app.route('/', chatRoutes);
  app.route('/', callRoutes);
  app.route('/', communityRoutes);
  app.route('/', communityAdminRoutes);
  app.route('/', mypageRoutes);
  app.route('/', accountRoutes);
  app.route('/', heartRoutes);
  app.route('/', todayRoutes);
  app.route('/', profileRoutes);
  app.route('/', reportRoutes);
  app.route('/', feedbackRoutes);
  app.route('/', noticeRoutes);
  app.route('/', notificationRoutes);
  app.route('/', pushRoutes);
  app.route('/', profileDetailRoutes);
  app.route('/', photoVerificationRoutes);
  app.route('/', safetyNudgeRoutes);
  app.route('/', safetyRoutes);
  app.route('/', privacyRoutes);
  app.route('/', valuesRoutes);
  // The dev portal exists only when DEV_PORTAL=true; otherwise its paths are plain 404s.
  app.use('/dev-portal/*', async (c, next) => {
    if (!devPortalEnabled(c.env)) throw new NotFound();
    await next();
  });
  app.route('/', devPortalRoutes);

  app.notFound(async (c) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      const path = new URL(c.req.url).pathname;
      if (!path.startsWith('/api/') && !path.startsWith('/dev-portal/')) {
        const asset = await c.env.ASSETS.fetch(c.req.raw);
        if (asset.status !== 404) return assetResponse(path, asset);
      }
    }
    return c.json(errorBody(new NotFound('요청한 주소를 찾을 수 없어요.'), c.get('requestId')), 404);
  });
  app.onError(handleError);
  return app;
}
