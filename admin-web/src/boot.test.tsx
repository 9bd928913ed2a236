// The console's first screen (boot.tsx): the login form paints without react-admin, a signed-in admin
// goes straight to the console, and signing in from the form opens the console after the login.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { start } from './boot';

type Answer = { status?: number; body?: unknown } | 'never';

/** fetch for /admin/check: each call takes the next answer ('never' stays pending). */
function serveCheck(...answers: Answer[]) {
  const urls: string[] = [];
  let i = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      const answer = answers[Math.min(i++, answers.length - 1)] ?? {};
      if (answer === 'never') return new Promise<Response>(() => {});
      return Promise.resolve(
        new Response(JSON.stringify(answer.body ?? {}), {
          status: answer.status ?? 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return urls;
}

function fakeConsole(login: (p: { email: string; password: string }) => Promise<unknown> = async () => undefined) {
  const load = {
    console: vi.fn(async () => ({ App: () => <p>콘솔 화면</p> })),
    auth: vi.fn(async () => ({ authProvider: { login: vi.fn(login) } })),
  };
  return load;
}

let root: Root | undefined;
let container: HTMLElement | undefined;

async function boot(load: ReturnType<typeof fakeConsole>, noCookie: boolean) {
  document.head.querySelector('meta[name="ongi-admin-session"]')?.remove();
  if (noCookie) {
    const meta = document.createElement('meta');
    meta.name = 'ongi-admin-session';
    meta.content = 'none';
    document.head.append(meta);
  }
  container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    root = await start(container!, load);
  });
}

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  document.head.querySelector('meta[name="ongi-admin-session"]')?.remove();
  window.history.replaceState(null, '', '/');
});

describe('console first screen', () => {
  it('paints the login form at once when the shell says there is no session cookie, without loading the console', async () => {
    const urls = serveCheck('never');
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => frames.push(run));
    const load = fakeConsole();
    await boot(load, true);
    expect(screen.getByRole('heading', { name: '온기 관리자' })).toBeTruthy();
    expect(screen.getByLabelText(/이메일/)).toBeTruthy();
    expect(screen.getByLabelText(/비밀번호/)).toBeTruthy();
    expect((screen.getByRole('button', { name: '로그인' }) as HTMLButtonElement).disabled).toBe(true);
    expect(load.console).not.toHaveBeenCalled();
    // The check goes out once the form has painted (a frame, then a task), not on the paint's path.
    expect(urls).toEqual([]);
    for (const run of frames.splice(0)) run(performance.now());
    await waitFor(() => expect(urls).toEqual(['/admin/check']));
  });

  it('opens the console for a signed-in admin (the check says so) and never shows the form', async () => {
    serveCheck({ body: { isAdmin: true, name: '김온기' } });
    const load = fakeConsole();
    await boot(load, false);
    await screen.findByText('콘솔 화면');
    expect(screen.queryByLabelText(/이메일/)).toBeNull();
  });

  it('treats a failed check as signed out', async () => {
    serveCheck({ status: 500, body: { message: '잠시 문제가 생겼어요.' } });
    const load = fakeConsole();
    await boot(load, false);
    expect(screen.getByLabelText(/이메일/)).toBeTruthy();
    expect(load.console).not.toHaveBeenCalled();
  });

  it('starts loading the console when someone types, signs in with the trimmed email, then opens it', async () => {
    serveCheck({ body: { isAdmin: false } });
    const load = fakeConsole();
    window.history.replaceState(null, '', '/#/login');
    await boot(load, true);
    fireEvent.input(screen.getByLabelText(/이메일/), { target: { value: ' admin@ongi.dev ' } });
    expect(load.console).toHaveBeenCalled();
    fireEvent.input(screen.getByLabelText(/비밀번호/), { target: { value: 'ongi-admin-1234!' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    });
    await screen.findByText('콘솔 화면');
    const { authProvider } = await load.auth.mock.results[0]!.value;
    expect(authProvider.login).toHaveBeenCalledWith({ email: 'admin@ongi.dev', password: 'ongi-admin-1234!' });
    // Signed in on the login address: the console opens at its home.
    expect(window.location.hash).toBe('#/');
  });

  it("shows the server's reason when the login fails and lets them try again", async () => {
    serveCheck({ body: { isAdmin: false } });
    const load = fakeConsole(async () => {
      throw new Error('이메일 또는 비밀번호가 올바르지 않아요.');
    });
    await boot(load, true);
    fireEvent.input(screen.getByLabelText(/이메일/), { target: { value: 'admin@ongi.dev' } });
    fireEvent.input(screen.getByLabelText(/비밀번호/), { target: { value: 'wrong-password!' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('로그인에 실패했어요');
    expect(alert.textContent).toContain('이메일 또는 비밀번호가 올바르지 않아요.');
    expect((screen.getByRole('button', { name: '로그인' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('콘솔 화면')).toBeNull();
  });

  it('opens the console when the shell had no cookie but the check finds a session (cookie held back)', async () => {
    serveCheck({ body: { isAdmin: true, name: '김온기' } });
    const load = fakeConsole();
    await boot(load, true);
    await screen.findByText('콘솔 화면');
  });

  it('after the password, asks for the 6-digit code (one-time-code, numeric) and opens the console once it passes', async () => {
    const urls = serveCheck(
      { body: { isAdmin: false } },
      { body: { id: 1, name: '김온기', role: 'ADMIN', recoveryCodesLeft: 10 } },
    );
    const load = fakeConsole(async () => ({
      id: 1,
      name: '김온기',
      email: 'a@ongi.dev',
      role: 'ADMIN',
      secondFactor: 'VERIFY',
    }));
    await boot(load, true);
    fireEvent.input(screen.getByLabelText(/이메일/), { target: { value: 'a@ongi.dev' } });
    fireEvent.input(screen.getByLabelText(/비밀번호/), { target: { value: 'ongi-admin-1234!' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    });
    expect(await screen.findByRole('heading', { name: '2단계 인증' })).toBeTruthy();
    expect(screen.getByText(/김온기님으로 로그인하고 있어요/)).toBeTruthy();
    const code = screen.getByLabelText(/인증 코드/) as HTMLInputElement;
    expect(code.autocomplete).toBe('one-time-code');
    expect(code.inputMode).toBe('numeric');
    expect(screen.queryByText('콘솔 화면')).toBeNull();
    fireEvent.change(code, { target: { value: '123 456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '확인' }));
    });
    await screen.findByText('콘솔 화면');
    expect(urls).toEqual(['/admin/check', '/admin/second-factor/verify']);
  });

  it('resumes 2단계 인증 for a session that reloads half-way (the check says VERIFY)', async () => {
    serveCheck({ body: { isAdmin: false, name: '김온기', role: 'OPERATOR', secondFactor: 'VERIFY' } });
    const load = fakeConsole();
    await boot(load, false);
    expect(await screen.findByRole('heading', { name: '2단계 인증' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '복구 코드로 로그인하기' }));
    expect(screen.getByLabelText(/복구 코드/)).toBeTruthy();
  });
});
