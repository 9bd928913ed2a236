import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VALUE_QUESTIONS } from '@contract/value-questions';
import type { MyValueAnswer } from '@contract/values';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { stubFetch } from './fetch-stub';
import { ValuesTab } from './values-tab';

const questions = VALUE_QUESTIONS.map((q) => ({ ...q }));
const q1 = VALUE_QUESTIONS[0]!;

function stubValues(initial: MyValueAnswer[] = []) {
  let stored = [...initial];
  return stubFetch({
    'GET /api/on/values/questions': questions,
    'GET /api/on/values/answers': () => stored,
    'PUT /api/on/values/answers': (req) => {
      const given = req.json as MyValueAnswer[];
      stored = [...stored.filter((a) => !given.some((g) => g.questionId === a.questionId)), ...given];
      return stored;
    },
    'DELETE /api/on/values/answers/1': () => {
      stored = stored.filter((a) => a.questionId !== 1);
      return new Response(null, { status: 204 });
    },
  });
}

describe('my page: 가치관', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('lists every question by category with how many I answered', async () => {
    stubValues();
    renderPage('/mypage', <ValuesTab />);
    for (const category of ['연애관', '생활 습관', '가족·미래', '돈', '갈등', '취향'])
      expect(await screen.findByRole('heading', { name: category })).toBeInTheDocument();
    expect(screen.getByText(`${questions.length}개 중 0개 답했어요`)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /답하기$/ })).toHaveLength(questions.length);
  });

  it('answers a question: my answer, accepted answers, 꼭, 비공개', async () => {
    const { callsTo } = stubValues();
    const user = userEvent.setup();
    renderPage('/mypage', <ValuesTab />);
    await user.click(await screen.findByRole('button', { name: `${q1.text} 답하기` }));
    const form = screen.getByRole('form', { name: q1.text });
    const mine = within(form).getByRole('group', { name: '내 답' });
    await user.click(within(mine).getByRole('radio', { name: q1.answers[1]!.text }));
    // Nothing accepted yet: the form says so and sends nothing.
    await user.click(within(form).getByRole('button', { name: '저장하기' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('상대에게 괜찮은 답을 하나 이상 골라 주세요.');
    expect(callsTo('PUT /api/on/values/answers')).toHaveLength(0);
    const accept = within(form).getByRole('group', { name: /상대에게 괜찮은 답/ });
    await user.click(within(accept).getByRole('checkbox', { name: q1.answers[0]!.text }));
    await user.click(within(accept).getByRole('checkbox', { name: q1.answers[1]!.text }));
    await user.click(within(form).getByRole('radio', { name: '꼭' }));
    await user.click(within(form).getByRole('checkbox', { name: '내 프로필에 이 답을 보여줄게요' }));
    await user.click(within(form).getByRole('button', { name: '저장하기' }));
    expect(await screen.findByText(`${q1.answers[1]!.text} · 꼭 · 비공개`)).toBeInTheDocument();
    expect(callsTo('PUT /api/on/values/answers')[0]?.json).toEqual([
      {
        questionId: 1,
        answerId: q1.answers[1]!.id,
        accept: [q1.answers[0]!.id, q1.answers[1]!.id],
        importance: 'VERY',
        public: false,
      },
    ]);
    expect(screen.getByText(`${questions.length}개 중 1개 답했어요`)).toBeInTheDocument();
  });

  it('changes and removes an answer', async () => {
    const { callsTo } = stubValues([{ questionId: 1, answerId: 11, accept: [11], importance: 'LITTLE', public: true }]);
    const user = userEvent.setup();
    renderPage('/mypage', <ValuesTab />);
    expect(await screen.findByText(`${q1.answers[0]!.text} · 조금 · 공개`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `${q1.text} 바꾸기` }));
    const form = screen.getByRole('form', { name: q1.text });
    expect(within(form).getByRole('radio', { name: '조금' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: '답 지우기' }));
    expect(await screen.findByRole('button', { name: `${q1.text} 답하기` })).toBeInTheDocument();
    expect(callsTo('DELETE /api/on/values/answers/1')).toHaveLength(1);
  });
});
