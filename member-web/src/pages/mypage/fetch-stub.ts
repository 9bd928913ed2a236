// Test helper: a fetch stand-in answering "METHOD /path" routes and recording every call.
import { vi } from 'vitest';
import { jsonResponse } from '../../test/factories';

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  json: unknown;
}

/** A Response as is, or a JSON body. */
type Answer = Response | Record<string, unknown> | unknown[];
/** Answers a Response or any JSON body (a handler may echo the request). */
type Handler = (req: StubRequest) => unknown;

export function stubFetch(routes: Record<string, Handler | Answer>) {
  const calls: StubRequest[] = [];
  const fn = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://ongi.test');
    const method = (init.method ?? 'GET').toUpperCase();
    let json: unknown = undefined;
    if (typeof init.body === 'string') {
      try {
        json = JSON.parse(init.body);
      } catch {
        json = init.body;
      }
    }
    const req: StubRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      json,
    };
    calls.push(req);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return jsonResponse({ code: 'NOT_FOUND', message: '없는 경로예요' }, 404);
    const answer: unknown = typeof route === 'function' ? await route(req) : route;
    return answer instanceof Response ? answer : jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

/** An error answer as the Worker sends it. */
export const failWith = (status = 500, message = '서버에 문제가 생겼어요') =>
  jsonResponse({ code: 'FAILED', message }, status);
