// Hono's trie router with the answer for each of the app's fixed paths remembered.
//
// The spec's own paths (`/api/:portal{naver|kakao}/callback`, `/api/on/community/:id/like` next to
// `/api/on/community/posts/:id`, `/api/on/chat-rooms/matchings/…` next to `/chat-rooms/:id/…`)
// are more than Hono's one-regex router can express, so every request walked the trie
// (docs/performance.md). Most calls are to paths without parameters (ping, lists, my page);
// the trie's answer for one of those never changes once the routes are added, so it is kept.
// Only paths registered without parameters or wildcards are remembered: the memo cannot grow
// past the route table, whatever paths a client invents.
import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

const isFixed = (path: string) => !path.includes(':') && !path.includes('*');

export class FixedPathMemoRouter<T> implements Router<T> {
  name = 'FixedPathMemoRouter';
  #trie = new TrieRouter<T>();
  /** `METHOD path` of every route registered without parameters (ALL counts for every method). */
  #fixed = new Set<string>();
  #memo = new Map<string, Result<T>>();

  /** How many answers are kept (bounded by the fixed routes). */
  get remembered(): number {
    return this.#memo.size;
  }

  add(method: string, path: string, handler: T): void {
    this.#trie.add(method, path, handler);
    if (isFixed(path)) this.#fixed.add(`${method} ${path}`);
    this.#memo.clear();
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    const known = this.#memo.get(key);
    if (known) return known;
    const result = this.#trie.match(method, path);
    if (this.#fixed.has(key) || this.#fixed.has(`ALL ${path}`)) this.#memo.set(key, result);
    return result;
  }
}
