// Factories and request helpers for the community tests: posts through the real multipart call,
// bulk posts straight into D1 (no rate limit), blocks, withdrawal and a clock-fixed app.
import { SELF, createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { buildApp } from '../../src/app';
import type { CommunityComment, CommunityPost } from '../../src/contract/community';
import type { PostCategory } from '../../src/contract/enums';
import { signAccessToken } from '../../src/lib/tokens';
import { ORIGIN, bearer, type SignedInMember } from './auth';

export type ErrorBody = { code: string; message: string; fields?: Record<string, string> };
export type Draft = { category?: unknown; title?: unknown; content?: unknown; removeImage?: unknown };

export const DRAFT = { category: 'FREE', title: '주말에 다녀온 카페', content: '분위기가 정말 좋았어요.' } as const;

/** The multipart body our SPA sends: `request` as a JSON blob plus an optional `image`. */
export function postForm(request: unknown, image?: Blob): FormData {
  const form = new FormData();
  form.append('request', new Blob([JSON.stringify(request)], { type: 'application/json' }));
  if (image) form.append('image', image, image instanceof File ? image.name : 'picture.png');
  return form;
}

type Init = { method?: string; body?: BodyInit; headers?: Record<string, string> };

/** A member call through the whole Worker. */
export function call(member: Pick<SignedInMember, 'accessToken'>, path: string, init: Init = {}): Promise<Response> {
  return SELF.fetch(`${ORIGIN}${path}`, { ...init, headers: { ...bearer(member.accessToken), ...init.headers } });
}

export const sendPost = (member: SignedInMember, draft: Draft = {}, image?: Blob) =>
  call(member, '/api/on/community/posts', { method: 'POST', body: postForm({ ...DRAFT, ...draft }, image) });

export const sendUpdate = (member: SignedInMember, id: number, draft: Draft = {}, image?: Blob) =>
  call(member, `/api/on/community/posts/${id}`, { method: 'PUT', body: postForm({ ...DRAFT, ...draft }, image) });

/** Creates a post through the API and returns it (fails the test on any other answer). */
export async function makePost(member: SignedInMember, draft: Draft = {}, image?: Blob): Promise<CommunityPost> {
  const res = await sendPost(member, draft, image);
  if (res.status !== 200) throw new Error(`post failed: ${res.status} ${await res.text()}`);
  return res.json<CommunityPost>();
}

export async function getJson<T>(member: SignedInMember, path: string): Promise<T> {
  const res = await call(member, path);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return res.json<T>();
}

export const listPosts = (member: SignedInMember, query = '') =>
  getJson<CommunityPost[]>(member, `/api/on/community/posts${query}`);

export const sendComment = (member: SignedInMember, postId: number, text: string) =>
  call(member, `/api/on/community/posts/${postId}/comments`, {
    method: 'POST',
    body: text,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });

export async function makeComment(member: SignedInMember, postId: number, text: string): Promise<CommunityComment> {
  const res = await sendComment(member, postId, text);
  if (res.status !== 200) throw new Error(`comment failed: ${res.status} ${await res.text()}`);
  return res.json<CommunityComment>();
}

/** Inserts posts straight into D1 (bypassing the per-member rate limit); answers their ids in order. */
export async function seedPosts(memberId: number, count: number, category: PostCategory = 'FREE'): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await env.DB.prepare(
      'INSERT INTO community_posts (member_id, category, title, content) VALUES (?, ?, ?, ?) RETURNING id',
    )
      .bind(memberId, category, `글 ${i + 1}`, `내용이에요 ${i + 1}`)
      .first<{ id: number }>();
    if (!row) throw new Error('post insert returned no row');
    ids.push(row.id);
  }
  return ids;
}

export async function block(memberId: number, targetId: number): Promise<void> {
  await env.DB.prepare('INSERT INTO blocks (member_id, target_id) VALUES (?, ?)').bind(memberId, targetId).run();
}

/** Marks a member as withdrawn the way account deletion does (the row stays, `deleted_at` set). */
export async function withdraw(memberId: number): Promise<void> {
  await env.DB.prepare("UPDATE members SET deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?")
    .bind(memberId)
    .run();
}

export async function likeRows(postId: number): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM post_likes WHERE post_id = ?').bind(postId).first<{
    n: number;
  }>();
  return row?.n ?? 0;
}

/**
 * The Worker with its clock fixed at `now` (FIXED_NOW), and a member token valid at that time,
 * for rules that depend on the day or on rate-limit windows.
 */
export function clockedApp(now: string) {
  const app = buildApp();
  const fetchAt = async (memberId: number, path: string, init: Init = {}): Promise<Response> => {
    const token = await signAccessToken(env, memberId, new Date(now));
    const ctx = createExecutionContext();
    const req = new Request(`${ORIGIN}${path}`, { ...init, headers: { ...bearer(token), ...init.headers } });
    const res = await app.fetch(req, { ...env, FIXED_NOW: now }, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  return { fetchAt };
}
