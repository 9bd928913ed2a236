// The chat-request dialog, loaded with its first opening (docs/first-paint.md "The main thread"): its
// module brings the safety detector, whose word rules compile as it loads — work the first screens
// of /main and /random/matching, which only show the button, need not do.
import { Suspense, lazy, type ComponentProps } from 'react';
import { useOpenedOnce } from '../../lib/idle';
import type { RequestIntroDialog as Dialog } from './request-intro-dialog';

const RequestIntroDialog = lazy(() =>
  import('./request-intro-dialog').then((m) => ({ default: m.RequestIntroDialog })),
);

/** `RequestIntroDialog`, mounted from its first opening on. */
export function RequestIntroOnDemand(props: ComponentProps<typeof Dialog>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <RequestIntroDialog {...props} />
    </Suspense>
  );
}
