// requireMember's activity stamp (members.last_active_at, a recommendation signal): the auth read
// brings the last stamp, and the row is written only when that stamp is over 5 minutes old — not
// one UPDATE per signed-in request.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { signAccessToken } from '../../src/lib/tokens';
import { seedMember } from '../helpers/matching';
import { recordingDb } from '../helpers/recording-db';

const NOW = '2031-03-03T12:00:00.000Z';
const minutesBefore = (m: number) => new Date(Date.parse(NOW) - m * 60_000).toISOString();

/** GET /api/on/ping as `memberId` at NOW; waits for the work done after the response. */
async function ping(memberId: number, db: D1Database): Promise<Response> {
  const token = await signAccessToken(env, memberId, new Date(NOW));
  const ctx = createExecutionContext();
  const res = await buildApp().fetch(
    new Request('http://localhost/api/on/ping', { headers: { Authorization: `Bearer ${token}` } }),
    { ...env, DB: db, FIXED_NOW: NOW },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

async function lastActiveAt(memberId: number): Promise<string | undefined> {
  const row = await env.DB.prepare('SELECT last_active_at AS at FROM members WHERE id = ?')
    .bind(memberId)
    .first<{ at: string }>();
  return row?.at;
}

const updates = (statements: string[]) => statements.filter((s) => /^update "members"/i.test(s));

describe('requireMember: last_active_at', () => {
  it('stamps a member whose last activity is over 5 minutes old', async () => {
    const id = await seedMember({ lastActiveAt: minutesBefore(60) });
    const { db, statements } = recordingDb();
    expect((await ping(id, db)).status).toBe(200);
    expect(await lastActiveAt(id)).toBe(NOW);
    expect(updates(statements)).toHaveLength(1);
  });

  it('sends no UPDATE at all when the stamp is recent, and leaves it as it was', async () => {
    const recent = minutesBefore(2);
    const id = await seedMember({ lastActiveAt: recent });
    const { db, statements } = recordingDb();
    expect((await ping(id, db)).status).toBe(200);
    expect(await lastActiveAt(id)).toBe(recent);
    expect(updates(statements)).toEqual([]);
    // The auth check is the request's only statement.
    expect(statements).toHaveLength(1);
  });

  it('writes once for a run of requests: the second one reads the fresh stamp', async () => {
    const id = await seedMember({ lastActiveAt: minutesBefore(6) });
    const { db, statements } = recordingDb();
    for (let i = 0; i < 3; i++) expect((await ping(id, db)).status).toBe(200);
    expect(await lastActiveAt(id)).toBe(NOW);
    expect(updates(statements)).toHaveLength(1);
  });
});
