// Who is signed in on this device, for showing "mine" (my post, my profile): read from the
// access token's subject. Kept apart from the API modules so any screen can ask without loading them.
import { accessTokenStore } from './storage';

/** The signed-in member's id, read from the access token's subject (no verification needed here). */
export function currentMemberId(): number | null {
  const token = accessTokenStore.get();
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof json.sub === 'string' && /^\d+$/.test(json.sub) ? Number(json.sub) : null;
  } catch {
    return null;
  }
}
