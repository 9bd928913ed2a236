// What the member hears when a chat request or an accept is refused for a reason they can act on:
// the server's own Korean words for a live request already there (409) and for too many (429: the
// hourly limit, or a new account's daily cap, which says why and until when — docs/safety.md
// "New-account caps"). Anything else gets the page's own fallback. The your-turn limit (409
// YOUR_TURN_LIMIT) opens the list of rooms waiting on the member's reply instead of a toast.
import { YOUR_TURN_LIMIT_CODE, type WaitingRoom, type YourTurnRefusal } from '@contract/chat';
import { NEW_ACCOUNT_CAP_CODE } from '@contract/safety/member-limits';
import { ApiError } from '../api/client';
import { showToast } from '../components/toast/toast-store';
import { showYourTurn } from './your-turn-store';

/** A cap's message is long (why, until midnight, when the limit lifts): it stays longer. */
const CAP_TOAST_MS = 10_000;

export function chatRefusalMessage(err: unknown): string | null {
  if (err instanceof ApiError && (err.status === 409 || err.status === 429) && err.message) return err.message;
  return null;
}

/** The waiting rooms of a your-turn refusal, or null for any other error. */
export function yourTurnRefusalOf(err: unknown): YourTurnRefusal | null {
  if (!(err instanceof ApiError) || err.code !== YOUR_TURN_LIMIT_CODE) return null;
  const waiting = Array.isArray(err.body?.waiting) ? (err.body.waiting as WaitingRoom[]) : [];
  const count = err.body?.waitingCount;
  return { waitingCount: typeof count === 'number' ? count : waiting.length, waiting };
}

/** Shows the refusal (or `fallback`) as an error toast; answers whether it was the server's reason. */
export function showChatRefusal(err: unknown, fallback: string | null): boolean {
  const yourTurn = yourTurnRefusalOf(err);
  if (yourTurn) {
    showYourTurn(yourTurn);
    return true;
  }
  const message = chatRefusalMessage(err);
  const cap = err instanceof ApiError && err.code === NEW_ACCOUNT_CAP_CODE;
  if (message) showToast(message, 'error', cap ? CAP_TOAST_MS : undefined);
  else if (fallback) showToast(fallback, 'error');
  return message !== null;
}
