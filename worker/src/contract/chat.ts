// Chat (api-contract "Chat", docs/chat.md): requests, rooms, messages and the socket wire
// protocol. Free of zod so the member SPA's chat page can import it without a validator; the
// Worker checks frames with the small hand-written guards below (one place for both sides).
import type { Verified } from './photo-verification';
import type { MessageSafety } from './safety/chat';
import { groupDigits } from './numbers';
import { normalizeText, quoteLine, textLength } from './text';
import type { CallKind, MessageCall } from './voice';
import type { CallServerFrame } from './calls';

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
  /** A request's intro (optional), in characters as a person counts them (text.ts). */
  requestIntroMaxChars: 100,
  /** A request nobody answered expires (status EXPIRED) after this long. */
  requestExpiryMs: 7 * 24 * 60 * 60 * 1_000,
  /** A member may unsend their own message for both sides within this time of sending it. */
  unsendWindowMs: 5 * 60 * 1_000,
  /** The room relays at most one typing frame per member per interval; clients throttle too. */
  typingRelayMs: 2_000,
  /** How long after its last typing frame the page keeps showing '입력 중…'. */
  typingShowMs: 4_000,
  /** Chat photos: the signed link's lifetime (at least; links are issued on 5-minute steps). */
  photoLinkTtlSeconds: 10 * 60,
  /** Sockets one member may hold open on one room, and on their live channel; one more closes the oldest. */
  roomSocketsPerMember: 20,
  liveSocketsPerMember: 5,
  /** A reply's quote of its original (`ChatReplyRef.preview`), in characters (graphemes). */
  replyPreviewMaxChars: 60,
} as const;

/** What the room list (and the SPA) shows for a photo message and for an unsent message. */
export const CHAT_PREVIEW = {
  photo: '사진을 보냈어요',
  voice: '음성 메시지를 보냈어요',
  unsent: '삭제된 메시지예요',
} as const;

/**
 * What the blocked member's room list shows for the member who blocked them (docs/chat.md "Rooms and requests"): a
 * frozen, neutral entry, never that member's current name or photo.
 */
export const UNKNOWN_MEMBER_NAME = '알 수 없는 회원';

/** Close codes the server uses; 44xx mean "do not reconnect". */
export const CHAT_CLOSE = {
  normal: 1000,
  ticketRefused: 4401,
  disconnected: 4403,
  roomClosed: 4409,
  /** The member opened more sockets than CHAT_LIMITS allow: their oldest is closed (docs/chat.md "Sockets and tickets"). */
  tooManySockets: 4429,
} as const;

export const isFinalClose = (code: number): boolean => code >= 4400 && code < 4500;

/**
 * A room socket may carry the member's access token instead of a ticket, as a WebSocket
 * subprotocol (a browser cannot set headers on a socket): the page offers
 * `[CHAT_SOCKET_PROTOCOL, CHAT_TOKEN_PROTOCOL_PREFIX + accessToken]` and the server selects
 * CHAT_SOCKET_PROTOCOL only (the token is never echoed). docs/chat.md "Sockets and tickets".
 */
export const CHAT_SOCKET_PROTOCOL = 'ongi.chat.v1';
export const CHAT_TOKEN_PROTOCOL_PREFIX = 'ongi.token.';

/**
 * Fewer ghosted conversations (docs/chat.md "Your turn and quiet rooms"). A room "waits on me" while it is
 * open and the other member wrote last (D1's summary: `last_sender_id` = my opponent). With `limit` or more
 * such rooms, new chat requests and accepts are refused (409 YOUR_TURN_LIMIT) with the waiting rooms listed.
 * A room silent for `wrapUpAfterMs` (no message, or none since it opened) may be wrapped up by either member.
 */
export const YOUR_TURN = {
  limit: 10,
  /** The most waiting rooms one refusal lists (oldest wait first). */
  listMax: 30,
  wrapUpAfterMs: 14 * 24 * 60 * 60 * 1_000,
} as const;

export const YOUR_TURN_LIMIT_CODE = 'YOUR_TURN_LIMIT';

/** A room waiting on the member's reply, as a YOUR_TURN_LIMIT refusal lists it (`waiting`). */
export type WaitingRoom = {
  chatRoomId: number;
  opponentId: number;
  opponentNickname: string;
  opponentProfileImageUrl: string | null;
  /** When the other member's last message reached the list (D1's summary). */
  lastMessageAt: string;
};

/** The body of a 409 YOUR_TURN_LIMIT (besides code and message): how many wait, and the oldest of them. */
export type YourTurnRefusal = { waitingCount: number; waiting: WaitingRoom[] };

/** Since when a room has been silent: its last message, or its opening when nobody wrote. */
export const silentSince = (room: { lastMessageAt: string | null; createdAt: string }): string =>
  room.lastMessageAt ?? room.createdAt;

/** Whether a room has been silent long enough for 대화 마무리하기 (the server checks the same in SQL). */
export const mayWrapUp = (room: { lastMessageAt: string | null; createdAt: string }, nowMs: number): boolean =>
  Date.parse(silentSince(room)) <= nowMs - YOUR_TURN.wrapUpAfterMs;

export const ROOM_CLOSE_REASONS = ['LEFT', 'BLOCKED', 'BANNED', 'WITHDRAWN', 'UNDER_19', 'WRAPPED_UP'] as const;
export type RoomCloseReasonCode = (typeof ROOM_CLOSE_REASONS)[number];

// ---- HTTP shapes ----

export type ChatRoomItem = {
  chatRoomId: number;
  /** The chat request the room was opened by (the contract's name for a request's id). */
  matchingId: number;
  opponentMemberId: number;
  opponentId: number;
  opponentNickname: string;
  opponentProfileImageUrl: string | null;
  opponentWithdrawn: boolean;
  /** The opponent's 본인확인 / 사진 인증 (docs/trust.md "Identity (본인확인)", "Verified photos"). Always sent by the server. */
  verified?: Verified;
  unreadMessageCount: number;
  lastMessage: string | null;
  lastMessageAt: string | null;
  messageCount: number;
  createdAt: string;
  /** Set when the conversation has ended (left, blocked, banned, withdrawn). */
  closedReason: RoomCloseReasonCode | null;
};

export type PendingRequestItem = {
  /** The chat request's id (the contract's name, kept on the wire; the member app calls it requestId). */
  matchingId: number;
  opponentMemberId: number;
  opponentNickname: string;
  opponentProfileImageUrl: string | null;
  requestedAt: string;
  /** The requester's short intro (≤ requestIntroMaxChars), or null. Always sent by the server. */
  intro?: string | null;
  /** When the request expires unanswered (requestedAt + 7 days). Always sent by the server. */
  expiresAt?: string;
};

/**
 * A message. `imageUrl` (photo messages only) is a short-lived signed link that only the room's
 * two members receive; fetch a fresh history page for a new one when it stops loading. `deleted`
 * (unsent messages only): `content` is '' and there is no `imageUrl`; the page shows
 * CHAT_PREVIEW.unsent. Both keys are absent on ordinary messages.
 */
export type ChatMessage = {
  id: number;
  senderId: number;
  content: string;
  sentAt: string;
  imageUrl?: string | null;
  deleted?: boolean;
  /**
   * A voice note (docs/voice.md; MessageVoice): `audioUrl` is a short-lived signed link like
   * `imageUrl`, with the measured `durationMs` and `waveform`; `content` is ''. All three are
   * absent on other messages and once unsent.
   */
  audioUrl?: string;
  durationMs?: number;
  waveform?: number[];
  /** A call line the room wrote when a call ended (docs/voice.md "Calls"): `content` is ''. */
  call?: MessageCall;
  /** A reply (답장): the message it answers, quoted above the bubble. Absent on other messages. */
  replyTo?: ChatReplyRef;
  /**
   * Only on the receiver's copy (history and frame), never the sender's: the scam-path kinds the
   * safety detector found in the text (RECEIVER_WARNED_KINDS; docs/safety.md "In chat").
   */
  safety?: MessageSafety;
  /**
   * Only on the receiver's copy of a photo sent before they replied PHOTO_BLUR_UNTIL_REPLIES times:
   * the page shows it blurred until '사진 보기'.
   */
  blurred?: true;
};

/**
 * The original a reply quotes: its id (to scroll to), its sender, and a short preview — its text up
 * to CHAT_LIMITS.replyPreviewMaxChars, CHAT_PREVIEW.photo for a photo (.voice for a voice note), CHAT_PREVIEW.unsent once it
 * was unsent (never its old text).
 */
export type ChatReplyRef = { id: number; senderId: number; preview: string };

/** The quote the page shows for a reply it is about to send (the room sends the same one back). */
export function replyRefOf(m: ChatMessage): ChatReplyRef {
  return {
    id: m.id,
    senderId: m.senderId,
    preview: replyPreview({
      content: m.content,
      deleted: m.deleted,
      photo: Boolean(m.imageUrl),
      voice: Boolean(m.audioUrl),
    }),
  };
}

/**
 * The words for a message with no text of its own to show — unsent, a photo, a voice note
 * (CHAT_PREVIEW) — or null for a text: one rule for reply quotes and the page's one-line text
 * (member-web lib/chat-text.ts `messageText`).
 */
export function neutralText(m: { deleted?: boolean; photo: boolean; voice?: boolean }): string | null {
  if (m.deleted) return CHAT_PREVIEW.unsent;
  if (m.photo) return CHAT_PREVIEW.photo;
  if (m.voice) return CHAT_PREVIEW.voice;
  return null;
}

/** The preview of a reply's original (one rule for the room, its history and the page's own echo). */
export function replyPreview(original: {
  content: string;
  deleted?: boolean;
  photo: boolean;
  voice?: boolean;
}): string {
  return neutralText(original) ?? quoteLine(original.content, CHAT_LIMITS.replyPreviewMaxChars);
}

/** DELETE /api/on/chat-rooms/{id}/messages/{messageId} answers this. */
export type UnsendResult = { id: number; deleted: true };

/** POST /api/on/chat-rooms/{id}/photos answers the stored message (the room also broadcasts it). */
export type PhotoMessageResult = ChatMessage & { chatRoomId: number; clientMsgId: string | null };

/**
 * POST /api/on/matching/request/{memberId}: a new request, or a match with their earlier one.
 * `matchingId` is the chat request's id (the contract's name; the member app calls it requestId).
 */
export type ChatRequestResult =
  { status: 'PENDING'; matchingId: number } | { status: 'MATCHED'; matchingId: number; room: ChatRoomItem };

export type WsTicket = { ticket: string; expiresAt: string };

// ---- Socket frames ----

/** Sent as this exact text so the Durable Object answers without waking (auto-response). */
export const PING_FRAME = '{"type":"ping"}';
export const PONG_FRAME = '{"type":"pong"}';

/** `replyTo` (optional): the id of a message in this room that this one answers (답장). */
export type ClientSendFrame = { type: 'send'; content: string; clientMsgId: string; replyTo?: number };
/** "I have seen everything up to `lastReadId`" (optional: an open socket already counts as reading). */
export type ClientReadFrame = { type: 'read'; lastReadId: number };
/** "I am composing": send at most one per CHAT_LIMITS.typingRelayMs while the text box changes. */
export type ClientTypingFrame = { type: 'typing' };
export type ClientFrame = ClientSendFrame | ClientReadFrame | ClientTypingFrame;

export type ChatErrorCode = 'BLANK' | 'TOO_LONG' | 'RATE_LIMITED' | 'ROOM_CLOSED' | 'BAD_FRAME' | 'IDENTITY_REQUIRED';

export type RoomServerFrame =
  | {
      type: 'ready';
      chatRoomId: number;
      closedReason: RoomCloseReasonCode | null;
      /** The other member has read my messages up to this id (0: none yet). */
      opponentLastReadId: number;
    }
  /**
   * A new message. `readOnArrival`, only on the sender's copy: the other member was in the room and
   * has read it (and all before it) — the sender's "1"s go, with no separate `read` frame.
   */
  | ({ type: 'message'; chatRoomId: number; clientMsgId: string | null; readOnArrival?: true } & ChatMessage)
  | { type: 'error'; code: ChatErrorCode; message: string; clientMsgId: string | null }
  | { type: 'closed'; chatRoomId: number; reason: RoomCloseReasonCode }
  /** `memberId` has read up to `lastReadId`: my messages with id ≤ it lose their "1". */
  | { type: 'read'; chatRoomId: number; memberId: number; lastReadId: number }
  /** `memberId` is composing (never stored; only the other member receives it). */
  | { type: 'typing'; chatRoomId: number; memberId: number }
  /** Message `id` was unsent by its sender: show it as deleted (CHAT_PREVIEW.unsent). */
  | { type: 'unsent'; chatRoomId: number; id: number }
  /** In-app calls (contract/calls.ts, docs/voice.md "Calls"). */
  | CallServerFrame
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
  /**
   * A call rings for me in a room (docs/voice.md "Calls", "Ringing on any screen"): the caller as
   * my room list shows them; `expiresAt` when the ringing runs out (MISSED).
   */
  | {
      type: 'call-ringing';
      chatRoomId: number;
      callId: string;
      kind: CallKind;
      caller: { nickname: string; profileImageUrl: string | null };
      expiresAt: string;
    }
  /** That call stopped ringing (answered, declined, cancelled, missed, the room closed). */
  | { type: 'call-ring-end'; chatRoomId: number; callId: string }
  | { type: 'pong' };

export const CHAT_MESSAGES = {
  /** Close reason (≤ 123 bytes) for a socket closed because the member opened too many. */
  tooManySockets: '다른 창에서 채팅을 더 열어서 이 창의 연결을 닫았어요.',
  blank: '빈 메시지는 보낼 수 없어요.',
  tooLong: `메시지는 ${groupDigits(CHAT_LIMITS.messageMaxChars)}자까지 보낼 수 있어요.`,
  rateLimited: '메시지를 너무 빨리 보내고 있어요. 잠시 후 다시 보내 주세요.',
  roomClosed: '대화가 종료된 채팅방이에요.',
  badFrame: '메시지 형식이 올바르지 않아요.',
  identityRequired: '본인확인을 마친 회원만 메시지를 보낼 수 있어요. 본인확인을 먼저 해 주세요.',
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
  requestIntroTooLong: `소개는 ${CHAT_LIMITS.requestIntroMaxChars}자까지 쓸 수 있어요.`,
  messageNotFound: '메시지를 찾을 수 없어요.',
  unsendExpired: '보낸 지 5분이 지난 메시지는 삭제할 수 없어요.',
  photoNotFound: '사진을 찾을 수 없거나 링크가 만료되었어요.',
  photoMissing: '보낼 사진을 골라 주세요.',
  yourTurnLimit:
    '답장을 기다리는 대화가 있어요. 새 대화를 시작하기 전에 먼저 답장하거나, 오래 조용했던 대화는 마무리해 주세요.',
  wrapUpTooSoon: '14일 동안 조용했던 대화만 마무리할 수 있어요.',
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

/**
 * A client frame as the server accepts it: exactly `{type:'send', content, clientMsgId, replyTo?}`,
 * `{type:'read', lastReadId}` or `{type:'typing'}` — no other keys.
 */
export function parseClientFrame(text: string): ClientFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const frame = value as Record<string, unknown>;
  const keys = Object.keys(frame);
  if (frame.type === 'typing') return keys.length === 1 ? { type: 'typing' } : null;
  if (frame.type === 'read') {
    const id = frame.lastReadId;
    if (keys.length !== 2 || typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return null;
    return { type: 'read', lastReadId: id };
  }
  if (keys.some((k) => k !== 'type' && k !== 'content' && k !== 'clientMsgId' && k !== 'replyTo')) return null;
  if (frame.type !== 'send' || typeof frame.content !== 'string') return null;
  const id = frame.clientMsgId;
  if (typeof id !== 'string' || id.length === 0 || id.length > CHAT_LIMITS.clientMsgIdMaxChars) return null;
  const replyTo = frame.replyTo;
  if (replyTo === undefined) return { type: 'send', content: frame.content, clientMsgId: id };
  if (typeof replyTo !== 'number' || !Number.isSafeInteger(replyTo) || replyTo <= 0) return null;
  return { type: 'send', content: frame.content, clientMsgId: id, replyTo };
}
