// In-app calls (docs/voice.md "Calls"): the signalling frames on the room socket, their limits and
// hand-written guards, the ICE-server answer, and the call line's words. Free of zod so the member
// SPA imports it; the room Durable Object (areas/chat/room-call.ts) enforces the states.
import { CALL_KINDS, type CallKind, type CallOutcome, type MessageCall } from './voice';

export const CALL_LIMITS = {
  /** An offer's or answer's SDP, in UTF-16 units (a two-track offer with restarts is ~6–8 KB). */
  sdpMaxChars: 16 * 1_024,
  /** One ICE candidate line. */
  candidateMaxChars: 1_024,
  /** `sdpMid` / `usernameFragment` of a candidate. */
  candidateFieldMaxChars: 64,
  /** Ringing unanswered this long is a missed call (a Durable Object alarm). */
  ringMs: 30_000,
  /** A member of an active call with no socket on the room for this long ends it (alarm). */
  lostMs: 30_000,
  /** Proposals per room (both members together) in `proposalWindowMs`. */
  proposalsPerWindow: 10,
  proposalWindowMs: 60 * 60 * 1_000,
  /** TURN credentials minted for this long (seconds); the Worker reuses one set for `iceCacheSeconds`. */
  iceTtlSeconds: 4 * 60 * 60,
  iceCacheSeconds: 5 * 60,
} as const;

/** A call id: the proposing page's `crypto.randomUUID()` (lower-case hex UUID). */
export const CALL_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An ICE candidate as `RTCIceCandidate.toJSON()` gives it. */
export type CallCandidate = {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
  usernameFragment?: string | null;
};

/** Why a call ended, as the page says it (`FAILED`: the connection never came up or was lost). */
export const CALL_END_REASONS = ['HANGUP', 'FAILED'] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

export type ClientCallFrame =
  | { type: 'call-propose'; callId: string; kind: CallKind }
  | { type: 'call-accept'; callId: string }
  | { type: 'call-decline'; callId: string }
  | { type: 'call-offer'; callId: string; sdp: string }
  | { type: 'call-answer'; callId: string; sdp: string }
  | { type: 'call-ice'; callId: string; candidate: CallCandidate }
  | { type: 'call-end'; callId: string; reason?: CallEndReason }
  /** A new socket of a member already in the call (a reconnect) takes the call over. */
  | { type: 'call-resume'; callId: string };

export const CALL_CLIENT_FRAME_TYPES = [
  'call-propose',
  'call-accept',
  'call-decline',
  'call-offer',
  'call-answer',
  'call-ice',
  'call-end',
  'call-resume',
] as const;

export type CallState = 'RINGING' | 'ACTIVE';

/** The room's current call as its members' pages see it (null: none). */
export type CallInfo = {
  callId: string;
  kind: CallKind;
  callerId: number;
  state: CallState;
  /** ISO time of the accept (ACTIVE only): the call timer counts from it. */
  acceptedAt: string | null;
};

export type CallErrorCode =
  'CALL_INVALID' | 'CALL_BUSY' | 'CALL_RATE_LIMITED' | 'CALL_ROOM_CLOSED' | 'CALL_IDENTITY_REQUIRED';

export type CallServerFrame =
  /** Both members' sockets, whenever the call starts, is answered, moves or ends (`call` null). */
  | { type: 'call-state'; chatRoomId: number; call: CallInfo | null; outcome?: CallOutcome }
  /** Relayed to the other member's socket in the call only; never stored. */
  | { type: 'call-offer'; chatRoomId: number; callId: string; sdp: string }
  | { type: 'call-answer'; chatRoomId: number; callId: string; sdp: string }
  | { type: 'call-ice'; chatRoomId: number; callId: string; candidate: CallCandidate }
  /** To the sending socket only. */
  | { type: 'call-error'; chatRoomId: number; callId: string | null; code: CallErrorCode; message: string };

export const CALL_MESSAGES: Record<CallErrorCode, string> = {
  CALL_INVALID: '통화 요청이 올바르지 않아요.',
  CALL_BUSY: '이미 진행 중인 통화가 있어요.',
  CALL_RATE_LIMITED: '통화를 너무 자주 걸었어요. 잠시 후 다시 걸어 주세요.',
  CALL_ROOM_CLOSED: '대화가 종료된 채팅방에서는 통화할 수 없어요.',
  CALL_IDENTITY_REQUIRED: '본인확인을 마친 회원만 통화할 수 있어요. 본인확인을 먼저 해 주세요.',
};

/** GET /api/on/calls/ice-servers */
export type IceServersResult = {
  iceServers: { urls: string | string[]; username?: string; credential?: string }[];
  /** How long the credentials in it stay good (0: none are needed). */
  ttlSeconds: number;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasOnly = (o: Record<string, unknown>, allowed: readonly string[]) =>
  Object.keys(o).every((k) => allowed.includes(k));
const shortText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

function parseCandidate(v: unknown): CallCandidate | null {
  if (!isObject(v) || !hasOnly(v, ['candidate', 'sdpMid', 'sdpMLineIndex', 'usernameFragment'])) return null;
  if (typeof v.candidate !== 'string' || v.candidate.length > CALL_LIMITS.candidateMaxChars) return null;
  const out: CallCandidate = { candidate: v.candidate };
  if (v.sdpMid !== undefined) {
    if (v.sdpMid !== null && !shortText(v.sdpMid, CALL_LIMITS.candidateFieldMaxChars)) return null;
    out.sdpMid = v.sdpMid;
  }
  if (v.sdpMLineIndex !== undefined) {
    const i = v.sdpMLineIndex;
    if (i !== null && (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i > 64)) return null;
    out.sdpMLineIndex = i;
  }
  if (v.usernameFragment !== undefined) {
    if (v.usernameFragment !== null && !shortText(v.usernameFragment, CALL_LIMITS.candidateFieldMaxChars)) return null;
    out.usernameFragment = v.usernameFragment;
  }
  return out;
}

/**
 * A call frame as the room accepts it (exact keys, a UUID call id, SDP ≤ sdpMaxChars, a candidate
 * ≤ candidateMaxChars), or null. Only called for an object whose `type` starts with 'call-'.
 */
export function parseCallFrame(frame: Record<string, unknown>): ClientCallFrame | null {
  const { type, callId } = frame;
  if (typeof callId !== 'string' || !CALL_ID_PATTERN.test(callId)) return null;
  switch (type) {
    case 'call-propose':
      if (!hasOnly(frame, ['type', 'callId', 'kind'])) return null;
      if (!(CALL_KINDS as readonly unknown[]).includes(frame.kind)) return null;
      return { type, callId, kind: frame.kind as CallKind };
    case 'call-accept':
    case 'call-decline':
    case 'call-resume':
      return hasOnly(frame, ['type', 'callId']) ? { type, callId } : null;
    case 'call-offer':
    case 'call-answer': {
      if (!hasOnly(frame, ['type', 'callId', 'sdp'])) return null;
      const { sdp } = frame;
      if (typeof sdp !== 'string' || sdp.length === 0 || sdp.length > CALL_LIMITS.sdpMaxChars) return null;
      return { type, callId, sdp };
    }
    case 'call-ice': {
      if (!hasOnly(frame, ['type', 'callId', 'candidate'])) return null;
      const candidate = parseCandidate(frame.candidate);
      return candidate ? { type, callId, candidate } : null;
    }
    case 'call-end': {
      if (!hasOnly(frame, ['type', 'callId', 'reason'])) return null;
      if (frame.reason === undefined) return { type, callId };
      if (!(CALL_END_REASONS as readonly unknown[]).includes(frame.reason)) return null;
      return { type, callId, reason: frame.reason as CallEndReason };
    }
    default:
      return null;
  }
}

/** '음성 통화' / '영상 통화': the call line's words and the ring push's. */
export const CALL_KIND_WORD: Record<CallKind, string> = { VOICE: '음성 통화', VIDEO: '영상 통화' };

/** '3분', '45초' (a call under a minute in seconds, else whole minutes). */
export function callDurationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1_000));
  return seconds < 60 ? `${seconds}초` : `${Math.floor(seconds / 60)}분`;
}

/**
 * The call line's words for `viewerId` ('음성 통화 3분', '부재중 영상 통화', '통화를 거절했어요' …);
 * null viewer: the room list's preview, the same for both.
 */
export function callLineText(call: MessageCall, viewerId: number | null): string {
  const kind = CALL_KIND_WORD[call.kind];
  const mine = viewerId !== null && viewerId === call.callerId;
  switch (call.outcome) {
    case 'ENDED':
      return call.durationMs === null ? kind : `${kind} ${callDurationText(call.durationMs)}`;
    case 'MISSED':
      return mine ? `${kind} · 상대가 받지 않았어요` : `부재중 ${kind}`;
    case 'DECLINED':
      if (viewerId === null) return `${kind} · 거절됨`;
      return mine ? `${kind} · 상대가 거절했어요` : `${kind} · 거절했어요`;
    case 'CANCELLED':
      if (viewerId === null) return `${kind} · 취소됨`;
      return mine ? `${kind} · 취소했어요` : `부재중 ${kind}`;
    case 'FAILED':
      return `${kind} · 연결하지 못했어요`;
  }
}

/**
 * A socket text that is a call frame: `frame` null when its fields are wrong (`callId` kept when
 * readable, for the error frame). Undefined: not a call frame at all.
 */
export function readCallFrame(text: string): { frame: ClientCallFrame | null; callId: string | null } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || typeof value.type !== 'string' || !value.type.startsWith('call-')) return undefined;
  const callId = typeof value.callId === 'string' && CALL_ID_PATTERN.test(value.callId) ? value.callId : null;
  return { frame: parseCallFrame(value), callId };
}
