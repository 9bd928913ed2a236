// Photos on their way into the room: an optimistic bubble (the local picture) with upload progress,
// replaced by the stored message when the server answers, or marked failed with 다시 보내기.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_PREVIEW } from '@contract/chat';
import { addMessages, patchRoom } from '../../api/chat';
import { uploadChatPhoto } from '../../lib/chat-actions';
import type { PhotoUpload } from './message-list';

export function usePhotoUploads(roomId: number, upload = uploadChatPhoto) {
  const client = useQueryClient();
  const [items, setItems] = useState<PhotoUpload[]>([]);
  const files = useRef(new Map<string, File>());
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    const owned = files.current;
    return () => {
      alive.current = false;
      owned.clear();
    };
  }, []);

  const patch = (id: string, change: Partial<PhotoUpload>) =>
    setItems((list) => list.map((i) => (i.clientMsgId === id ? { ...i, ...change } : i)));

  const run = useCallback(
    (clientMsgId: string) => {
      const file = files.current.get(clientMsgId);
      if (!file) return;
      upload(roomId, file, clientMsgId, (fraction) => {
        if (alive.current) patch(clientMsgId, { progress: fraction });
      })
        .then((stored) => {
          const { chatRoomId: _r, clientMsgId: _c, ...message } = stored;
          addMessages(client, roomId, [message]);
          patchRoom(client, roomId, (r) => ({
            ...r,
            lastMessage: CHAT_PREVIEW.photo,
            lastMessageAt: message.sentAt,
            messageCount: Math.max(r.messageCount, message.id),
          }));
          files.current.delete(clientMsgId);
          setItems((list) => {
            const gone = list.find((i) => i.clientMsgId === clientMsgId);
            if (gone) URL.revokeObjectURL(gone.previewUrl);
            return list.filter((i) => i.clientMsgId !== clientMsgId);
          });
        })
        .catch((err: unknown) => {
          console.error('sending the chat photo failed', err);
          if (alive.current) patch(clientMsgId, { status: 'failed' });
        });
    },
    [client, roomId, upload],
  );

  const send = useCallback(
    (file: File) => {
      const clientMsgId = crypto.randomUUID();
      files.current.set(clientMsgId, file);
      setItems((list) => [
        ...list,
        { clientMsgId, previewUrl: URL.createObjectURL(file), progress: 0, status: 'uploading' },
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

  const discard = useCallback((clientMsgId: string) => {
    files.current.delete(clientMsgId);
    setItems((list) => {
      const gone = list.find((i) => i.clientMsgId === clientMsgId);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((i) => i.clientMsgId !== clientMsgId);
    });
  }, []);

  return { items, send, retry, discard };
}
