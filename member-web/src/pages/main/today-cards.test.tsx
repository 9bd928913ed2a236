import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TodayCard, TodaySet } from '@contract/today';
import { jsonResponse } from '../../test/factories';
import { renderPage } from '../../test/render';
import { stubMatchingFetch } from '../random-matching/matching-fetch-stub';
import { TodayCards } from './today-cards';

const koreanToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

const card = (memberId: number, name: string, compatibility: number | null): TodayCard => ({
  memberId,
  name,
  age: 29,
  location: '서울 마포구',
  interests: ['여행'],
  mainImageUrl: null,
  subImageUrls: [],
  summary: { heightCm: null, jobCategory: null, mbti: null, lookingFor: null },
  reasons: [{ code: 'SHARED_INTERESTS', text: '관심사 여행이 같아요' }],
  verified: { identity: true, photo: false },
  compatibility,
  action: null,
});

const set = (date: string | null, cards: TodayCard[]): TodaySet => ({ date, cards });

describe('home: 오늘의 인연', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('shows the set with 궁합 and reasons; 넘기기, 좋아요 and 대화 신청 use their calls and mark the card', async () => {
    const stub = stubMatchingFetch({
      'GET /api/on/today': set(koreanToday(), [card(5, '서연', 72), card(6, '민준', null), card(7, '지우', 55)]),
      'POST /api/on/today/5/pass': new Response(null, { status: 204 }),
      'PUT /api/on/heart/6': { memberId: 6, hearted: true },
      'POST /api/on/matching/request/7': { status: 'PENDING', matchingId: 1 },
    });
    renderPage('/main', <TodayCards />);
    const list = await screen.findByRole('list', { name: '오늘의 인연 카드' }, { timeout: 5000 });
    expect(list.children).toHaveLength(3);
    expect(screen.getByText('궁합 72%')).toBeInTheDocument();
    expect(screen.getByText('가치관 질문에 함께 답하면 궁합을 볼 수 있어요')).toBeInTheDocument();
    expect(screen.getAllByText('관심사 여행이 같아요')).toHaveLength(3);
    expect(screen.queryByText(/어제 도착한 인연/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '서연님 넘기기' }));
    expect(await screen.findByText('넘겼어요')).toBeInTheDocument();
    expect(stub.to('POST /api/on/today/5/pass')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '민준님 좋아요' }));
    expect(await screen.findByText('마음을 보냈어요')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '민준님 좋아요' })).toHaveAttribute('aria-pressed', 'true');
    // After 좋아요 a chat can still be asked for.
    expect(screen.getByRole('button', { name: '민준님에게 대화 신청하기' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: '지우님에게 대화 신청하기' }));
    const dialog = await screen.findByRole('dialog', { name: '지우님에게 대화를 신청할까요?' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '안녕하세요, 반가워요' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '신청하기' }));
    expect(await screen.findByText('대화를 신청했어요', { selector: '.today-card__done' })).toBeInTheDocument();
    expect(stub.to('POST /api/on/matching/request/7')[0]?.json).toEqual({ intro: '안녕하세요, 반가워요' });
    expect(screen.getByRole('button', { name: '지우님에게 대화 신청하기' })).toBeDisabled();
  }, 20_000);

  it('says when yesterday’s set is still the one, and when none has arrived yet', async () => {
    stubMatchingFetch({ 'GET /api/on/today': set('2020-01-01', [card(5, '서연', 72)]) });
    const first = renderPage('/main', <TodayCards />);
    expect(await screen.findByText(/어제 도착한 인연이에요/, {}, { timeout: 5000 })).toBeInTheDocument();
    first.unmount();

    stubMatchingFetch({ 'GET /api/on/today': set(null, []) });
    renderPage('/main', <TodayCards />);
    const empty = await screen.findByText(/매일 낮 12시 30분에 새 인연이 도착해요/, {}, { timeout: 5000 });
    // The message sits where the loading set was, which keeps its height (no layout shift below).
    const held = empty.closest('.today-held');
    expect(held).not.toBeNull();
    expect(held!.querySelector('.today-list--placeholder[aria-hidden="true"]')).not.toBeNull();
  });

  it('a failed call says so and offers to try again', async () => {
    stubMatchingFetch({ 'GET /api/on/today': jsonResponse({ code: 'UNAVAILABLE', message: '잠시 후' }, 503) });
    renderPage('/main', <TodayCards />);
    expect(await screen.findByText('오늘의 인연을 불러오지 못했어요.', {}, { timeout: 5000 })).toBeInTheDocument();
    const retry = screen.getByRole('button', { name: '다시 불러오기' });
    const held = retry.closest('.today-held');
    expect(held).not.toBeNull();
    expect(held!.querySelector('.today-list--placeholder')).not.toBeNull();
  });
});
