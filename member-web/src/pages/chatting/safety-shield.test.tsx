// The safety shield in chat (docs/safety.md): the receiver's notice under the first message of each
// warned kind in a room's first days (신고하기 / 차단하기), '정말 보낼까요?' before a flagged draft or
// request intro (수정하기 keeps the text, 보내기 sends; both recorded; a Hangul composition's Enter
// never sends), and a blurred photo with 사진 보기 and 신고하기.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@contract/chat';
import { SAFETY_NOTICE_MS, safetyNoticesOf } from '@contract/safety/chat';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { RequestIntroDialog } from './request-intro-dialog';

const recordNudge = vi.hoisted(() => vi.fn());
vi.mock('../../api/safety', () => ({ recordNudge }));

const ROOM_OPENED = '2026-11-20T01:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(ROOM_OPENED) + ms).toISOString();
const msg = (id: number, senderId: number, content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  senderId,
  content,
  sentAt: at(id * 60_000),
  ...extra,
});

const listProps = {
  label: '이바다님과의 대화',
  opponentId: 2,
  outbox: [],
  offline: false,
  hasOlder: false,
  loadingOlder: false,
  onLoadOlder: () => undefined,
  onRetry: () => undefined,
  onDiscard: () => undefined,
  emptyHint: '',
  opponentName: '이바다',
};

beforeEach(() => recordNudge.mockClear());

describe('receiver notices', () => {
  it('go under the first message of each warned kind from the other member, in the first days only', () => {
    const messages = [
      msg(1, 1, '카톡 아이디 알려줘요'), // mine: never a notice (and mine carry no safety anyway)
      msg(2, 2, '카톡 아이디 알려줄게요', { safety: { kinds: ['CONTACT'] } }),
      msg(3, 2, '텔레그램 아이디도 있어요', { safety: { kinds: ['CONTACT'] } }),
      msg(4, 2, '코인 리딩방 같이 해요 카톡으로', { safety: { kinds: ['CONTACT', 'MONEY'] } }),
    ];
    expect([...safetyNoticesOf(messages, 2, ROOM_OPENED)]).toEqual([
      [2, ['CONTACT']],
      [4, ['MONEY']],
    ]);
    // After the first days: no notice, and a later message does not take the first one's place.
    const late = [msg(1, 2, '리딩방 해요', { safety: { kinds: ['MONEY'] }, sentAt: at(SAFETY_NOTICE_MS + 1) })];
    expect(safetyNoticesOf(late, 2, ROOM_OPENED).size).toBe(0);
    const unsentFirst = [
      msg(1, 2, '', { deleted: true, safety: { kinds: ['MONEY'] } }),
      msg(2, 2, '송금해 주세요', { safety: { kinds: ['MONEY'] } }),
    ];
    expect(safetyNoticesOf(unsentFirst, 2, ROOM_OPENED).size).toBe(0);
  });

  it('shows the calm notice with 신고하기 (for that message) and 차단하기', async () => {
    const onReportMessage = vi.fn();
    const onBlock = vi.fn();
    const flagged = msg(2, 2, '카톡 아이디 알려줄게요', { safety: { kinds: ['CONTACT'] } });
    render(
      <MessageList
        {...listProps}
        messages={[msg(1, 1, '안녕하세요'), flagged]}
        safetyNotices={new Map([[2, ['CONTACT'] as const]])}
        onReportMessage={onReportMessage}
        onBlock={onBlock}
      />,
    );
    const notice = screen.getByRole('complementary', { name: '온기의 안전 안내' });
    expect(notice).toHaveTextContent('대화를 외부 메신저로 옮기자고 하는 건 로맨스 스캠의 흔한 수법이에요.');
    expect(screen.getAllByRole('complementary')).toHaveLength(1);
    await userEvent.click(within(notice).getByRole('button', { name: '이바다님 신고하기' }));
    expect(onReportMessage).toHaveBeenCalledWith(flagged);
    await userEvent.click(within(notice).getByRole('button', { name: '이바다님 차단하기' }));
    expect(onBlock).toHaveBeenCalledTimes(1);
  });
});

describe('blurred photos', () => {
  it('a blurred photo from the other member shows 사진 보기 and 신고하기, and is no photo button until shown', async () => {
    const onReportMessage = vi.fn();
    const onOpenPhoto = vi.fn();
    const photo = msg(1, 2, '', { imageUrl: '/api/chat-media/a.jpg?sig=x', blurred: true });
    render(
      <MessageList {...listProps} messages={[photo]} onReportMessage={onReportMessage} onOpenPhoto={onOpenPhoto} />,
    );
    const group = screen.getByRole('group', { name: '이바다님이 보낸 흐린 사진' });
    expect(group).toHaveClass('bubble-photo--blurred');
    expect(screen.queryByRole('button', { name: /사진 크게 보기/ })).not.toBeInTheDocument();
    await userEvent.click(within(group).getByRole('button', { name: '이바다님이 보낸 사진 신고하기' }));
    expect(onReportMessage).toHaveBeenCalledWith(photo);
    await userEvent.click(within(group).getByRole('button', { name: '이바다님이 보낸 사진 보기' }));
    expect(screen.queryByRole('group', { name: '이바다님이 보낸 흐린 사진' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '이바다님이 보낸 사진, 사진 크게 보기' }));
    expect(onOpenPhoto).toHaveBeenCalledTimes(1);
  });

  it('my own photo is never blurred', () => {
    render(
      <MessageList
        {...listProps}
        messages={[msg(1, 1, '', { imageUrl: '/api/chat-media/b.jpg?sig=y', blurred: true })]}
      />,
    );
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '내가 보낸 사진, 사진 크게 보기' })).toBeInTheDocument();
  });
});

describe("'정말 보낼까요?' in the composer", () => {
  function setup() {
    const onSend = vi.fn((_text: string) => true);
    const onNudged = vi.fn();
    render(<Composer disabled={false} onSend={onSend} onNudged={onNudged} />);
    return { onSend, onNudged, input: screen.getByLabelText('메시지 입력') };
  }

  it('asks before an abusive draft; 수정하기 keeps the text and sends nothing', async () => {
    const { onSend, onNudged, input } = setup();
    await userEvent.type(input, '씨발 왜 답장 안 해');
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '정말 보낼까요?' });
    expect(dialog).toHaveTextContent('상대에게 상처가 될 수 있는 표현이 있어요.');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: '수정하기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onNudged).toHaveBeenCalledWith(['ABUSE'], 'EDITED');
    expect(onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue('씨발 왜 답장 안 해');
  });

  it('보내기 sends the draft as it is and records SENT; a clean draft is never asked about', async () => {
    const { onSend, onNudged, input } = setup();
    await userEvent.type(input, '조건 만남 할래요');
    await userEvent.click(screen.getByRole('button', { name: '보내기' }));
    const dialog = await screen.findByRole('dialog', { name: '정말 보낼까요?' });
    await userEvent.click(within(dialog).getByRole('button', { name: '보내기' }));
    expect(onNudged).toHaveBeenCalledWith(['SEXUAL'], 'SENT');
    expect(onSend).toHaveBeenCalledWith('조건 만남 할래요');
    expect(input).toHaveValue('');

    await userEvent.type(input, '주말에 카페 갈래요?');
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSend).toHaveBeenLastCalledWith('주말에 카페 갈래요?');
  });

  it("a Hangul composition's Enter neither sends nor asks", () => {
    const { onSend, input } = setup();
    fireEvent.change(input, { target: { value: '씨발' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true, keyCode: 229 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe("'정말 보낼까요?' for a chat-request intro", () => {
  it('asks about a flagged intro; 수정하기 goes back to it, 보내기 sends it; both recorded as REQUEST', async () => {
    const onConfirm = vi.fn();
    render(
      <RequestIntroDialog
        open
        onOpenChange={() => undefined}
        title="이바다님에게 채팅을 신청할까요?"
        confirmLabel="신청하기"
        onConfirm={onConfirm}
      />,
    );
    const box = screen.getByLabelText('인사말 (선택)');
    fireEvent.change(box, { target: { value: '원나잇 할래요?' } });
    await userEvent.click(screen.getByRole('button', { name: '신청하기' }));
    const nudge = await screen.findByRole('dialog', { name: '정말 보낼까요?' });
    expect(nudge).toHaveTextContent('성적인 표현은 상대를 불편하게 할 수 있어요.');
    await userEvent.click(within(nudge).getByRole('button', { name: '수정하기' }));
    expect(recordNudge).toHaveBeenLastCalledWith({ context: 'REQUEST', kinds: ['SEXUAL'], outcome: 'EDITED' });
    expect(onConfirm).not.toHaveBeenCalled();
    expect(box).toHaveValue('원나잇 할래요?');

    await userEvent.click(screen.getByRole('button', { name: '신청하기' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '정말 보낼까요?' })).getByRole('button', { name: '보내기' }),
    );
    expect(recordNudge).toHaveBeenLastCalledWith({ context: 'REQUEST', kinds: ['SEXUAL'], outcome: 'SENT' });
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('원나잇 할래요?'));
  });
});
