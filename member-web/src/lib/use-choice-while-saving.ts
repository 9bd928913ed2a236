// A control whose value is saved to the server (a switch on my page) shows the member's choice from
// the moment they make it. A mutation's own state is no help here: TanStack Query tells React about
// it one task later (its notifications go through `setTimeout(0)`), and meanwhile React puts a
// controlled checkbox back to the old value — the switch flicks back before it moves.
import { useEffect, useState } from 'react';

/**
 * `shown`: the choice being saved, from the click until the saved value comes back as `current`
 * (or the save fails), else `current`. `save(choice, work)`: shows `choice` at once and runs `work`,
 * which answers whether the save succeeded. `busy` while `work` runs.
 */
export function useChoiceWhileSaving<T>(current: T): {
  shown: T;
  busy: boolean;
  save: (choice: T, work: () => Promise<boolean>) => Promise<void>;
} {
  const [choice, setChoice] = useState<{ value: T } | null>(null);
  const [busy, setBusy] = useState(false);
  // The saved value (or any newer one) arrived: it is what the control shows from now on.
  useEffect(() => setChoice(null), [current]);
  const save = async (value: T, work: () => Promise<boolean>) => {
    setChoice({ value });
    setBusy(true);
    try {
      if (!(await work())) setChoice(null);
    } finally {
      setBusy(false);
    }
  };
  return { shown: choice ? choice.value : current, busy, save };
}
