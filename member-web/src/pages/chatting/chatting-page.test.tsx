// The chat page against a stubbed API and fake sockets: the list (5-character preview, unread
// badge), opening a room (history, read marker, mine vs theirs), requests (수락/거절), sending
// with Enter but not mid-composition, and a room whose messages fail being dropped.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHAT_SOCKET_PROTOCOL,
  CHAT_TOKEN_PROTOCOL_PREFIX,
  type ChatMessage,
  type ChatRoomItem,
  type PendingRequestItem,
} from '@contract/chat';
import { STORAGE_KEYS } from '@contract/limits';
import { NEW_ACCOUNT_CAP_CODE, newAccountCapMessage } from '@contract/safety/member-limits';
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

const messages: ChatMessage[] = [
  { id: 1, senderId: 2, content: '안녕하세요!', sentAt: '2026-11-22T06:00:00Z' },
  { id: 2, senderId: 9, content: '반가워요 :)', sentAt: '2026-11-22T06:01:00Z' },
];

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

const baseRoutes = (rooms: ChatRoomItem[], pending: PendingRequestItem[] = []): Record<string, Route> => ({
  'GET /api/on/chat-rooms': () => rooms,
  'GET /api/on/chat-rooms/pending': () => pending,
  'POST /api/on/chat-live/ws-ticket': () => ({ ticket: 'live-ticket', expiresAt: '' }),
  'POST /api/on/chat-rooms/1/ws-ticket': () => ({ ticket: 'room-ticket', expiresAt: '' }),
  'GET /api/on/chat-rooms/1/messages': () => messages,
  'POST /api/on/chat-rooms/1/read': () => ({ unreadMessageCount: 0 }),
});

/** The page at its real route (the list and a room share it). */
const renderChat = (at: string) => renderPage('/chatting/:chatRoomId?', <ChattingPage />, { at });

const roomSocket = () => FakeSocket.all.find((s) => s.url.includes('/chat-rooms/1/ws'));

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('ChattingPage', () => {
  it('lists rooms with the unread badge and a 5-character preview, and asks to choose someone', async () => {
    stubApi(
      baseRoutes([
        room({
          unreadMessageCount: 3,
          lastMessage: '오늘 저녁에 시간 괜찮으세요?',
          lastMessageAt: '2026-11-22T06:00:00Z',
        }),
      ]),
    );
    renderChat('/chatting');
    const item = await screen.findByRole('button', { name: /^이바다님과의 대화 열기/ });
    expect(within(item).getByText('오늘 저녁…')).toBeInTheDocument();
    expect(within(item).getByLabelText('읽지 않은 메시지 3개')).toHaveTextContent('3');
    expect(screen.getByText('대화할 상대를 선택해 주세요')).toBeInTheDocument();
  });

  it('opens a room: history with mine and theirs, marked read, badge gone', async () => {
    stubApi(
      baseRoutes([room({ unreadMessageCount: 2, lastMessage: '반가워요', lastMessageAt: '2026-11-22T06:01:00Z' })]),
    );
    renderChat('/chatting');
    await userEvent.click(await screen.findByRole('button', { name: /^이바다님과의 대화 열기/ }));
    const log = await screen.findByRole('log', { name: '이바다님과의 대화' });
    const theirs = within(log).getByText('안녕하세요!').closest('.bubble-row');
    const mine = within(log).getByText('반가워요 :)').closest('.bubble-row');
    expect(theirs).not.toHaveClass('bubble-row--mine');
    expect(mine).toHaveClass('bubble-row--mine');
    expect(within(log).getByText('오후 3:00')).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('POST /api/on/chat-rooms/1/read'));
    expect(screen.queryByLabelText('읽지 않은 메시지 2개')).not.toBeInTheDocument();
  });

  it('sends on Enter, not while Hangul is composing, and shows my echo once', async () => {
    stubApi(baseRoutes([room()]));
    renderChat('/chatting/1');
    await screen.findByRole('log');
    await waitFor(() => expect(roomSocket()).toBeDefined());
    const socket = roomSocket();
    if (!socket) throw new Error('no room socket');
    socket.open();
    socket.receive({ type: 'ready', chatRoomId: 1, closedReason: null });

    const input = screen.getByLabelText('메시지 입력');
    fireEvent.change(input, { target: { value: '안녕' } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229, isComposing: true });
    expect(socket.frames().filter((f) => f.type === 'send')).toEqual([]);
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    const [sent] = socket.frames().filter((f) => f.type === 'send');
    expect(sent?.content).toBe('안녕');
    expect(input).toHaveValue('');

    socket.receive({
      type: 'message',
      chatRoomId: 1,
      id: 3,
      senderId: 9,
      content: '안녕',
      sentAt: '2026-11-22T06:02:00Z',
      clientMsgId: sent?.clientMsgId,
    });
    const log = screen.getByRole('log');
    await waitFor(() => expect(within(log).getAllByText('안녕')).toHaveLength(1));
    expect(within(log).queryByText('보내는 중…')).not.toBeInTheDocument();
  });

  it('shows the reconnecting state when the socket drops', async () => {
    stubApi(baseRoutes([room()]));
    renderChat('/chatting/1');
    await waitFor(() => expect(roomSocket()).toBeDefined());
    roomSocket()?.open();
    roomSocket()?.serverClose(1006);
    expect(await screen.findByText('다시 연결하는 중이에요…')).toBeInTheDocument();
  });

  it('opens the room socket with the access token as a subprotocol (no ticket call), a ticket after a refusal', async () => {
    const part = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '');
    const exp = Math.floor(Date.now() / 1000) + 600;
    const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '9', typ: 'access', exp })}.c2ln`;
    localStorage.setItem(STORAGE_KEYS.accessToken, token);
    try {
      stubApi(baseRoutes([room()]));
      renderChat('/chatting/1');
      await waitFor(() => expect(roomSocket()).toBeDefined());
      const first = roomSocket();
      expect(first?.url).not.toContain('ticket');
      expect(first?.protocols).toEqual([CHAT_SOCKET_PROTOCOL, `${CHAT_TOKEN_PROTOCOL_PREFIX}${token}`]);
      expect(calls).not.toContain('POST /api/on/chat-rooms/1/ws-ticket');
      // Refused before it opened (e.g. the token was revoked): the ticket way at once.
      first?.serverClose(1006);
      await waitFor(() => expect(FakeSocket.all.filter((s) => s.url.includes('/chat-rooms/1/ws'))).toHaveLength(2));
      expect(FakeSocket.latest().url).toContain('ticket=room-ticket');
      expect(calls).toContain('POST /api/on/chat-rooms/1/ws-ticket');
    } finally {
      localStorage.removeItem(STORAGE_KEYS.accessToken);
    }
  });

  it('shows the lost connection the moment the browser goes offline and reconnects as soon as it is back', async () => {
    stubApi(baseRoutes([room()]));
    renderChat('/chatting/1');
    await waitFor(() => expect(roomSocket()).toBeDefined());
    roomSocket()?.open();
    roomSocket()?.receive({ type: 'ready', chatRoomId: 1, closedReason: null });
    const notice = '인터넷 연결이 끊겼어요. 다시 연결되면 바로 이어서 대화할 수 있어요.';
    expect(screen.queryByText(notice)).not.toBeInTheDocument();

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    // At once, not after a silent heartbeat: the socket is let go and what I type waits.
    expect(screen.getByRole('status')).toHaveTextContent(notice);
    expect(roomSocket()?.closedWith).toMatchObject({ reason: 'offline' });
    fireEvent.change(screen.getByLabelText('메시지 입력'), { target: { value: '들려요?' } });
    fireEvent.keyDown(screen.getByLabelText('메시지 입력'), { key: 'Enter', keyCode: 13 });
    expect(await screen.findByText('연결되면 보낼게요')).toBeInTheDocument();

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
    // A new room socket right away (no 5 s wait); once ready, the waiting message goes out.
    await waitFor(() => expect(FakeSocket.all.filter((s) => s.url.includes('/chat-rooms/1/ws')).length).toBe(2));
    const again = FakeSocket.all.filter((s) => s.url.includes('/chat-rooms/1/ws')).at(-1);
    again?.open();
    again?.receive({ type: 'ready', chatRoomId: 1, closedReason: null });
    expect(
      again
        ?.frames()
        .filter((f) => f.type === 'send')
        .map((f) => f.content),
    ).toEqual(['들려요?']);
    onLine.mockRestore();
  });

  it('accepts a request: 수락했어요!, the room opens and the chat tab shows', async () => {
    const pending: PendingRequestItem[] = [
      {
        matchingId: 11,
        opponentMemberId: 2,
        opponentNickname: '이바다',
        opponentProfileImageUrl: null,
        requestedAt: new Date().toISOString(),
      },
    ];
    stubApi({ ...baseRoutes([], pending), 'POST /api/on/chat-rooms/matchings/11/accept': () => room() });
    const { router } = renderChat('/chatting');
    await userEvent.click(await screen.findByRole('tab', { name: /요청/ }));
    await userEvent.click(await screen.findByRole('button', { name: '이바다님의 요청 수락하기' }));
    expect(await screen.findByText('수락했어요!')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /채팅/ })).toHaveAttribute('data-state', 'active');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatting/1'));
    expect(await screen.findByRole('log', { name: '이바다님과의 대화' })).toBeInTheDocument();
  });

  it('says why and until when a new account may not open another room today (docs/safety.md)', async () => {
    const pending: PendingRequestItem[] = [
      {
        matchingId: 13,
        opponentMemberId: 4,
        opponentNickname: '최바람',
        opponentProfileImageUrl: null,
        requestedAt: new Date().toISOString(),
      },
    ];
    const message = newAccountCapMessage('ROOM', '2026-11-29T05:04:00.000Z');
    stubApi({
      ...baseRoutes([], pending),
      'POST /api/on/chat-rooms/matchings/13/accept': () => jsonResponse({ code: NEW_ACCOUNT_CAP_CODE, message }, 429),
    });
    renderChat('/chatting');
    await userEvent.click(await screen.findByRole('tab', { name: /요청/ }));
    await userEvent.click(await screen.findByRole('button', { name: '최바람님의 요청 수락하기' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '최바람님의 요청 수락하기' })).toBeInTheDocument();
  });

  it('rejects a request: 거절했어요! and it leaves the list', async () => {
    const pending: PendingRequestItem[] = [
      {
        matchingId: 12,
        opponentMemberId: 3,
        opponentNickname: '박하늘',
        opponentProfileImageUrl: null,
        requestedAt: new Date().toISOString(),
      },
    ];
    stubApi({
      ...baseRoutes([], pending),
      'POST /api/on/chat-rooms/matchings/12/reject': () => ({ status: 'REJECTED' }),
    });
    renderChat('/chatting');
    await userEvent.click(await screen.findByRole('tab', { name: /요청/ }));
    await userEvent.click(await screen.findByRole('button', { name: '박하늘님의 요청 거절하기' }));
    expect(await screen.findByText('거절했어요!')).toBeInTheDocument();
    expect(await screen.findByText('받은 채팅 요청이 없어요.')).toBeInTheDocument();
  });

  it(
    'the room header’s ⋮ menu offers 신고하기 (with the room’s messages), 차단하기, 데이트 공유 and 나가기',
    { timeout: 20_000 },
    async () => {
      let blocked = 0;
      stubApi({
        ...baseRoutes([room()]),
        'PUT /api/on/block/2': () => {
          blocked += 1;
          return { memberId: 2 };
        },
      });
      const user = userEvent.setup();
      renderChat('/chatting/1');
      await screen.findByRole('log', { name: '이바다님과의 대화' });
      await user.click(screen.getByRole('button', { name: '채팅방 메뉴' }));
      const menu = await screen.findByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((i) => i.textContent),
      ).toEqual(['신고하기', '차단하기', '데이트 공유', '나가기']);
      await user.click(within(menu).getByRole('menuitem', { name: '신고하기' }));
      const report = await screen.findByRole('dialog', { name: '신고하기' });
      expect(await within(report).findByText('이바다')).toBeInTheDocument();
      expect(within(report).getByText('이 대화의 최근 메시지 2개가 함께 전달돼요.')).toBeInTheDocument();
      await user.click(within(report).getByRole('button', { name: '뒤로' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      await user.click(screen.getByRole('button', { name: '채팅방 메뉴' }));
      await user.click(await screen.findByRole('menuitem', { name: '차단하기' }));
      const confirm = await screen.findByRole('dialog', { name: '이바다님을 차단할까요?' });
      await user.click(within(confirm).getByRole('button', { name: '차단하기' }));
      await waitFor(() => expect(blocked).toBe(1));

      await user.click(screen.getByRole('button', { name: '채팅방 메뉴' }));
      await user.click(await screen.findByRole('menuitem', { name: '나가기' }));
      expect(await screen.findByRole('dialog', { name: '대화를 나갈까요?' })).toBeInTheDocument();
    },
  );

  it('drops a room whose messages fail to load and only logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({
      ...baseRoutes([room()]),
      'GET /api/on/chat-rooms/1/messages': () => jsonResponse({ code: 'INTERNAL', message: '문제' }, 500),
    });
    renderChat('/chatting/1');
    await waitFor(() => expect(log).toHaveBeenCalledWith('chat messages failed to load', expect.anything()));
    expect(screen.queryByRole('button', { name: /^이바다님과의 대화 열기/ })).not.toBeInTheDocument();
    expect(await screen.findByText('대화할 상대를 선택해 주세요')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a closed room says the conversation ended and disables the input', async () => {
    stubApi(baseRoutes([room({ closedReason: 'LEFT' })]));
    renderChat('/chatting/1');
    expect(await screen.findByText('상대방이 대화를 종료했어요.')).toBeInTheDocument();
    expect(screen.getByLabelText('메시지 입력')).toBeDisabled();
  });
});
