import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '@contract/limits';
import { failWith, stubFetch } from '../../pages/mypage/fetch-stub';
import { renderPage } from '../../test/render';
import { SiteHeader } from '../site-header';
import { FeedbackDialog } from './feedback-dialog';

const created = { id: 5, title: '좋아요', content: '따뜻해요', createdAt: '2026-11-22T06:04:00Z' };

function openFromNavigation() {
  renderPage('/main', <SiteHeader />);
  return userEvent.setup();
}

/** The header loads the dialog on its first opening (site-header.tsx): wait for it. */
async function clickFeedback(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '피드백' }));
  await screen.findByRole('dialog', { name: '피드백 보내기' });
}

const dialog = () => screen.getByRole('dialog', { name: '피드백 보내기' });
const titleBox = () => within(dialog()).getByRole('textbox', { name: '제목' });
const contentBox = () => within(dialog()).getByRole('textbox', { name: '내용' });
const submit = () => within(dialog()).getByRole('button', { name: '보내기' });

describe('feedback dialog from the navigation (docs/product-spec.md §2, §4, §5)', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('opens from the 피드백 button and counts characters live against 40 and 400', async () => {
    stubFetch({});
    const user = openFromNavigation();
    await clickFeedback(user);
    expect(within(dialog()).getByText(`0/${LIMITS.feedbackTitle}`)).toBeInTheDocument();
    expect(within(dialog()).getByText(`0/${LIMITS.feedbackContent}`)).toBeInTheDocument();
    await user.type(titleBox(), '채팅이 좋아요');
    expect(within(dialog()).getByText('7/40')).toBeInTheDocument();
  });

  it('asks for a title and the content before sending anything', async () => {
    const { callsTo } = stubFetch({});
    const user = openFromNavigation();
    await clickFeedback(user);
    await user.click(submit());
    expect(within(dialog()).getByText('제목을 입력해 주세요.')).toBeInTheDocument();
    expect(within(dialog()).getByText('내용을 입력해 주세요.')).toBeInTheDocument();
    expect(callsTo('POST /feedback/create')).toHaveLength(0);
  });

  it('over a limit disables the submit and shows 글자 수를 초과했어요 (41-char title, 401-char content)', async () => {
    stubFetch({});
    const user = openFromNavigation();
    await clickFeedback(user);
    await user.click(titleBox());
    await user.paste('가'.repeat(LIMITS.feedbackTitle));
    await user.click(contentBox());
    await user.paste('나'.repeat(LIMITS.feedbackContent));
    expect(submit()).toBeEnabled();
    expect(within(dialog()).queryByText('글자 수를 초과했어요')).not.toBeInTheDocument();

    await user.type(titleBox(), '다');
    expect(within(dialog()).getByText('41/40')).toHaveClass('is-over');
    expect(within(dialog()).getByText('글자 수를 초과했어요')).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await user.type(titleBox(), '{Backspace}');
    await user.type(contentBox(), '라');
    expect(within(dialog()).getByText('401/400')).toHaveClass('is-over');
    expect(within(dialog()).getByText('내용은 400자를 넘을 수 없어요.')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('saves a draft under feedbackDraft, restores it after closing and reopening, and removes it after sending', async () => {
    const { callsTo } = stubFetch({ 'POST /feedback/create': created });
    const user = openFromNavigation();
    await clickFeedback(user);
    await user.type(titleBox(), '좋아요');
    await user.type(contentBox(), '따뜻해요');
    await user.click(within(dialog()).getByRole('button', { name: '임시 저장' }));
    expect(await screen.findByText('임시 저장했어요')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('feedbackDraft') ?? '{}')).toEqual({ title: '좋아요', content: '따뜻해요' });

    await user.click(within(dialog()).getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await clickFeedback(user);
    expect(titleBox()).toHaveValue('좋아요');
    expect(contentBox()).toHaveValue('따뜻해요');
    expect(within(dialog()).getByText('임시 저장한 내용을 불러왔어요')).toBeInTheDocument();

    await user.click(submit());
    expect(await screen.findByText('피드백을 보냈어요. 소중한 의견 고마워요!')).toBeInTheDocument();
    expect(callsTo('POST /feedback/create')[0]?.json).toEqual({ title: '좋아요', content: '따뜻해요' });
    expect(callsTo('POST /feedback/create')[0]?.headers.get('Authorization')).toBe('Bearer member-token');
    expect(localStorage.getItem('feedbackDraft')).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the text and the draft and says 등록에 실패했어요 when creating fails', async () => {
    stubFetch({ 'POST /feedback/create': () => failWith(500) });
    localStorage.setItem('feedbackDraft', JSON.stringify({ title: '초안', content: '내용이에요' }));
    const user = openFromNavigation();
    await clickFeedback(user);
    await user.click(submit());
    expect(await screen.findByText('등록에 실패했어요')).toBeInTheDocument();
    expect(titleBox()).toHaveValue('초안');
    expect(localStorage.getItem('feedbackDraft')).not.toBeNull();
  });
});

describe('feedback dialog in edit mode', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('starts from the item, ignores the draft, has no 임시 저장 and PATCHes /feedback/{id}/update', async () => {
    localStorage.setItem('feedbackDraft', JSON.stringify({ title: '초안', content: '초안 내용' }));
    const { callsTo } = stubFetch({ 'PATCH /feedback/5/update': { ...created, title: '정말 좋아요' } });
    const user = userEvent.setup();
    renderPage('/mypage', <FeedbackDialog open onOpenChange={() => undefined} editing={created} />);
    const edit = screen.getByRole('dialog', { name: '피드백 수정하기' });
    const title = within(edit).getByRole('textbox', { name: '제목' });
    expect(title).toHaveValue('좋아요');
    expect(within(edit).queryByRole('button', { name: '임시 저장' })).not.toBeInTheDocument();
    await user.clear(title);
    await user.type(title, '정말 좋아요');
    await user.click(within(edit).getByRole('button', { name: '수정하기' }));
    expect(await screen.findByText('피드백을 수정했어요')).toBeInTheDocument();
    expect(callsTo('PATCH /feedback/5/update')[0]?.json).toEqual({ title: '정말 좋아요', content: '따뜻해요' });
    expect(localStorage.getItem('feedbackDraft')).not.toBeNull();
  });

  it('says 수정에 실패했어요 when the update fails', async () => {
    stubFetch({ 'PATCH /feedback/5/update': () => failWith(500) });
    const user = userEvent.setup();
    renderPage('/mypage', <FeedbackDialog open onOpenChange={() => undefined} editing={created} />);
    await user.click(screen.getByRole('button', { name: '수정하기' }));
    expect(await screen.findByText('수정에 실패했어요')).toBeInTheDocument();
  });
});
