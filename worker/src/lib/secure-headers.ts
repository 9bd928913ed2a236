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

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const scripts = externalScriptHosts(c.env);
  const mw = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...scripts],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:', ...scripts],
      frameSrc: ["'self'", ...scripts],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
  });
  return mw(c, next);
});
