// The D1 binding as the Worker reaches it (docs/performance.md "Round trips" and "Read replicas"):
// every request, queue batch, cron run and room object opens one D1 Sessions API session
// (`withSession`), and in development only — D1_LATENCY_MS together with DEV_PORTAL=true — every
// round trip to D1 waits a fixed delay first, so `npm run bench:latency` can count the round trips
// a call makes one after another (bench/latency/run.mjs); with D1_BUSY_RETRY (the browser suite) a
// round trip that met a database locked by another process is tried again.
import { D1_BOOKMARK_HEADER } from '../contract/limits';
import { devPortalEnabled, type Env } from './env';

/** The request/response header carrying a member's last D1 bookmark (docs/api-extensions.md). */
export { D1_BOOKMARK_HEADER };

/**
 * Development only (a wrapped binding: the latency simulator, D1_BUSY_RETRY, or a test's counting
 * binding): the answer's count of sequential D1 round trips before it, for bench/latency.
 */
export const D1_TRIPS_HEADER = 'x-d1-trips';

/** The longest delay the simulator accepts (a typo of 40000 must not hang every call for minutes). */
const MAX_LATENCY_MS = 2000;

/**
 * The simulated delay per D1 round trip, in ms: 0 (off) unless DEV_PORTAL is 'true' — the one
 * switch that separates development from production (lib/env.ts devPortalEnabled) — and
 * D1_LATENCY_MS is a positive number. Production never sets DEV_PORTAL, so it can never slow D1.
 */
export function d1LatencyMs(env: Pick<Env, 'DEV_PORTAL' | 'D1_LATENCY_MS'>): number {
  if (!devPortalEnabled(env as Env)) return 0;
  const ms = Number(env.D1_LATENCY_MS);
  return Number.isFinite(ms) && ms > 0 ? Math.min(Math.round(ms), MAX_LATENCY_MS) : 0;
}

/** Runs before each round trip to D1 (one statement's first/all/run/raw, one batch, one exec). */
export type BeforeTrip = () => void | Promise<void>;

const unwrapped = new WeakMap<object, D1PreparedStatement>();

/**
 * A wrapped session's round trips one after another: a trip that starts while none of the
 * session's trips is in flight opens a new wave; trips started together (Promise.all) share one.
 */
type Waves = { waves: number; inflight: number };
const wavesOf = new WeakMap<object, Waves>();

/** How many sequential round trips a session opened on a wrapped binding has made so far (else undefined). */
export function sequentialTrips(session: D1DatabaseSession): number | undefined {
  return wavesOf.get(session)?.waves;
}

/**
 * How a wrapped binding treats `SQLITE_BUSY`: local D1 is a SQLite file that never waits for a lock,
 * so a statement fails while another process (a test's direct SQL, `wrangler d1 execute`) holds the
 * file. Development only (D1_BUSY_RETRY with DEV_PORTAL): tried again a few times, a little later
 * each time. A busy statement or batch changed nothing, so trying it again is safe.
 */
const BUSY_TRIES = 6;
const BUSY_WAIT_MS = 25;
const isBusy = (err: unknown): boolean => /SQLITE_BUSY|database is locked/.test(String(err));

/** What a wrapped binding does around each round trip: `before` it, and whether a busy one is tried again. */
type TripRules = { before: BeforeTrip; retryBusy: boolean };

async function trip<R>(rules: TripRules, waves: Waves | undefined, call: () => Promise<R>): Promise<R> {
  if (waves) {
    if (waves.inflight === 0) waves.waves += 1;
    waves.inflight += 1;
  }
  try {
    await rules.before();
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (err) {
        if (!rules.retryBusy || attempt >= BUSY_TRIES || !isBusy(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, attempt * BUSY_WAIT_MS));
      }
    }
  } finally {
    if (waves) waves.inflight -= 1;
  }
}

function wrapStatement(stmt: D1PreparedStatement, rules: TripRules, waves?: Waves): D1PreparedStatement {
  const wrapped = new Proxy(stmt, {
    get(target, prop) {
      if (prop === 'bind') return (...values: unknown[]) => wrapStatement(target.bind(...values), rules, waves);
      if (prop === 'first' || prop === 'all' || prop === 'run' || prop === 'raw') {
        return (...args: unknown[]) =>
          trip(rules, waves, async () => (target[prop] as (...a: unknown[]) => unknown).apply(target, args));
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  unwrapped.set(wrapped, stmt);
  return wrapped;
}

/**
 * The binding (or a session of it) with `before` run ahead of every round trip: each statement's
 * first/all/run/raw, each batch (once for the whole batch), each exec, and the same for the
 * sessions it opens. Everything else (getBookmark, dump) passes through. `retryBusy`: a round trip
 * that met a locked local database is tried again (BUSY_TRIES).
 */
export function wrapD1<T extends D1Database | D1DatabaseSession>(
  d1: T,
  before: BeforeTrip,
  waves?: Waves,
  retryBusy = false,
): T {
  const rules: TripRules = { before, retryBusy };
  const wrapped = new Proxy(d1, {
    get(target, prop) {
      if (prop === 'prepare') return (query: string) => wrapStatement(target.prepare(query), rules, waves);
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) =>
          trip(rules, waves, () => target.batch(statements.map((s) => unwrapped.get(s) ?? s)));
      }
      if (prop === 'exec') {
        return (query: string) => trip(rules, waves, () => (target as D1Database).exec(query));
      }
      if (prop === 'withSession') {
        return (start?: string) =>
          wrapD1((target as D1Database).withSession(start), before, { waves: 0, inflight: 0 }, retryBusy);
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  if (waves) wavesOf.set(wrapped, waves);
  return wrapped;
}

const wrappedOf = new WeakMap<D1Database, D1Database>();

/** Whether a locked local database is tried again: development only (DEV_PORTAL) and D1_BUSY_RETRY=true. */
export function d1RetriesBusy(env: Pick<Env, 'DEV_PORTAL' | 'D1_BUSY_RETRY'>): boolean {
  return devPortalEnabled(env as Env) && env.D1_BUSY_RETRY === 'true';
}

const noWait: BeforeTrip = () => {};

/**
 * The D1 binding every part of the Worker uses: env.DB itself, or — only in development, with
 * D1_LATENCY_MS or D1_BUSY_RETRY set — env.DB behind the fixed delay and/or trying a locked
 * database again (one wrapper per binding object).
 */
export function d1Of(env: Env): D1Database {
  const ms = d1LatencyMs(env);
  const retryBusy = d1RetriesBusy(env);
  if (ms === 0 && !retryBusy) return env.DB;
  let d1 = wrappedOf.get(env.DB);
  if (!d1) {
    const before: BeforeTrip = ms === 0 ? noWait : () => new Promise<void>((resolve) => setTimeout(resolve, ms));
    d1 = wrapD1(env.DB, before, undefined, retryBusy);
    wrappedOf.set(env.DB, d1);
  }
  return d1;
}

// ------------------------------------------------------------------ sessions

/**
 * A D1 bookmark as D1 writes them (four hex groups, e.g. `00000085-0000024c-00004c6d-8e61…`):
 * anything else a client sends is ignored and the session starts as if none had been sent.
 */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;

export function validBookmark(value: string | null | undefined): string | null {
  return value && value.length <= 128 && BOOKMARK.test(value) ? value : null;
}

/** Where a session starts: the caller's bookmark, or a constraint (the freshest copy or any copy). */
export type SessionStart = D1SessionBookmark | D1SessionConstraint;

/**
 * How a request's session starts (docs/performance.md "Read replicas", one rule for every area):
 * the admin console and every write (not GET/HEAD) start on the primary — an operator reads what
 * members wrote a moment ago, and a write's own checks read the latest rows; a member's or a
 * visitor's read continues from the bookmark they sent (their last write is never missing) or, with
 * none, from any copy.
 */
export function sessionStartFor(method: string, path: string, bookmark: string | null): SessionStart {
  if (path === '/admin' || path.startsWith('/admin/')) return 'first-primary';
  if (method !== 'GET' && method !== 'HEAD') return 'first-primary';
  return validBookmark(bookmark) ?? 'first-unconstrained';
}

/** A session of the Worker's D1 binding (with the development delay when it is on). */
export function openSession(env: Env, start: SessionStart): D1DatabaseSession {
  return d1Of(env).withSession(start);
}
