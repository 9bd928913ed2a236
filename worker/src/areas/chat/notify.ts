// A room's closing told to its object and both members' pages. Best effort: a notice that cannot be
// delivered must never fail the call that caused it (the page refetches when it reconnects).
import type { LiveServerFrame, RoomCloseReasonCode } from '../../contract/chat';
import type { Env } from '../../lib/env';
import { logFailure } from '../../lib/log';
import { publishToMember } from '../live/publish';
import type { RoomInfo } from './room-store';
import { chatRoomStub } from './stubs';

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
