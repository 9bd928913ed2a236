// The page, or the under-19 screen once the server answered 403 UNDER_19 (docs/trust.md "Adults only").
import { Suspense, lazy, type ReactNode } from 'react';
import { PageLoading } from '../page-loading';
import { useUnder19 } from '../../lib/under19-store';

// Loaded only for the few members who need it (it brings the account tab and its styles).
const Under19Screen = lazy(() => import('./under19-screen'));

export function Under19Gate({ children }: { children: ReactNode }) {
  return useUnder19() ? (
    <Suspense fallback={<PageLoading />}>
      <Under19Screen />
    </Suspense>
  ) : (
    children
  );
}
