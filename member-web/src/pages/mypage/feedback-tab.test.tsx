import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { failWith, stubFetch } from './fetch-stub';
import { FeedbackTab } from './feedback-tab';

const longTitle = '채팅 화면에서 이모지를 고를 때 목록이 조금 더 컸으면 좋겠어요 정말로';
const longContent = Array.from({ length: 30 }, (_, i) => `말${i + 1}`).join(' ');
const item = { id: 5, title: longTitle, content: longContent, createdAt: '2026-11-22T06:04:00Z' };

describe('my page: my feedback', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('lists my items with the title cut at 8 words and the content at 24', async () => {
    const { callsTo } = stubFetch({ 'GET /feedback/my': [item] });
    renderPage('/mypage', <FeedbackTab />);
    expect(
      await screen.findByRole('heading', { name: '채팅 화면에서 이모지를 고를 때 목록이 조금 더…' }),
    ).toBeInTheDocument();
    expect(screen.getByText(`${longContent.split(' ').slice(0, 24).join(' ')}…`)).toBeInTheDocument();
    expect(screen.getByText('2026년 11월 22일 오후 3:04')).toBeInTheDocument();
    expect(callsTo('GET /feedback/my')[0]?.headers.get('Authorization')).toBe('Bearer member-token');
  });

  it('opens the dialog in edit mode with the full text', async () => {
    stubFetch({ 'GET /feedback/my': [item] });
    const user = userEvent.setup();
    renderPage('/mypage', <FeedbackTab />);
    await user.click(await screen.findByRole('button', { name: /수정하기$/ }));
    const dialog = screen.getByRole('dialog', { name: '피드백 수정하기' });
    expect(within(dialog).getByRole('textbox', { name: '제목' })).toHaveValue(longTitle);
  });

  it('deletes after confirmation with PATCH /feedback/{id}/delete and says 삭제했어요', async () => {
    const { callsTo } = stubFetch({ 'GET /feedback/my': [item], 'PATCH /feedback/5/delete': {} });
    const user = userEvent.setup();
    renderPage('/mypage', <FeedbackTab />);
    await user.click(await screen.findByRole('button', { name: /삭제하기$/ }));
    const confirm = screen.getByRole('dialog', { name: '이 피드백을 삭제할까요?' });
    await user.click(within(confirm).getByRole('button', { name: '삭제하기' }));
    expect(await screen.findByText('삭제했어요')).toBeInTheDocument();
    expect(callsTo('PATCH /feedback/5/delete')).toHaveLength(1);
    expect(await screen.findByText(/아직 보낸 피드백이 없어요/)).toBeInTheDocument();
  });

  it('keeps the item and says 삭제에 실패했어요 when deletion fails', async () => {
    stubFetch({ 'GET /feedback/my': [item], 'PATCH /feedback/5/delete': () => failWith(500) });
    const user = userEvent.setup();
    renderPage('/mypage', <FeedbackTab />);
    await user.click(await screen.findByRole('button', { name: /삭제하기$/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '삭제하기' }));
    expect(await screen.findByText('삭제에 실패했어요')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3 })).toBeInTheDocument();
  });
});
