// D1 through the Sessions API (docs/performance.md "Read replicas") and the development-only
// latency simulator (lib/d1.ts, bench/latency): how each request's session starts, a member's
// write answered with its bookmark and read back in the next request with it, garbage bookmarks
// ignored, and the delay impossible to turn on without DEV_PORTAL=true.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import {
  D1_BOOKMARK_HEADER,
  D1_TRIPS_HEADER,
  d1LatencyMs,
  d1Of,
  d1RetriesBusy,
  validBookmark,
  wrapD1,
} from '../../src/lib/d1';
import { signAccessToken } from '../../src/lib/tokens';
import { seedCandidate, seedMember } from '../helpers/matching';

const NOW = '2031-05-06T03:00:00.000Z';

/** env.DB recording how each session starts. */
function recordingDb(): { d1: D1Database; starts: (string | undefined)[] } {
  const starts: (string | undefined)[] = [];
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'withSession') {
        return (start?: string) => {
          starts.push(start);
          return target.withSession(start);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { d1, starts };
}

async function call(
  path: string,
  init: {
    method?: string;
    memberId?: number;
    bookmark?: string;
    d1?: D1Database;
    headers?: Record<string, string>;
  } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (init.memberId) headers.Authorization = `Bearer ${await signAccessToken(env, init.memberId, new Date(NOW))}`;
  if (init.bookmark !== undefined) headers[D1_BOOKMARK_HEADER] = init.bookmark;
  const ctx = createExecutionContext();
  const res = await buildApp().fetch(
    new Request(`http://localhost${path}`, { method: init.method ?? 'GET', headers }),
    { ...env, DB: init.d1 ?? env.DB, FIXED_NOW: NOW },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

let viewer: number;
let other: number;

beforeAll(async () => {
  viewer = await seedMember({ lastActiveAt: NOW });
  other = await seedCandidate({ lastActiveAt: NOW });
});

describe('D1 sessions', () => {
  it('reads the member’s own write in the next request that carries the write’s bookmark', async () => {
    const write = await call(`/api/on/heart/${other}`, { method: 'PUT', memberId: viewer });
    expect(write.status).toBe(200);
    const bookmark = write.headers.get(D1_BOOKMARK_HEADER);
    expect(validBookmark(bookmark)).toBe(bookmark);

    const { d1, starts } = recordingDb();
    const read = await call('/api/on/mypage/profile-likes?page=0&size=24', {
      memberId: viewer,
      bookmark: bookmark!,
      d1,
    });
    expect(read.status).toBe(200);
    expect(starts).toEqual([bookmark]);
    const likes = await read.json<{ content: { memberId: number }[] }>();
    expect(likes.content.map((l) => l.memberId)).toContain(other);
    // A read answers no bookmark: only writes move the member's bookmark forward.
    expect(read.headers.get(D1_BOOKMARK_HEADER)).toBeNull();
  });

  it('ignores a garbage bookmark (any copy, no error)', async () => {
    for (const garbage of ['garbage', '00000000-zzzz', 'x'.repeat(300), "'; DROP TABLE members; --"]) {
      const { d1, starts } = recordingDb();
      const res = await call('/api/on/mypage/profile-likes?page=0&size=24', {
        memberId: viewer,
        bookmark: garbage,
        d1,
      });
      expect(res.status, garbage).toBe(200);
      expect(starts).toEqual(['first-unconstrained']);
    }
    // Well formed but unknown to D1: still answered.
    const { d1 } = recordingDb();
    const res = await call('/api/on/mypage/profile-likes?page=0&size=24', {
      memberId: viewer,
      bookmark: `00000001-00000002-00000003-${'0'.repeat(32)}`,
      d1,
    });
    expect(res.status).toBeLessThan(500);
  });

  it('starts visitors’ reads on any copy, writes and the admin console on the primary', async () => {
    const cases: { path: string; method?: string; start: string }[] = [
      { path: '/notices', start: 'first-unconstrained' },
      { path: '/api/on/mypage/profile', start: 'first-unconstrained' },
      { path: `/api/on/heart/${other}`, method: 'DELETE', start: 'first-primary' },
      { path: '/admin/api/users', start: 'first-primary' },
    ];
    for (const c of cases) {
      const { d1, starts } = recordingDb();
      await call(c.path, { method: c.method, memberId: viewer, d1 });
      expect(starts, c.path).toEqual([c.start]);
    }
  });
});

describe('the D1 latency simulator', () => {
  it('is off unless DEV_PORTAL is true, whatever D1_LATENCY_MS says', () => {
    expect(d1LatencyMs({ D1_LATENCY_MS: '40', DEV_PORTAL: 'true' })).toBe(40);
    for (const DEV_PORTAL of [undefined, 'false', 'TRUE', '1', 'yes']) {
      expect(d1LatencyMs({ D1_LATENCY_MS: '40', DEV_PORTAL }), String(DEV_PORTAL)).toBe(0);
      expect(d1Of({ ...env, D1_LATENCY_MS: '40', DEV_PORTAL })).toBe(env.DB);
    }
    for (const D1_LATENCY_MS of [undefined, '', '0', '-5', 'abc']) {
      expect(d1LatencyMs({ D1_LATENCY_MS, DEV_PORTAL: 'true' }), String(D1_LATENCY_MS)).toBe(0);
    }
    expect(d1Of({ ...env, D1_LATENCY_MS: '40', DEV_PORTAL: 'true' })).not.toBe(env.DB);
  });

  it('tries a statement that met a locked local database again, only in development with D1_BUSY_RETRY', async () => {
    expect(d1RetriesBusy({ D1_BUSY_RETRY: 'true', DEV_PORTAL: 'true' })).toBe(true);
    for (const DEV_PORTAL of [undefined, 'false', '1']) {
      expect(d1RetriesBusy({ D1_BUSY_RETRY: 'true', DEV_PORTAL }), String(DEV_PORTAL)).toBe(false);
      expect(d1Of({ ...env, D1_BUSY_RETRY: 'true', DEV_PORTAL })).toBe(env.DB);
    }
    expect(d1RetriesBusy({ D1_BUSY_RETRY: 'yes', DEV_PORTAL: 'true' })).toBe(false);
    // A statement that is busy twice, then answers; a batch busy once; another error is not tried again.
    const calls = { first: 0, batch: 0, bad: 0 };
    const busy = () => new Error('D1_ERROR: database is locked: SQLITE_BUSY');
    const fake = {
      prepare: (query: string) => ({
        bind: () => fake.prepare(query),
        first: async () => {
          if (query === 'BAD') {
            calls.bad += 1;
            throw new Error('D1_ERROR: no such table: nope');
          }
          calls.first += 1;
          if (calls.first <= 2) throw busy();
          return { n: 1 };
        },
      }),
      batch: async () => {
        calls.batch += 1;
        if (calls.batch === 1) throw busy();
        return [];
      },
    } as unknown as D1Database;
    const retrying = wrapD1(fake, () => {}, undefined, true);
    expect(await retrying.prepare('SELECT 1').bind().first()).toEqual({ n: 1 });
    expect(calls.first).toBe(3);
    expect(await retrying.batch([])).toEqual([]);
    expect(calls.batch).toBe(2);
    await expect(retrying.prepare('BAD').first()).rejects.toThrow('no such table');
    expect(calls.bad).toBe(1);
    // Without the switch a busy database fails the call at once.
    calls.first = 0;
    await expect(
      wrapD1(fake, () => {})
        .prepare('SELECT 1')
        .first(),
    ).rejects.toThrow('SQLITE_BUSY');
    expect(calls.first).toBe(1);
  });

  it('runs once before every round trip: statements, a whole batch, exec and sessions’ calls', async () => {
    let trips = 0;
    const d1 = wrapD1(env.DB, () => {
      trips += 1;
    });
    const one = d1.prepare('SELECT ?1 AS n').bind(1);
    expect(trips).toBe(0); // preparing and binding go nowhere
    expect(await one.first<{ n: number }>()).toEqual({ n: 1 });
    await one.all();
    await one.raw();
    await one.run();
    expect(trips).toBe(4);
    const batch = await d1.batch([d1.prepare('SELECT 1 AS a'), d1.prepare('SELECT ?1 AS b').bind(2)]);
    expect(batch.map((r) => r.results[0])).toEqual([{ a: 1 }, { b: 2 }]);
    expect(trips).toBe(5);
    await d1.exec('SELECT 1');
    expect(trips).toBe(6);
    const session = d1.withSession('first-primary');
    await session.prepare('SELECT 1').first();
    await session.batch([session.prepare('SELECT 1'), session.prepare('SELECT 2')]);
    expect(trips).toBe(8);
    expect(session.getBookmark()).not.toBeUndefined();
  });

  it('serves the app with the delay on (DEV_PORTAL=true, D1_LATENCY_MS=1)', async () => {
    const ctx = createExecutionContext();
    const token = await signAccessToken(env, viewer, new Date(NOW));
    const res = await buildApp().fetch(
      new Request('http://localhost/api/on/mypage/profile', { headers: { Authorization: `Bearer ${token}` } }),
      { ...env, D1_LATENCY_MS: '1', DEV_PORTAL: 'true', FIXED_NOW: NOW },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    // The answer counts its sequential round trips for bench/latency (auth + the page's reads: one batch).
    expect(res.headers.get(D1_TRIPS_HEADER)).toBe('1');
    // Never on the real binding.
    const plain = await call('/api/on/mypage/profile', { memberId: viewer });
    expect(plain.status).toBe(200);
    expect(plain.headers.get(D1_TRIPS_HEADER)).toBeNull();
  });
});
