// Outbound portal calls. A Worker cannot reliably fetch its own origin, so while the dev portal
// is on, requests for its paths are answered in-process by the dev portal's own Hono app; the
// adapters' code path (URLs, bodies, headers, parsing) stays exactly the production one.
import { devPortalEnabled, type Env } from '../../../lib/env';
import { naverPortalApp } from '../../dev-portal/naver-app';
import { portonePortalApp } from '../../dev-portal/portone-app';
import type { PortalFetcher } from './types';

const PORTAL_TIMEOUT_MS = 10_000;

export async function portalFetch(env: Env, url: string, init?: RequestInit): Promise<Response> {
  const target = new URL(url);
  // With the flag on, /dev-portal/ paths are this Worker's (the flag never reaches production).
  if (devPortalEnabled(env) && target.pathname.startsWith('/dev-portal/')) {
    const app = target.pathname.startsWith('/dev-portal/portone/') ? portonePortalApp : naverPortalApp;
    return app.fetch(new Request(target, init), env);
  }
  return fetch(target, { ...init, signal: init?.signal ?? AbortSignal.timeout(PORTAL_TIMEOUT_MS) });
}

export const portalFetcher =
  (env: Env): PortalFetcher =>
  (url, init) =>
    portalFetch(env, url, init);
