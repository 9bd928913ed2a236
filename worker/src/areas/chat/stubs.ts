// Where each object lives: one ChatRoom per room id, one MemberChannel per member id. The bindings'
// types get their classes from chat-room.ts and member-channel.ts (declaration merging).
import type { Env } from '../../lib/env';

export const chatRoomStub = (env: Env, roomId: number) => env.CHAT_ROOM.getByName(`room:${roomId}`);
export const memberChannelStub = (env: Env, memberId: number) => env.MEMBER_CHANNEL.getByName(`member:${memberId}`);
