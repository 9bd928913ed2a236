import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../pages/mypage/fetch-stub';
import { takeAnswer } from '../lib/call-ring';
import { FakeSocket } from '../test/fake-socket';
import { renderRoutes } from '../test/render';
import { CallRingSheet } from './call-ring-sheet';
import { LiveChannelProvider } from './live-channel';

const CALL = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const ringing = (over: Record<string, unknown> = {}) => ({
  type: 'call-ringing',
  chatRoomId: 7,
  callId: CALL,
  kind: 'VIDEO',
  caller: { nickname: '민지', profileImageUrl: '/media/members/3/a.webp' },
  expiresAt: new Date(Date.now() + 30_000).toISOString(),
  ...over,
});

async function renderAt(at: string) {
  const frame = {
    element: (
      <LiveChannelProvider>
        <CallRingSheet />
      </LiveChannelProvider>
    ),
    children: [
      { path: '/main', element: <p>main</p> },
      { path: '/chatting/:id', element: <p>room</p> },
    ],
  };
  const rendered = renderRoutes([frame], { at });
  await waitFor(() => expect(FakeSocket.all.find((s) => s.url.includes('/api/on/chat-live/ws'))).toBeDefined());
  const socket = FakeSocket.all.find((s) => s.url.includes('/api/on/chat-live/ws'))!;
  act(() => socket.open());
  return { ...rendered, socket };
}

describe('CallRingSheet', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'member-token');
    FakeSocket.reset();
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('rings on any screen as an alert dialog; Escape does not decline; 거절 declines through the room', async () => {
    const { callsTo } = stubFetch({
      'POST /api/on/chat-live/ws-ticket': { ticket: 't-1' },
      [`POST /api/on/chat-rooms/7/calls/${CALL}/decline`]: new Response(null, { status: 204 }),
    });
    const { socket } = await renderAt('/main');
    act(() => socket.receive(ringing()));
    const sheet = await screen.findByRole('alertdialog', { name: '민지님의 영상 통화' });
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    expect(screen.getByRole('button', { name: '받기' })).toBeVisible();

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(callsTo(`POST /api/on/chat-rooms/7/calls/${CALL}/decline`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: '거절' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo(`POST /api/on/chat-rooms/7/calls/${CALL}/decline`)).toHaveLength(1);
  });

  it('goes when the ringing ends elsewhere, and is not shown over the room itself', async () => {
    stubFetch({ 'POST /api/on/chat-live/ws-ticket': { ticket: 't-1' } });
    const { socket, router } = await renderAt('/main');
    act(() => socket.receive(ringing({ kind: 'VOICE' })));
    expect(await screen.findByRole('alertdialog', { name: '민지님의 음성 통화' })).toBeInTheDocument();
    act(() => socket.receive({ type: 'call-ring-end', chatRoomId: 7, callId: CALL }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await act(() => router.navigate('/chatting/7'));
    act(() => socket.receive(ringing()));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('받기 goes to the room, which then accepts that call', async () => {
    stubFetch({ 'POST /api/on/chat-live/ws-ticket': { ticket: 't-1' } });
    const { socket, router } = await renderAt('/main');
    act(() => socket.receive(ringing()));
    await userEvent.click(await screen.findByRole('button', { name: '받기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatting/7'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(takeAnswer(7, 'another-call')).toBe(false);
    expect(takeAnswer(7, CALL)).toBe(true);
    expect(takeAnswer(7, CALL)).toBe(false); // once
  });
});
