// One push message to one subscription (RFC 8030 §5): encrypt, sign, POST, and read the push
// service's answer as delivered / gone / retry later / rejected.
import { PUSH_LIMITS } from '../../contract/push';
import { fromBase64url } from '../../lib/crypto';
import { encryptPushMessage, type PushEncryptOptions } from './encrypt';
import { vapidAuthorization, type VapidKeys } from './vapid';

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export type PushOptions = {
  /** Seconds the push service keeps the message for an offline device (0 = deliver now or never). */
  ttl: number;
  urgency: PushUrgency;
  /** Replaces an undelivered message with the same topic: ≤ 32 base64url characters. */
  topic?: string;
};

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type SendContext = {
  now: Date;
  /** `http(s)://127.0.0.1|localhost|[::1]` endpoints too (DEV_PORTAL=true only). */
  allowLoopbackHttp: boolean;
  /** How many times this message was tried before (queue `attempts` − 1); drives the backoff. */
  retries?: number;
  fetcher?: typeof fetch;
  encryption?: PushEncryptOptions;
};

export type PushOutcome =
  | { kind: 'delivered'; status: number }
  /** 404/410: the subscription is dead; forget it. */
  | { kind: 'gone'; status: number }
  /** 429/5xx or the network: try again after `retryAfterSeconds`. */
  | { kind: 'retry'; status: number; retryAfterSeconds: number }
  /** 400/413 and other refusals: logged, never retried. */
  | { kind: 'rejected'; status: number };

/** Longest delay asked for (Queues accept at most 12 h); a longer Retry-After is cut to this. */
export const MAX_RETRY_DELAY_SECONDS = 12 * 3600;
const BACKOFF_BASE_SECONDS = 30;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The browsers' push services, the only hosts the Worker POSTs to (docs/notifications.md "Which
 * endpoints"): `exact` host names, or `suffix` = any host name under that domain.
 */
export const PUSH_SERVICE_HOSTS = [
  { exact: 'fcm.googleapis.com' }, // Chrome, Android, Samsung Internet, Opera (FCM)
  { suffix: 'push.services.mozilla.com' }, // Firefox (Mozilla autopush: updates.push.services.mozilla.com)
  { suffix: 'push.apple.com' }, // Safari (web.push.apple.com)
  { suffix: 'notify.windows.com' }, // Edge on Windows (WNS: *.notify.windows.com)
] as const;

const isPushServiceHost = (host: string) =>
  PUSH_SERVICE_HOSTS.some((h) => ('exact' in h ? host === h.exact : host.endsWith(`.${h.suffix}`)));

export type EndpointProblem = 'INVALID' | 'NOT_HTTPS' | 'NOT_ALLOWED';

/**
 * Why a push endpoint is refused, or null when it is acceptable: a URL in the form browsers give
 * (already serialised, so `https://2130706433/` or `HTTPS://FCM…` are refused), at most
 * `PUSH_LIMITS.endpointMaxLength` characters, no user info or fragment, `https:` on the default
 * port of a push service's host name. Loopback `http:`/`https:` only with DEV_PORTAL=true.
 */
export function endpointProblem(endpoint: string, allowLoopback: boolean): EndpointProblem | null {
  if (endpoint.length > PUSH_LIMITS.endpointMaxLength) return 'INVALID';
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'INVALID';
  }
  if (url.username || url.password || url.hash || url.href !== endpoint) return 'INVALID';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'INVALID';
  if (allowLoopback && LOOPBACK_HOSTS.has(url.hostname)) return null;
  if (url.protocol === 'http:') return 'NOT_HTTPS';
  // A service's host name on its default port: never an IP literal, another port or another host.
  return url.port === '' && isPushServiceHost(url.hostname) ? null : 'NOT_ALLOWED';
}

/** Seconds from a Retry-After value (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** Exponential backoff from 30 s (30, 60, 120 …), capped at 12 h. */
export function backoffSeconds(retries: number): number {
  return Math.min(MAX_RETRY_DELAY_SECONDS, BACKOFF_BASE_SECONDS * 2 ** Math.max(0, Math.min(retries, 20)));
}

/**
 * Our own backoff is the floor: a Retry-After may ask for longer (up to 12 h), never for sooner,
 * so a service answering `503, Retry-After: 1` gets 30 s, 60 s, 120 s … like any other failure.
 */
function retryDelay(response: Response | null, ctx: SendContext): number {
  const asked = response ? parseRetryAfter(response.headers.get('Retry-After'), ctx.now) : null;
  return Math.min(MAX_RETRY_DELAY_SECONDS, Math.max(backoffSeconds(ctx.retries ?? 0), asked ?? 0));
}

/** Sends `payload` (already serialised) to one subscription and classifies the answer. */
export async function sendWebPush(
  target: PushTarget,
  payload: Uint8Array,
  vapid: VapidKeys,
  options: PushOptions,
  ctx: SendContext,
): Promise<PushOutcome> {
  if (endpointProblem(target.endpoint, ctx.allowLoopbackHttp)) throw new Error('push endpoint refused');
  if (!Number.isInteger(options.ttl) || options.ttl < 0)
    throw new Error('push TTL must be a whole number of seconds ≥ 0');
  if (options.topic !== undefined && !TOPIC.test(options.topic))
    throw new Error('push topic must be 1–32 base64url characters');

  const body = await encryptPushMessage(
    fromBase64url(target.p256dh),
    fromBase64url(target.auth),
    payload,
    ctx.encryption,
  );
  const headers: Record<string, string> = {
    Authorization: await vapidAuthorization(vapid, target.endpoint, ctx.now),
    'Content-Encoding': 'aes128gcm',
    'Content-Type': 'application/octet-stream',
    TTL: String(options.ttl),
    Urgency: options.urgency,
  };
  if (options.topic) headers.Topic = options.topic;

  let response: Response;
  try {
    response = await (ctx.fetcher ?? fetch)(target.endpoint, { method: 'POST', headers, body, redirect: 'manual' });
  } catch (err) {
    console.warn(`push: ${new URL(target.endpoint).host} unreachable: ${(err as Error).message}`);
    return { kind: 'retry', status: 0, retryAfterSeconds: retryDelay(null, ctx) };
  }
  const status = response.status;
  // The body is never needed beyond a short reason in the log.
  const reason = status >= 300 ? (await response.text().catch(() => '')).slice(0, 200) : '';
  if (status < 300) await response.body?.cancel();

  if (status >= 200 && status < 300) return { kind: 'delivered', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) return { kind: 'retry', status, retryAfterSeconds: retryDelay(response, ctx) };
  console.warn(`push: ${new URL(target.endpoint).host} refused the message (${status}) ${reason}`);
  return { kind: 'rejected', status };
}
