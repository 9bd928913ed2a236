import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../mypage/fetch-stub';
import { renderPage } from '../../test/render';
import { FeedbackPage } from './feedback-page';

describe('/feedback page', () => {
  it('gives a member the same form as the dialog and goes to my feedback after sending', async () => {
    localStorage.setItem('accessToken', 'member-token');
    const { callsTo } = stubFetch({
      'POST /feedback/create': { id: 1, title: '좋아요', content: '고마워요', createdAt: '2026-11-22T06:04:00Z' },
    });
    const user = userEvent.setup();
    renderPage('/feedback', <FeedbackPage />, { probes: ['/mypage'] });
    await user.type(screen.getByRole('textbox', { name: '제목' }), '좋아요');
    await user.type(screen.getByRole('textbox', { name: '내용' }), '고마워요');
    await user.click(screen.getByRole('button', { name: '보내기' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/mypage?tab=feedback');
    expect(callsTo('POST /feedback/create')).toHaveLength(1);
  });

  it('invites a visitor to sign in instead of showing a form that cannot be sent', () => {
    stubFetch({});
    renderPage('/feedback', <FeedbackPage />);
    expect(screen.getByRole('heading', { name: '로그인하고 의견을 보내 주세요' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '제목' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '로그인하러 가기' })).toBeInTheDocument();
  });
});
