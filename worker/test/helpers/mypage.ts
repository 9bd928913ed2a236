// Helpers for the my-page, hearts, profiles, reports, feedback, notices and account tests:
// one `call()` for JSON/multipart requests, direct-DB factories for state other areas own.
import { SELF, env } from 'cloudflare:test';
import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE } from '../../src/contract/admin-auth';
import { makeAdmin, signIn as adminSignIn } from '../admin/helpers';
import { ORIGIN, pngFile, signUpMember, type SignedInMember, type SignupOverrides } from './auth';

export type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

export type CallOptions = {
  method?: string;
  /** Member access token, sent as a bearer. */
  token?: string;
  /** Admin session cookie value (`ongi_admin`); unsafe methods also get the console's CSRF header. */
  admin?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
};

export async function call(path: string, o: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
  if (o.token) headers.Authorization = `Bearer ${o.token}`;
  if (o.admin) {
    headers.Cookie = `ongi_admin=${o.admin}`;
    headers[ADMIN_CSRF_HEADER] = ADMIN_CSRF_VALUE;
  }
  let body = o.body;
  if (o.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(o.json);
  }
  return SELF.fetch(`${ORIGIN}${path}`, { method: o.method ?? 'GET', headers, body });
}

/** A member whose signup carried `photos` real PNGs (first = MAIN). */
export async function memberWithPhotos(photos: number, o: SignupOverrides = {}): Promise<SignedInMember> {
  const images = await Promise.all(Array.from({ length: photos }, (_, i) => pngFile(`p${i}.png`, 64 + i, 64)));
  return signUpMember({ ...o, images });
}

export const member = (o: SignupOverrides = {}) => signUpMember(o);

export async function ban(memberId: number, until: string | null = null): Promise<void> {
  await env.DB.prepare("UPDATE members SET status = 'BANNED', banned_until = ? WHERE id = ?")
    .bind(until, memberId)
    .run();
}

export async function block(memberId: number, targetId: number): Promise<void> {
  await env.DB.prepare('INSERT INTO blocks (member_id, target_id) VALUES (?, ?)').bind(memberId, targetId).run();
}

/** A new signed-in admin's session cookie value. */
export async function adminSession(): Promise<string> {
  return adminSignIn(await makeAdmin());
}

/** An accepted chat request with its open room between `a` and `b`; answers the ids. */
export async function chatRoomBetween(a: number, b: number): Promise<{ requestId: number; roomId: number }> {
  const request = await env.DB.prepare(
    "INSERT INTO chat_requests (requester_id, target_id, status, answered_at) VALUES (?, ?, 'ACCEPTED', ?) RETURNING id",
  )
    .bind(a, b, new Date().toISOString())
    .first<{ id: number }>();
  if (!request) throw new Error('chat request insert returned no row');
  const room = await env.DB.prepare(
    'INSERT INTO chat_rooms (request_id, member_a, member_b) VALUES (?, ?, ?) RETURNING id',
  )
    .bind(request.id, a, b)
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
  return { requestId: request.id, roomId: room.id };
}

/** A chat request in any state (for matching history), created `createdAt` (ISO). */
export async function chatRequest(
  requesterId: number,
  targetId: number,
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'CANCELLED' = 'PENDING',
  createdAt = new Date().toISOString(),
): Promise<number> {
  const row = await env.DB.prepare(
    'INSERT INTO chat_requests (requester_id, target_id, status, created_at) VALUES (?, ?, ?, ?) RETURNING id',
  )
    .bind(requesterId, targetId, status, createdAt)
    .first<{ id: number }>();
  if (!row) throw new Error('chat request insert returned no row');
  return row.id;
}

export async function countRows(sql: string, ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The R2 keys of a member's photo rows, MAIN first. */
export async function imageKeys(memberId: number): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT object_key FROM member_images WHERE member_id = ? ORDER BY slot')
    .bind(memberId)
    .all<{ object_key: string }>();
  return results.map((r) => r.object_key);
}

export async function r2Has(key: string): Promise<boolean> {
  return (await env.MEDIA.head(key)) !== null;
}

export const keyOfUrl = (url: string) => url.replace(/^\/media\//, '');

let rawSeq = 0;

/** A member row written straight to D1 (no signup), for lists that need many people quickly. */
export async function rawMember(o: { name?: string; gender?: 'M' | 'F'; birthday?: string } = {}): Promise<number> {
  rawSeq += 1;
  const row = await env.DB.prepare(
    "INSERT INTO members (provider_type, provider_user_id, name, email, gender, birthday, looking_for, identity_verified_at, nickname_chosen_at) VALUES ('NAVER', ?, ?, ?, ?, ?, 'both', strftime('%Y-%m-%dT%H:%M:%fZ','now'), strftime('%Y-%m-%dT%H:%M:%fZ','now')) RETURNING id",
  )
    .bind(
      `raw-${crypto.randomUUID()}`,
      o.name ?? `회원${rawSeq}`,
      `raw-${rawSeq}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      o.gender ?? 'M',
      o.birthday ?? '1995-05-05',
    )
    .first<{ id: number }>();
  if (!row) throw new Error('member insert returned no row');
  return row.id;
}

/** A heart written straight to D1 at a given time. */
export async function rawHeart(memberId: number, targetId: number, createdAt: string): Promise<void> {
  await env.DB.prepare('INSERT INTO hearts (member_id, target_id, created_at) VALUES (?, ?, ?)')
    .bind(memberId, targetId, createdAt)
    .run();
}
