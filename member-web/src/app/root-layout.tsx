import { Suspense, lazy } from 'react';
import { Outlet, ScrollRestoration, useRouteError } from 'react-router-dom';
import { Under19Gate } from '../components/adults/under19-gate';
import { BanGate } from '../components/ban-screen/ban-screen';
import { PageLoading } from '../components/page-loading';
import { Toaster } from '../components/toast/toaster';
import { PageCommitted } from '../first-paint/prerendered';
import { ko } from '../i18n/ko';
import { useOpenedOnce } from '../lib/idle';
import { useYourTurn } from '../lib/your-turn-store';

// The your-turn dialog (and the dialog library it brings) loads the first time a refusal opens it.
const YourTurnDialog = lazy(() =>
  import('../components/your-turn-dialog').then((m) => ({ default: m.YourTurnDialog })),
);

/** Mounted from the first refusal on (then it stays, so it can close with its animation). */
function YourTurnOnDemand() {
  const needed = useOpenedOnce(useYourTurn() !== null);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <YourTurnDialog />
    </Suspense>
  );
}

export function RootLayout() {
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <BanGate>
          <Under19Gate>
            <Outlet />
          </Under19Gate>
        </BanGate>
        <PageCommitted />
      </Suspense>
      <YourTurnOnDemand />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}

/** A page chunk that fails to load (new deploy, lost connection) or a render crash. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="center-state">
      <h1 className="page-title">{ko.routeError.title}</h1>
      <p className="muted">{ko.routeError.body}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {ko.routeError.reload}
      </button>
      <Toaster />
    </main>
  );
}
