import './styles/ui-font.css';
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/frame.css';
import './styles/pages.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { setApiNavigator } from './api/client';
import { startEarlyRequests } from './api/early';
import { routes } from './app/routes';
import { startInstallPrompt } from './lib/install-prompt';
import { startServiceWorker } from './lib/service-worker';

// The opened page's first data request goes out now, alongside its chunks.
startEarlyRequests(window.location.pathname);
const router = createBrowserRouter(routes);
// The HTTP client's expiry redirect stays inside the SPA.
setApiNavigator((to) => void router.navigate(to, { replace: true }));
// The installable app: offline shell, pushes, notification clicks (docs/notifications.md).
startServiceWorker(router);
startInstallPrompt();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
