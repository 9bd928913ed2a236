import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VALUE_QUESTIONS } from '@contract/value-questions';
import { beforeEach, describe, expect, it } from 'vitest';
import { ValuesSuggestion } from '../../pages/main/values-suggestion';
import { stubFetch } from '../../pages/mypage/fetch-stub';
import { renderPage } from '../../test/render';
import { CompatibilityBadge } from './compatibility-badge';
import { SharedValues } from './shared-values';

describe('궁합', () => {
  it('reads 궁합 82% with an accessible name, and nothing without a score', () => {
    const { container, rerender } = render(<CompatibilityBadge value={82} />);
    expect(screen.getByText('궁합 82%')).toBeInTheDocument();
    expect(container.textContent).toBe(' 가치관 궁합 82%');
    rerender(<CompatibilityBadge value={null} />);
    expect(container.textContent).toBe('');
  });

  it('lists the shared public answers and whether they fit', () => {
    render(
      <SharedValues
        compatibility={64}
        shared={[
          {
            questionId: 1,
            question: '연인과 연락은 얼마나 자주 하고 싶어요?',
            answer: '틈날 때마다 자주 해요',
            fits: true,
          },
          { questionId: 2, question: '연인과는 얼마나 자주 만나고 싶어요?', answer: '거의 매일', fits: false },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: /함께 답한 가치관 질문/ })).toHaveTextContent('궁합 64%');
    expect(screen.getByText('내가 바라는 답이에요')).toBeInTheDocument();
    expect(screen.getByText('내 생각과 달라요')).toBeInTheDocument();
  });
});

describe('the suggestion after signup', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('accessToken', 'member-token');
  });

  it('offers five questions one at a time and can be skipped for good', async () => {
    stubFetch({
      'GET /api/on/values/questions': VALUE_QUESTIONS.map((q) => ({ ...q })),
      'GET /api/on/values/answers': [],
    });
    const user = userEvent.setup();
    renderPage('/main', <ValuesSuggestion />);
    expect(await screen.findByRole('heading', { name: '가치관 질문 5개에 답해 볼까요?' })).toBeInTheDocument();
    expect(screen.getByText('5개 중 1번째 질문')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '이 질문 건너뛰기' }));
    expect(screen.getByText('5개 중 2번째 질문')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '다음에 할게요' }));
    expect(screen.queryByRole('heading', { name: '가치관 질문 5개에 답해 볼까요?' })).not.toBeInTheDocument();
    expect(localStorage.getItem('valuesSuggestSkipped')).toBe('1');
  });

  it('is not shown to a member who already answered', async () => {
    const { callsTo } = stubFetch({
      'GET /api/on/values/questions': VALUE_QUESTIONS.map((q) => ({ ...q })),
      'GET /api/on/values/answers': [{ questionId: 1, answerId: 11, accept: [11], importance: 'VERY', public: true }],
    });
    renderPage('/main', <ValuesSuggestion />);
    await waitFor(() => expect(callsTo('GET /api/on/values/answers')).toHaveLength(1));
    await waitFor(() => expect(callsTo('GET /api/on/values/questions')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('heading', { name: '가치관 질문 5개에 답해 볼까요?' })).not.toBeInTheDocument();
  });
});
