import './styles/ui-font.css';
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
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
import { REST_FONT_WAIT_MS, atMost, loadRestFont } from './first-paint/rest-font';
import { routes } from './app/routes';
import { startInstallPrompt } from './lib/install-prompt';
import {
  dropPrerendered,
  markTakenOver,
  pressAgain,
  takeEarlyPress,
  takeoverOf,
  whenRouterReady,
} from './first-paint/prerendered';
import { startServiceWorker } from './sw/register';

// The opened page's first data request goes out now, alongside its chunks.
startEarlyRequests(window.location.pathname);
const router = createBrowserRouter(routes);
// The HTTP client's expiry redirect stays inside the SPA.
setApiNavigator((to) => void router.navigate(to, { replace: true }));
// The installable app: offline shell, pushes, notification clicks (docs/notifications.md).
startServiceWorker(router);
startInstallPrompt();
// The interface font's other characters (first-paint.js started their file with this entry).
const restFont = loadRestFont();

/** Calls `onCommit` once, after the first commit of what it wraps. */
function AfterFirstCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

const container = document.getElementById('root');
if (container) {
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // The Worker put this page's build-time HTML into the shell (src/first-paint/prerender.tsx): a visitor's page is
  // taken over as is; a member page's first render replaces it once the route's code is there.
  const takeover = takeoverOf(container, window.location);
  if (takeover === 'hydrate') {
    // Once the route's code is there (the notices page's is lazy), so the first render is the page.
    void whenRouterReady(router).then(() => {
      hydrateRoot(container, app);
      markTakenOver(container); // e2e waits for this
      pressAgain(container, takeEarlyPress());
    });
  } else if (takeover === 'replace') {
    // A member page's first render with data shows the rest face's characters: with the face, if it comes soon.
    void Promise.all([whenRouterReady(router), atMost(restFont, REST_FONT_WAIT_MS)]).then(() => {
      const root = createRoot(container);
      const committed = () => {
        markTakenOver(container);
        pressAgain(container, takeEarlyPress());
      };
      // The markup is already on screen: the render may yield to the browser between components.
      startTransition(() => root.render(<AfterFirstCommit onCommit={committed}>{app}</AfterFirstCommit>));
    });
  } else {
    dropPrerendered(container);
    createRoot(container).render(app);
  }
}
