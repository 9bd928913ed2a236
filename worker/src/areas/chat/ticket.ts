// Socket tickets: browsers cannot put a bearer header on a WebSocket, and a long-lived token in a
// URL ends up in logs. A member trades their bearer for a ticket that is valid for one channel,
// for CHAT_LIMITS.wsTicketTtlSeconds, and once (the Durable Object remembers spent ids).
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../contract/chat';
import type { Env } from '../../lib/env';
import { Unauthorized } from '../../lib/errors';
import { base64url, fromBase64url, randomToken } from '../../lib/crypto';
import { hmacKey } from '../../lib/tokens';

// Tickets are HS256 JWTs, signed and checked here with the access tokens' HMAC key (imported once
// per secret and isolate): one is issued and one verified for every socket, and hono/jwt would
// walk its general JOSE checks each time. Only this module issues them, so the header is fixed.
const HEADER = base64url(new TextEncoder().encode('{"alg":"HS256","typ":"JWT"}'));
const utf8 = new TextEncoder();

async function signTicket(env: Env, payload: Record<string, unknown>): Promise<string> {
  const unsigned = `${HEADER}.${base64url(utf8.encode(JSON.stringify(payload)))}`;
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(env), utf8.encode(unsigned));
  return `${unsigned}.${base64url(new Uint8Array(signature))}`;
}

/** The payload of a ticket whose header and signature are ours, else null. */
async function verifiedPayload(env: Env, ticket: string): Promise<Record<string, unknown> | null> {
  const parts = ticket.split('.');
  const [header, body, signature] = parts;
  if (parts.length !== 3 || header !== HEADER || !body || !signature) return null;
  try {
    const valid = await crypto.subtle.verify(
      'HMAC',
      await hmacKey(env),
      fromBase64url(signature),
      utf8.encode(`${header}.${body}`),
    );
    if (!valid) return null;
    const payload: unknown = JSON.parse(new TextDecoder().decode(fromBase64url(body)));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What a ticket opens: one room's socket, or the member's own live channel. */
export type TicketChannel = `room:${number}` | 'live';

export type VerifiedTicket = { memberId: number; jti: string; expiresMs: number };

export async function issueTicket(
  env: Env,
  memberId: number,
  channel: TicketChannel,
  now: Date,
): Promise<{ ticket: string; expiresAt: string }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + CHAT_LIMITS.wsTicketTtlSeconds;
  const payload = { typ: 'ws', sub: String(memberId), ch: channel, jti: randomToken(16), iat, exp };
  return { ticket: await signTicket(env, payload), expiresAt: new Date(exp * 1000).toISOString() };
}

/** The member a ticket was issued to, if it is genuine, unexpired and for this channel. */
export async function verifyTicket(
  env: Env,
  ticket: string | undefined,
  channel: TicketChannel,
  now: Date,
): Promise<VerifiedTicket> {
  if (!ticket) throw new Unauthorized(CHAT_MESSAGES.ticketMissing, 'WS_TICKET_MISSING');
  const payload = await verifiedPayload(env, ticket);
  if (!payload) throw new Unauthorized(CHAT_MESSAGES.ticketInvalid, 'WS_TICKET_INVALID');
  const exp = typeof payload.exp === 'number' ? payload.exp : 0;
  const valid =
    payload.typ === 'ws' &&
    payload.ch === channel &&
    typeof payload.jti === 'string' &&
    typeof payload.sub === 'string' &&
    /^\d+$/.test(payload.sub) &&
    exp * 1000 > now.getTime();
  if (!valid || typeof payload.jti !== 'string')
    throw new Unauthorized(CHAT_MESSAGES.ticketInvalid, 'WS_TICKET_INVALID');
  return { memberId: Number(payload.sub), jti: payload.jti, expiresMs: exp * 1000 };
}
