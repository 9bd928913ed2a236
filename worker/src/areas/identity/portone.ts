// PortOne V2's identity-verification read (`GET /identity-verifications/{id}`), the one call the
// Worker trusts about a person. Same request and answer as @portone/server-sdk's
// IdentityVerificationClient.getIdentityVerification (its types; its error shapes), made through
// portalFetch: the SDK calls the global fetch with no way to pass another, and a Worker cannot
// fetch its own origin, so with DEV_PORTAL=true the dev portal's emulation answers in-process on
// exactly this code path (docs/trust.md "Identity").
import type { IdentityVerification } from '@portone/server-sdk/identityVerification';
import { devPortalEnabled, type Env } from '../../lib/env';
import { portalFetch } from '../auth/portals/portal-fetch';

const PORTONE_API = 'https://api.portone.io';
/** The SDK's own User-Agent, so PortOne sees the same client either way. */
const USER_AGENT = 'portone-server-sdk-js/js-v0.19.0';

/** Where PortOne's REST API is: PORTONE_API_URL, else the dev portal (when on), else PortOne's. */
export function portoneBaseUrl(env: Env, origin: string): string {
  if (env.PORTONE_API_URL) return env.PORTONE_API_URL.replace(/\/$/, '');
  return devPortalEnabled(env) ? `${origin}/dev-portal/portone` : PORTONE_API;
}

export type PortoneAnswer =
  | { kind: 'FOUND'; verification: IdentityVerification }
  | { kind: 'NOT_FOUND' }
  /** Unauthorized, forbidden, a 5xx or an unreadable body: the provider could not be asked. */
  | { kind: 'FAILED'; detail: string };

export async function getIdentityVerification(env: Env, origin: string, id: string): Promise<PortoneAnswer> {
  const storeId = env.PORTONE_STORE_ID;
  const query = storeId ? `?storeId=${encodeURIComponent(storeId)}` : '';
  const url = `${portoneBaseUrl(env, origin)}/identity-verifications/${encodeURIComponent(id)}${query}`;
  let res: Response;
  try {
    res = await portalFetch(env, url, {
      method: 'GET',
      headers: { Authorization: `PortOne ${env.PORTONE_API_SECRET ?? ''}`, 'User-Agent': USER_AGENT },
    });
  } catch (err) {
    return { kind: 'FAILED', detail: err instanceof Error ? err.message : String(err) };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return { kind: 'FAILED', detail: `unreadable answer (${res.status})` };
  }
  const type = (body as { type?: unknown } | null)?.type;
  if (!res.ok) {
    // GetIdentityVerificationError's data: IDENTITY_VERIFICATION_NOT_FOUND | FORBIDDEN | INVALID_REQUEST | UNAUTHORIZED.
    if (res.status === 404 || type === 'IDENTITY_VERIFICATION_NOT_FOUND') return { kind: 'NOT_FOUND' };
    return { kind: 'FAILED', detail: `${res.status} ${String(type)}` };
  }
  if (!body || typeof body !== 'object' || typeof (body as { status?: unknown }).status !== 'string') {
    return { kind: 'FAILED', detail: 'answer without a status' };
  }
  return { kind: 'FOUND', verification: body as IdentityVerification };
}
