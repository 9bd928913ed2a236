// 답장을 기다리는 대화가 있어요 (docs/chat.md "Your turn and quiet rooms"): a 409 YOUR_TURN_LIMIT from a
// request or an accept opens the list of rooms waiting on my reply (no toast), each a way into its room.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, YOUR_TURN_LIMIT_CODE, type WaitingRoom } from '@contract/chat';
import { ApiError } from '../api/client';
import { showChatRefusal } from '../lib/chat-refusals';
import { closeYourTurn } from '../lib/your-turn-store';
import { renderPage } from '../test/render';
import { clearToasts, getToasts } from './toast/toast-store';
import { YourTurnDialog } from './your-turn-dialog';

const waitingRoom = (id: number, name: string): WaitingRoom => ({
  chatRoomId: id,
  opponentId: 100 + id,
  opponentNickname: name,
  opponentProfileImageUrl: null,
  lastMessageAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
});

const refusal = (waiting: WaitingRoom[], waitingCount = waiting.length) =>
  new ApiError(409, YOUR_TURN_LIMIT_CODE, CHAT_MESSAGES.yourTurnLimit, undefined, {
    code: YOUR_TURN_LIMIT_CODE,
    message: CHAT_MESSAGES.yourTurnLimit,
    waitingCount,
    waiting,
  });

afterEach(() => {
  act(() => closeYourTurn());
  clearToasts();
});

describe('the your-turn refusal', () => {
  it('lists the rooms waiting on my reply, each linking into its room, and says how many more wait', async () => {
    const { router } = renderPage('/', <YourTurnDialog />, { probes: ['/chatting/:id'] });
    let shown = false;
    act(() => {
      shown = showChatRefusal(refusal([waitingRoom(4, '이바다'), waitingRoom(7, '박하늘')], 12), '실패했어요');
    });
    expect(shown).toBe(true);
    expect(getToasts()).toEqual([]);

    const dialog = await screen.findByRole('dialog', { name: '답장을 기다리는 대화가 있어요' });
    expect(dialog).toHaveAccessibleDescription(/12명이 내 답장을 기다리고 있어요/);
    const list = within(dialog).getByRole('list', { name: '답장을 기다리는 대화' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('이바다3일 전 받은 메시지'),
      expect.stringContaining('박하늘3일 전 받은 메시지'),
    ]);
    expect(within(dialog).getByText('외 10개의 대화가 더 있어요.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('link', { name: '박하늘님에게 답장하기' }));
    expect(router.state.location.pathname).toBe('/chatting/7');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('other refusals still go to a toast', () => {
    renderPage('/', <YourTurnDialog />);
    act(() => {
      showChatRefusal(new ApiError(409, 'CHAT_REQUEST_DUPLICATE', '이미 신청했어요.'), null);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getToasts().map((t) => t.message)).toEqual(['이미 신청했어요.']);
  });
});
