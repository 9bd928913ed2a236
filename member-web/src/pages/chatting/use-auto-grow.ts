// The composer's box grows with its text up to a few lines, then scrolls (docs/chat.md "The page (`/chatting`)").
import { useLayoutEffect, type RefObject } from 'react';

export const COMPOSER_MAX_LINES = 5;

export type BoxMetrics = {
  /** The content's height with its padding (the element's scrollHeight at height: auto). */
  scrollHeight: number;
  lineHeight: number;
  paddingBlock: number;
  borderBlock: number;
};

/** The box's border-box height for its text, and whether the text overflows it (then it scrolls). */
export function grownHeight(m: BoxMetrics, maxLines = COMPOSER_MAX_LINES): { height: number; scroll: boolean } {
  const max = Math.ceil(m.lineHeight * maxLines + m.paddingBlock + m.borderBlock);
  const min = Math.ceil(m.lineHeight + m.paddingBlock + m.borderBlock);
  const content = Math.ceil(m.scrollHeight + m.borderBlock);
  return { height: Math.min(Math.max(content, min), max), scroll: content > max };
}

const px = (value: string) => Number.parseFloat(value) || 0;

/** Sizes the textarea to its text whenever the text (or the window's width) changes. */
export function useAutoGrow(ref: RefObject<HTMLTextAreaElement | null>, text: string, maxLines = COMPOSER_MAX_LINES) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      el.style.height = 'auto';
      const cs = getComputedStyle(el);
      const lineHeight = px(cs.lineHeight) || px(cs.fontSize) * 1.5;
      const { height, scroll } = grownHeight(
        {
          scrollHeight: el.scrollHeight,
          lineHeight,
          paddingBlock: px(cs.paddingTop) + px(cs.paddingBottom),
          borderBlock: px(cs.borderTopWidth) + px(cs.borderBottomWidth),
        },
        maxLines,
      );
      el.style.height = `${height}px`;
      el.style.overflowY = scroll ? 'auto' : 'hidden';
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [ref, text, maxLines]);
}
