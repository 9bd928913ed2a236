// Confirmation before destructive actions (docs/product-spec.md §5), instead of window.confirm.
import { useState } from 'react';
import { ko } from '../i18n/ko';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** May return a promise: the buttons stay disabled until it settles, then the dialog closes. */
  onConfirm: () => unknown;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = ko.common.confirm,
  cancelLabel = ko.common.cancel,
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  const runConfirmed = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch (err) {
      // The action shows its own failure (toast); this only keeps the rejection from going unhandled.
      console.error(err);
    } finally {
      setBusy(false);
      onOpenChange(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={description}
      hideClose
    >
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={() => onOpenChange(false)} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => void runConfirmed()} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
