import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { AccountTab } from './account-tab';
import { failWith, stubFetch } from './fetch-stub';

const renderAccount = () => renderPage('/mypage', <AccountTab />, { probes: ['/'] });

describe('my page account: 회원 탈퇴', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'member-token');
    localStorage.setItem('feedbackDraft', JSON.stringify({ title: '초안', content: '' }));
  });

  it('deletes only after the member types 탈퇴할게요, then clears local state and goes to /', async () => {
    const { callsTo } = stubFetch({ 'DELETE /api/on/mypage/account': {} });
    const user = userEvent.setup();
    renderAccount();
    await user.click(screen.getByRole('button', { name: '회원 탈퇴하기' }));
    const dialog = screen.getByRole('dialog', { name: '정말 탈퇴할까요?' });
    const confirm = within(dialog).getByRole('button', { name: '탈퇴하기' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: '확인 문구' }), '탈퇴할래요');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox', { name: '확인 문구' }));
    await user.type(within(dialog).getByRole('textbox', { name: '확인 문구' }), '탈퇴할게요');
    await user.click(confirm);

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(callsTo('DELETE /api/on/mypage/account')[0]?.json).toEqual({ confirm: '탈퇴할게요' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('feedbackDraft')).toBeNull();
    expect(screen.getByText('탈퇴가 끝났어요. 그동안 온기와 함께해 주셔서 고마워요.')).toBeInTheDocument();
  });

  it('keeps the session and says so when deletion fails', async () => {
    stubFetch({ 'DELETE /api/on/mypage/account': () => failWith(500) });
    const user = userEvent.setup();
    renderAccount();
    await user.click(screen.getByRole('button', { name: '회원 탈퇴하기' }));
    await user.type(screen.getByRole('textbox', { name: '확인 문구' }), '탈퇴할게요');
    await user.click(screen.getByRole('button', { name: '탈퇴하기' }));
    expect(await screen.findByText('탈퇴하지 못했어요. 잠시 후 다시 시도해 주세요.')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('member-token');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('downloads my data as a JSON file', async () => {
    stubFetch({ 'GET /api/on/mypage/export': { member: { name: '김온기' } } });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:my-data';
    });
    const user = userEvent.setup();
    renderAccount();
    await user.click(screen.getByRole('button', { name: '내 정보 내려받기' }));
    expect(await screen.findByText('내 정보를 파일로 저장했어요')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^ongi-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await (blobs[0] as Blob).text())).toEqual({ member: { name: '김온기' } });
  });
});
