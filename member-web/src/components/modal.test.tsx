import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { Modal } from './modal';

/** A dialog opened from an ordinary button (no Radix Dialog.Trigger), like every dialog in the app. */
function OpenedFromButton({ removeOpenerOnClose = false }: { removeOpenerOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  return (
    <>
      <button type="button">앞 버튼</button>
      {openerShown ? (
        <button type="button" onClick={() => setOpen(true)}>
          피드백
        </button>
      ) : null}
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next && removeOpenerOnClose) setOpenerShown(false);
        }}
        title="피드백 보내기"
      >
        <button type="button" onClick={() => setOpen(false)}>
          보내기
        </button>
      </Modal>
    </>
  );
}

describe('modal focus', () => {
  it('moves focus into the dialog and gives it back to the opener when closed with the close button', async () => {
    const user = userEvent.setup();
    render(<OpenedFromButton />);
    const opener = screen.getByRole('button', { name: '피드백' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: '피드백 보내기' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.click(screen.getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('gives focus back to the opener after Escape and after an action inside closes it', async () => {
    const user = userEvent.setup();
    render(<OpenedFromButton />);
    const opener = screen.getByRole('button', { name: '피드백' });
    opener.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(opener).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: '보내기' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('does not try to focus an opener that is gone', async () => {
    const user = userEvent.setup();
    render(<OpenedFromButton removeOpenerOnClose />);
    await user.click(screen.getByRole('button', { name: '피드백' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: '피드백' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the confirm dialog returns focus to the button that asked for confirmation', async () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            대표 사진 삭제하기
          </button>
          <ConfirmDialog open={open} onOpenChange={setOpen} title="이 사진을 삭제할까요?" onConfirm={() => undefined} />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: '대표 사진 삭제하기' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: '취소' }));
    expect(opener).toHaveFocus();
  });
});
