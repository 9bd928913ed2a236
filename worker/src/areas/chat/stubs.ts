// Where each room object lives: one ChatRoom per room id (a member's MemberChannel: areas/live/publish.ts).
// The binding's type gets its class from chat-room.ts (declaration merging).
import type { Env } from '../../lib/env';

export const chatRoomStub = (env: Env, roomId: number) => env.CHAT_ROOM.getByName(`room:${roomId}`);
