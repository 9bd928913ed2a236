import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_SOCKET_PROTOCOL, CHAT_TOKEN_PROTOCOL_PREFIX } from '@contract/chat';
import { stubFetch } from '../pages/mypage/fetch-stub';
import { FakeSocket } from '../test/fake-socket';
import { renderPage } from '../test/render';
import { LiveChannelProvider } from './live-channel';
import { NotificationBell } from './notification-bell';

const liveSocket = () => FakeSocket.all.find((s) => s.url.includes('/api/on/chat-live/ws'));

function renderBell() {
  return renderPage(
    '/main',
    <LiveChannelProvider>
      <NotificationBell />
    </LiveChannelProvider>,
  );
}

describe('NotificationBell', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'member-token');
    FakeSocket.reset();
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the unread count with an accessible name and follows the live channel', async () => {
    stubFetch({
      'GET /api/on/notifications/unread-count': { count: 3 },
      'POST /api/on/chat-live/ws-ticket': { ticket: 't-1' },
    });
    renderBell();
    const bell = await screen.findByRole('link', { name: '알림 3개 안 읽음' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('3');

    // One app-wide socket; a notification frame moves the badge without another request.
    await waitFor(() => expect(liveSocket()).toBeDefined());
    const socket = liveSocket()!;
    expect(socket.url).toContain('ticket=t-1');
    socket.open();
    socket.receive({ type: 'notification', unread: 4 });
    expect(await screen.findByRole('link', { name: '알림 4개 안 읽음' })).toHaveTextContent('4');
    socket.receive({ type: 'notification', unread: 120 });
    expect(await screen.findByRole('link', { name: '알림 99+개 안 읽음' })).toHaveTextContent('99+');
    expect(FakeSocket.all.filter((s) => s.url.includes('chat-live'))).toHaveLength(1);
  });

  it('opens the live channel with the access token (no ticket call), and with a ticket once the token is refused', async () => {
    const part = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) + 900 })}.c2ln`;
    localStorage.setItem('accessToken', token);
    const { callsTo } = stubFetch({
      'GET /api/on/notifications/unread-count': { count: 0 },
      'POST /api/on/chat-live/ws-ticket': { ticket: 't-2' },
    });
    renderBell();
    await waitFor(() => expect(liveSocket()).toBeDefined());
    const first = liveSocket()!;
    expect(first.url).toMatch(/\/api\/on\/chat-live\/ws$/);
    expect(first.protocols).toEqual([CHAT_SOCKET_PROTOCOL, `${CHAT_TOKEN_PROTOCOL_PREFIX}${token}`]);
    expect(callsTo('POST /api/on/chat-live/ws-ticket')).toHaveLength(0);
    // Refused before it opened (the upgrade's answer is not readable): the ticket way at once.
    first.serverClose(1006);
    await waitFor(() => expect(FakeSocket.all.filter((s) => s.url.includes('chat-live'))).toHaveLength(2));
    expect(FakeSocket.all.at(-1)?.url).toContain('ticket=t-2');
    expect(callsTo('POST /api/on/chat-live/ws-ticket')).toHaveLength(1);
  });

  it('is a plain 알림 link without a badge when everything is read', async () => {
    stubFetch({
      'GET /api/on/notifications/unread-count': { count: 0 },
      'POST /api/on/chat-live/ws-ticket': { ticket: 't-1' },
    });
    renderBell();
    await waitFor(() => expect(liveSocket()).toBeDefined());
    const bell = screen.getByRole('link', { name: '알림' });
    expect(bell).toHaveTextContent('');
    liveSocket()!.open();
    liveSocket()!.receive({ type: 'notification', unread: 1 });
    expect(await screen.findByRole('link', { name: '알림 1개 안 읽음' })).toBeInTheDocument();
  });
});
