// The composer's emoji picker: it takes focus only when it opens, a picked emoji goes in at the
// caret and typing goes on in the box (Space and Enter included), Escape returns to the 😊 button,
// and the grid is one Tab stop moved with the arrow keys, Home and End.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';
import { CHAT_EMOJI } from './emoji';
import { EMOJI_COLUMNS } from './emoji-picker';

function setup() {
  const onSend = vi.fn((_text: string) => true);
  const user = userEvent.setup();
  render(<Composer disabled={false} onSend={onSend} />);
  const input = screen.getByLabelText('메시지 입력');
  const toggle = screen.getByRole('button', { name: '이모지 고르기' });
  return { onSend, user, input, toggle };
}

const emojiButton = (emoji: string) => screen.getByRole('button', { name: `${emoji} 넣기` });

describe('Composer emoji picker', () => {
  it('after a pick, typing a Korean sentence with spaces stays in the box and Enter sends it exactly', async () => {
    const { onSend, user, input, toggle } = setup();
    await user.click(toggle);
    expect(emojiButton('😀')).toHaveFocus();
    await user.click(emojiButton('😀'));
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    await user.keyboard('안녕하세요 반가워요');
    expect(input).toHaveValue('😀안녕하세요 반가워요');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('😀안녕하세요 반가워요');
  });

  it('inserts at the caret and keeps the caret after the emoji', async () => {
    const { user, input, toggle } = setup();
    await user.type(input, '좋아요');
    if (!(input instanceof HTMLTextAreaElement)) throw new Error('not a textarea');
    input.setSelectionRange(2, 2);
    await user.click(toggle);
    await user.click(emojiButton('😍'));
    expect(input).toHaveValue('좋아😍요');
    await user.keyboard('!');
    expect(input).toHaveValue('좋아😍!요');
  });

  it('is one Tab stop: a grid whose arrow keys, Home and End move the focus', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);
    const grid = screen.getByRole('grid', { name: '이모지 고르기' });
    expect(within(grid).getAllByRole('row')).toHaveLength(Math.ceil(CHAT_EMOJI.length / EMOJI_COLUMNS.wide));
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(55);
    const tabbable = () =>
      within(grid)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0);
    expect(tabbable()).toHaveLength(1);

    const at = (i: number) => emojiButton(CHAT_EMOJI[i] ?? '');
    await user.keyboard('{ArrowRight}');
    expect(at(1)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(at(1 + EMOJI_COLUMNS.wide)).toHaveFocus();
    await user.keyboard('{End}');
    expect(at(2 * EMOJI_COLUMNS.wide - 1)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(at(EMOJI_COLUMNS.wide)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(at(0)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(at(0)).toHaveFocus();
    await user.keyboard('{Control>}{End}{/Control}');
    expect(at(CHAT_EMOJI.length - 1)).toHaveFocus();
    expect(tabbable()).toEqual([at(CHAT_EMOJI.length - 1)]);

    // Tab leaves the grid in one step (to the message box) and the popup closes.
    await user.tab();
    expect(screen.getByLabelText('메시지 입력')).toHaveFocus();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('Enter on a focused emoji picks it and adds no line break; Space picks too', async () => {
    const { onSend, user, input, toggle } = setup();
    await user.click(toggle);
    await user.keyboard('{ArrowRight}{Enter}');
    expect(input).toHaveFocus();
    expect(input).toHaveValue(CHAT_EMOJI[1]);
    expect(onSend).not.toHaveBeenCalled();
    await user.click(toggle);
    await user.keyboard('{ArrowRight}{ArrowRight}[Space]');
    expect(input).toHaveValue(`${CHAT_EMOJI[1]}${CHAT_EMOJI[2]}`);
  });

  it('Escape closes the picker and returns focus to the 😊 button', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
