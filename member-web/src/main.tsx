import './styles/ui-font.css';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/frame.css';
import './styles/pages.css';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { setApiNavigator } from './api/client';
import { startEarlyRequests } from './first-paint/early';
import { addPretendardFaces } from './first-paint/pretendard-faces';
import { PRETENDARD_FACES } from 'virtual:pretendard-faces';
import { routes } from './app/routes';
import { startInstallPrompt } from './lib/install-prompt';
import {
  dropPrerendered,
  markTakenOver,
  onPageCommitted,
  pressAgain,
  takeEarlyPress,
  takeoverOf,
  whenRouterReady,
} from './first-paint/prerendered';
import { startServiceWorker } from './sw/register';
import { yieldToMain } from './lib/idle';

// Text outside the interface font (names, posts) finds its Pretendard subset before the app's first render.
addPretendardFaces(document.fonts, PRETENDARD_FACES);
// The opened page's first data request goes out now, alongside its chunks.
startEarlyRequests(window.location.pathname);
startInstallPrompt();

/** Calls `onCommit` once, after the first commit of what it wraps. */
function AfterFirstCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/**
 * The app starts in steps, each its own task (docs/first-paint.md "The main thread"): the modules'
 * evaluation ends here; the router (which ranks the route table and starts the opened route's code)
 * comes in the next task, and a member page's first render is a transition, which React renders in
 * slices that give the browser a turn every few milliseconds — input and paints are never held for long.
 */
async function start() {
  await yieldToMain();
  const router = createBrowserRouter(routes);
  // The HTTP client's expiry redirect stays inside the SPA.
  setApiNavigator((to) => void router.navigate(to, { replace: true }));
  // The installable app: offline shell, pushes, notification clicks (docs/notifications.md).
  startServiceWorker(router);

  const container = document.getElementById('root');
  if (!container) return;
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // The Worker put this page's build-time HTML into the shell (src/first-paint/prerender.tsx): a visitor's page is
  // taken over as is; a member page's first render replaces it once the route's code is there.
  const takeover = takeoverOf(container, window.location);
  const committed = () => {
    markTakenOver(container); // e2e waits for this
    pressAgain(container, takeEarlyPress());
  };
  if (takeover === 'hydrate') {
    // Once the route's code is there (the notices page's is lazy), so the first render is the page.
    await whenRouterReady(router);
    await yieldToMain();
    // In one pass, not in a transition: sliced, a query answering mid-way (the notices' admin check)
    // made React finish the hydration in one sync task, longer than one pass (docs/first-paint.md).
    // The early press is replayed once the page itself has committed (PageCommitted).
    onPageCommitted(committed);
    hydrateRoot(container, app);
  } else if (takeover === 'replace') {
    await whenRouterReady(router);
    await yieldToMain();
    const root = createRoot(container);
    // The markup is already on screen: the render may yield to the browser between components.
    startTransition(() => root.render(<AfterFirstCommit onCommit={committed}>{app}</AfterFirstCommit>));
  } else {
    dropPrerendered(container);
    createRoot(container).render(app);
  }
}

void start();
