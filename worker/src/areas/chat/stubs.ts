// Where each object lives: one ChatRoom per room id, one MemberChannel per member id. Also gives
// lib/env.ts's binding types their classes (declaration merging), so lib/ never imports chat.
import type { Env } from '../../lib/env';
import type { ChatRoom } from './chat-room';
import type { MemberChannel } from './member-channel';

declare module '../../lib/env' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ChatRoomObject extends ChatRoom {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MemberChannelObject extends MemberChannel {}
}

export const chatRoomStub = (env: Env, roomId: number) => env.CHAT_ROOM.getByName(`room:${roomId}`);
export const memberChannelStub = (env: Env, memberId: number) => env.MEMBER_CHANNEL.getByName(`member:${memberId}`);
