// The chat page's room features (docs/chat.md "The page (`/chatting`)") with a stubbed API and fake sockets: the room route (a room that is
// not mine → not found, ?tab=requests), read receipts ("1" / 안 읽음, live read frames, my read
// frames), 입력 중…, typing frames (none for an IME composition), the unsend menu, photo bubbles
// (a loaded photo, a link that stopped loading, the 📷 type check) the request intro/expiry and 대화 마무리하기.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatRoomItem, PendingRequestItem } from '@contract/chat';
import { FakeSocket } from '../../test/fake-socket';
import { jsonResponse } from '../../test/factories';
import { renderPage } from '../../test/render';
import { ChattingPage } from './chatting-page';

const room = (over: Partial<ChatRoomItem> = {}): ChatRoomItem => ({
  chatRoomId: 1,
  matchingId: 11,
  opponentMemberId: 2,
  opponentId: 2,
  opponentNickname: '이바다',
  opponentProfileImageUrl: null,
  opponentWithdrawn: false,
  unreadMessageCount: 0,
  lastMessage: null,
  lastMessageAt: null,
  messageCount: 0,
  createdAt: '2026-11-20T01:00:00Z',
  closedReason: null,
  ...over,
});

type Route = (body: unknown) => Response | unknown;
let calls: string[] = [];

function stubApi(routes: Record<string, Route>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://ongi.test');
      const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`;
      calls.push(key);
      const route = routes[key];
      if (!route) return jsonResponse({ code: 'NOT_FOUND', message: '없어요' }, 404);
      const answer = route(init.body);
      return answer instanceof Response ? answer : jsonResponse(answer);
    }),
  );
}

const routes = (
  messages: ChatMessage[],
  pending: PendingRequestItem[] = [],
  rooms = [room()],
): Record<string, Route> => ({
  'GET /api/on/chat-rooms': () => rooms,
  'GET /api/on/chat-rooms/pending': () => pending,
  'POST /api/on/chat-live/ws-ticket': () => ({ ticket: 'live-ticket', expiresAt: '' }),
  'POST /api/on/chat-rooms/1/ws-ticket': () => ({ ticket: 'room-ticket', expiresAt: '' }),
  'GET /api/on/chat-rooms/1/messages': () => messages,
  'POST /api/on/chat-rooms/1/read': () => ({ unreadMessageCount: 0 }),
});

const renderChat = (at: string) => renderPage('/chatting/:chatRoomId?', <ChattingPage />, { at });

async function openRoom(opponentLastReadId = 0) {
  await screen.findByRole('log');
  await waitFor(() => expect(FakeSocket.all.find((s) => s.url.includes('/chat-rooms/1/ws'))).toBeDefined());
  const socket = FakeSocket.all.find((s) => s.url.includes('/chat-rooms/1/ws'));
  if (!socket) throw new Error('no room socket');
  act(() => {
    socket.open();
    socket.receive({ type: 'ready', chatRoomId: 1, closedReason: null, opponentLastReadId });
  });
  return socket;
}

const ME = 9;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('room route', () => {
  it('a room that is not mine shows the friendly not-found state with a way to the list', async () => {
    stubApi(routes([]));
    renderChat('/chatting/77');
    expect(await screen.findByRole('heading', { name: '대화를 찾을 수 없어요' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '대화 목록 보기' })).toHaveAttribute('href', '/chatting');
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
  });

  it('opening a room from the list puts it in the URL; ?room= links still work', async () => {
    stubApi(routes([]));
    const { router } = renderChat('/chatting?room=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatting/1'));
    expect(await screen.findByRole('log', { name: '이바다님과의 대화' })).toBeInTheDocument();
  });

  it('?tab=requests opens on the 요청 tab, with the intro and N일 후 만료', async () => {
    const pending: PendingRequestItem[] = [
      {
        matchingId: 11,
        opponentMemberId: 2,
        opponentNickname: '이바다',
        opponentProfileImageUrl: null,
        requestedAt: new Date().toISOString(),
        intro: '바다 보러 가요 🌊',
        expiresAt: new Date(Date.now() + 6.5 * 24 * 3600_000).toISOString(),
      },
      {
        matchingId: 12,
        opponentMemberId: 3,
        opponentNickname: '박하늘',
        opponentProfileImageUrl: null,
        requestedAt: new Date().toISOString(),
        intro: null,
        expiresAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
      },
    ];
    stubApi(routes([], pending, []));
    renderChat('/chatting?tab=requests');
    const list = await screen.findByRole('list', { name: '받은 채팅 요청' });
    expect(screen.getByRole('tab', { name: /요청/ })).toHaveAttribute('data-state', 'active');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('바다 보러 가요 🌊');
    expect(first).toHaveTextContent('7일 후 만료');
    expect(second).toHaveTextContent('1일 후 만료');
    expect(second?.querySelector('.request-item__intro')).toBeNull();
  });
});

describe('read receipts and typing', () => {
  const history: ChatMessage[] = [
    { id: 1, senderId: 2, content: '안녕하세요!', sentAt: minutesAgo(30) },
    { id: 2, senderId: ME, content: '반가워요', sentAt: minutesAgo(20) },
    { id: 3, senderId: ME, content: '뭐 하세요?', sentAt: minutesAgo(20) },
  ];

  it('marks my messages after the other’s read mark with "1", and drops it live on a read frame', async () => {
    stubApi(routes(history));
    renderChat('/chatting/1');
    const socket = await openRoom(2);
    const log = screen.getByRole('log');
    const rowOf = (text: string) => within(log).getByText(text).closest('.bubble-row') as HTMLElement;
    expect(within(rowOf('반가워요')).queryByText('안 읽음')).not.toBeInTheDocument();
    expect(within(rowOf('뭐 하세요?')).getByText('안 읽음')).toBeInTheDocument();
    expect(within(rowOf('뭐 하세요?')).getByText('1')).toHaveAttribute('aria-hidden', 'true');
    expect(within(rowOf('안녕하세요!')).queryByText('안 읽음')).not.toBeInTheDocument();

    act(() => socket.receive({ type: 'read', chatRoomId: 1, memberId: 2, lastReadId: 3 }));
    expect(within(log).queryByText('안 읽음')).not.toBeInTheDocument();
  });

  it('sends my read mark for their newest message while the page is visible, once', async () => {
    stubApi(routes(history));
    renderChat('/chatting/1');
    const socket = await openRoom();
    await waitFor(() =>
      expect(socket.frames().filter((f) => f.type === 'read')).toEqual([{ type: 'read', lastReadId: 1 }]),
    );
    act(() =>
      socket.receive({
        type: 'message',
        chatRoomId: 1,
        id: 4,
        senderId: 2,
        content: '책 읽어요',
        sentAt: minutesAgo(0),
        clientMsgId: null,
      }),
    );
    await waitFor(() =>
      expect(socket.frames().filter((f) => f.type === 'read')).toEqual([
        { type: 'read', lastReadId: 1 },
        { type: 'read', lastReadId: 4 },
      ]),
    );
  });

  it('does not send a read mark while the page is hidden, and does once it shows', async () => {
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    stubApi(routes(history));
    renderChat('/chatting/1');
    const socket = await openRoom();
    await new Promise((r) => setTimeout(r, 50));
    expect(socket.frames().filter((f) => f.type === 'read')).toEqual([]);
    hidden.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(socket.frames().filter((f) => f.type === 'read')).toEqual([{ type: 'read', lastReadId: 1 }]);
    hidden.mockRestore();
  });

  it('shows 입력 중… (polite live region) on a typing frame and hides it after typingShowMs', async () => {
    stubApi(routes(history));
    renderChat('/chatting/1');
    const socket = await openRoom();
    vi.useFakeTimers();
    try {
      const region = document.querySelector('.chat-room__typing');
      expect(region).toHaveAttribute('aria-live', 'polite');
      expect(screen.queryByText('입력 중…')).not.toBeInTheDocument();
      act(() => socket.receive({ type: 'typing', chatRoomId: 1, memberId: 2 }));
      expect(screen.getByText('입력 중…')).toBeInTheDocument();
      expect(screen.getByText('이바다님이 입력 중이에요')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(3_999));
      expect(screen.getByText('입력 중…')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByText('입력 중…')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends typing while I write, throttled, and not for keystrokes inside an IME composition', async () => {
    stubApi(routes(history));
    renderChat('/chatting/1');
    const socket = await openRoom();
    const input = screen.getByLabelText('메시지 입력');
    const typingFrames = () => socket.frames().filter((f) => f.type === 'typing').length;
    // A Hangul syllable being composed (then cancelled): nothing.
    fireEvent.compositionStart(input);
    fireEvent.input(input, { target: { value: 'ㅎ' }, isComposing: true });
    fireEvent.input(input, { target: { value: '' }, isComposing: true });
    fireEvent.compositionEnd(input, { data: '' });
    expect(typingFrames()).toBe(0);
    // Committed text: one frame; more keystrokes within 2 s: still one.
    fireEvent.compositionStart(input);
    fireEvent.input(input, { target: { value: '하' }, isComposing: true });
    fireEvent.compositionEnd(input, { data: '하' });
    expect(typingFrames()).toBe(1);
    fireEvent.change(input, { target: { value: '하이' } });
    fireEvent.change(input, { target: { value: '하이요' } });
    expect(typingFrames()).toBe(1);
  });
});

describe('unsend and photos', () => {
  it(
    'my message within 5 minutes has a menu: 삭제 → confirm → 삭제된 메시지예요; an unsent frame does the same',
    { timeout: 20_000 },
    async () => {
      const history: ChatMessage[] = [
        { id: 1, senderId: 2, content: '오늘 어때요?', sentAt: minutesAgo(1) },
        { id: 2, senderId: ME, content: '예전에 쓴 말', sentAt: minutesAgo(6) },
        { id: 3, senderId: ME, content: '잘못 보냈어요', sentAt: minutesAgo(1) },
      ];
      stubApi({
        ...routes(history),
        'DELETE /api/on/chat-rooms/1/messages/3': () => ({ id: 3, deleted: true }),
      });
      renderChat('/chatting/1');
      const socket = await openRoom();
      const log = screen.getByRole('log');
      // Every text message's menu replies and copies; only my recent message's menu also unsends.
      const menuOf = (text: string) =>
        within(within(log).getByText(text).closest('.bubble-row') as HTMLElement).getByRole('button', {
          name: '메시지 메뉴',
        });
      const user = userEvent.setup();
      for (const text of ['오늘 어때요?', '예전에 쓴 말']) {
        await user.click(menuOf(text));
        expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['답장', '복사하기']);
        await user.keyboard('{Escape}');
      }
      await user.click(menuOf('잘못 보냈어요'));
      expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['답장', '복사하기', '삭제']);
      await user.click(await screen.findByRole('menuitem', { name: '삭제' }));
      const dialog = await screen
        .findByRole('alertdialog', { name: '메시지를 삭제할까요?' })
        .catch(() => screen.findByRole('dialog', { name: '메시지를 삭제할까요?' }));
      await user.click(within(dialog).getByRole('button', { name: '삭제하기' }));
      await waitFor(() => expect(calls).toContain('DELETE /api/on/chat-rooms/1/messages/3'));
      expect(await within(log).findByText('삭제된 메시지예요')).toBeInTheDocument();
      expect(within(log).queryByText('잘못 보냈어요')).not.toBeInTheDocument();
      // A deleted message has nothing to copy or unsend: no menu.
      expect(
        within(within(log).getByText('삭제된 메시지예요').closest('.bubble-row') as HTMLElement).queryByRole('button'),
      ).toBeNull();

      act(() => socket.receive({ type: 'unsent', chatRoomId: 1, id: 1 }));
      await waitFor(() => expect(within(log).getAllByText('삭제된 메시지예요')).toHaveLength(2));
      expect(within(log).queryByText('오늘 어때요?')).not.toBeInTheDocument();
    },
  );

  it('복사하기 puts the message’s text on the clipboard and says so', async () => {
    const history: ChatMessage[] = [{ id: 1, senderId: 2, content: '내일 7시에 봐요', sentAt: minutesAgo(30) }];
    stubApi(routes(history));
    renderChat('/chatting/1');
    await openRoom();
    // user-event stands in for the clipboard.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '메시지 메뉴' }));
    await user.click(await screen.findByRole('menuitem', { name: '복사하기' }));
    expect(await navigator.clipboard.readText()).toBe('내일 7시에 봐요');
    expect(await screen.findByText('메시지를 복사했어요.')).toBeInTheDocument();
  });

  it('답장 quotes the message in the composer, sends replyTo, and shows the quote above the reply', async () => {
    const history: ChatMessage[] = [
      { id: 1, senderId: 2, content: '내일 7시에 봐요', sentAt: minutesAgo(30) },
      {
        id: 2,
        senderId: 2,
        content: '좋아요',
        sentAt: minutesAgo(20),
        replyTo: { id: 7, senderId: ME, preview: '삭제된 메시지예요' },
      },
    ];
    stubApi(routes(history));
    renderChat('/chatting/1');
    const socket = await openRoom();
    const log = screen.getByRole('log');
    // A reply from history: whose message it answers, and the original as the room quotes it.
    const answered = within(log).getByText('좋아요').closest('.bubble-row') as HTMLElement;
    expect(within(answered).getByText('나에게 답장')).toBeInTheDocument();
    expect(within(answered).getByText('삭제된 메시지예요')).toBeInTheDocument();

    const user = userEvent.setup();
    const row = within(log).getByText('내일 7시에 봐요').closest('.bubble-row') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '메시지 메뉴' }));
    await user.click(await screen.findByRole('menuitem', { name: '답장' }));
    const form = screen.getByRole('textbox', { name: /메시지/ }).closest('form') as HTMLElement;
    expect(within(form).getByText('이바다님에게 답장')).toBeInTheDocument();
    expect(within(form).getByText('내일 7시에 봐요')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /메시지/ })).toHaveFocus());

    // 답장 취소 drops the quote; choosing 답장 again and sending carries replyTo.
    await user.click(within(form).getByRole('button', { name: '답장 취소' }));
    expect(within(form).queryByText('이바다님에게 답장')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '메시지 메뉴' }));
    await user.click(await screen.findByRole('menuitem', { name: '답장' }));
    await user.type(screen.getByRole('textbox', { name: /메시지/ }), '네, 거기서 봐요{Enter}');
    const sent = socket.frames().filter((f) => f.type === 'send') as { content: string; replyTo?: number }[];
    expect(sent).toEqual([expect.objectContaining({ content: '네, 거기서 봐요', replyTo: 1 })]);
    expect(within(form).queryByText('이바다님에게 답장')).not.toBeInTheDocument();
    // The pending bubble shows its quote until the room's echo replaces it.
    const pending = within(log).getByText('네, 거기서 봐요').closest('.bubble-row') as HTMLElement;
    expect(within(pending).getByText('이바다님에게 답장')).toBeInTheDocument();

    // The original is unsent: the reply's quote turns neutral, never its old text.
    const clientMsgId = (socket.frames().find((f) => f.type === 'send') as { clientMsgId: string }).clientMsgId;
    act(() =>
      socket.receive({
        type: 'message',
        chatRoomId: 1,
        clientMsgId,
        id: 3,
        senderId: ME,
        content: '네, 거기서 봐요',
        sentAt: new Date().toISOString(),
        replyTo: { id: 1, senderId: 2, preview: '내일 7시에 봐요' },
      }),
    );
    act(() => socket.receive({ type: 'unsent', chatRoomId: 1, id: 1 }));
    const mine = within(log).getByText('네, 거기서 봐요').closest('.bubble-row') as HTMLElement;
    await waitFor(() => expect(within(mine).getByText('삭제된 메시지예요')).toBeInTheDocument());
    expect(within(log).queryByText('내일 7시에 봐요')).not.toBeInTheDocument();
  });

  it('an expired unsend says so', async () => {
    const history: ChatMessage[] = [{ id: 3, senderId: ME, content: '늦었어요', sentAt: minutesAgo(4.9) }];
    stubApi({
      ...routes(history),
      'DELETE /api/on/chat-rooms/1/messages/3': () =>
        jsonResponse({ code: 'CHAT_UNSEND_EXPIRED', message: '보낸 지 5분이 지난 메시지는 삭제할 수 없어요.' }, 409),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderChat('/chatting/1');
    await openRoom();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '메시지 메뉴' }));
    await user.click(await screen.findByRole('menuitem', { name: '삭제' }));
    await user.click(await screen.findByRole('button', { name: '삭제하기' }));
    expect(await screen.findByText('보낸 지 5분이 지난 메시지는 삭제할 수 없어요.')).toBeInTheDocument();
    expect(screen.getByText('늦었어요')).toBeInTheDocument();
  });

  it('a photo message shows the image as a button that opens the viewer; a broken link asks for fresh ones', async () => {
    let served = 0;
    const photo = (sig: string): ChatMessage => ({
      id: 5,
      senderId: 2,
      content: '',
      sentAt: minutesAgo(1),
      imageUrl: `/api/chat-media/chat/1/a.jpg?exp=1&sig=${sig}`,
    });
    stubApi({
      ...routes([]),
      'GET /api/on/chat-rooms/1/messages': () => {
        served += 1;
        return [photo(served === 1 ? 'old' : 'fresh')];
      },
    });
    renderChat('/chatting/1');
    await openRoom();
    const button = await screen.findByRole('button', { name: '이바다님이 보낸 사진, 사진 크게 보기' });
    const img = button.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toContain('sig=old');
    fireEvent.error(img);
    await waitFor(() => expect(img.getAttribute('src')).toContain('sig=fresh'));
    // Only one refetch for a burst of errors.
    fireEvent.error(img);
    await new Promise((r) => setTimeout(r, 30));
    expect(served).toBe(2);

    const user = userEvent.setup();
    await user.click(button);
    const viewer = await screen.findByRole('dialog', { name: '사진 보기' });
    expect(within(viewer).getByRole('img', { name: '이바다님이 보낸 사진' })).toHaveAttribute(
      'src',
      expect.stringContaining('sig=fresh'),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('the 📷 input refuses other types and photos over 10 MB with a Korean message', async () => {
    stubApi(routes([]));
    renderChat('/chatting/1');
    await openRoom();
    const input = screen.getByLabelText('보낼 사진 고르기');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect(screen.getByRole('alert')).toHaveTextContent('JPG, PNG 사진만 올릴 수 있어요');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    // The size is checked on the prepared photo (media/image-prepare), after an await.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('10MB 이하의 사진만 올릴 수 있어요'));
  });
});

describe('대화 마무리하기 (docs/chat.md "Your turn and quiet rooms")', () => {
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  const quietRoom = room({ lastMessage: '잘 지내요?', lastMessageAt: daysAgo(15), messageCount: 1 });
  const old: ChatMessage = { id: 1, senderId: 2, content: '잘 지내요?', sentAt: daysAgo(15) };

  it('offers it in a room silent for 14 days; confirmed, the room ends for both with its line', async () => {
    let wrapped = 0;
    stubApi({
      ...routes([old], [], [quietRoom]),
      'POST /api/on/chat-rooms/1/wrap-up': () => {
        wrapped++;
        return { closedReason: 'WRAPPED_UP' };
      },
    });
    renderChat('/chatting/1');
    await openRoom();
    expect(
      screen.getByText('이 대화는 14일 넘게 조용했어요. 부담 없이 여기서 마무리해도 괜찮아요.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '대화 마무리하기' }));
    const dialog = await screen.findByRole('dialog', { name: '대화를 마무리할까요?' });
    await userEvent.click(within(dialog).getByRole('button', { name: '마무리하기' }));
    expect(wrapped).toBe(1);
    expect(await screen.findByText('오래 조용했던 대화라 정리되었어요. 좋은 인연 만나길 바라요.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '대화 마무리하기' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '메시지 입력' })).toBeDisabled();
  });

  it('does not offer it while the room is recent, nor when a newer message arrived than the list knew', async () => {
    stubApi(routes([old, { id: 2, senderId: ME, content: '네!', sentAt: daysAgo(1) }], [], [quietRoom]));
    renderChat('/chatting/1');
    await openRoom();
    expect(screen.queryByRole('button', { name: '대화 마무리하기' })).not.toBeInTheDocument();
  });
});
