// Comment input rules on the client: the contract's schema (non-empty after trimming, at most
// 1000 characters) and Enter-to-send that never fires while a Hangul syllable is being composed.
import type { KeyboardEvent } from 'react';
import { commentContent } from '@contract/community';

/** The trimmed text to send, or the Korean message saying why it cannot be sent. */
export function checkComment(text: string): { ok: true; content: string } | { ok: false; message: string } {
  const parsed = commentContent.safeParse(text);
  if (parsed.success) return { ok: true, content: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? '' };
}

/** Enter sends; Shift+Enter, and Enter that ends an IME composition (keyCode 229), do not. */
export function isSendKey(e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'keyCode' | 'nativeEvent'>): boolean {
  if (e.key !== 'Enter' || e.shiftKey) return false;
  return !e.nativeEvent.isComposing && e.keyCode !== 229;
}
