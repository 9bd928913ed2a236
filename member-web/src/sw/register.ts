// Registers the built service worker (/sw.js) for the member app and wires it to the router:
// a notification click in the worker asks the open page to navigate (`ongi:navigate`), and every
// navigation tells a waiting new worker it may take over (`ongi:navigated`; the worker itself
// waits while any window shows a chat room). docs/notifications.md "The installable app".
import { SERVICE_WORKER_URL, resyncPushSubscription } from '../lib/push';
import { hasAccessToken } from '../lib/storage';

type Navigator = (to: string) => void;
type Router = { navigate: (to: string) => unknown; subscribe: (fn: () => void) => () => void };

/** Only paths of the member app: never /admin (the console has no worker of its own). */
export function shouldRegister(pathname: string): boolean {
  return !(pathname === '/admin' || pathname.startsWith('/admin/'));
}

/** A link from a push is a path inside the app (never another origin). */
export function isAppLink(link: unknown): link is string {
  return typeof link === 'string' && /^\/(?!\/)/.test(link);
}

export function listenForWorkerMessages(container: ServiceWorkerContainer, navigate: Navigator): void {
  container.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; link?: unknown } | null;
    if (data?.type === 'ongi:navigate' && isAppLink(data.link)) navigate(data.link);
  });
}

/** Tells a waiting worker that the page navigated, so it can take over (docs: update rule). */
export async function nudgeWaitingWorker(container: ServiceWorkerContainer): Promise<void> {
  const reg = await container.getRegistration('/');
  reg?.waiting?.postMessage({ type: 'ongi:navigated' });
}

export function startServiceWorker(router: Router): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (!shouldRegister(window.location.pathname)) return;
  const container = navigator.serviceWorker;
  listenForWorkerMessages(container, (to) => void router.navigate(to));
  router.subscribe(() => void nudgeWaitingWorker(container).catch(() => undefined));
  const register = () =>
    void container
      .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
      // A signed-in start re-registers this browser's subscription (sign-out elsewhere removed it).
      .then(() => (hasAccessToken() ? resyncPushSubscription() : false))
      .catch(() => undefined);
  // After the page has loaded: installing the worker fetches the shell, which must not compete with it.
  // Already loaded (a prerendered page starts the entry after its paint): in a task of its own, not
  // in the router's (docs/first-paint.md "The main thread").
  if (document.readyState === 'complete') setTimeout(register, 0);
  else window.addEventListener('load', register, { once: true });
}
