// The composer grows with its text up to five lines, then scrolls; Enter during a Hangul
// composition still never sends.
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';
import { grownHeight } from './use-auto-grow';

const box = { lineHeight: 24, paddingBlock: 20, borderBlock: 2 };

describe('grownHeight', () => {
  it('is one line for an empty box, grows a line at a time and stops at five lines', () => {
    expect(grownHeight({ ...box, scrollHeight: 0 })).toEqual({ height: 46, scroll: false });
    expect(grownHeight({ ...box, scrollHeight: 44 })).toEqual({ height: 46, scroll: false });
    expect(grownHeight({ ...box, scrollHeight: 68 })).toEqual({ height: 70, scroll: false });
    expect(grownHeight({ ...box, scrollHeight: 140 })).toEqual({ height: 142, scroll: false });
    expect(grownHeight({ ...box, scrollHeight: 164 })).toEqual({ height: 142, scroll: true });
    expect(grownHeight({ ...box, scrollHeight: 2000 })).toEqual({ height: 142, scroll: true });
  });
});

describe('Composer box growth', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes the height of its text, at most five lines, then scrolls', () => {
    // jsdom lays nothing out: the content's height follows the number of lines typed.
    vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
      this: HTMLTextAreaElement,
    ) {
      return 20 + 24 * Math.max(1, this.value.split('\n').length);
    });
    vi.spyOn(window, 'getComputedStyle').mockImplementation(
      () =>
        ({
          lineHeight: '24px',
          fontSize: '16px',
          paddingTop: '10px',
          paddingBottom: '10px',
          borderTopWidth: '1px',
          borderBottomWidth: '1px',
        }) as CSSStyleDeclaration,
    );
    render(<Composer disabled={false} onSend={() => true} />);
    const input = screen.getByLabelText('메시지 입력');
    expect(input.style.height).toBe('46px');
    fireEvent.change(input, { target: { value: '첫 줄\n둘째 줄\n셋째 줄' } });
    expect(input.style.height).toBe('94px');
    expect(input.style.overflowY).toBe('hidden');
    fireEvent.change(input, { target: { value: '1\n2\n3\n4\n5\n6\n7' } });
    expect(input.style.height).toBe('142px');
    expect(input.style.overflowY).toBe('auto');
  });

  it('Enter during a Hangul composition does not send; Enter after it does', () => {
    const onSend = vi.fn(() => true);
    render(<Composer disabled={false} onSend={onSend} />);
    const input = screen.getByLabelText('메시지 입력');
    fireEvent.change(input, { target: { value: '안녕' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true, keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('안녕');
  });
});
