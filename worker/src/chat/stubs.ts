// Where each object lives: one ChatRoom per room id, one MemberChannel per member id.
import type { Env } from '../lib/env';

export const chatRoomStub = (env: Env, roomId: number) => env.CHAT_ROOM.getByName(`room:${roomId}`);
export const memberChannelStub = (env: Env, memberId: number) => env.MEMBER_CHANNEL.getByName(`member:${memberId}`);
