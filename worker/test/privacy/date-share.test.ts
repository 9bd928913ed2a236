// 데이트 공유 (docs/privacy.md): a link from an open room, only its SHA-256 kept, 48 hours,
// revocable; the public read shows the match's nickname, photo, place and time to anyone with the
// link, logs each view for the owner, and answers a guessed, expired or revoked token with the
// same 404. The match is told a share exists, never what it says.
import { SELF, createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  PRIVACY_KO,
  type CreatedDateShare,
  type DateShareItem,
  type PublicDateShare,
} from '../../src/contract/privacy';
import { phoneHashOf } from '../../src/areas/privacy/phone-hash';
import { buildApp } from '../../src/app';
import { sha256Hex } from '../../src/lib/crypto';
import { ORIGIN, bearer, phoneOf, type SignedInMember } from '../helpers/auth';
import { getAs, matchedPair } from '../helpers/chat';

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

function share(member: SignedInMember, roomId: number, body: unknown): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/on/chat-rooms/${roomId}/date-shares`, {
    method: 'POST',
    headers: { ...bearer(member.accessToken), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The public read, with no account, at `at` (a fresh app whose clock reads that instant) or now. */
async function open(token: string, at?: string): Promise<Response> {
  const request = new Request(`${ORIGIN}/api/share/${token}`, { headers: { Accept: 'application/json' } });
  if (!at) return SELF.fetch(request);
  const ctx = createExecutionContext();
  const res = await buildApp().fetch(request, { ...env, FIXED_NOW: at }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function body404(res: Response) {
  const { code, message } = await res.json<{ code: string; message: string }>();
  return { status: res.status, code, message };
}

describe('데이트 공유', () => {
  it('creates a link, shows it to a friend without an account, logs views, tells the match only that it exists', async () => {
    const { a, b, roomId } = await matchedPair();
    // Signup stored each member's verified phone as its keyed hash (아는 사람 피하기).
    const stored = await env.DB.prepare('SELECT phone_hash FROM members WHERE id = ?')
      .bind(a.memberId)
      .first<{ phone_hash: string }>();
    expect(stored?.phone_hash).toBe(await phoneHashOf(env.IDENTITY_CI_KEY!, await phoneOf(a.email)));

    const meetAt = inHours(20);
    const res = await share(a, roomId, { place: '  망원역 2번 출구 카페  ', meetAt });
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toContain('no-store');
    const created = await res.json<CreatedDateShare>();
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.path).toBe(`/share/${created.token}`);
    expect(created).toMatchObject({ roomId, matchName: '이바다', place: '망원역 2번 출구 카페', views: [] });
    expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(47.9 * 3_600_000);
    // Only the token's SHA-256 is stored.
    const row = await env.DB.prepare('SELECT * FROM date_shares WHERE member_id = ?')
      .bind(a.memberId)
      .first<Record<string, unknown>>();
    expect(row?.id).toBe(await sha256Hex(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    // The friend's view: no account, never cached or indexed.
    const seen = await open(created.token);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('Cache-Control')).toBe('no-store');
    expect(seen.headers.get('X-Robots-Tag')).toContain('noindex');
    const page = await seen.json<PublicDateShare>();
    expect(page).toMatchObject({ matchName: '이바다', sharedBy: '김하늘', place: '망원역 2번 출구 카페' });
    expect(Date.parse(page.meetAt)).toBe(Date.parse(meetAt));
    await open(created.token);
    const mine = await (await getAs(a, '/api/on/date-shares')).json<DateShareItem[]>();
    expect(mine).toHaveLength(1);
    expect(mine[0]!.views).toHaveLength(2);
    // The match's list is their own: they see none of it.
    expect(await (await getAs(b, '/api/on/date-shares')).json<DateShareItem[]>()).toEqual([]);

    // The match is told a share exists — not the place, time or link.
    const notes = await (await getAs(b, '/api/on/notifications')).json<{ content: { text: string; link: string }[] }>();
    const note = notes.content.find((n) => n.text.includes('공유했어요'));
    expect(note?.text.startsWith('김하늘')).toBe(true);
    expect(note?.text).not.toContain('망원역');
    expect(note?.text).not.toContain(created.token);

    // The public page's shell (a navigation to /share/…) is never cached or indexed either.
    const shell = await SELF.fetch(`${ORIGIN}${created.path}`, {
      headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' },
    });
    expect(shell.headers.get('Cache-Control')).toBe('no-store');
    expect(shell.headers.get('X-Robots-Tag')).toContain('noindex');
  });

  it('a guessed, expired or revoked token all answer the same 404; only the owner revokes', async () => {
    const { a, b, roomId } = await matchedPair();
    const first = await (await share(a, roomId, { place: '연남동 공원', meetAt: inHours(3) })).json<CreatedDateShare>();
    const second = await (await share(a, roomId, { place: '합정역', meetAt: inHours(5) })).json<CreatedDateShare>();

    const guessed = await body404(await open('A'.repeat(43)));
    expect(guessed).toMatchObject({ status: 404, code: 'SHARE_NOT_FOUND', message: PRIVACY_KO.shareNotFound });
    expect(await body404(await open('not-a-token'))).toEqual(guessed);
    // 49 hours later the link has expired.
    expect(await body404(await open(first.token, inHours(49)))).toEqual(guessed);
    expect((await open(first.token, inHours(47))).status).toBe(200);

    // The match cannot revoke it (answered like a share that does not exist); the owner can.
    const revokeAs = (m: SignedInMember, id: string) =>
      SELF.fetch(`${ORIGIN}/api/on/date-shares/${id}`, { method: 'DELETE', headers: bearer(m.accessToken) });
    expect((await revokeAs(b, second.id)).status).toBe(404);
    expect((await revokeAs(a, 'f'.repeat(64))).status).toBe(404);
    expect((await revokeAs(a, second.id)).status).toBe(204);
    expect(await body404(await open(second.token))).toEqual(guessed);
    const mine = await (await getAs(a, '/api/on/date-shares')).json<DateShareItem[]>();
    expect(mine.find((s) => s.id === second.id)?.revokedAt).not.toBeNull();
    // Failed opens are not views.
    expect(mine.find((s) => s.id === second.id)?.views).toEqual([]);
  });

  it('only from my own open room, with a place and a time within 30 days', async () => {
    const { a, roomId } = await matchedPair();
    const other = await matchedPair();
    expect((await share(a, other.roomId, { place: '카페', meetAt: inHours(2) })).status).toBe(404);
    expect((await share(a, roomId, { place: '', meetAt: inHours(2) })).status).toBe(400);
    expect((await share(a, roomId, { place: '가'.repeat(61), meetAt: inHours(2) })).status).toBe(400);
    expect((await share(a, roomId, { place: '카페', meetAt: '내일 저녁' })).status).toBe(400);
    expect((await share(a, roomId, { place: '카페', meetAt: inHours(24 * 40) })).status).toBe(400);
    expect((await share(a, roomId, { place: '카페', meetAt: inHours(2), token: 'x' })).status).toBe(400);
    // A closed room takes no new share.
    await env.DB.prepare("UPDATE chat_rooms SET closed_at = ?, closed_reason = 'LEFT' WHERE id = ?")
      .bind(new Date().toISOString(), roomId)
      .run();
    expect((await share(a, roomId, { place: '카페', meetAt: inHours(2) })).status).toBe(404);
  });
});
