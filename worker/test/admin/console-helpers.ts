// Helpers for the console endpoint tests: a signed-in admin, requests with its cookie, a Worker
// whose clock is fixed (FIXED_NOW), and rows seeded straight into D1 with chosen timestamps.
import { SELF, createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { buildApp } from '../../src/app';
import type { AdminRole } from '../../src/contract/admin';
import {
  adminCookie,
  consoleHeaders,
  freshCode,
  loginRequest,
  makeAdmin,
  secondFactorRequest,
  signIn,
  type TestAdmin,
} from './helpers';

export const ORIGIN = 'http://localhost';

export type ConsoleAdmin = TestAdmin & { cookie: string };

/** A signed-in admin (both factors), role ADMIN unless told. */
export async function consoleAdmin(name = '온기 관리자', role: AdminRole = 'ADMIN'): Promise<ConsoleAdmin> {
  const admin = await makeAdmin({ name, role });
  return { ...admin, cookie: await signIn(admin) };
}

export type CallInit = { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> };

export function consoleRequest(path: string, init: CallInit = {}): Request {
  const headers: Record<string, string> = { ...consoleHeaders, Accept: 'application/json', ...init.headers };
  if (init.cookie) headers.Cookie = `ongi_admin=${init.cookie}`;
  return new Request(`${ORIGIN}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Through the real Worker entry (SELF), clock = the real one. */
export const call = (path: string, init: CallInit = {}) => SELF.fetch(consoleRequest(path, init));

/** A fresh app whose clock reads `fixedNow` (ISO), for rules that depend on time. */
export async function callAt(fixedNow: string, request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await buildApp().fetch(request, { ...env, FIXED_NOW: fixedNow }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/**
 * An admin session started on a Worker whose clock reads `fixedNow`: it lasts 8 hours from
 * then, so it also works for requests at any earlier clock (sessions only check their end).
 */
export async function signInAt(admin: TestAdmin, fixedNow: string): Promise<string> {
  const res = await callAt(fixedNow, loginRequest({ email: admin.email, password: admin.password }));
  const cookie = adminCookie(res);
  if (res.status !== 200 || !cookie) throw new Error(`sign-in at ${fixedNow} failed: ${res.status}`);
  const code = await freshCode(admin, Date.parse(fixedNow));
  const verified = await callAt(fixedNow, secondFactorRequest(cookie, { code }));
  if (verified.status !== 200) throw new Error(`second factor at ${fixedNow} failed: ${verified.status}`);
  return cookie;
}

export type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq += 1)}${crypto.randomUUID().slice(0, 6)}`;

export type SeedMember = {
  name?: string;
  email?: string;
  gender?: 'M' | 'F';
  birthday?: string;
  providerType?: 'NAVER' | 'KAKAO';
  status?: 'ACTIVE' | 'INACTIVE' | 'BANNED';
  bannedUntil?: string | null;
  createdAt?: string;
  deletedAt?: string | null;
  city?: string | null;
  district?: string | null;
};

/** A member row inserted directly (no portal round trip), for list, filter and dashboard tests. */
export async function seedMember(m: SeedMember = {}): Promise<number> {
  const tag = unique();
  const row = await env.DB.prepare(
    `INSERT INTO members (provider_type, provider_user_id, name, email, gender, birthday, looking_for, status,
       banned_until, created_at, deleted_at, city, district)
     VALUES (?, ?, ?, ?, ?, ?, 'both', ?, ?, COALESCE(?, strftime('%Y-%m-%dT%H:%M:%fZ','now')), ?, ?, ?) RETURNING id`,
  )
    .bind(
      m.providerType ?? 'NAVER',
      `seed-${tag}`,
      m.name ?? `회원${tag}`,
      m.email ?? `seed-${tag}@example.com`,
      m.gender ?? 'F',
      m.birthday ?? '1995-05-05',
      m.status ?? 'ACTIVE',
      m.bannedUntil ?? null,
      m.createdAt ?? null,
      m.deletedAt ?? null,
      m.city ?? null,
      m.district ?? null,
    )
    .first<{ id: number }>();
  if (!row) throw new Error('member insert returned no row');
  return row.id;
}

export type SeedReport = {
  reporterId: number;
  targetId: number;
  reasonType?: string;
  content?: string;
  status?: 'PENDING' | 'ACCEPTED' | 'REJECTED';
  chatRoomId?: number | null;
  messageSamples?: string | null;
  createdAt?: string;
};

export async function seedReport(r: SeedReport): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO reports (reporter_id, target_id, chat_room_id, reason_type, content, page_url, message_samples,
       status, created_at)
     VALUES (?, ?, ?, ?, ?, '/chatting', ?, ?, COALESCE(?, strftime('%Y-%m-%dT%H:%M:%fZ','now'))) RETURNING id`,
  )
    .bind(
      r.reporterId,
      r.targetId,
      r.chatRoomId ?? null,
      r.reasonType ?? 'ABUSE',
      r.content ?? '욕설을 했어요.',
      r.messageSamples ?? null,
      r.status ?? 'PENDING',
      r.createdAt ?? null,
    )
    .first<{ id: number }>();
  if (!row) throw new Error('report insert returned no row');
  return row.id;
}

/** An accepted chat request with its room between two members. */
export async function seedRoom(
  a: number,
  b: number,
  o: { lastMessageAt?: string | null; closedAt?: string | null } = {},
): Promise<number> {
  const request = await env.DB.prepare(
    `INSERT INTO chat_requests (requester_id, target_id, status) VALUES (?, ?, 'ACCEPTED') RETURNING id`,
  )
    .bind(a, b)
    .first<{ id: number }>();
  if (!request) throw new Error('chat request insert returned no row');
  const room = await env.DB.prepare(
    `INSERT INTO chat_rooms (request_id, member_a, member_b, last_message, last_message_at, closed_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(request.id, a, b, o.lastMessageAt ? '안녕하세요' : null, o.lastMessageAt ?? null, o.closedAt ?? null)
    .first<{ id: number }>();
  if (!room) throw new Error('chat room insert returned no row');
  await env.DB.batch([
    env.DB.prepare('INSERT INTO chat_room_members (room_id, member_id, opponent_id) VALUES (?, ?, ?)').bind(
      room.id,
      a,
      b,
    ),
    env.DB.prepare('INSERT INTO chat_room_members (room_id, member_id, opponent_id) VALUES (?, ?, ?)').bind(
      room.id,
      b,
      a,
    ),
  ]);
  return room.id;
}

export async function seedPost(memberId: number, o: { createdAt?: string; deletedAt?: string | null } = {}) {
  await env.DB.prepare(
    `INSERT INTO community_posts (member_id, category, title, content, created_at, deleted_at)
     VALUES (?, 'FREE', '제목', '내용이에요', COALESCE(?, strftime('%Y-%m-%dT%H:%M:%fZ','now')), ?)`,
  )
    .bind(memberId, o.createdAt ?? null, o.deletedAt ?? null)
    .run();
}

export const uniqueName = (prefix: string) => `${prefix}${crypto.randomUUID().slice(0, 8)}`;
