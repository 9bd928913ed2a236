import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardReasons, summaryText } from './card-reasons';
import { DetailsView } from './details-view';

const reasons = [
  { code: 'HEARTED_ME', text: '나에게 마음을 보냈어요' },
  { code: 'SAME_MBTI', text: 'MBTI가 같아요' },
  { code: 'NEARBY', text: '가까이 살아요' },
  { code: 'CLOSE_AGE', text: '나이가 비슷해요' },
] as const;

describe('card reasons and summary (docs/matching.md "Why this card")', () => {
  it('shows at most three chips, as a named list or as spans inside a button', () => {
    const { rerender, container } = render(<CardReasons reasons={[...reasons]} />);
    expect(screen.getByRole('list', { name: '추천 이유' }).querySelectorAll('li')).toHaveLength(3);
    rerender(
      <button type="button">
        <CardReasons reasons={[...reasons]} inline />
      </button>,
    );
    expect(container.querySelector('ul')).toBeNull();
    expect(screen.getByRole('button')).toHaveTextContent('나에게 마음을 보냈어요MBTI가 같아요가까이 살아요');
    rerender(<CardReasons reasons={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('summarises only what was answered', () => {
    expect(summaryText({ heightCm: 180, jobCategory: null, mbti: 'UNKNOWN', lookingFor: 'FRIENDS' })).toBe(
      '180cm · 편한 친구',
    );
    expect(summaryText({ heightCm: null, jobCategory: null, mbti: null, lookingFor: null })).toBe('');
  });

  it('lists the visible details with Korean labels and the prompt questions', () => {
    render(
      <DetailsView
        details={{
          bio: '안녕하세요',
          heightCm: 170,
          job: { category: 'EDUCATION', title: '초등 교사' },
          education: 'GRADUATE',
          religion: null,
          smoking: 'QUITTING',
          drinking: null,
          mbti: 'ISTJ',
          lookingFor: 'SERIOUS',
          prompts: [{ questionId: 'life_motto', answer: '천천히 꾸준히' }],
        }}
      />,
    );
    expect(screen.getByText('교육 · 초등 교사')).toBeInTheDocument();
    expect(screen.getByText('대학원')).toBeInTheDocument();
    expect(screen.getByText('금연 중')).toBeInTheDocument();
    expect(screen.getByText('나의 좌우명')).toBeInTheDocument();
    expect(screen.getByText('천천히 꾸준히')).toBeInTheDocument();
    expect(screen.queryByText('종교')).toBeNull();
  });
});
