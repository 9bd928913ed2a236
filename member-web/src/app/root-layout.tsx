import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useRouteError } from 'react-router-dom';
import { Under19Gate } from '../components/adults/under19-gate';
import { BanGate } from '../components/ban-screen/ban-screen';
import { PageLoading } from '../components/page-loading';
import { Toaster } from '../components/toast/toaster';
import { YourTurnDialog } from '../components/your-turn-dialog';
import { ko } from '../i18n/ko';

export function RootLayout() {
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <BanGate>
          <Under19Gate>
            <Outlet />
          </Under19Gate>
        </BanGate>
      </Suspense>
      <YourTurnDialog />
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
