// Chat (api-contract "Chat", docs/chat.md): requests, rooms, messages and the socket wire
// protocol. Free of zod so the member SPA's chat page can import it without a validator; the
// Worker checks frames with the small hand-written guards below (one place for both sides).
import { normalizeText, textLength } from './text';

export const CHAT_LIMITS = {
  /** Characters (grapheme clusters) per message, counted after normalising (text.ts). */
  messageMaxChars: 1_000,
  /** Messages a member may send in one room per window. */
  sendBurst: 10,
  sendWindowMs: 10_000,
  /** History pages (GET …/messages?before=&limit=). */
  historyPageDefault: 50,
  historyPageMax: 100,
  /** Socket tickets: short-lived and single use. */
  wsTicketTtlSeconds: 30,
  /** Client message ids (idempotent resends). */
  clientMsgIdMaxChars: 64,
  /** Chat requests a member may send per hour. */
  requestsPerHour: 60,
} as const;

/** Close codes the server uses; 44xx mean "do not reconnect". */
export const CHAT_CLOSE = {
  normal: 1000,
  ticketRefused: 4401,
  disconnected: 4403,
  roomClosed: 4409,
} as const;

export const isFinalClose = (code: number): boolean => code >= 4400 && code < 4500;

export const ROOM_CLOSE_REASONS = ['LEFT', 'BLOCKED', 'BANNED', 'WITHDRAWN'] as const;
export type RoomCloseReasonCode = (typeof ROOM_CLOSE_REASONS)[number];

// ---- HTTP shapes ----

export type ChatRoomItem = {
  chatRoomId: number;
  matchingId: number;
  opponentMemberId: number;
  opponentId: number;
  opponentNickname: string;
  opponentProfileImageUrl: string | null;
  opponentWithdrawn: boolean;
  unreadMessageCount: number;
  lastMessage: string | null;
  lastMessageAt: string | null;
  messageCount: number;
  createdAt: string;
  /** Set when the conversation has ended (left, blocked, banned, withdrawn). */
  closedReason: RoomCloseReasonCode | null;
};

export type PendingRequestItem = {
  matchingId: number;
  opponentMemberId: number;
  opponentNickname: string;
  opponentProfileImageUrl: string | null;
  requestedAt: string;
};

export type ChatMessage = { id: number; senderId: number; content: string; sentAt: string };

/** POST /api/on/matching/request/{memberId}: a new request, or a match with their earlier one. */
export type ChatRequestResult =
  { status: 'PENDING'; matchingId: number } | { status: 'MATCHED'; matchingId: number; room: ChatRoomItem };

export type WsTicket = { ticket: string; expiresAt: string };

// ---- Socket frames ----

/** Sent as this exact text so the Durable Object answers without waking (auto-response). */
export const PING_FRAME = '{"type":"ping"}';
export const PONG_FRAME = '{"type":"pong"}';

export type ClientSendFrame = { type: 'send'; content: string; clientMsgId: string };

export type ChatErrorCode = 'BLANK' | 'TOO_LONG' | 'RATE_LIMITED' | 'ROOM_CLOSED' | 'BAD_FRAME';

export type RoomServerFrame =
  | { type: 'ready'; chatRoomId: number; closedReason: RoomCloseReasonCode | null }
  | ({ type: 'message'; chatRoomId: number; clientMsgId: string | null } & ChatMessage)
  | { type: 'error'; code: ChatErrorCode; message: string; clientMsgId: string | null }
  | { type: 'closed'; chatRoomId: number; reason: RoomCloseReasonCode }
  | { type: 'pong' };

/** Per-member channel (live badges and requests while the chat page is open). */
export type LiveServerFrame =
  | {
      type: 'room';
      chatRoomId: number;
      lastMessage: string;
      lastMessageAt: string;
      lastSenderId: number;
      messageCount: number;
      unreadMessageCount: number;
    }
  | { type: 'request'; request: PendingRequestItem }
  | { type: 'room-opened'; chatRoomId: number }
  | { type: 'room-closed'; chatRoomId: number; reason: RoomCloseReasonCode }
  | { type: 'read'; chatRoomId: number }
  /** The member's unread notification count changed (docs/notifications.md): the bell shows `unread`. */
  | { type: 'notification'; unread: number }
  | { type: 'pong' };

export const CHAT_MESSAGES = {
  blank: '빈 메시지는 보낼 수 없어요.',
  tooLong: `메시지는 ${CHAT_LIMITS.messageMaxChars.toLocaleString('ko-KR')}자까지 보낼 수 있어요.`,
  rateLimited: '메시지를 너무 빨리 보내고 있어요. 잠시 후 다시 보내 주세요.',
  roomClosed: '대화가 종료된 채팅방이에요.',
  badFrame: '메시지 형식이 올바르지 않아요.',
  roomNotFound: '채팅방을 찾을 수 없어요.',
  ticketMissing: '채팅 연결 정보가 없어요.',
  ticketInvalid: '채팅 연결 정보가 올바르지 않거나 만료되었어요.',
  ticketUsed: '이미 사용한 채팅 연결 정보예요.',
  upgradeRequired: '웹소켓 연결로만 이용할 수 있어요.',
  requestSelf: '나에게는 채팅을 요청할 수 없어요.',
  requestTargetGone: '채팅을 요청할 수 없는 회원이에요.',
  requestDuplicate: '이미 채팅을 요청했거나 대화 중인 상대예요.',
  requestTooMany: '채팅 요청을 너무 많이 보냈어요. 잠시 후 다시 시도해 주세요.',
  requestNotFound: '채팅 요청을 찾을 수 없어요.',
  requestAnswered: '이미 답한 채팅 요청이에요.',
} as const;

/** Normalised content (text.ts), or the reason it cannot be sent. Used by the Durable Object and the SPA. */
export function checkMessageContent(
  raw: string,
): { ok: true; content: string } | { ok: false; code: 'BLANK' | 'TOO_LONG' } {
  // Refused before segmenting: no visible character takes 16 UTF-16 units (a flag with tags takes 14).
  if (raw.length > CHAT_LIMITS.messageMaxChars * 16) return { ok: false, code: 'TOO_LONG' };
  const content = normalizeText(raw);
  if (!content) return { ok: false, code: 'BLANK' };
  if (textLength(content) > CHAT_LIMITS.messageMaxChars) return { ok: false, code: 'TOO_LONG' };
  return { ok: true, content };
}

/** A client frame as the server accepts it: exactly `{type:'send', content, clientMsgId}`. */
export function parseClientFrame(text: string): ClientSendFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const frame = value as Record<string, unknown>;
  const keys = Object.keys(frame);
  if (keys.some((k) => k !== 'type' && k !== 'content' && k !== 'clientMsgId')) return null;
  if (frame.type !== 'send' || typeof frame.content !== 'string') return null;
  const id = frame.clientMsgId;
  if (typeof id !== 'string' || id.length === 0 || id.length > CHAT_LIMITS.clientMsgIdMaxChars) return null;
  return { type: 'send', content: frame.content, clientMsgId: id };
}
