// A chat photo at full screen: an accessible dialog (named, Escape or 닫기 closes it and focus goes
// back to the photo that opened it).
import * as Dialog from '@radix-ui/react-dialog';
import { CloseIcon } from '../../components/icons';
import { useReturnFocus } from '../../components/use-return-focus';
import { ko } from '../../i18n/ko';

export function PhotoViewer(props: { url: string | null; alt: string; onClose: () => void }) {
  const open = props.url !== null;
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (o ? undefined : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="photo-viewer__overlay" />
        <Dialog.Content className="photo-viewer" aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
          <Dialog.Title className="visually-hidden">{ko.chat.photoViewer}</Dialog.Title>
          {props.url ? <img className="photo-viewer__image" src={props.url} alt={props.alt} /> : null}
          <Dialog.Close className="photo-viewer__close" aria-label={ko.common.close}>
            <CloseIcon size={22} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
