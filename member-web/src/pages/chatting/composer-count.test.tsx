// The composer counts and blank-checks as the chat Durable Object does (contract text.ts).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_LIMITS } from '@contract/chat';
import { Composer } from './composer';

function setup() {
  const onSend = vi.fn((_text: string) => true);
  render(<Composer disabled={false} onSend={onSend} />);
  const user = userEvent.setup();
  return {
    onSend,
    user,
    input: screen.getByLabelText('메시지 입력'),
    send: screen.getByRole('button', { name: '보내기' }),
  };
}

describe('chat composer counting', () => {
  it('treats spaces and zero-width characters as a blank message', async () => {
    const { user, input, send, onSend } = setup();
    await user.click(input);
    await user.paste('  \u200b \u200b\u2060 ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('counts 1000 emoji as 1,000 characters and 1001 as over the limit', async () => {
    const { user, input, send } = setup();
    await user.click(input);
    await user.paste('😀'.repeat(CHAT_LIMITS.messageMaxChars));
    expect(screen.getByText('1,000/1,000')).not.toHaveClass('composer__count--over');
    expect(send).toBeEnabled();
    await user.paste('😀');
    expect(screen.getByText('1,001/1,000')).toHaveClass('composer__count--over');
    expect(send).toBeDisabled();
  });
});
