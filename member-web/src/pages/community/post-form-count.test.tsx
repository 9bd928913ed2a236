// The write form's counters count what the Worker counts (contract text.ts).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_KO } from '@contract/community';
import { PostForm } from './post-form';

describe('post form counters', () => {
  it('count emoji as one character each and zero-width characters as none', async () => {
    render(<PostForm onSaved={() => undefined} onCancel={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: '제목' }));
    await user.paste('👨‍👩‍👧 후기');
    expect(screen.getByText('4 / 120')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: '내용' }));
    await user.paste('\u200b'.repeat(5));
    expect(screen.getByText('0 / 5000')).toBeInTheDocument();
  });

  it('refuses five zero-width characters as content before sending', async () => {
    render(<PostForm onSaved={() => undefined} onCancel={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: '내용' }));
    await user.paste('\u200b'.repeat(5));
    await user.click(screen.getByRole('button', { name: '등록하기' }));
    expect(await screen.findByText(COMMUNITY_KO.contentTooShort)).toBeInTheDocument();
  });
});
