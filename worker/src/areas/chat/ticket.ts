// Socket tickets: browsers cannot put a bearer header on a WebSocket, and a long-lived token in a
// URL ends up in logs. A member trades their bearer for a ticket that is valid for one channel,
// for CHAT_LIMITS.wsTicketTtlSeconds, and once (the Durable Object remembers spent ids).
import { sign, verify } from 'hono/jwt';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../contract/chat';
import type { Env } from '../../lib/env';
import { Unauthorized } from '../../lib/errors';
import { randomToken } from '../../lib/crypto';
import { jwtSecret } from '../../lib/tokens';

// The HMAC key imported once per secret and isolate (hono/jwt would import it on every call: once
// for the ticket and once for the upgrade of every socket).
const ticketKeys = new Map<string, CryptoKey>();

async function ticketKey(env: Env): Promise<CryptoKey> {
  const secret = jwtSecret(env);
  const cached = ticketKeys.get(secret);
  if (cached) return cached;
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  ticketKeys.set(secret, key);
  return key;
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
  return { ticket: await sign(payload, await ticketKey(env), 'HS256'), expiresAt: new Date(exp * 1000).toISOString() };
}

/** The member a ticket was issued to, if it is genuine, unexpired and for this channel. */
export async function verifyTicket(
  env: Env,
  ticket: string | undefined,
  channel: TicketChannel,
  now: Date,
): Promise<VerifiedTicket> {
  if (!ticket) throw new Unauthorized(CHAT_MESSAGES.ticketMissing, 'WS_TICKET_MISSING');
  let payload;
  try {
    payload = await verify(ticket, await ticketKey(env), { alg: 'HS256', exp: false, iat: false, nbf: false });
  } catch {
    throw new Unauthorized(CHAT_MESSAGES.ticketInvalid, 'WS_TICKET_INVALID');
  }
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
