// Voice notes on their way into the room (docs/voice.md "In the app"), as photos go
// (use-photo-uploads.ts): a pending bubble with upload progress under its clientMsgId, replaced by
// the stored message when the server answers, or marked failed with 다시 보내기 / 지우기.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_PREVIEW } from '@contract/chat';
import { addMessages, patchRoom } from '../../api/chat';
import { uploadChatVoice } from '../../lib/chat-actions';
import type { Recording } from '../../components/voice/use-voice-recorder';

export type VoiceUpload = {
  clientMsgId: string;
  durationMs: number;
  progress: number;
  status: 'uploading' | 'failed';
};

export function useVoiceUploads(roomId: number, upload = uploadChatVoice) {
  const client = useQueryClient();
  const [items, setItems] = useState<VoiceUpload[]>([]);
  const recordings = useRef(new Map<string, Recording>());
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    const owned = recordings.current;
    return () => {
      alive.current = false;
      owned.clear();
    };
  }, []);

  const patch = (id: string, change: Partial<VoiceUpload>) =>
    setItems((list) => list.map((i) => (i.clientMsgId === id ? { ...i, ...change } : i)));

  const drop = (clientMsgId: string) => {
    recordings.current.delete(clientMsgId);
    setItems((list) => list.filter((i) => i.clientMsgId !== clientMsgId));
  };

  const run = useCallback(
    (clientMsgId: string) => {
      const recording = recordings.current.get(clientMsgId);
      if (!recording) return;
      upload(roomId, recording, clientMsgId, (fraction) => {
        if (alive.current) patch(clientMsgId, { progress: fraction });
      })
        .then((stored) => {
          const { chatRoomId: _r, clientMsgId: _c, ...message } = stored;
          addMessages(client, roomId, [message]);
          patchRoom(client, roomId, (r) => ({
            ...r,
            lastMessage: CHAT_PREVIEW.voice,
            lastMessageAt: message.sentAt,
            messageCount: Math.max(r.messageCount, message.id),
          }));
          if (alive.current) drop(clientMsgId);
        })
        .catch((err: unknown) => {
          console.error('sending the voice note failed', err);
          if (alive.current) patch(clientMsgId, { status: 'failed' });
        });
    },
    [client, roomId, upload],
  );

  const send = useCallback(
    (recording: Recording) => {
      const clientMsgId = crypto.randomUUID();
      // The recorder revokes its preview URL: the outbox keeps only the bytes.
      recordings.current.set(clientMsgId, { ...recording, url: '' });
      setItems((list) => [
        ...list,
        { clientMsgId, durationMs: recording.durationMs, progress: 0, status: 'uploading' },
      ]);
      run(clientMsgId);
    },
    [run],
  );

  const retry = useCallback(
    (clientMsgId: string) => {
      patch(clientMsgId, { status: 'uploading', progress: 0 });
      run(clientMsgId);
    },
    [run],
  );

  const discard = useCallback((clientMsgId: string) => drop(clientMsgId), []);

  return { items, send, retry, discard };
}
