import { buildApp } from './app';

export { ChatRoom } from './chat/chat-room';
export { MemberChannel } from './chat/member-channel';

export default buildApp();
