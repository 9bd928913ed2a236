// Swiping the matching card on touch screens: the card follows the finger
// horizontally with a little rotation; let go past the threshold and it flies off that side
// (right = 마음, left = 다음), otherwise it springs back. Mouse pointers keep the buttons only.
// With reduced motion the card stays still; the hint and the result are the same.
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

export type SwipeDirection = 'left' | 'right';

/** How far (px) the finger must travel before it is a drag and not a tap. */
export const DRAG_START_PX = 10;
/** Past this share of the card's width (or 120 px, whichever is less) a release swipes. */
export const SWIPE_SHARE = 0.3;
export const SWIPE_MAX_PX = 120;

export const swipeThreshold = (width: number) => Math.min(SWIPE_MAX_PX, Math.max(40, width * SWIPE_SHARE));

interface Drag {
  id: number;
  x: number;
  y: number;
  dragging: boolean;
}

export function useSwipe(opts: { enabled: boolean; resetKey: unknown; onSwipe: (dir: SwipeDirection) => void }) {
  const { enabled, resetKey, onSwipe } = opts;
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [flying, setFlying] = useState<SwipeDirection | null>(null);
  const drag = useRef<Drag | null>(null);
  const justDragged = useRef(false);
  const latest = useRef(onSwipe);
  latest.current = onSwipe;

  // A new card starts centred.
  useEffect(() => {
    drag.current = null;
    setDx(0);
    setDragging(false);
    setFlying(null);
  }, [resetKey]);

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    if (!enabled || flying || e.pointerType === 'mouse' || !e.isPrimary) return;
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, dragging: false };
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const moveX = e.clientX - d.x;
    const moveY = e.clientY - d.y;
    if (!d.dragging) {
      if (Math.abs(moveX) < DRAG_START_PX) return;
      // Mostly vertical: the page scrolls, this is no swipe.
      if (Math.abs(moveY) > Math.abs(moveX)) {
        drag.current = null;
        return;
      }
      d.dragging = true;
      setDragging(true);
      try {
        e.currentTarget.setPointerCapture?.(e.pointerId);
      } catch {
        // A pointer the browser no longer tracks: the moves still arrive on the card.
      }
    }
    setDx(moveX);
  };

  const finish = (e: ReactPointerEvent<HTMLElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    if (!d.dragging) return;
    justDragged.current = true;
    window.setTimeout(() => (justDragged.current = false), 0);
    setDragging(false);
    const moveX = e.clientX - d.x;
    const width = e.currentTarget.getBoundingClientRect().width || 360;
    if (!cancelled && Math.abs(moveX) >= swipeThreshold(width)) {
      const dir: SwipeDirection = moveX > 0 ? 'right' : 'left';
      setFlying(dir);
      latest.current(dir);
    } else {
      setDx(0);
    }
  };

  const handlers = {
    onPointerDown,
    onPointerMove,
    onPointerUp: (e: ReactPointerEvent<HTMLElement>) => finish(e, false),
    onPointerCancel: (e: ReactPointerEvent<HTMLElement>) => finish(e, true),
    // The release after a drag must not press the button under the finger.
    onClickCapture: (e: { preventDefault: () => void; stopPropagation: () => void }) => {
      if (!justDragged.current) return;
      e.preventDefault();
      e.stopPropagation();
    },
  };

  /** What the hint says while dragging (or flying off). */
  const hint: SwipeDirection | null = flying ?? (dragging && dx !== 0 ? (dx > 0 ? 'right' : 'left') : null);

  return { dx, dragging, flying, hint, handlers };
}
