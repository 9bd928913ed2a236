// Banning drops the member's live chat sockets at once: the ban service calls the chat area's
// `closeRoomsOf` and `disconnectMember` for exactly that member, and neither when it refuses.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { banMember, unbanMember, type BanContext, type ChatCutOff } from '../../src/areas/admin/bans-service';
import { makeDb } from '../../src/lib/db';
import { AppError } from '../../src/lib/errors';
import { consoleAdmin, seedMember, type ConsoleAdmin } from './console-helpers';

let admin: ConsoleAdmin;
beforeAll(async () => {
  admin = await consoleAdmin();
});

function watched(): { ctx: BanContext; chat: { [K in keyof ChatCutOff]: ReturnType<typeof vi.fn> } } {
  const chat = { closeRoomsOf: vi.fn(async () => {}), disconnectMember: vi.fn(async () => {}) };
  return { ctx: { env, db: makeDb(env.DB), adminId: admin.id, adminRole: 'ADMIN', now: new Date(), chat }, chat };
}

describe('ban and the chat area', () => {
  it('closes the member’s rooms as BANNED and disconnects their sockets, after the ban is written', async () => {
    const id = await seedMember();
    const { ctx, chat } = watched();
    chat.disconnectMember.mockImplementation(async () => {
      // By the time sockets drop, a reconnect must already be refused.
      const row = await env.DB.prepare('SELECT status FROM members WHERE id = ?').bind(id).first<{ status: string }>();
      expect(row?.status).toBe('BANNED');
    });
    await banMember(ctx, id, { reason: null, until: null });
    expect(chat.closeRoomsOf).toHaveBeenCalledWith(env, ctx.db, id, 'BANNED', ctx.now.toISOString());
    expect(chat.disconnectMember).toHaveBeenCalledTimes(1);
    expect(chat.disconnectMember).toHaveBeenCalledWith(env, ctx.db, id);
  });

  it('touches no room or socket when the ban is refused, nor on unban', async () => {
    const id = await seedMember({ status: 'BANNED' });
    const { ctx, chat } = watched();
    await expect(banMember(ctx, id, { reason: null, until: null })).rejects.toBeInstanceOf(AppError);
    await unbanMember(ctx, id);
    expect(chat.closeRoomsOf).not.toHaveBeenCalled();
    expect(chat.disconnectMember).not.toHaveBeenCalled();
  });
});
