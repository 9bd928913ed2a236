// The D1 bookmark of the member's last write in this tab (docs/performance.md "Read replicas"):
// every call sends it, so a read answered by a nearby D1 replica already holds that write; a
// write's answer carries the new one. Kept in sessionStorage (one tab's session, gone with it).
import { D1_BOOKMARK_HEADER, STORAGE_KEYS } from '@contract/limits';
import { sessionValue } from './storage';

export { D1_BOOKMARK_HEADER };

export const d1Bookmark = {
  get: (): string | null => sessionValue.get(STORAGE_KEYS.d1Bookmark),
  /**
   * Keeps the answer's bookmark when it is later than the one held. D1 bookmarks sort by their
   * place in the database's history, so an older answer arriving after a newer one (two calls in
   * flight) never moves the member back.
   */
  remember(res: Pick<Response, 'headers'>): void {
    const answered = res.headers.get(D1_BOOKMARK_HEADER);
    if (!answered) return;
    const held = d1Bookmark.get();
    if (!held || answered > held) sessionValue.set(STORAGE_KEYS.d1Bookmark, answered);
  },
  /** Adds the held bookmark to a request's headers. */
  send(headers: Headers): void {
    const held = d1Bookmark.get();
    if (held) headers.set(D1_BOOKMARK_HEADER, held);
  },
};
