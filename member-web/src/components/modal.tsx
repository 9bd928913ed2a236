// The app's dialog shell on Radix Dialog: focus trap, Escape, labelled title, close button, and
// focus back on the opener when it closes.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { ko } from '../i18n/ko';
import { useOpenedOnce } from '../lib/idle';
import { CloseIcon } from './icons';
import { useReturnFocus } from './use-return-focus';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Alert-style dialogs (confirmations) hide the corner close button and rely on their actions. */
  hideClose?: boolean;
}

/**
 * Mounted from its first opening on (then it stays, so it can close with its animation): a closed
 * Radix dialog still mounts its Presence, whose layout effect asks for a synchronous re-render, and
 * React then runs the whole screen's pending effects in the same task as the page's first commit
 * (docs/first-paint.md "The main thread").
 */
export function Modal(props: ModalProps) {
  return useOpenedOnce(props.open) ? <OpenedModal {...props} /> : null;
}

function OpenedModal({ open, onOpenChange, title, description, children, hideClose = false }: ModalProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          {description ? <Dialog.Description className="dialog__description">{description}</Dialog.Description> : null}
          {children}
          {hideClose ? null : (
            <Dialog.Close className="icon-btn dialog__close" aria-label={ko.common.close}>
              <CloseIcon size={18} />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
