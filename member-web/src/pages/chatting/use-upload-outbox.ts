// Photos and voice notes on their way into the room (docs/voice.md "In the app"): one outbox for
// both. Each upload is a pending bubble under its clientMsgId that shows the local copy (an object
// URL: the picture, or the recording that plays while it uploads) with upload progress; the stored
// message replaces it when the server answers, or it is marked failed with 다시 보내기 / 지우기.
// The local URL is revoked when the stored message replaces the bubble, when it is discarded, and
// when the room closes. The two kinds differ only in how the form is built (`upload`) and what the
// pending bubble shows besides the local copy (`shown`).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_PREVIEW, type ChatReplyRef, type PhotoMessageResult } from '@contract/chat';
import { addMessages, patchRoom } from '../../api/chat';
import type { Recording } from '../../components/voice/use-voice-recorder';
import { uploadChatPhoto, uploadChatVoice } from '../../lib/chat-actions';

/** A pending upload as its bubble shows it; `Shown` is what the kind adds (a voice note's length). */
export type Upload<Shown = object> = Shown & {
  clientMsgId: string;
  /** The local copy (object URL) the bubble shows or plays. */
  localUrl: string;
  progress: number;
  status: 'uploading' | 'failed';
  /** A reply (답장): the quote it was sent with. */
  replyTo?: ChatReplyRef;
};

/** One kind of upload: photo or voice note. Kept as a module constant (the hook's callbacks depend on it). */
export type UploadKind<Payload, Shown> = {
  /** Sends the form; `replyTo` is the quoted message's id when the kind takes replies. */
  upload: (
    roomId: number,
    payload: Payload,
    clientMsgId: string,
    onProgress: (fraction: number) => void,
    replyTo?: number,
  ) => Promise<PhotoMessageResult>;
  /** The bytes the pending bubble shows or plays. */
  blob: (payload: Payload) => Blob;
  /** What the pending bubble shows besides the local copy. */
  shown: (payload: Payload) => Shown;
  /** The room list's preview once stored (CHAT_PREVIEW). */
  preview: string;
  /** For the console when an upload fails. */
  what: string;
};

export const PHOTO_UPLOADS: UploadKind<File, object> = {
  upload: (roomId, file, clientMsgId, onProgress) => uploadChatPhoto(roomId, file, clientMsgId, onProgress),
  blob: (file) => file,
  shown: () => ({}),
  preview: CHAT_PREVIEW.photo,
  what: 'chat photo',
};

export type VoiceShown = { durationMs: number; waveform: readonly number[] };

export const VOICE_UPLOADS: UploadKind<Recording, VoiceShown> = {
  upload: uploadChatVoice,
  blob: (recording) => recording.blob,
  shown: (recording) => ({ durationMs: recording.durationMs, waveform: recording.waveform }),
  preview: CHAT_PREVIEW.voice,
  what: 'voice note',
};

export type PhotoUpload = Upload;
export type VoiceUpload = Upload<VoiceShown>;

export function useUploadOutbox<Payload, Shown>(roomId: number, kind: UploadKind<Payload, Shown>) {
  const client = useQueryClient();
  const [items, setItems] = useState<Upload<Shown>[]>([]);
  // What each pending upload sends again on 다시 보내기, and the local URL to revoke when it goes.
  const pending = useRef(new Map<string, { payload: Payload; url: string; replyTo?: number }>());
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    const owned = pending.current;
    return () => {
      alive.current = false;
      for (const { url } of owned.values()) URL.revokeObjectURL(url);
      owned.clear();
    };
  }, []);

  const patch = (id: string, change: Partial<Pick<Upload, 'progress' | 'status'>>) =>
    setItems((list) => list.map((i) => (i.clientMsgId === id ? { ...i, ...change } : i)));

  const drop = useCallback((clientMsgId: string) => {
    const gone = pending.current.get(clientMsgId);
    if (gone) URL.revokeObjectURL(gone.url);
    pending.current.delete(clientMsgId);
    setItems((list) => list.filter((i) => i.clientMsgId !== clientMsgId));
  }, []);

  const run = useCallback(
    (clientMsgId: string) => {
      const entry = pending.current.get(clientMsgId);
      if (!entry) return;
      const onProgress = (fraction: number) => {
        if (alive.current) patch(clientMsgId, { progress: fraction });
      };
      kind
        .upload(roomId, entry.payload, clientMsgId, onProgress, entry.replyTo)
        .then((stored) => {
          const { chatRoomId: _r, clientMsgId: _c, ...message } = stored;
          addMessages(client, roomId, [message]);
          patchRoom(client, roomId, (r) => ({
            ...r,
            lastMessage: kind.preview,
            lastMessageAt: message.sentAt,
            messageCount: Math.max(r.messageCount, message.id),
          }));
          if (alive.current) drop(clientMsgId);
        })
        .catch((err: unknown) => {
          console.error(`sending the ${kind.what} failed`, err);
          if (alive.current) patch(clientMsgId, { status: 'failed' });
        });
    },
    [client, roomId, kind, drop],
  );

  /** Sends `payload`; `replyTo` (a kind that takes replies): the quote of the message it answers. */
  const send = useCallback(
    (payload: Payload, replyTo?: ChatReplyRef) => {
      const clientMsgId = crypto.randomUUID();
      const url = URL.createObjectURL(kind.blob(payload));
      pending.current.set(clientMsgId, { payload, url, replyTo: replyTo?.id });
      const item = {
        ...kind.shown(payload),
        clientMsgId,
        localUrl: url,
        progress: 0,
        status: 'uploading' as const,
        ...(replyTo ? { replyTo } : {}),
      };
      setItems((list) => [...list, item]);
      run(clientMsgId);
    },
    [kind, run],
  );

  const retry = useCallback(
    (clientMsgId: string) => {
      patch(clientMsgId, { status: 'uploading', progress: 0 });
      run(clientMsgId);
    },
    [run],
  );

  return { items, send, retry, discard: drop };
}
