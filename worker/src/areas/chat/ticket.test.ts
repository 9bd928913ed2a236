// Socket tickets are signed and checked by ticket.ts itself (HS256 with a key imported once):
// a genuine ticket opens its one channel until it expires; anything altered opens nothing.
import { env } from 'cloudflare:test';
import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../lib/tokens';
import { issueTicket, verifyTicket } from './ticket';

const now = new Date('2026-11-24T12:00:00Z');
const refused = (ticket: string | undefined, channel: `room:${number}` | 'live' = 'room:7', at = now) =>
  expect(verifyTicket(env, ticket, channel, at)).rejects.toMatchObject({
    code: ticket ? 'WS_TICKET_INVALID' : 'WS_TICKET_MISSING',
  });

describe('socket tickets', () => {
  it('open their own channel, for their member, until they expire', async () => {
    const { ticket, expiresAt } = await issueTicket(env, 42, 'room:7', now);
    const t = await verifyTicket(env, ticket, 'room:7', now);
    expect(t.memberId).toBe(42);
    expect(t.expiresMs).toBe(Date.parse(expiresAt));
    expect(t.jti).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    await refused(ticket, 'room:8');
    await refused(ticket, 'live');
    await refused(ticket, 'room:7', new Date(t.expiresMs));
  });

  it('is a standard HS256 JWT: one signed elsewhere with the same secret and claims is accepted', async () => {
    const exp = Math.floor(now.getTime() / 1000) + 30;
    const ticket = await sign({ typ: 'ws', sub: '5', ch: 'live', jti: 'abc', exp }, env.JWT_SECRET ?? '', 'HS256');
    expect((await verifyTicket(env, ticket, 'live', now)).memberId).toBe(5);
  });

  it('refuses altered, re-signed, unsigned and access tokens', async () => {
    const { ticket } = await issueTicket(env, 42, 'room:7', now);
    const [header, body, signature] = ticket.split('.') as [string, string, string];
    const claims = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const forgedBody = btoa(JSON.stringify({ ...claims, sub: '1' }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    await refused(`${header}.${forgedBody}.${signature}`); // someone else's id, old signature
    await refused(`${header}.${body}.${signature.slice(0, -2)}AA`); // signature changed
    await refused(`${header}.${body}.`); // no signature
    await refused(`${btoa('{"alg":"none","typ":"JWT"}').replace(/=+$/, '')}.${body}.`); // alg none
    await refused(`${ticket}.x`);
    await refused('not a ticket');
    await refused(undefined);
    await refused(await sign({ ...claims }, 'another-secret-0123456789abcdef0123456789', 'HS256'));
    await refused(await signAccessToken(env, 42, now)); // an access token is not a ticket
  });
});
