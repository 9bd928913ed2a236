// `npm start` prints its banner only after wrangler dev answers: the polling helper it waits with.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntilAnswering, type WaitOptions } from '../../scripts/wait-ready.mjs';

/** A clock that only moves when the helper sleeps, so no test waits for real time. */
function fakeTime() {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms) };
}

type Answer = number | 'refused' | 'hang';
function scripted(answers: Answer[]): NonNullable<WaitOptions['fetchImpl']> {
  let i = 0;
  return (url) => {
    const a = answers[Math.min(i++, answers.length - 1)] ?? 'refused';
    if (a === 'refused')
      return Promise.reject(new TypeError('fetch failed', { cause: new Error(`ECONNREFUSED ${url}`) }));
    if (a === 'hang') return new Promise(() => undefined);
    return Promise.resolve({ ok: a >= 200 && a < 300, status: a });
  };
}

describe('waitUntilAnswering', () => {
  it('resolves on the first 2xx, after refused connections and a 503', async () => {
    const result = await waitUntilAnswering('http://x/', {
      ...fakeTime(),
      fetchImpl: scripted(['refused', 'refused', 503, 200]),
    });
    expect(result).toMatchObject({ ok: true, attempts: 4 });
  });

  it('gives up after the timeout and says what the last answer was', async () => {
    const result = await waitUntilAnswering('http://x/', {
      ...fakeTime(),
      timeoutMs: 10_000,
      intervalMs: 1_000,
      fetchImpl: scripted(['refused']),
    });
    expect(result).toMatchObject({ ok: false, reason: 'timeout', attempts: 11 });
    expect(result.ok === false && result.last).toMatch(/ECONNREFUSED/);
    expect(result.ms).toBeGreaterThanOrEqual(10_000);
  });

  it('counts a request that hangs as a failed attempt instead of waiting forever', async () => {
    const result = await waitUntilAnswering('http://x/', {
      ...fakeTime(),
      timeoutMs: 3_000,
      requestTimeoutMs: 20,
      fetchImpl: scripted(['hang', 200]),
    });
    expect(result).toMatchObject({ ok: true, attempts: 2 });
  });

  it('stops at once when the server process has exited', async () => {
    let calls = 0;
    const result = await waitUntilAnswering('http://x/', {
      ...fakeTime(),
      stopped: () => calls >= 2,
      fetchImpl: (url, init) => {
        calls += 1;
        return scripted(['refused'])(url, init);
      },
    });
    expect(result).toMatchObject({ ok: false, reason: 'stopped', attempts: 2 });
  });

  describe('against a real server that starts late', () => {
    let server: Server | undefined;
    afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

    it('answers only once the server listens, asking for `/` as a browser navigation', async () => {
      // Find a free port, close it, and start listening there again 300 ms later.
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const { port } = probe.address() as AddressInfo;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      let listeningAt = 0;
      setTimeout(() => {
        // Like the Worker: `/` is the SPA shell for a browser navigation, a 404 for a plain fetch.
        server = createServer((req, res) => {
          res.statusCode = req.headers['sec-fetch-mode'] === 'navigate' ? 200 : 404;
          res.end();
        });
        server.listen(port, '127.0.0.1', () => (listeningAt = Date.now()));
      }, 300);
      const result = await waitUntilAnswering(`http://127.0.0.1:${port}/`, { timeoutMs: 10_000, intervalMs: 50 });
      expect(result.ok).toBe(true);
      expect(result.attempts).toBeGreaterThan(1);
      expect(listeningAt).toBeGreaterThan(0);
      expect(Date.now()).toBeGreaterThanOrEqual(listeningAt);
    });
  });
});
