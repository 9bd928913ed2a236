// Who is signed in on this device, read from the access token's claims (no verification here: the
// Worker verifies every call). Kept apart from the API modules so any screen can ask without loading them.
import { base64urlToText } from './base64url';
import { accessTokenStore } from './storage';

/** A JWT's payload claims, or null when it is not a readable JWT. */
export function tokenClaims(token: string | null | undefined): { sub?: unknown; exp?: unknown } | null {
  const body = token?.split('.')[1];
  if (!body) return null;
  try {
    const payload: unknown = JSON.parse(base64urlToText(body));
    return typeof payload === 'object' && payload !== null ? (payload as { sub?: unknown; exp?: unknown }) : null;
  } catch {
    return null;
  }
}

/** The signed-in member's id, read from the access token's subject. */
export function currentMemberId(): number | null {
  const sub = tokenClaims(accessTokenStore.get())?.sub;
  return typeof sub === 'string' && /^\d+$/.test(sub) ? Number(sub) : null;
}
