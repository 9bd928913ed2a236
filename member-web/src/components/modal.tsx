// The app's dialog shell on Radix Dialog: focus trap, Escape, labelled title, close button, and
// focus back on the opener when it closes.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { ko } from '../i18n/ko';
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

export function Modal({ open, onOpenChange, title, description, children, hideClose = false }: ModalProps) {
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
