// ICE servers for the in-app call (docs/voice.md "Calls"): short-lived TURN credentials minted from
// Cloudflare Realtime TURN when the Worker has a TURN key (TURN_KEY_ID + TURN_KEY_API_TOKEN
// secrets), else the configured STUN list (CALL_STUN_URLS), else none (loopback needs none).
// Credentials are never logged; one minted set is reused by this isolate for a few minutes.
import { CALL_LIMITS, type IceServersResult } from '../../contract/calls';
import type { Env } from '../../lib/env';

type Cached = { value: IceServersResult['iceServers']; expiresMs: number; mintedMs: number };
let cached: Cached | null = null;

/** Tests: forget the isolate's minted set. */
export function forgetIceServers(): void {
  cached = null;
}

const turnUrl = (keyId: string) =>
  `https://rtc.live.cloudflare.com/v1/turn/keys/${encodeURIComponent(keyId)}/credentials/generate-ice-servers`;

/** The STUN list from configuration (comma-separated `stun:` URLs), as one ICE server or none. */
function configuredStun(env: Env): IceServersResult['iceServers'] {
  const urls = (env.CALL_STUN_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter((u) => /^stuns?:/.test(u));
  return urls.length > 0 ? [{ urls }] : [];
}

/**
 * Keeps only what a browser should try: the answer lists port 53 too, which browsers block or time
 * out on (Cloudflare's own advice is to drop those URLs for browsers).
 */
function usable(servers: unknown): IceServersResult['iceServers'] | null {
  const list = Array.isArray(servers) ? servers : [servers];
  const out: IceServersResult['iceServers'] = [];
  for (const s of list) {
    if (typeof s !== 'object' || s === null) return null;
    const { urls, username, credential } = s as Record<string, unknown>;
    const all = (Array.isArray(urls) ? urls : [urls]).filter((u): u is string => typeof u === 'string');
    const kept = all.filter((u) => !/:53(\?|$)/.test(u));
    if (kept.length === 0) continue;
    out.push({
      urls: kept,
      ...(typeof username === 'string' ? { username } : {}),
      ...(typeof credential === 'string' ? { credential } : {}),
    });
  }
  return out.length > 0 ? out : null;
}

export async function iceServers(
  env: Env,
  nowMs = Date.now(),
  fetcher: typeof fetch = fetch,
): Promise<IceServersResult> {
  const keyId = env.TURN_KEY_ID;
  const token = env.TURN_KEY_API_TOKEN;
  if (!keyId || !token) return { iceServers: configuredStun(env), ttlSeconds: 0 };
  if (cached && nowMs < cached.mintedMs + CALL_LIMITS.iceCacheSeconds * 1_000 && nowMs < cached.expiresMs) {
    return { iceServers: cached.value, ttlSeconds: Math.floor((cached.expiresMs - nowMs) / 1_000) };
  }
  try {
    const res = await fetcher(turnUrl(keyId), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ttl: CALL_LIMITS.iceTtlSeconds }),
    });
    if (!res.ok) throw new Error(`TURN credentials: HTTP ${res.status}`);
    const body: unknown = await res.json();
    const servers = usable((body as { iceServers?: unknown } | null)?.iceServers);
    if (!servers) throw new Error('TURN credentials: no ICE servers in the answer');
    cached = { value: servers, mintedMs: nowMs, expiresMs: nowMs + CALL_LIMITS.iceTtlSeconds * 1_000 };
    return { iceServers: servers, ttlSeconds: CALL_LIMITS.iceTtlSeconds };
  } catch (err) {
    // Only the status or the shape is logged, never the token or a credential.
    const message =
      err instanceof Error && err.message.startsWith('TURN credentials')
        ? err.message
        : 'TURN credentials: request failed';
    console.error(JSON.stringify({ level: 'error', where: 'call-ice-servers', message }));
    // A call may still connect without TURN (most networks): STUN as configured.
    return { iceServers: configuredStun(env), ttlSeconds: 0 };
  }
}
