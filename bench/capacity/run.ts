// `npm run bench:capacity`: one simulated day of member actions replayed against a local libSQL
// copy of D1 (the project's migrations), through the Worker's own repo functions, with a counter
// on every statement (reads vs writes, rows returned / changed, by feature). Prints statements per
// active member per day, then scales them to 100,000 daily actives at the evening peak, and the
// bytes each table grows by per day (SQLite's dbstat, before vs after the day) × 365.
//   tsx bench/capacity/run.ts [--members 5000] [--actives 1000] [--dau 100000] [--peak 3] [--seed 5]
// Assumptions and how the figures are used: docs/capacity.md.
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient, type Client, type InStatement, type InValue, type ResultSet } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { consumeOauthState, insertOauthState } from '../../worker/src/areas/auth/repo';
import {
  findRefreshToken,
  insertFamilyWithToken,
  insertRefreshToken,
  markRotated,
} from '../../worker/src/areas/auth/refresh-repo';
import { acceptRequest, insertPendingIfNone, listPendingFor } from '../../worker/src/areas/chat-requests/repo';
import { findMemberAndRoom, listRoomsOf, writeRoomSummary, writeRoomTruth } from '../../worker/src/areas/chat/repo';
import { insertComment, listComments } from '../../worker/src/areas/community/comments-repo';
import { addLike, recordView } from '../../worker/src/areas/community/reactions-repo';
import { findVisiblePost, insertPost, listPosts } from '../../worker/src/areas/community/repo';
import { insertHeart } from '../../worker/src/areas/hearts/repo';
import { loadViewerAndRanking } from '../../worker/src/areas/matching/candidate-repo';
import { rankForViewer } from '../../worker/src/areas/matching/ranking';
import { saveHistory } from '../../worker/src/areas/matching/ranking-repo';
import { findMemberAuthState, touchLastActive } from '../../worker/src/areas/members/repo';
import { listHearted } from '../../worker/src/areas/mypage/repo';
import { countUnread, listNotifications, writeNotification } from '../../worker/src/areas/notifications/repo';
import { readModal } from '../../worker/src/areas/profiles/repo';
import { listSubscriptionsOf } from '../../worker/src/areas/push/repo';
import type { NotificationKind } from '../../worker/src/contract/notifications';
import * as schema from '../../worker/src/db/schema';
import type { Db } from '../../worker/src/lib/env';
import { ROOT } from '../../scripts/demo/local-state';
import { seededRandom, type Random } from '../../scripts/demo/random';
import { loadPopulation } from '../recommend/generate';
import { generatePopulation, seeks } from '../recommend/population';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '5000' },
    actives: { type: 'string', default: '1000' },
    dau: { type: 'string', default: '100000' },
    peak: { type: 'string', default: '3' },
    seed: { type: 'string', default: '5' },
  },
});
const DAY = 86_400_000;
const MIN = 60_000;

// ── counting ────────────────────────────────────────────────────────────────────────────────
const FEATURES = [
  'sign-in',
  'token refresh',
  'auth check',
  'recommend',
  'day lists',
  'hearts',
  'profile views',
  'community',
  'chat requests',
  'chat connect',
  'chat summary',
  'notifications',
] as const;
type Feature = (typeof FEATURES)[number] | 'setup';
type Count = { reads: number; writes: number; rowsRead: number; rowsWritten: number; ms: number };
const counts = new Map<Feature, Count>();
let feature: Feature = 'setup';
/** Durable Object storage writes (its own SQLite, not D1), counted apart. */
const doWrites = { messages: 0, readMarks: 0, tickets: 0, summaryState: 0, messageBytes: 0 };

const isWrite = (sql: string) => /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql.replace(/^\s*(--[^\n]*\n\s*)*/, ''));
const sqlOf = (s: InStatement) => (typeof s === 'string' ? s : s.sql);

const zero = (): Count => ({ reads: 0, writes: 0, rowsRead: 0, rowsWritten: 0, ms: 0 });

function tally(sql: string, r: ResultSet, ms: number): void {
  const c = counts.get(feature) ?? zero();
  c.ms += ms;
  if (isWrite(sql)) {
    c.writes += 1;
    // A statement with RETURNING reports its rows, not always rowsAffected: take the larger.
    c.rowsWritten += Math.max(r.rowsAffected, r.rows.length);
  } else {
    c.reads += 1;
    c.rowsRead += r.rows.length;
  }
  counts.set(feature, c);
}

/** The libSQL client with every statement counted under the current feature. */
function counted(client: Client): Client {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'execute') {
        return async (stmt: InStatement | string, a?: InValue[]) => {
          const s: InStatement = typeof stmt === 'string' && a ? { sql: stmt, args: a } : stmt;
          const t0 = performance.now();
          const r = await target.execute(s);
          tally(sqlOf(s), r, performance.now() - t0);
          return r;
        };
      }
      if (prop === 'batch') {
        return async (stmts: InStatement[], mode?: 'write' | 'read' | 'deferred') => {
          const t0 = performance.now();
          const rs = await target.batch(stmts, mode ?? 'deferred');
          const each = (performance.now() - t0) / Math.max(1, rs.length);
          rs.forEach((r, i) => tally(sqlOf(stmts[i] as InStatement), r, each));
          return rs;
        };
      }
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

/** Just enough of D1's client API (prepare/bind/all/first/run/batch) over libSQL for the repos that use it. */
function d1Shim(client: Client) {
  const toObjects = (r: ResultSet) => r.rows.map((row) => Object.fromEntries(r.columns.map((col, i) => [col, row[i]])));
  const stmt = (sql: string, args: InValue[] = []) => ({
    sql,
    args,
    bind: (...a: InValue[]) => stmt(sql, a),
    all: async () => ({ results: toObjects(await client.execute({ sql, args })), success: true, meta: {} }),
    first: async (col?: string) => {
      const row = toObjects(await client.execute({ sql, args }))[0];
      return row === undefined ? null : col ? row[col] : row;
    },
    run: async () => {
      const r = await client.execute({ sql, args });
      return { results: toObjects(r), success: true, meta: { changes: r.rowsAffected } };
    },
    raw: async () => {
      const r = await client.execute({ sql, args });
      return r.rows.map((row) => r.columns.map((_, i) => row[i]));
    },
  });
  return {
    prepare: (sql: string) => stmt(sql),
    batch: async (list: { sql: string; args: InValue[] }[]) =>
      (
        await client.batch(
          list.map((s) => ({ sql: s.sql, args: s.args })),
          'write',
        )
      ).map((r) => ({
        results: toObjects(r),
        success: true,
        meta: { changes: r.rowsAffected },
      })),
  };
}

async function freshDb(dir: string): Promise<{ db: Db; raw: Client; close: () => void }> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const raw = createClient({ url: `file:${path.join(dir, 'capacity.sqlite')}` });
  const migrations = path.join(ROOT, 'migrations');
  for (const file of readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    for (const statement of readFileSync(path.join(migrations, file), 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await raw.execute(statement);
    }
  }
  const client = counted(raw);
  const db = drizzle(client, { schema }) as unknown as Db;
  // acceptRequest and findMemberAndRoom go to the D1 client behind the handle: give them the shim.
  Object.defineProperty(db, '$client', { value: d1Shim(client), configurable: true });
  return { db, raw, close: () => raw.close() };
}

/** Bytes per table (data + its indexes) from SQLite's dbstat, or null when it is not compiled in. */
async function tableBytes(raw: Client): Promise<Map<string, number> | null> {
  try {
    const r = await raw.execute(
      `SELECT coalesce(m.tbl_name, d.name) AS t, sum(d.pgsize) AS bytes
       FROM dbstat d LEFT JOIN sqlite_master m ON m.name = d.name GROUP BY t`,
    );
    return new Map(r.rows.map((row) => [String(row.t), Number(row.bytes)]));
  } catch {
    return null;
  }
}

// ── the day ─────────────────────────────────────────────────────────────────────────────────
const iso = (ms: number) => new Date(ms).toISOString();
const hex = (rng: Random) =>
  Math.floor(rng.next() * 2 ** 52).toString(16) + Math.floor(rng.next() * 2 ** 52).toString(16);
const HEART_TEXT = '님이 마음을 보냈어요';

async function notify(
  db: Db,
  memberId: number,
  actorId: number | null,
  kind: NotificationKind,
  group: string,
  at: string,
) {
  // The queue consumer: the guarded insert-or-collapse, then the member's push subscriptions.
  feature = 'notifications';
  const w = await writeNotification(db, {
    memberId,
    kind,
    groupKey: group,
    actorId,
    text: HEART_TEXT,
    link: '/main',
    count: 1,
    at,
    collapse: true,
  });
  if (w?.announce) await listSubscriptionsOf(db, memberId);
}

/** API calls of a session: each one an auth read, the activity stamp when older than 5 minutes. */
async function apiCall(db: Db, memberId: number, now: number, lastStamp: Map<number, number>) {
  feature = 'auth check';
  await findMemberAuthState(db, memberId);
  const last = lastStamp.get(memberId) ?? 0;
  if (now - last > 5 * MIN) {
    await touchLastActive(db, memberId, iso(now), iso(now - 5 * MIN));
    lastStamp.set(memberId, now);
  }
}

type Room = { id: number; a: number; b: number; messages: number };

async function main(): Promise<void> {
  const started = performance.now();
  const seed = Number(args.seed);
  const rng = seededRandom(seed);
  const start = Date.parse('2026-11-20T00:00:00Z');
  const members = generatePopulation(seededRandom(seed), Number(args.members), 1, new Date(start));
  const { db, raw, close } = await freshDb('/tmp/ongi-bench-capacity');
  try {
    // Setup (not counted in the figures): population with two weeks of hearts, posts, open rooms.
    await loadPopulation(raw, members, [], seed);
    const active = members.filter((m) => m.status === 'ACTIVE' && (m.romanceMatching || m.friendMatching));
    const posts: number[] = [];
    for (let i = 0; i < 300; i++) {
      const author = rng.pick(active);
      posts.push(
        await insertPost(db, {
          memberId: author.id,
          category: 'FREE',
          title: '오늘 저녁 뭐 먹을까요',
          content: '퇴근하고 같이 맛집 이야기해요. '.repeat(6),
          imageKey: null,
          at: iso(start - rng.between(0, 14) * DAY),
        }),
      );
    }
    const rooms: Room[] = [];
    for (let i = 0; i < active.length / 4; i++) {
      const a = rng.pick(active);
      const b = rng.pick(active);
      if (a.id === b.id) continue;
      const at = iso(start - DAY);
      const id = await insertPendingIfNone(db, {
        requesterId: a.id,
        targetId: b.id,
        intro: null,
        at,
        pendingSince: iso(start - 8 * DAY),
      });
      if (id === undefined) continue;
      const { roomId } = await acceptRequest(db, id, b.id, at, iso(start - 8 * DAY));
      if (roomId !== undefined) rooms.push({ id: roomId, a: a.id, b: b.id, messages: 0 });
    }
    // Members who start a session with a refresh already hold a token from an earlier sign-in.
    const actives = rng.sample(active, Number(args.actives));
    const held = new Map<number, { family: string; token: string }>();
    for (const m of actives) {
      const family = `f${m.id}-${hex(rng)}`;
      const token = hex(rng);
      await insertFamilyWithToken(db, { id: family, memberId: m.id }, { id: token, expiresAt: iso(start + 30 * DAY) });
      held.set(m.id, { family, token });
    }
    const before = await tableBytes(raw);
    counts.clear();

    const lastStamp = new Map<number, number>();
    const stats = {
      sessions: 0,
      calls: 0,
      pages: 0,
      hearts: 0,
      views: 0,
      requests: 0,
      accepted: 0,
      messages: 0,
      summaries: 0,
    };
    for (const m of actives) {
      // 1–3 sessions a day; the first of the day may start with a full portal sign-in (30 %:
      // the refresh cookie lasts weeks, so most days begin with a refresh instead).
      const sessions = rng.int(1, 3);
      for (let s = 0; s < sessions; s++) {
        stats.sessions += 1;
        let now = start + rng.between(9, 23.5) * 3_600_000 - 9 * 3_600_000; // a KST hour, as UTC ms
        const mineHeld = held.get(m.id) as { family: string; token: string };
        let tokenFamily = mineHeld.family;
        let token = mineHeld.token;
        if (s === 0 && rng.chance(0.3)) {
          tokenFamily = `f${m.id}-${hex(rng)}`;
          token = hex(rng);
          feature = 'sign-in';
          const stateId = hex(rng);
          await insertOauthState(db, { id: stateId, state: hex(rng), expiresAt: iso(now + 10 * MIN) });
          await consumeOauthState(db, stateId, '', iso(now)); // the state check (a miss is still a statement)
          await findMemberAuthState(db, m.id);
          await insertFamilyWithToken(
            db,
            { id: tokenFamily, memberId: m.id },
            { id: token, expiresAt: iso(now + 30 * DAY) },
          );
        } else {
          // Session start: the SPA's refresh with the cookie from an earlier sign-in or session.
          feature = 'token refresh';
          await findRefreshToken(db, token);
          await markRotated(db, token, iso(now));
          token = hex(rng);
          await insertRefreshToken(db, { id: token, familyId: tokenFamily, expiresAt: iso(now + 30 * DAY) });
          await findMemberAuthState(db, m.id);
        }
        const minutes = rng.between(5, 25);
        const end = now + minutes * MIN;
        // Access tokens last 15 minutes: one more refresh per 15 minutes of session.
        for (let t = now + 15 * MIN; t < end; t += 15 * MIN) {
          feature = 'token refresh';
          await findRefreshToken(db, token);
          await markRotated(db, token, iso(t));
          token = hex(rng);
          await insertRefreshToken(db, { id: token, familyId: tokenFamily, expiresAt: iso(t + 30 * DAY) });
        }
        held.set(m.id, { family: tokenFamily, token });
        const call = async () => {
          stats.calls += 1;
          now += rng.between(5, 40) * 1000;
          await apiCall(db, m.id, now, lastStamp);
        };
        // Landing: badge counts (notifications unread, chat list for the unread dot).
        await call();
        feature = 'notifications';
        await countUnread(db, m.id, iso(now));
        // Recommendations: the first page ranked and saved; 1–2 more pages in half the sessions.
        await call();
        feature = 'recommend';
        const { viewer } = await loadViewerAndRanking(db, m.id);
        let ranked: number[] = [];
        if (viewer) {
          ranked = await rankForViewer(db, viewer, new Date(now));
          const pagesSeen = rng.chance(0.5) ? rng.int(2, 3) : 1;
          for (let p = 0; p < pagesSeen; p++) {
            if (p > 0) await call();
            feature = 'recommend';
            await saveHistory(db, m.id, ranked.slice(p * 20, p * 20 + 20), p, iso(now), iso(now));
            stats.pages += 1;
          }
        }
        // Profile views from the cards; hearts on some; a chat request on a few.
        const shown = ranked.slice(0, 40);
        for (let k = rng.int(1, 5); k > 0 && shown.length > 0; k--) {
          const target = rng.pick(shown);
          await call();
          feature = 'profile views';
          await readModal(db, m.id, target);
          stats.views += 1;
          if (rng.chance(0.35)) {
            await call();
            feature = 'hearts';
            if (await insertHeart(db, m.id, target, iso(now))) {
              stats.hearts += 1;
              await notify(db, target, m.id, 'HEART', `heart:${m.id}`, iso(now));
            }
          }
          if (rng.chance(0.08)) {
            await call();
            feature = 'chat requests';
            const id = await insertPendingIfNone(db, {
              requesterId: m.id,
              targetId: target,
              intro: null,
              at: iso(now),
              pendingSince: iso(now - 7 * DAY),
            });
            if (id !== undefined) {
              stats.requests += 1;
              await notify(db, target, m.id, 'CHAT_REQUEST', `request:${id}`, iso(now));
              const other = members[target - 1];
              if (other && seeks(other, m) && rng.chance(0.4)) {
                // The target answers (their own API call, counted with this day's traffic).
                await apiCall(db, target, now + 30 * MIN, lastStamp);
                feature = 'chat requests';
                await listPendingFor(db, target, iso(now + 30 * MIN), iso(now - 7 * DAY));
                const { roomId } = await acceptRequest(db, id, target, iso(now + 30 * MIN), iso(now - 7 * DAY));
                if (roomId !== undefined) {
                  stats.accepted += 1;
                  rooms.push({ id: roomId, a: m.id, b: target, messages: 0 });
                  await notify(db, m.id, target, 'REQUEST_ACCEPTED', `accept:${id}`, iso(now + 30 * MIN));
                }
              }
            }
          }
        }
        // The day's lists: hearts I sent, requests waiting for me, my chat rooms, notifications.
        if (rng.chance(0.6)) {
          await call();
          feature = 'day lists';
          await listHearted(db, m.id, { offset: 0, limit: 21 }, iso(now));
          await call();
          feature = 'day lists';
          await listPendingFor(db, m.id, iso(now), iso(now - 7 * DAY));
        }
        await call();
        feature = 'day lists';
        await listRoomsOf(db, m.id);
        if (rng.chance(0.4)) {
          await call();
          feature = 'notifications';
          await listNotifications(db, m.id, null, 20, iso(now));
        }
        // Community: the list, a few posts opened (view counted once a day), likes, a comment.
        if (rng.chance(0.5)) {
          await call();
          feature = 'community';
          await listPosts(db, { limit: 20, viewerId: m.id });
          for (let k = rng.int(1, 4); k > 0; k--) {
            const post = rng.pick(posts);
            await call();
            feature = 'community';
            const p = await findVisiblePost(db, post, m.id);
            await listComments(db, post, m.id);
            await call();
            feature = 'community';
            await recordView(db, post, m.id, '2026-11-20');
            if (rng.chance(0.15) && p) {
              await call();
              feature = 'community';
              const like = await addLike(db, post, m.id, iso(now));
              if (like.changed) await notify(db, p.writerId, m.id, 'POST_LIKE', `like:${post}`, iso(now));
            }
            if (rng.chance(0.05) && p) {
              await call();
              feature = 'community';
              await insertComment(db, { postId: post, memberId: m.id, content: '저도 그렇게 생각해요!', at: iso(now) });
              await notify(db, p.writerId, m.id, 'COMMENT', `comment:${post}`, iso(now));
            }
          }
        }
        // Chat: in 40 % of sessions with a room, one conversation with a burst of messages.
        const mine = rooms.filter((r) => r.a === m.id || r.b === m.id);
        if (mine.length > 0 && rng.chance(0.4)) {
          const room = rng.pick(mine);
          const other = room.a === m.id ? room.b : room.a;
          const together = rng.chance(0.5);
          // Each socket: ticket + upgrade = two D1 round trips (docs/chat.md), for each member present.
          for (const who of together ? [m.id, other] : [m.id]) {
            for (let k = 0; k < 2; k++) {
              feature = 'chat connect';
              await findMemberAndRoom(db, who, room.id);
            }
            doWrites.tickets += 1;
          }
          await call();
          feature = 'chat connect';
          // The read goes through the room: one batch reconciling both member rows (docs/chat.md).
          await writeRoomTruth(db, room.id, {
            summary: null,
            members: [
              { memberId: m.id, opponentId: other, unread: 0, readAt: iso(now) },
              { memberId: other, opponentId: m.id, unread: 0, readAt: null },
            ],
          });
          doWrites.readMarks += 1;
          // Messages: 5–40 over the conversation, 5–60 s apart; the DO keeps each in its own
          // SQLite and writes the D1 summary at most once per interval (2 s, 10 s while both present).
          const interval = (together ? 10 : 2) * 1000;
          let lastWrite = -Infinity;
          let pending = 0;
          let t = now;
          const n = rng.int(5, 40);
          const flush = async (at: number) => {
            feature = 'chat summary';
            const unread = new Map<number, number[]>(together ? [] : [[other, [room.messages]]]);
            await writeRoomSummary(
              db,
              room.id,
              {
                lastMessage: '좋아요, 그럼 토요일에 봬요!',
                lastMessageAt: iso(at),
                lastSenderId: m.id,
                messageCount: room.messages,
                unread,
              },
              true,
            );
            doWrites.summaryState += 1;
            stats.summaries += 1;
            lastWrite = at;
            pending = 0;
          };
          for (let i = 0; i < n; i++) {
            t += rng.between(5, 60) * 1000;
            room.messages += 1;
            stats.messages += 1;
            doWrites.messages += 1;
            doWrites.messageBytes += 120;
            pending += 1;
            if (t - lastWrite >= interval) await flush(t);
          }
          if (pending > 0) await flush(t + interval);
        }
      }
    }
    const after = await tableBytes(raw);
    report(stats, before, after, performance.now() - started);
  } finally {
    close();
  }
}

function report(
  stats: Record<string, number>,
  before: Map<string, number> | null,
  after: Map<string, number> | null,
  ms: number,
): void {
  const n = Number(args.actives);
  const dau = Number(args.dau);
  const peak = Number(args.peak);
  const perSecond = (perMember: number) => (perMember * dau * peak) / 86_400;
  const fmt = (x: number, d = 1) => x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  console.log(
    `\ncapacity: ${n.toLocaleString('en-US')} actives of ${Number(args.members).toLocaleString('en-US')} members, one day — ` +
      Object.entries(stats)
        .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
        .join(', '),
  );
  console.log(
    `\nper active member per day, and at ${dau.toLocaleString('en-US')} DAU × ${peak} (evening peak vs the day's average):`,
  );
  console.log(
    `  ${'feature'.padEnd(15)} ${'reads'.padStart(7)} ${'writes'.padStart(7)} ${'rows rd'.padStart(8)} ${'rows wr'.padStart(8)}  ${'reads/s'.padStart(8)} ${'writes/s'.padStart(9)} ${'busy ms/s'.padStart(10)}`,
  );
  const total = zero();
  const line = (label: string, c: Count) =>
    `  ${label.padEnd(15)} ${fmt(c.reads / n, 2).padStart(7)} ${fmt(c.writes / n, 2).padStart(7)} ${fmt(c.rowsRead / n).padStart(8)} ${fmt(c.rowsWritten / n).padStart(8)}  ${fmt(perSecond(c.reads / n), 0).padStart(8)} ${fmt(perSecond(c.writes / n), 0).padStart(9)} ${fmt(perSecond(c.ms / n), 0).padStart(10)}`;
  for (const f of FEATURES) {
    const c = counts.get(f) ?? zero();
    total.reads += c.reads;
    total.writes += c.writes;
    total.rowsRead += c.rowsRead;
    total.rowsWritten += c.rowsWritten;
    total.ms += c.ms;
    console.log(line(f, c));
  }
  console.log(line('total', total));
  console.log(
    `  busy ms/s: statement time on local libSQL (no network), per second of peak — one D1 database runs one ` +
      `statement at a time, so 1,000 is a database that never rests`,
  );
  console.log(
    `  Durable Objects (own SQLite, not D1), per active: ${fmt(doWrites.messages / n, 2)} message writes, ` +
      `${fmt(doWrites.summaryState / n, 2)} summary-state writes, ${fmt(doWrites.tickets / n, 2)} tickets, ${fmt(doWrites.readMarks / n, 2)} read marks`,
  );
  if (before && after) {
    console.log(
      `\nD1 growth: bytes per day at ${n.toLocaleString('en-US')} actives → one year at ${dau.toLocaleString('en-US')} DAU (no clean-up):`,
    );
    let sum = 0;
    const rows = [...after.entries()]
      .map(([t, b]) => ({ t, grew: b - (before.get(t) ?? 0) }))
      .filter((r) => r.grew > 0)
      .sort((a, b) => b.grew - a.grew);
    for (const r of rows) {
      const year = (r.grew * (dau / n) * 365) / 1e9;
      sum += year;
      console.log(
        `  ${r.t.padEnd(24)} ${r.grew.toLocaleString('en-US').padStart(10)} B/day  ${fmt(year, 2).padStart(7)} GB/year`,
      );
    }
    const base = [...after.values()].reduce((s, b) => s + b, 0);
    console.log(
      `  total growth ${fmt(sum, 2)} GB/year; the ${Number(args.members).toLocaleString('en-US')}-member base is ${fmt(base / 1e6, 1)} MB ` +
        `→ ${fmt((base * (1_000_000 / Number(args.members))) / 1e9, 2)} GB at 1,000,000 members`,
    );
    console.log(
      `  chat messages in Durable Objects: ~${fmt((doWrites.messageBytes * (dau / n) * 365) / 1e9, 1)} GB/year across all rooms (${fmt(doWrites.messages / n, 1)} messages × ~120 B per active a day)`,
    );
  } else console.log('\n(dbstat not available in this SQLite: no table sizes)');
  console.log(`\n${fmt(ms / 1000)} s`);
}

main().catch((err: unknown) => {
  console.error('✖ capacity simulation failed:', err);
  process.exit(1);
});
