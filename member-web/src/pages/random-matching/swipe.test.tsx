import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { preferReducedMotion, profiles, stubMatchingFetch } from './matching-fetch-stub';
import { RandomMatchingPage } from './random-matching-page';

const status = { matchingEnabled: true, hasLocation: true, resumePage: 0 };
const withReasons = profiles(1, 4).map((p, i) =>
  i === 0
    ? {
        ...p,
        summary: { heightCm: 172, jobCategory: 'IT', mbti: 'INFP', lookingFor: 'SERIOUS' },
        reasons: [
          { code: 'SHARED_INTERESTS', text: '여행·음악을 함께 좋아해요' },
          { code: 'NEARBY', text: '가까이 살아요' },
          { code: 'CLOSE_AGE', text: '나이가 비슷해요' },
          { code: 'RECENTLY_ACTIVE', text: '최근에 접속했어요' },
        ],
      }
    : p,
);

function open() {
  const api = stubMatchingFetch({
    'GET /api/on/matching/status': status,
    'GET /api/on/matching/recommend': (call: { query: URLSearchParams }) =>
      call.query.get('page') === '0' ? withReasons : [],
    'PUT /api/on/heart/1': { memberId: 1, hearted: true },
    'DELETE /api/on/heart/1': { memberId: 1, hearted: false },
  });
  renderPage('/random/matching', <RandomMatchingPage />, { probes: ['/mypage'] });
  return api;
}

const card = () => screen.getByRole('article');
const cardName = () => card().querySelector('h2')?.textContent ?? '';

/** A finger drag across the card by dx px (pointer events, as a touch screen sends them). */
function drag(dx: number, pointerType = 'touch') {
  const el = card();
  el.getBoundingClientRect = () => ({
    width: 360,
    height: 600,
    top: 0,
    left: 0,
    right: 360,
    bottom: 600,
    x: 0,
    y: 0,
    toJSON: () => '',
  });
  const base = { pointerId: 7, pointerType, isPrimary: true, clientY: 300 };
  fireEvent.pointerDown(el, { ...base, clientX: 180 });
  fireEvent.pointerMove(el, { ...base, clientX: 180 + dx / 2 });
  fireEvent.pointerMove(el, { ...base, clientX: 180 + dx });
  return () => fireEvent.pointerUp(el, { ...base, clientX: 180 + dx });
}

describe('matching card: reasons and swiping (docs/matching.md "Why this card")', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'member-token');
    preferReducedMotion();
    // jsdom has no PointerEvent: testing-library falls back to a MouseEvent, so give it the fields.
    if (!('PointerEvent' in window)) {
      class FakePointerEvent extends MouseEvent {
        pointerId: number;
        pointerType: string;
        isPrimary: boolean;
        constructor(type: string, init: PointerEventInit = {}) {
          super(type, init);
          this.pointerId = init.pointerId ?? 1;
          this.pointerType = init.pointerType ?? 'mouse';
          this.isPrimary = init.isPrimary ?? true;
        }
      }
      Object.assign(window, { PointerEvent: FakePointerEvent });
    }
  });

  it('shows at most three reason chips and the short summary', async () => {
    open();
    await screen.findByRole('heading', { name: '회원1 28세' }, { timeout: 5000 });
    const chips = screen.getByRole('list', { name: '추천 이유' });
    expect([...chips.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '여행·음악을 함께 좋아해요',
      '가까이 살아요',
      '나이가 비슷해요',
    ]);
    expect(screen.getByText('172cm · IT·개발 · INFP · 진지한 연애')).toBeInTheDocument();
  });

  it('a right swipe shows 마음 while dragging, sends a heart and shows the next card; 되돌리기 brings it back and takes the heart back', async () => {
    const api = open();
    await screen.findByRole('heading', { name: '회원1 28세' }, { timeout: 5000 });
    const release = drag(160);
    // The badge sits over the stage, not on the moving card, so it never slides off-screen.
    expect(document.querySelector('.match-card-stage > .swipe-hint--right')).toHaveTextContent('마음');
    release();
    await waitFor(() => expect(cardName()).toBe('회원2 28세'));
    await waitFor(() => expect(api.to('PUT /api/on/heart/1')).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('회원1님에게 마음을 보냈어요');

    fireEvent.click(screen.getByRole('button', { name: '방금 넘긴 카드 되돌리기' }));
    await waitFor(() => expect(cardName()).toBe('회원1 28세'));
    await waitFor(() => expect(api.to('DELETE /api/on/heart/1')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: '방금 넘긴 카드 되돌리기' })).toBeNull();
  });

  it('a left swipe shows 다음 and goes to the next person without a heart', async () => {
    const api = open();
    await screen.findByRole('heading', { name: '회원1 28세' }, { timeout: 5000 });
    const release = drag(-160);
    expect(document.querySelector('.match-card-stage > .swipe-hint--left')).toHaveTextContent('다음');
    release();
    await waitFor(() => expect(cardName()).toBe('회원2 28세'));
    expect(api.to('PUT /api/on/heart/1')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('회원1님을 넘겼어요');
  });

  it('a short drag springs back, and a mouse drag does nothing (mouse users have the buttons)', async () => {
    const api = open();
    await screen.findByRole('heading', { name: '회원1 28세' }, { timeout: 5000 });
    drag(40)();
    drag(200, 'mouse')();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(cardName()).toBe('회원1 28세');
    expect(api.to('PUT /api/on/heart/1')).toHaveLength(0);
    // The ← key still works.
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await waitFor(() => expect(cardName()).toBe('회원2 28세'));
  });

  it(
    'the card has 다음 / 채팅 신청 / 마음 buttons with their keys named, and → ← ↑ do the same',
    { timeout: 20_000 },
    async () => {
      const api = open();
      await screen.findByRole('heading', { name: '회원1 28세' }, { timeout: 5000 });
      const group = screen.getByRole('group', { name: '회원1님에게' });
      const heart = screen.getByRole('button', { name: '마음 보내기' });
      expect(heart).toHaveAttribute('aria-keyshortcuts', 'ArrowRight');
      expect(screen.getByRole('button', { name: '다음 사람' })).toHaveAttribute('aria-keyshortcuts', 'ArrowLeft');
      expect(screen.getByRole('button', { name: '채팅 신청하기' })).toHaveAttribute('aria-keyshortcuts', 'ArrowUp');
      expect(group).toHaveAccessibleDescription('키보드로도 할 수 있어요: → 마음 · ← 다음 · ↑ 채팅 신청');

      fireEvent.click(heart);
      await waitFor(() => expect(cardName()).toBe('회원2 28세'));
      await waitFor(() => expect(api.to('PUT /api/on/heart/1')).toHaveLength(1));
      expect(screen.getByRole('status')).toHaveTextContent('회원1님에게 마음을 보냈어요');

      fireEvent.keyDown(document.body, { key: 'ArrowUp' });
      expect(await screen.findByRole('dialog', { name: '회원2님에게 채팅을 신청할까요?' })).toBeInTheDocument();
      fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
      expect(screen.getByRole('heading', { name: '회원2 28세', hidden: true })).toBeInTheDocument();
    },
  );
});
