// Voice before meeting (docs/voice.md): voice notes in chat, the profile's 목소리 소개 and the
// in-app call's shared vocabulary. Free of zod so the member SPA can import it; the Worker checks
// uploads with lib/audio (real container, real duration) and these limits.
import type { PromptId } from './profile-details-core';

export const VOICE_LIMITS = {
  /** A voice note in chat: at most this long (milliseconds of audio). */
  noteMaxMs: 60_000,
  /** The profile's 목소리 소개. */
  introMaxMs: 30_000,
  /** Anything shorter is a slip of the finger, not a message. */
  minMs: 1_000,
  /** The declared duration may differ from the container's real one by at most this much. */
  durationToleranceMs: 1_000,
  /** The waveform the browser computes: this many bars, each an integer 0–100. */
  waveformBars: 48,
  /** Upload size bound by duration: bytes per second of audio (256 kbit/s) plus a fixed allowance for headers. */
  maxBytesPerSecond: 32_000,
  headerAllowanceBytes: 64 * 1_024,
} as const;

/** The containers accepted (Opus in WebM or Ogg, AAC in MP4), by their base MIME type. */
export const VOICE_CONTENT_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4'] as const;
export type VoiceContentType = (typeof VOICE_CONTENT_TYPES)[number];

/** The largest upload accepted for `durationMs` of audio. */
export const maxVoiceBytes = (durationMs: number): number =>
  Math.ceil((durationMs / 1_000 + 1) * VOICE_LIMITS.maxBytesPerSecond) + VOICE_LIMITS.headerAllowanceBytes;

/**
 * A voice note's fields on a chat message (flat on ChatMessage, as the binding call answers them): a short-lived signed link only the room's two
 * members (and admins, for reports) receive, like a photo's `imageUrl`; the duration and waveform
 * the browser measured, validated and stored with the message.
 */
export type MessageVoice = { audioUrl: string; durationMs: number; waveform: number[] };

/**
 * The profile's 목소리 소개 as others hear it: one recording answering a prompt card
 * (PROFILE_PROMPTS), its link short-lived like a chat photo's. Absent while an admin hides it.
 */
export type ProfileVoice = {
  audioUrl: string;
  durationMs: number;
  waveform: number[];
  promptId: PromptId;
  prompt: string;
};

/** GET/PUT /api/on/mypage/voice: my own 목소리 소개 (`hiddenReason` set while an admin hides it). */
export type MyProfileVoice = ProfileVoice & { hiddenReason: string | null; updatedAt: string };

// ---- Calls ----

export const CALL_KINDS = ['VOICE', 'VIDEO'] as const;
export type CallKind = (typeof CALL_KINDS)[number];
/** How a call ended, as the room's call line shows it ('음성 통화 3분', '영상 통화', '부재중', '거절됨'). */
export const CALL_OUTCOMES = ['ENDED', 'MISSED', 'DECLINED', 'CANCELLED', 'FAILED'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** A call line in the room (ChatMessage.call): stored by the room when a call ends; no media, ever. */
export type MessageCall = { kind: CallKind; outcome: CallOutcome; durationMs: number | null; callerId: number };

export const VOICE_MESSAGES = {
  invalid: '음성 파일을 확인할 수 없어요. 다시 녹음해 주세요.',
  missing: '보낼 음성을 녹음해 주세요.',
  tooShort: '1초 이상 녹음해 주세요.',
  noteTooLong: '음성 메시지는 60초까지 보낼 수 있어요.',
  introTooLong: '목소리 소개는 30초까지 녹음할 수 있어요.',
  notFound: '음성을 찾을 수 없거나 링크가 만료되었어요.',
} as const;
