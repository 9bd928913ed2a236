import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { FixedPathMemoRouter } from './router';

type Handler = (...args: unknown[]) => unknown;

/** Both routers filled with the real app's route table, in the app's order. */
function routers() {
  const memo = new FixedPathMemoRouter<Handler>();
  const trie = new TrieRouter<Handler>();
  for (const r of buildApp().routes) {
    memo.add(r.method, r.path, r.handler as Handler);
    trie.add(r.method, r.path, r.handler as Handler);
  }
  return { memo, trie };
}

/** A concrete path for a route pattern (numbers for numeric params, a portal for the callback). */
const concrete = (path: string) =>
  path
    .replace(/:portal\{[^}]+\}/g, 'kakao')
    .replace(/:[A-Za-z]+\{[^}]+\}/g, '42')
    .replace(/:[A-Za-z]+/g, 'x7')
    .replace(/\/\*$/, '/anything/here');

describe('FixedPathMemoRouter', () => {
  const { memo, trie } = routers();
  const routes = buildApp().routes;
  const paths = [
    ...new Set([
      ...routes.map((r) => concrete(r.path)),
      '/',
      '/notices',
      '/api/nope',
      '/api/on/community/posts/like',
      '/api/on/chat-rooms/pending',
      '/api/on/chat-rooms/abc/messages',
      '/admin/',
      '/assets/index-abc.js',
    ]),
  ];

  it('answers every path and method exactly as the trie router does, the first time and again', () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of paths) {
        const expected = trie.match(method, path);
        expect([method, path, memo.match(method, path)]).toEqual([method, path, expected]);
        expect([method, path, memo.match(method, path)]).toEqual([method, path, expected]);
      }
    }
  });

  it('keeps one answer per method for a fixed path (GET and POST of the same path differ)', () => {
    const get = memo.match('GET', '/api/on/community/posts')[0].map(([h]) => h);
    const post = memo.match('POST', '/api/on/community/posts')[0].map(([h]) => h);
    expect(get).not.toEqual(post);
    expect(memo.match('GET', '/api/on/community/posts')[0].map(([h]) => h)).toEqual(get);
  });

  it('remembers only paths registered without parameters, whatever paths clients invent', () => {
    const fixed = new Set(
      routes.filter((r) => !r.path.includes(':') && !r.path.includes('*')).map((r) => `${r.method} ${r.path}`),
    ).size;
    for (let i = 0; i < 2000; i++) {
      memo.match('GET', `/api/on/community/posts/${i}`);
      memo.match('GET', `/invented/${i}`);
      memo.match('POST', `/api/on/chat-rooms/${i}/read`);
    }
    memo.match('GET', '/api/on/ping');
    expect(memo.remembered).toBeGreaterThan(0);
    expect(memo.remembered).toBeLessThanOrEqual(fixed * 2);
  });

  it('is the router the app dispatches with', () => {
    expect(buildApp().router).toBeInstanceOf(FixedPathMemoRouter);
  });
});
