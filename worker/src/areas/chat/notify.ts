// Live notices to members' open chat pages. Best effort: a notice that cannot be delivered must
// never fail the call that caused it (the page refetches when it reconnects).
import type { LiveServerFrame, RoomCloseReasonCode } from '../../contract/chat';
import type { Env } from '../../lib/env';
import type { RoomInfo } from './room-store';
import { chatRoomStub, memberChannelStub } from './stubs';

function logFailure(where: string, err: unknown): void {
  console.error(JSON.stringify({ level: 'error', where, message: String(err) }));
}

export async function publishToMember(env: Env, memberId: number, frame: LiveServerFrame): Promise<void> {
  try {
    await memberChannelStub(env, memberId).publish(frame);
  } catch (err) {
    logFailure('chat-live-publish', err);
  }
}

/**
 * Tells the room's object (which tells and closes its sockets) and both members' pages that the
 * room closed. `disconnected` is the member cut off (ban, withdrawal): their sockets close 4403.
 */
export async function announceRoomClosed(
  env: Env,
  room: RoomInfo,
  reason: RoomCloseReasonCode,
  disconnected: number | null = null,
): Promise<void> {
  try {
    await chatRoomStub(env, room.roomId).close(room, reason, disconnected);
  } catch (err) {
    logFailure('chat-room-close', err);
  }
  const frame: LiveServerFrame = { type: 'room-closed', chatRoomId: room.roomId, reason };
  await Promise.all([publishToMember(env, room.memberA, frame), publishToMember(env, room.memberB, frame)]);
}
