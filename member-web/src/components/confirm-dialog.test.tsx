import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Harness({ onConfirm }: { onConfirm: () => unknown }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="사진을 삭제할까요?"
      description="삭제한 사진은 되돌릴 수 없어요."
      confirmLabel="삭제하기"
      onConfirm={onConfirm}
    />
  );
}

describe('confirm dialog (instead of window.confirm)', () => {
  it('runs the action on confirm, keeps the buttons disabled while it runs, then closes', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const user = userEvent.setup();
    render(<Harness onConfirm={onConfirm} />);

    expect(screen.getByRole('dialog', { name: '사진을 삭제할까요?' })).toHaveAccessibleDescription(
      '삭제한 사진은 되돌릴 수 없어요.',
    );
    await user.click(screen.getByRole('button', { name: '삭제하기' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: '삭제하기' })).toBeDisabled();
    finish();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on 취소 without running the action', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
