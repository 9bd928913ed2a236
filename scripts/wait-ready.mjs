// Waits until a freshly started server answers, so `npm start` prints its banner only when the
// URLs in it work. Plain Node, no dependencies; typed by wait-ready.d.mts.

import http from 'node:http';

const sleepMs = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asked like a browser opening the page: the Worker serves the SPA shell only to navigations. */
const NAVIGATION = { redirect: 'manual', headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' } };

/**
 * One GET with node:http, not fetch: Node's fetch always sends `Sec-Fetch-Mode: cors`, which the
 * Worker (rightly) answers as an API call, not as a page.
 */
function httpGet(url, { headers }) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      res.resume();
      const status = res.statusCode ?? 0;
      resolve({ ok: status >= 200 && status < 300, status });
    });
    req.on('error', reject);
  });
}

/**
 * Polls `url` until a GET answers 2xx. Never throws: resolves `{ ok: true, ms, attempts }`, or
 * `{ ok: false, reason: 'timeout' | 'stopped', ms, attempts, last }` when `timeoutMs` passes or
 * `stopped()` turns true (the server process exited). A request that hangs counts as a failed
 * attempt after `requestTimeoutMs`; it is left to finish rather than aborted (ADR 0003: aborted
 * requests once took wrangler's dev proxy down).
 */
export async function waitUntilAnswering(url, options = {}) {
  const {
    timeoutMs = 120_000,
    intervalMs = 250,
    requestTimeoutMs = 5_000,
    stopped = () => false,
    fetchImpl = httpGet,
    now = Date.now,
    sleep = sleepMs,
  } = options;
  const started = now();
  let attempts = 0;
  let last = 'no answer yet';
  for (;;) {
    if (stopped()) return { ok: false, reason: 'stopped', ms: now() - started, attempts, last };
    attempts += 1;
    let timer;
    const hung = new Promise((resolve) => (timer = setTimeout(() => resolve(null), requestTimeoutMs)));
    try {
      const res = await Promise.race([fetchImpl(url, NAVIGATION), hung]);
      if (res && res.ok) return { ok: true, ms: now() - started, attempts };
      last = res ? `HTTP ${res.status}` : `no answer within ${requestTimeoutMs} ms`;
    } catch (err) {
      last = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    } finally {
      clearTimeout(timer);
    }
    if (stopped()) return { ok: false, reason: 'stopped', ms: now() - started, attempts, last };
    if (now() - started >= timeoutMs) return { ok: false, reason: 'timeout', ms: now() - started, attempts, last };
    await sleep(intervalMs);
  }
}
