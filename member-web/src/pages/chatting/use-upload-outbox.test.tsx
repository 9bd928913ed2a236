// The one outbox photos and voice notes go through (use-upload-outbox.ts): a pending item with the
// local copy (object URL) until the stored message replaces it, a failure kept for 다시 보내기 /
// 지우기, the URL revoked whenever the item goes (stored, discarded, room closed); a voice note
// sent while replying carries the quote and sends its id.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_PREVIEW, type ChatRoomItem, type PhotoMessageResult } from '@contract/chat';
import { chatKeys, type RoomMessages } from '../../api/chat';
import type { Recording } from '../../components/voice/use-voice-recorder';
import { PHOTO_UPLOADS, VOICE_UPLOADS, type UploadKind, useUploadOutbox } from './use-upload-outbox';

const ROOM = 5;

function setup<P, S>(kind: UploadKind<P, S>) {
  const client = new QueryClient();
  client.setQueryData<RoomMessages>(chatKeys.messages(ROOM), { messages: [], hasOlder: false });
  client.setQueryData<ChatRoomItem[]>(chatKeys.rooms, [
    { chatRoomId: ROOM, lastMessage: '', lastMessageAt: null, messageCount: 0 } as unknown as ChatRoomItem,
  ]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useUploadOutbox(ROOM, kind), { wrapper });
  return { client, hook };
}

/** An upload the test answers by hand. */
function deferredUpload() {
  const calls: { args: unknown[]; resolve: (m: PhotoMessageResult) => void; reject: (e: Error) => void }[] = [];
  const upload = vi.fn(
    (...args: unknown[]) =>
      new Promise<PhotoMessageResult>((resolve, reject) => {
        calls.push({ args, resolve, reject });
      }),
  );
  return { upload, calls };
}

const stored = (id: number, clientMsgId: string, extra: object = {}): PhotoMessageResult =>
  ({
    id,
    senderId: 1,
    content: '',
    sentAt: '2026-11-27T00:00:00Z',
    chatRoomId: ROOM,
    clientMsgId,
    ...extra,
  }) as PhotoMessageResult;

const recording: Recording = {
  blob: new Blob(['voice'], { type: 'audio/webm' }),
  type: 'audio/webm;codecs=opus',
  durationMs: 2_400,
  waveform: [3, 50, 20],
  url: 'blob:recorder-preview',
};

afterEach(() => vi.restoreAllMocks());

describe('the upload outbox', () => {
  it('a voice note sent while replying: plays from a local URL with the quote, sends the reply id, then gives way to the stored message', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { upload, calls } = deferredUpload();
    const { client, hook } = setup({ ...VOICE_UPLOADS, upload });
    const quote = { id: 7, senderId: 2, preview: '주말에 뭐 해요?' };
    act(() => hook.result.current.send(recording, quote));

    const [item] = hook.result.current.items;
    expect(item).toMatchObject({ durationMs: 2_400, waveform: [3, 50, 20], status: 'uploading', replyTo: quote });
    expect(item?.localUrl).toMatch(/^blob:/);
    // Its own URL: the recorder revokes its preview when it resets.
    expect(item?.localUrl).not.toBe(recording.url);
    expect(calls[0]?.args.slice(0, 3)).toEqual([ROOM, recording, item?.clientMsgId]);
    expect(calls[0]?.args[4]).toBe(7);

    act(() => (calls[0]?.args[3] as (f: number) => void)(0.5));
    expect(hook.result.current.items[0]?.progress).toBe(0.5);
    expect(revoke).not.toHaveBeenCalled();

    await act(async () => calls[0]?.resolve(stored(11, item!.clientMsgId, { audioUrl: '/a', replyTo: quote })));
    await waitFor(() => expect(hook.result.current.items).toEqual([]));
    expect(revoke).toHaveBeenCalledWith(item?.localUrl);
    expect(client.getQueryData<RoomMessages>(chatKeys.messages(ROOM))?.messages).toEqual([
      expect.objectContaining({ id: 11, audioUrl: '/a', replyTo: quote }),
    ]);
    expect(client.getQueryData<ChatRoomItem[]>(chatKeys.rooms)?.[0]).toMatchObject({
      lastMessage: CHAT_PREVIEW.voice,
      messageCount: 11,
    });
  });

  it('a photo that failed keeps its picture for 다시 보내기; 지우기 revokes it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { upload, calls } = deferredUpload();
    const { client, hook } = setup({ ...PHOTO_UPLOADS, upload });
    const file = new File(['png'], 'a.png', { type: 'image/png' });
    act(() => hook.result.current.send(file));
    const id = hook.result.current.items[0]!.clientMsgId;
    expect(calls[0]?.args[4]).toBeUndefined();

    await act(async () => calls[0]?.reject(new Error('offline')));
    await waitFor(() => expect(hook.result.current.items[0]?.status).toBe('failed'));
    expect(revoke).not.toHaveBeenCalled();

    act(() => hook.result.current.retry(id));
    expect(hook.result.current.items[0]).toMatchObject({ status: 'uploading', progress: 0 });
    expect(calls[1]?.args[1]).toBe(file);
    await act(async () => calls[1]?.resolve(stored(3, id, { imageUrl: '/p' })));
    await waitFor(() => expect(hook.result.current.items).toEqual([]));
    expect(client.getQueryData<ChatRoomItem[]>(chatKeys.rooms)?.[0]?.lastMessage).toBe(CHAT_PREVIEW.photo);

    act(() => hook.result.current.send(file));
    const second = hook.result.current.items[0]!;
    await act(async () => calls[2]?.reject(new Error('offline')));
    await waitFor(() => expect(hook.result.current.items[0]?.status).toBe('failed'));
    act(() => hook.result.current.discard(second.clientMsgId));
    expect(hook.result.current.items).toEqual([]);
    expect(revoke).toHaveBeenLastCalledWith(second.localUrl);
  });

  it('leaving the room revokes what is still pending', () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { upload } = deferredUpload();
    const { hook } = setup({ ...VOICE_UPLOADS, upload });
    act(() => hook.result.current.send(recording));
    const url = hook.result.current.items[0]?.localUrl;
    hook.unmount();
    expect(revoke).toHaveBeenCalledWith(url);
  });
});
