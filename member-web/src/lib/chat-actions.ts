// Chat actions beside the socket (docs/chat.md): photo and voice messages (multipart, with upload
// progress), unsending my own message, and keeping the room's cached messages in step with both.
import type { QueryClient } from '@tanstack/react-query';
import {
  CHAT_LIMITS,
  CHAT_PREVIEW,
  type ChatMessage,
  type PhotoMessageResult,
  type UnsendResult,
} from '@contract/chat';
import { ACCEPTED_IMAGE_TYPES } from '@contract/images';
import { LIMITS } from '@contract/limits';
import { api } from '../api/client';
import { chatKeys, type RoomMessages } from '../api/chat';
import { uploadMultipart } from '../api/upload';

/** The one list of accepted picture types (contract): JPEG and PNG. */
export const CHAT_PHOTO_TYPES = ACCEPTED_IMAGE_TYPES;
export const CHAT_PHOTO_MAX_BYTES = LIMITS.imageMaxBytes;

/** Whether a picked file may be sent as a chat photo (the server checks again). */
export function checkChatPhoto(file: { type: string; size: number }): boolean {
  return (
    (CHAT_PHOTO_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= CHAT_PHOTO_MAX_BYTES
  );
}

export function uploadChatPhoto(
  roomId: number,
  file: Blob,
  clientMsgId: string,
  onProgress?: (fraction: number) => void,
): Promise<PhotoMessageResult> {
  const form = new FormData();
  form.append('image', file);
  form.append('clientMsgId', clientMsgId);
  return uploadMultipart<PhotoMessageResult>(`/api/on/chat-rooms/${roomId}/photos`, form, { auth: true, onProgress });
}

/** A file name for the multipart part, by container (the server sniffs the bytes anyway). */
export function voiceFileName(type: string): string {
  const base = (type.split(';')[0] ?? '').trim();
  return base === 'audio/mp4' ? 'voice.m4a' : base === 'audio/ogg' ? 'voice.ogg' : 'voice.webm';
}

/**
 * POST /api/on/chat-rooms/{id}/voice (docs/voice.md "Voice notes"): the stored voice message;
 * `replyTo`: a 답장 to that message of the room.
 */
export function uploadChatVoice(
  roomId: number,
  voice: { blob: Blob; type: string; durationMs: number; waveform: readonly number[] },
  clientMsgId: string,
  onProgress?: (fraction: number) => void,
  replyTo?: number,
): Promise<PhotoMessageResult> {
  const form = new FormData();
  form.append('audio', voice.blob, voiceFileName(voice.type));
  form.append('durationMs', String(Math.round(voice.durationMs)));
  form.append('waveform', JSON.stringify(voice.waveform));
  form.append('clientMsgId', clientMsgId);
  if (replyTo !== undefined) form.append('replyTo', String(replyTo));
  return uploadMultipart<PhotoMessageResult>(`/api/on/chat-rooms/${roomId}/voice`, form, { auth: true, onProgress });
}

export const unsendMessage = (roomId: number, messageId: number) =>
  api.delete<UnsendResult>(`/api/on/chat-rooms/${roomId}/messages/${messageId}`);

/** My own message, not yet unsent, sent less than five minutes before `now`. */
export function canUnsend(message: ChatMessage, myMessage: boolean, now: number): boolean {
  if (!myMessage || message.deleted) return false;
  return now - Date.parse(message.sentAt) < CHAT_LIMITS.unsendWindowMs;
}

/** Shows message `id` as unsent in the room's cached list. */
export function markMessageDeleted(client: QueryClient, roomId: number, id: number): void {
  client.setQueryData<RoomMessages>(chatKeys.messages(roomId), (old) =>
    old
      ? {
          ...old,
          messages: old.messages.map((m) =>
            m.id === id
              ? { id: m.id, senderId: m.senderId, sentAt: m.sentAt, content: '', deleted: true }
              : // A reply quoting it quotes it as unsent from now on (as the room's history will).
                m.replyTo?.id === id
                ? { ...m, replyTo: { ...m.replyTo, preview: CHAT_PREVIEW.unsent } }
                : m,
          ),
        }
      : old,
  );
}
