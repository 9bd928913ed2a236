// Calls `load` when the returned sentinel element scrolls into view (infinite lists).
import { useEffect, useRef } from 'react';

export function useLoadMore(load: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);

  return sentinel;
}
