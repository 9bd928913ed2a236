// The console's first screen (main.tsx): React and the login form only, so the login screen paints
// before react-admin and MUI (most of the console's script) have loaded. A signed-in admin gets the
// console at once; anyone else gets the form, and the console loads as they start typing and opens
// once they are in. Between the two, the 2단계 인증 screen (SecondFactorForm) when the password
// step leaves a second factor owed, also for a session that reloads half-way.
import { StrictMode, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  ADMIN_CSRF_HEADER,
  ADMIN_CSRF_VALUE,
  type AdminCheckResponse,
  type AdminLoginResponse,
} from '@contract/admin-auth';
import { LIMITS } from '@contract/limits';
import { afterFirstPaint } from './after-paint';
import { LoginForm } from './pages/LoginForm';
import { SecondFactorForm } from './pages/SecondFactorForm';

type ConsoleModules = {
  console: () => Promise<{ App: ComponentType }>;
  auth: () => Promise<{
    authProvider: { login: (params: { email: string; password: string }) => Promise<AdminLoginResponse | unknown> };
    /** The console's first checkAuth takes this answer instead of asking again (api/auth-provider.ts). */
    primeAdminCheck?: (check: AdminCheckResponse) => void;
  }>;
};

const modules: ConsoleModules = {
  console: () => import('./App'),
  auth: () => import('./api/auth-provider'),
};

/** The Worker marks the shell when the request carried no admin session cookie (worker/src/lib/spa.ts). */
const noSessionCookie = () =>
  document.querySelector('meta[name="ongi-admin-session"]')?.getAttribute('content') === 'none';

type Owed = { state: 'ENROL' | 'VERIFY'; name?: string };
type Check = { signedIn: boolean; owed?: Owed; answer?: AdminCheckResponse };

/** Same judge as the authProvider's checkAuth: `/admin/check`, and a failed check means not signed in. */
async function checkSession(): Promise<Check> {
  try {
    const res = await fetch('/admin/check', {
      headers: { Accept: 'application/json', [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE },
      credentials: 'include',
      signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
    });
    const body = res.ok ? ((await res.json()) as Partial<AdminCheckResponse>) : null;
    if (body?.isAdmin === true) return { signedIn: true, answer: body as AdminCheckResponse };
    const owed = owedOf(body);
    return owed ? { signedIn: false, owed } : { signedIn: false };
  } catch {
    return { signedIn: false };
  }
}

/** The second factor a login or check answer says is still owed, if any. */
function owedOf(body: unknown): Owed | undefined {
  const b = body as { secondFactor?: unknown; name?: unknown } | null | undefined;
  if (b?.secondFactor !== 'ENROL' && b?.secondFactor !== 'VERIFY') return undefined;
  return { state: b.secondFactor, name: typeof b.name === 'string' ? b.name : undefined };
}

async function openConsole(root: Root, load: ConsoleModules, check?: AdminCheckResponse): Promise<void> {
  const [{ App }, auth] = await Promise.all([load.console(), check ? load.auth() : null]);
  if (check) auth?.primeAdminCheck?.(check);
  // Signed in from the form at #/login (a reload after a logout): the console's home, as react-admin's own login goes.
  if (/^#\/login(?:[/?]|$)/.test(window.location.hash)) window.history.replaceState(null, '', '#/');
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

function showSecondFactor(root: Root, load: ConsoleModules, owed: Owed): void {
  void load.console();
  root.render(
    <StrictMode>
      <SecondFactorForm
        state={owed.state}
        name={owed.name}
        onDone={() => void openConsole(root, load)}
        onCancel={() => showLogin(root, load)}
      />
    </StrictMode>,
  );
}

function showLogin(root: Root, load: ConsoleModules): void {
  const login = async (email: string, password: string) => {
    const [{ authProvider }] = await Promise.all([load.auth(), load.console()]);
    const owed = owedOf(await authProvider.login({ email, password }));
    if (owed) showSecondFactor(root, load, owed);
    else await openConsole(root, load);
  };
  root.render(
    <StrictMode>
      <LoginForm onLogin={login} onIntent={() => void load.console()} />
    </StrictMode>,
  );
}

export async function start(container: HTMLElement, load: ConsoleModules = modules): Promise<Root> {
  const root = createRoot(container);
  if (noSessionCookie()) {
    // Nothing to check first: the form now; an admin whose cookie the browser held back (a
    // cross-site link to a SameSite=Strict cookie) still gets the console when the check says so.
    // The check goes out after the form's first paint: sent with it, its answer was on the paint's
    // path as Lighthouse simulates it (after-paint.ts).
    showLogin(root, load);
    afterFirstPaint(() => void checkSession().then((check) => (check.signedIn ? openConsole(root, load) : undefined)));
    return root;
  }
  const check = await checkSession();
  if (check.signedIn) await openConsole(root, load, check.answer);
  else if (check.owed) showSecondFactor(root, load, check.owed);
  else showLogin(root, load);
  return root;
}
