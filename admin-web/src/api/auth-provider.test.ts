import { describe, expect, it, vi } from 'vitest';
import { authProvider, primeAdminCheck } from './auth-provider';
import { dataProvider } from './data-provider';

type Call = { url: string; init: RequestInit };

/** Replaces fetch with canned JSON answers and records every call. */
function serve(...answers: Array<{ status?: number; body?: unknown } | Error>): Call[] {
  const calls: Call[] = [];
  let i = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      const answer = answers[Math.min(i++, answers.length - 1)] ?? {};
      if (answer instanceof Error) throw answer;
      return new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json', 'Content-Range': 'users 0-0/0' },
      });
    }),
  );
  return calls;
}

const header = (call: Call | undefined, name: string) => new Headers(call?.init.headers).get(name);

describe('authProvider', () => {
  it('rejects checkAuth when /admin/check says isAdmin false, without a notification', async () => {
    const calls = serve({ body: { isAdmin: false } });
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
    expect(calls[0]?.url).toBe('/admin/check');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('answers the role from /admin/check as the permissions, none for a session owing its second factor', async () => {
    serve({ body: { isAdmin: true, name: '김운영', role: 'OPERATOR', secondFactor: 'DONE' } });
    await expect(authProvider.getPermissions!({})).resolves.toBe('OPERATOR');
    serve({ body: { isAdmin: false, name: '김운영', role: 'ADMIN', secondFactor: 'VERIFY' } });
    await expect(authProvider.getPermissions!({})).resolves.toBeUndefined();
  });

  it('resolves checkAuth for an admin session', async () => {
    serve({ body: { isAdmin: true, name: '김온기' } });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('takes the boot screen’s check once for the first checkAuth, then asks the Worker again', async () => {
    const calls = serve({ body: { isAdmin: false } });
    primeAdminCheck({ isAdmin: true, name: '김온기', role: 'ADMIN' });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calls).toHaveLength(0);
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
    expect(calls).toHaveLength(1);
  });

  it('does not take a stale boot check', async () => {
    vi.useFakeTimers();
    try {
      const calls = serve({ body: { isAdmin: false } });
      primeAdminCheck({ isAdmin: true, name: '김온기', role: 'ADMIN' });
      vi.advanceTimersByTime(6_000);
      await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
      expect(calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('treats a failed check (network error or 500) as not admin', async () => {
    serve(new TypeError('Failed to fetch'));
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
    serve({ status: 500, body: { code: 'INTERNAL', message: '잠시 문제가 생겼어요.' } });
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('logs in with POST /admin/login, the console header, cookies and the email/password body', async () => {
    const calls = serve({ body: { id: 1, name: '김온기', email: 'admin@ongi.dev' } });
    await authProvider.login({ email: 'admin@ongi.dev', password: 'ongi-admin-1234!' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/admin/login');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(header(calls[0], 'X-Requested-With')).toBe('ongi-admin');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ email: 'admin@ongi.dev', password: 'ongi-admin-1234!' });
  });

  it("rejects a failed login with the server's Korean reason", async () => {
    serve({ status: 401, body: { code: 'ADMIN_LOGIN_FAILED', message: '이메일 또는 비밀번호가 올바르지 않아요.' } });
    await expect(authProvider.login({ email: 'a@b.kr', password: 'x' })).rejects.toThrow(
      '이메일 또는 비밀번호가 올바르지 않아요.',
    );
  });

  it("names the signed-in admin from the check's name", async () => {
    serve({ body: { isAdmin: true, name: '김온기' } });
    await expect(authProvider.getIdentity?.()).resolves.toEqual({ id: '김온기', fullName: '김온기' });
  });

  it('logs out after a 401, keeps the session after a 403, and ignores other errors', async () => {
    await expect(authProvider.checkError({ status: 401, message: '관리자 로그인이 필요해요.' })).rejects.toBeTruthy();
    await expect(authProvider.checkError({ status: 403 })).rejects.toMatchObject({ logoutUser: false });
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
  });

  it('reports a failed logout only when the user asked to log out', async () => {
    const calls = serve(new TypeError('Failed to fetch'));
    await expect(authProvider.logout({ reportFailure: true })).rejects.toThrow();
    await expect(authProvider.logout({})).resolves.toBeUndefined();
    expect(calls[0]?.url).toBe('/admin/logout');
    expect(header(calls[0], 'X-Requested-With')).toBe('ongi-admin');
  });
});

describe('dataProvider', () => {
  it('calls /admin/api with cookies and the console header', async () => {
    const calls = serve({ body: [] });
    await dataProvider.getList('users', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(calls[0]?.url).toMatch(/^\/admin\/api\/users\?/);
    expect(calls[0]?.init.credentials).toBe('include');
    expect(header(calls[0], 'X-Requested-With')).toBe('ongi-admin');
  });
});
