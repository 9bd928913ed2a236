import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Lazy pages render after the browser's own jump to #section: jump again once they exist. */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}
