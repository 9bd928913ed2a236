// The 55-emoji picker: an ARIA grid with one Tab stop (roving tabindex) and arrow-key movement
// (←→ in reading order, ↑↓ by row, Home/End within the row, Ctrl+Home/End for the whole grid).
// It takes focus once, when it opens; Escape, a click outside or focus leaving it closes it.
import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from 'react';
import { ko } from '../../i18n/ko';
import { useMediaQuery } from '../../lib/use-media-query';
import { CHAT_EMOJI } from './emoji';

/** Why the picker asks to close: the composer returns focus to the 😊 button only on Escape. */
export type PickerCloseReason = 'escape' | 'outside';

/** Columns per row; the stylesheet lays the rows out as they are rendered here. */
export const EMOJI_COLUMNS = { wide: 11, narrow: 7 } as const;
const NARROW = '(max-width: 560px)';

export function EmojiPicker(props: { onPick: (emoji: string) => void; onClose: (reason: PickerCloseReason) => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const columns = useMediaQuery(NARROW) ? EMOJI_COLUMNS.narrow : EMOJI_COLUMNS.wide;
  const [active, setActive] = useState(0);
  // The latest callback without re-running the effects below: a parent re-rendering (every
  // keystroke in the composer) must never move focus back into the picker.
  const close = useEffectEvent((reason: PickerCloseReason) => props.onClose(reason));

  useEffect(() => {
    buttonAt(panel.current, 0)?.focus();
  }, []);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') close('escape');
    };
    const onPointer = (e: PointerEvent) => {
      if (e.target instanceof Node && !panel.current?.parentElement?.contains(e.target)) close('outside');
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(CHAT_EMOJI.length - 1, index));
    setActive(next);
    buttonAt(panel.current, next)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      // Picked on keydown, with the browser's own handling stopped: focus moves to the message box
      // now, and a keypress/keyup arriving there must not add a line break or a space (or send).
      const emoji = CHAT_EMOJI[active];
      if (emoji === undefined) return;
      e.preventDefault();
      props.onPick(emoji);
      return;
    }
    const rowStart = active - (active % columns);
    const target = targetOf(e, active, rowStart, columns);
    if (target === null) return;
    e.preventDefault();
    moveTo(target);
  };

  const rows: string[][] = [];
  for (let i = 0; i < CHAT_EMOJI.length; i += columns) rows.push(CHAT_EMOJI.slice(i, i + columns));

  return (
    <div
      ref={panel}
      className="emoji-picker"
      role="grid"
      aria-label={ko.chat.emojiPicker}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        // Tab (or a click) took focus elsewhere on the page: the popup goes with it.
        const next = e.relatedTarget;
        if (next instanceof Node && !panel.current?.parentElement?.contains(next)) props.onClose('outside');
      }}
    >
      {rows.map((row, r) => (
        <div key={r} role="row" className="emoji-picker__row">
          {row.map((emoji, c) => {
            const index = r * columns + c;
            return (
              <div key={emoji} role="gridcell">
                <button
                  type="button"
                  className="emoji-picker__item"
                  data-index={index}
                  tabIndex={index === active ? 0 : -1}
                  aria-label={ko.chat.insertEmoji(emoji)}
                  onFocus={() => setActive(index)}
                  onClick={() => props.onPick(emoji)}
                >
                  {emoji}
                </button>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function buttonAt(panel: HTMLElement | null, index: number): HTMLButtonElement | null {
  return panel?.querySelector<HTMLButtonElement>(`button[data-index="${index}"]`) ?? null;
}

/** The index a navigation key moves to, or null for keys the grid does not handle. */
function targetOf(e: KeyboardEvent, active: number, rowStart: number, columns: number): number | null {
  const last = CHAT_EMOJI.length - 1;
  switch (e.key) {
    case 'ArrowRight':
      return active + 1;
    case 'ArrowLeft':
      return active - 1;
    case 'ArrowDown':
      return active + columns <= last ? active + columns : active;
    case 'ArrowUp':
      return active - columns >= 0 ? active - columns : active;
    case 'Home':
      return e.ctrlKey ? 0 : rowStart;
    case 'End':
      return e.ctrlKey ? last : Math.min(rowStart + columns - 1, last);
    default:
      return null;
  }
}
