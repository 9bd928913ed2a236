// Security headers and the content security policy (self plus configured portal/map hosts).
import type { Env } from './env';

function externalScriptHosts(env: Env): string[] {
  // The postcode lookup and the map geocoder load only when a maps key is configured.
  const maps = env.KAKAO_MAPS_JS_KEY
    ? ['https://t1.daumcdn.net', 'https://postcode.map.daum.net', 'https://dapi.kakao.com', 'https://*.daumcdn.net']
    : [];
  // PortOne's browser SDK (본인확인) and its window, unless the dev portal's emulation stands in.
  const portone =
    env.PORTONE_STORE_ID && env.DEV_PORTAL !== 'true' ? ['https://cdn.portone.io', 'https://*.portone.io'] : [];
  return [...maps, ...portone];
}

/**
 * The chat sockets' own origin (ws://host or wss://host). CSP3's 'self' already covers it; naming
 * it keeps browsers whose 'self' predates CSP3 working, without opening sockets to any other host.
 */
export function socketOrigin(requestUrl: string): string {
  const url = new URL(requestUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

// The policy's headers as one list, built once per distinct policy (maps key on/off × socket
// origin) and kept for the isolate's life: a few hosts at most. Same headers and values as
// hono/secure-headers' defaults with our CSP and referrer policy (COEP off: the Kakao map's
// cross-origin scripts), set on every answer, overwriting whatever a handler set.
const built = new Map<string, readonly (readonly [string, string])[]>();

/** `scheme://host[:port]` of an absolute URL, by slicing (no URL parse on every request). */
const originPart = (url: string): string => {
  const path = url.indexOf('/', url.indexOf('//') + 2);
  return path === -1 ? url : url.slice(0, path);
};

function contentSecurityPolicy(scripts: string[], requestUrl: string): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scripts]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...scripts]],
    // A recording plays from the page's own object URL (the voice preview, a voice note still uploading).
    ['media-src', ["'self'", 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", socketOrigin(requestUrl), ...scripts]],
    ['frame-src', ["'self'", ...scripts]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Every security header for an answer to `requestUrl` under `env`'s configuration. */
export function securityHeaderList(env: Env, requestUrl: string): readonly (readonly [string, string])[] {
  const scripts = externalScriptHosts(env);
  const key = `${scripts.length}|${originPart(requestUrl)}`;
  let list = built.get(key);
  if (list) return list;
  if (built.size >= 16) built.clear();
  list = [
    ['Content-Security-Policy', contentSecurityPolicy(scripts, requestUrl)],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
  built.set(key, list);
  return list;
}

/** Puts the security headers onto an answer's own headers. */
export function applySecurityHeaders(env: Env, requestUrl: string, headers: Headers): void {
  for (const [name, value] of securityHeaderList(env, requestUrl)) headers.set(name, value);
}
