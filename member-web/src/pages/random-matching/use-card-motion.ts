// The card's 300 ms slide-out and 200 ms slide-in (docs/product-spec.md §9), skipped with reduced motion. A
// request during the slide-out is ignored (the card is already leaving); one during the slide-in
// starts the next slide-out at once, so quick presses of → never get lost.
import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@contract/limits';
import { usePrefersReducedMotion } from '../../lib/use-media-query';

export type CardPhase = 'idle' | 'out' | 'in';

export function useCardMotion(swap: () => void) {
  const reduced = usePrefersReducedMotion();
  const [phase, setPhase] = useState<CardPhase>('idle');
  const timers = useRef<number[]>([]);
  const clearTimers = () => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
  };
  useEffect(() => clearTimers, []);

  const go = useCallback(() => {
    if (phase === 'out') return;
    if (reduced) {
      swap();
      return;
    }
    clearTimers();
    setPhase('out');
    timers.current.push(
      window.setTimeout(() => {
        swap();
        setPhase('in');
        timers.current.push(window.setTimeout(() => setPhase('idle'), LIMITS.cardSlideInMs));
      }, LIMITS.cardSlideOutMs),
    );
  }, [phase, reduced, swap]);

  return { phase, go };
}
