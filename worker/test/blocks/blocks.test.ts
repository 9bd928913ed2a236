// Blocking: idempotent PUT/DELETE, the list on my page, and what a block does — hearts gone both
// ways, pending requests cancelled, chat rooms closed, the two hidden from each other — plus the
// SQL helpers other areas use.
import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BlockedMember } from '../../src/contract/matching';
import { members } from '../../src/db/schema';
import { isVisible, visibleTo } from '../../src/areas/visibility/repo';
import * as schema from '../../src/db/schema';
import { block, callAs, chatRequest, db, heart, recommendedIds, seedCandidate, seedMember } from '../helpers/matching';

const unblock = (memberId: number, targetId: number) =>
  callAs(memberId, `/api/on/block/${targetId}`, { method: 'DELETE' });

async function blocksOf(memberId: number): Promise<BlockedMember[]> {
  const res = await callAs(memberId, '/api/on/blocks');
  expect(res.status).toBe(200);
  return res.json<BlockedMember[]>();
}

describe('blocks', () => {
  it('blocks idempotently, lists the blocked member on my page, and unblocks idempotently', async () => {
    const me = await seedMember();
    const other = await seedCandidate({ name: '차단될사람', photos: 2 });
    const first = await block(me, other);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ memberId: other, blocked: true });
    expect((await block(me, other)).status).toBe(200);
    const list = await blocksOf(me);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ memberId: other, name: '차단될사람' });
    expect(list[0]?.mainImageUrl).toMatch(/^\/media\/profiles\/.*x0\.png$/);
    expect(Date.parse(list[0]?.blockedAt ?? '')).not.toBeNaN();

    expect(await (await unblock(me, other)).json()).toEqual({ memberId: other, blocked: false });
    expect((await unblock(me, other)).status).toBe(200);
    expect(await blocksOf(me)).toEqual([]);
  });

  it('refuses to block myself or someone who does not exist', async () => {
    const me = await seedMember();
    const self = await block(me, me);
    expect(self.status).toBe(400);
    expect((await self.json<{ code: string }>()).code).toBe('BLOCK_SELF');
    expect((await block(me, 99_999_999)).status).toBe(404);
    expect((await callAs(me, '/api/on/block/abc', { method: 'PUT' })).status).toBe(400);
  });

  it('shows a deleted blocked member as 탈퇴한 회원 without a photo', async () => {
    const me = await seedMember();
    const other = await seedCandidate({ name: '곧 떠날 사람' });
    await block(me, other);
    await db().update(members).set({ deletedAt: new Date().toISOString() }).where(eq(members.id, other));
    expect((await blocksOf(me))[0]).toMatchObject({ memberId: other, name: '탈퇴한 회원', mainImageUrl: null });
  });

  it('removes hearts both ways, cancels pending requests either way and closes chat rooms between the two', async () => {
    const me = await seedMember();
    const other = await seedCandidate();
    const bystander = await seedCandidate();
    await heart(me, other);
    await heart(other, me);
    await heart(bystander, other);
    const mine = await chatRequest(me, other, 'PENDING');
    const theirs = await chatRequest(other, me, 'PENDING');
    const accepted = await chatRequest(other, me, 'ACCEPTED');
    const room = await env.DB.prepare(
      'INSERT INTO chat_rooms (request_id, member_a, member_b) VALUES (?, ?, ?) RETURNING id',
    )
      .bind(accepted, other, me)
      .first<{ id: number }>();

    expect((await block(me, other)).status).toBe(200);

    const heartsLeft = await db().select().from(schema.hearts).where(eq(schema.hearts.targetId, other));
    expect(heartsLeft.map((h) => h.memberId)).toEqual([bystander]);
    expect(await db().select().from(schema.hearts).where(eq(schema.hearts.targetId, me))).toEqual([]);
    const statuses = await env.DB.prepare('SELECT id, status FROM chat_requests WHERE id IN (?, ?, ?) ORDER BY id')
      .bind(mine, theirs, accepted)
      .all<{ id: number; status: string }>();
    expect(statuses.results.map((r) => r.status)).toEqual(['CANCELLED', 'CANCELLED', 'ACCEPTED']);
    const closed = await env.DB.prepare('SELECT closed_at, closed_reason FROM chat_rooms WHERE id = ?')
      .bind(room?.id)
      .first<{ closed_at: string | null; closed_reason: string | null }>();
    expect(closed?.closed_at).toBeTruthy();
    expect(closed?.closed_reason).toBe('BLOCKED');
  });

  it('hides the two from each other in recommendations until unblocked', async () => {
    const me = await seedMember({ birthday: '1985-01-01' });
    const other = await seedCandidate({ birthday: '1985-01-01' });
    expect(await recommendedIds(me)).toContain(other);
    await block(other, me);
    expect(await recommendedIds(me)).not.toContain(other);
    await unblock(other, me);
    // Today's list still holds them, so they come back on its pages.
    expect(await recommendedIds(me)).toContain(other);
  });

  it('the visibility module sees a block in either direction, as a check and as a SQL fragment', async () => {
    const a = await seedMember();
    const b = await seedCandidate();
    const c = await seedCandidate();
    await block(b, a);
    const now = new Date();
    expect(await isVisible(db(), a, b, now)).toBe(false);
    expect(await isVisible(db(), b, a, now)).toBe(false);
    expect(await isVisible(db(), a, c, now)).toBe(true);
    const visible = await db()
      .select({ id: members.id })
      .from(members)
      .where(and(visibleTo(members.id, a, now), eq(members.gender, 'M')));
    const ids = visible.map((r) => r.id);
    expect(ids).toContain(c);
    expect(ids).not.toContain(b);
  });
});
