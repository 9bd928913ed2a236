// The request middleware: every answer carries its request id and the Worker's own duration
// (Server-Timing); the Worker writes a log line of its own only for server errors and slow answers
// (the runtime records every request already).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';

async function get(path: string, bindings: Partial<Cloudflare.Env> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await buildApp().fetch(new Request(`http://localhost${path}`), { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

afterEach(() => vi.restoreAllMocks());

describe('request id, Server-Timing and the access log', () => {
  it('answers X-Request-Id and Server-Timing, and logs nothing for an ordinary request', async () => {
    const log = vi.spyOn(console, 'log');
    const warn = vi.spyOn(console, 'warn');
    const res = await get('/notices');
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('Server-Timing')).toMatch(/^app;dur=\d+$/);
    expect(log).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps a 404 (a client error) out of the log too', async () => {
    const warn = vi.spyOn(console, 'warn');
    expect((await get('/api/on/nothing-here')).status).toBe(404);
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs a server error with its method, path, status and the request id it answered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = {
      prepare: () => {
        throw new Error('D1 is down');
      },
      // Each request opens a D1 session (lib/d1.ts): the session is as broken as the binding.
      withSession: () => broken,
    } as unknown as D1Database;
    const res = await get('/notices', { DB: broken });
    expect(res.status).toBe(500);
    const requestId = res.headers.get('X-Request-Id');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(new RegExp(`^GET /notices 500 \\d+ms ${requestId}$`));
  });
});
