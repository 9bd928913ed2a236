// Test helper for the matching pages: a fetch stand-in that answers "METHOD /path" routes (a
// handler sees the query and JSON body) and records every call.
import { vi } from 'vitest';
import { jsonResponse } from '../../test/factories';

export type StubCall = { method: string; path: string; query: URLSearchParams; json: unknown };
type Handler = (call: StubCall) => unknown;

export function stubMatchingFetch(routes: Record<string, Handler | Response | object>) {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://ongi.test');
      const method = (init.method ?? 'GET').toUpperCase();
      const json: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = { method, path: url.pathname, query: url.searchParams, json };
      calls.push(call);
      const route = routes[`${method} ${url.pathname}`];
      if (route === undefined) return jsonResponse({ code: 'NOT_FOUND', message: '없는 경로예요' }, 404);
      const answer = typeof route === 'function' ? (route as Handler)(call) : route;
      return answer instanceof Response ? answer : jsonResponse(answer);
    }),
  );
  return { calls, to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

/** Recommended profiles with ids from `from`, named 회원{id}. */
export function profiles(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    memberId: from + i,
    name: `회원${from + i}`,
    age: 28,
    location: '서울 마포구',
    interests: ['여행', '음악'],
    mainImageUrl: `/media/profiles/p${from + i}.png`,
    subImageUrls: [`/media/profiles/s${from + i}.png`],
  }));
}

/** Makes `prefers-reduced-motion` match, so cards change at once. */
export function preferReducedMotion(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
