// The your-turn refusal on screen (409 YOUR_TURN_LIMIT, docs/chat.md "Your turn and quiet rooms"), held
// outside React so `showChatRefusal` can open it from any page; the root layout shows the dialog.
import { useSyncExternalStore } from 'react';
import type { YourTurnRefusal } from '@contract/chat';

let current: YourTurnRefusal | null = null;
const listeners = new Set<() => void>();

function set(value: YourTurnRefusal | null): void {
  current = value;
  for (const listener of listeners) listener();
}

export const showYourTurn = (refusal: YourTurnRefusal): void => set(refusal);
export const closeYourTurn = (): void => set(null);
const read = (): YourTurnRefusal | null => current;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useYourTurn = (): YourTurnRefusal | null => useSyncExternalStore(subscribe, read, read);
