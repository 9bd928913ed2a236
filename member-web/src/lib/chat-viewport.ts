// The phone's visible area for the full-screen chat room: with the on-screen keyboard up, the
// layout viewport stays tall while visualViewport shrinks. The room sizes itself to the visual
// viewport (CSS variables) so the composer sits right above the keyboard.
import { useEffect, type RefObject } from 'react';

export function useVisualViewportBox(target: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    const el = target.current;
    const vv = window.visualViewport;
    if (!enabled || !el || !vv) return;
    const apply = () => {
      el.style.setProperty('--chat-vv-height', `${Math.round(vv.height)}px`);
      el.style.setProperty('--chat-vv-top', `${Math.round(vv.offsetTop)}px`);
    };
    apply();
    vv.addEventListener('resize', apply);
    vv.addEventListener('scroll', apply);
    return () => {
      vv.removeEventListener('resize', apply);
      vv.removeEventListener('scroll', apply);
      el.style.removeProperty('--chat-vv-height');
      el.style.removeProperty('--chat-vv-top');
    };
  }, [target, enabled]);
}
