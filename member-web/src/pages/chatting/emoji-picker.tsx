// A small grid of the 55 emoji; Escape or a click outside closes it.
import { useEffect, useRef } from 'react';
import { ko } from '../../i18n/ko';
import { CHAT_EMOJI } from './emoji';

export function EmojiPicker(props: { onPick: (emoji: string) => void; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const { onClose } = props;

  useEffect(() => {
    panel.current?.querySelector('button')?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node | null;
      if (target && !panel.current?.parentElement?.contains(target)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);

  return (
    <div ref={panel} className="emoji-picker" role="group" aria-label={ko.chat.emojiPicker}>
      {CHAT_EMOJI.map((emoji) => (
        <button
          key={emoji}
          type="button"
          className="emoji-picker__item"
          aria-label={ko.chat.insertEmoji(emoji)}
          onClick={() => props.onPick(emoji)}
        >
          {emoji}
        </button>
      ))}
    </div>
  );
}
