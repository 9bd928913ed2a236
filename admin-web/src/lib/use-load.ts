// Loads one thing for a dialog or screen that sits outside react-admin's resource views
// (ban history, a member's reports, the dashboard): data, error, loading and a reload.
import { useCallback, useEffect, useState } from 'react';

export type Load<T> = { data: T | undefined; error: unknown; loading: boolean; reload: () => void };

export function useLoad<T>(load: () => Promise<T>, enabled = true, key: unknown = null): Load<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: null,
    loading: enabled,
  });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState({ data: undefined, error, loading: false }),
    );
    return () => {
      live = false;
    };
    // `load` is recreated each render; `key` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, key, tick]);

  return { ...state, reload };
}
