// The feedback form counts what the Worker counts (contract text.ts): emoji and jamo are one
// character each, invisible characters none.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '@contract/limits';
import { countChars } from '@contract/text';
import { stubFetch } from '../../pages/mypage/fetch-stub';
import { renderPage } from '../../test/render';
import { FeedbackForm } from './feedback-form';

const FAMILY = '👨‍👩‍👧';

async function form() {
  stubFetch({});
  renderPage('/feedback', <FeedbackForm onDone={() => undefined} />);
  const user = userEvent.setup();
  return {
    user,
    title: screen.getByRole('textbox', { name: '제목' }),
    send: screen.getByRole('button', { name: '보내기' }),
  };
}

describe('feedback form counters', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('takes 40 emoji as a full title and 41 as one too many', async () => {
    const { user, title, send } = await form();
    await user.click(title);
    await user.paste('😀'.repeat(LIMITS.feedbackTitle));
    expect(screen.getByText('40/40')).not.toHaveClass('is-over');
    expect(send).toBeEnabled();
    await user.paste('😀');
    expect(screen.getByText('41/40')).toHaveClass('is-over');
    expect(send).toBeDisabled();
  });

  it('counts a family emoji as 1, jamo as syllables and zero-width characters as nothing, like the Worker', async () => {
    const { user, title } = await form();
    await user.click(title);
    await user.paste(FAMILY);
    expect(screen.getByText('1/40')).toBeInTheDocument();
    await user.clear(title);
    await user.paste('\u1100\u1161\u1102\u1161\u200b\u200b');
    expect(countChars('\u1100\u1161\u1102\u1161\u200b\u200b')).toBe(2);
    expect(screen.getByText('2/40')).toBeInTheDocument();
  });
});
