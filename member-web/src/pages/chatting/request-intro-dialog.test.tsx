// The request confirmation's intro: counted as a person counts (a family emoji is one), over 100
// the confirm button is off with a Korean message, the intro goes out trimmed, empty goes out as none.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RequestIntroDialog } from './request-intro-dialog';

function setup() {
  const onConfirm = vi.fn<(intro: string | undefined) => void>();
  const onOpenChange = vi.fn();
  render(
    <RequestIntroDialog
      open
      onOpenChange={onOpenChange}
      title="이바다님에게 채팅을 신청할까요?"
      confirmLabel="신청하기"
      onConfirm={onConfirm}
    />,
  );
  return { onConfirm, onOpenChange, box: screen.getByLabelText('인사말 (선택)') };
}

describe('RequestIntroDialog', () => {
  it('counts grapheme clusters and sends the trimmed intro', async () => {
    const { onConfirm, box } = setup();
    expect(screen.getByText('0/100')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '  안녕하세요 👨‍👩‍👧  ' } });
    expect(screen.getByText('7/100')).toBeInTheDocument();
    expect(screen.getByText('100자 중 7자')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '신청하기' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('안녕하세요 👨‍👩‍👧'));
  });

  it('over 100 characters: the message shows and the request cannot be sent', async () => {
    const { onConfirm, box } = setup();
    fireEvent.change(box, { target: { value: '가'.repeat(100) } });
    expect(screen.getByRole('button', { name: '신청하기' })).toBeEnabled();
    fireEvent.change(box, { target: { value: '가'.repeat(100) + '🌷' } });
    expect(screen.getByText('101/100')).toBeInTheDocument();
    expect(screen.getByText('인사말은 100자까지 쓸 수 있어요.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: '신청하기' })).toBeDisabled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('an empty intro sends none', async () => {
    const { onConfirm, onOpenChange } = setup();
    await userEvent.click(screen.getByRole('button', { name: '신청하기' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(undefined));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
