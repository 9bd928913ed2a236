// Radix gives focus back only to its own Dialog.Trigger; our dialogs open from ordinary buttons,
// links and cards. A dialog remembers what had focus as it opened and returns focus there when it
// closes (WCAG 2.4.3), unless that control is gone by then (a deleted item's button).
import { useLayoutEffect, useRef } from 'react';

/** Pass the result to Dialog.Content's onCloseAutoFocus. */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix moves focus into the dialog (its focus scope uses a passive effect).
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return (event) => {
    const el = opener.current;
    opener.current = null;
    if (!el?.isConnected) return;
    event.preventDefault();
    el.focus();
  };
}
