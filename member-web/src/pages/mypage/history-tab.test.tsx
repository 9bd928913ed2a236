// 매칭 기록 (docs/chat.md "Requests: intro and expiry"): a request's intro shows beside it, and an unanswered request that ran
// out shows 만료됨.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MatchingHistoryItem } from '@contract/mypage';
import { renderPage } from '../../test/render';
import { stubFetch } from './fetch-stub';
import { HistoryTab } from './history-tab';

const item = (over: Partial<MatchingHistoryItem>): MatchingHistoryItem => ({
  matchingId: 1,
  direction: 'SENT',
  status: 'PENDING',
  intro: null,
  opponentMemberId: 2,
  opponentNickname: '이바다',
  opponentProfileImageUrl: null,
  createdAt: '2026-11-10T01:00:00Z',
  answeredAt: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('HistoryTab', () => {
  it('shows the intro and 만료됨', async () => {
    stubFetch({
      'GET /api/on/mypage/matching-history': {
        content: [
          item({ matchingId: 1, status: 'EXPIRED', intro: '바다 좋아하세요?' }),
          item({ matchingId: 2, status: 'ACCEPTED', opponentNickname: '박하늘', answeredAt: '2026-11-11T01:00:00Z' }),
        ],
        last: true,
        totalElements: 2,
        totalPages: 1,
        number: 0,
        size: 20,
      },
    });
    renderPage('/mypage', <HistoryTab />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [expired, accepted] = items as [HTMLElement, HTMLElement];
    expect(within(expired).getByText('“바다 좋아하세요?”')).toBeInTheDocument();
    expect(within(expired).getByText('만료됨')).toBeInTheDocument();
    expect(within(accepted).getByText('수락됨')).toBeInTheDocument();
    expect(accepted.querySelector('.history-item__intro')).toBeNull();
  });
});
