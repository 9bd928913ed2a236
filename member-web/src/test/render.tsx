// Renders routes in a memory router with a fresh query client and the toaster, for page tests.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Outlet, RouterProvider, createMemoryRouter, useLocation, type RouteObject } from 'react-router-dom';
import { Toaster } from '../components/toast/toaster';

/** Shows where the router ended up, so tests can assert redirects. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

const probe = (path: string): RouteObject => ({ path, element: <LocationProbe /> });

export function renderRoutes(routes: RouteObject[], { at, probes = [] }: { at: string; probes?: string[] }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <QueryClientProvider client={queryClient}>
            <Outlet />
            <Toaster />
          </QueryClientProvider>
        ),
        children: [...routes, ...probes.map(probe)],
      },
    ],
    { initialEntries: [at] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

export function renderPage(path: string, element: ReactNode, options: { at?: string; probes?: string[] } = {}) {
  return renderRoutes([{ path, element }], { at: options.at ?? path, probes: options.probes });
}
