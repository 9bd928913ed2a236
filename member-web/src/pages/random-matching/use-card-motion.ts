// The card's 300 ms slide-out and 200 ms slide-in (spec §9), skipped with reduced motion.
import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@contract/limits';
import { usePrefersReducedMotion } from '../../lib/use-media-query';

export type CardPhase = 'idle' | 'out' | 'in';

export function useCardMotion(swap: () => void) {
  const reduced = usePrefersReducedMotion();
  const [phase, setPhase] = useState<CardPhase>('idle');
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const go = useCallback(() => {
    if (phase !== 'idle') return;
    if (reduced) {
      swap();
      return;
    }
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
