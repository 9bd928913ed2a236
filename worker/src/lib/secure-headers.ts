// Security headers and the content security policy (self plus configured portal/map hosts).
import { secureHeaders } from 'hono/secure-headers';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Env } from './env';

function externalScriptHosts(env: Env): string[] {
  // The postcode lookup and the map geocoder load only when a maps key is configured.
  return env.KAKAO_MAPS_JS_KEY
    ? ['https://t1.daumcdn.net', 'https://postcode.map.daum.net', 'https://dapi.kakao.com', 'https://*.daumcdn.net']
    : [];
}

/**
 * The chat sockets' own origin (ws://host or wss://host). CSP3's 'self' already covers it; naming
 * it keeps browsers whose 'self' predates CSP3 working, without opening sockets to any other host.
 */
export function socketOrigin(requestUrl: string): string {
  const url = new URL(requestUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

// Building the middleware (and its CSP string) costs more than applying it: one per distinct
// policy (maps key on/off × socket origin), kept for the isolate's life; a few hosts at most.
const built = new Map<string, ReturnType<typeof secureHeaders>>();

/** `scheme://host[:port]` of an absolute URL, by slicing (no URL parse on every request). */
const originPart = (url: string): string => {
  const path = url.indexOf('/', url.indexOf('//') + 2);
  return path === -1 ? url : url.slice(0, path);
};

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const scripts = externalScriptHosts(c.env);
  const key = `${scripts.length}|${originPart(c.req.url)}`;
  let mw = built.get(key);
  if (mw) return mw(c, next);
  if (built.size >= 16) built.clear();
  mw = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...scripts],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", socketOrigin(c.req.url), ...scripts],
      frameSrc: ["'self'", ...scripts],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
  });
  built.set(key, mw);
  return mw(c, next);
});
