// The console's first screen (main.tsx): React and the login form only, so the login screen paints
// before react-admin and MUI (most of the console's script) have loaded. A signed-in admin gets the
// console at once; anyone else gets the form, and the console loads as they start typing and opens
// once they are in.
import { StrictMode, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE } from '@contract/admin-auth';
import { LIMITS } from '@contract/limits';
import { LoginForm } from './pages/LoginForm';

type ConsoleModules = {
  console: () => Promise<{ App: ComponentType }>;
  auth: () => Promise<{ authProvider: { login: (params: { email: string; password: string }) => Promise<unknown> } }>;
};

const modules: ConsoleModules = {
  console: () => import('./App'),
  auth: () => import('./api/auth-provider'),
};

/** The Worker marks the shell when the request carried no admin session cookie (worker/src/lib/spa.ts). */
const noSessionCookie = () =>
  document.querySelector('meta[name="ongi-admin-session"]')?.getAttribute('content') === 'none';

/** Same judge as the authProvider's checkAuth: `/admin/check`, and a failed check means not signed in. */
async function isSignedIn(): Promise<boolean> {
  try {
    const res = await fetch('/admin/check', {
      headers: { Accept: 'application/json', [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE },
      credentials: 'include',
      signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
    });
    const body = res.ok ? ((await res.json()) as { isAdmin?: unknown }) : null;
    return body?.isAdmin === true;
  } catch {
    return false;
  }
}

async function openConsole(root: Root, load: ConsoleModules): Promise<void> {
  const { App } = await load.console();
  // Signed in from the form at #/login (a reload after a logout): the console's home, as react-admin's own login goes.
  if (/^#\/login(?:[/?]|$)/.test(window.location.hash)) window.history.replaceState(null, '', '#/');
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

function showLogin(root: Root, load: ConsoleModules): void {
  const login = async (email: string, password: string) => {
    const [{ authProvider }] = await Promise.all([load.auth(), load.console()]);
    await authProvider.login({ email, password });
    await openConsole(root, load);
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
    showLogin(root, load);
    void isSignedIn().then((signedIn) => (signedIn ? openConsole(root, load) : undefined));
    return root;
  }
  if (await isSignedIn()) await openConsole(root, load);
  else showLogin(root, load);
  return root;
}
