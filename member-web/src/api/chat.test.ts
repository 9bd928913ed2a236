import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@contract/chat';
import { jsonResponse } from '../test/factories';
import { addMessages, chatKeys, latestPageKeepingLive, type RoomMessages } from './chat';

const message = (id: number, content: string, senderId = 1): ChatMessage => ({
  id,
  senderId,
  content,
  sentAt: `2026-11-26T12:0${id}:00.000Z`,
});

afterEach(() => vi.unstubAllGlobals());

describe('latestPageKeepingLive', () => {
  it('keeps a message that arrived live while the first page was in flight (my own first message)', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((r) => (answer = r)));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    const pending = latestPageKeepingLive(client, 7);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    // The room socket echoes my message before the history read (begun earlier) answers empty.
    addMessages(client, 7, [message(1, '안녕하세요')]);
    answer(jsonResponse([]));
    const page = await pending;
    expect(page.messages.map((m) => m.content)).toEqual(['안녕하세요']);
    expect(page.hasOlder).toBe(false);
  });

  it('merges by id, the live copy winning, and keeps the page order', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse([message(1, '첫 말'), message(2, '둘째 말', 2)]))),
    );
    const client = new QueryClient();
    client.setQueryData<RoomMessages>(chatKeys.messages(7), {
      messages: [{ ...message(2, '', 2), deleted: true }, message(3, '셋째 말')],
      hasOlder: true,
    });
    const page = await latestPageKeepingLive(client, 7);
    expect(page.messages.map((m) => [m.id, m.deleted ?? false])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
  });

  it('is the page itself when nothing is cached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse([message(1, '첫 말')]))),
    );
    const page = await latestPageKeepingLive(new QueryClient(), 9);
    expect(page.messages).toHaveLength(1);
  });
});
