// Shared loading/failure/empty views of my page's tabs.
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/client';
import { ko } from '../../i18n/ko';

export function TabLoading() {
  return (
    <p className="muted tab-state" role="status">
      {ko.common.loading}
    </p>
  );
}

export function TabFailure({ error, message, onRetry }: { error: unknown; message?: string; onRetry: () => void }) {
  return (
    <div className="notice notice--error tab-state" role="alert">
      <p>{message ?? ko.mypage.loadFailed}</p>
      <p className="muted">{errorMessage(error)}</p>
      <button type="button" className="btn btn--secondary mypage__retry" onClick={onRetry}>
        {ko.mypage.retry}
      </button>
    </div>
  );
}

export function TabEmpty({ children }: { children: ReactNode }) {
  return <p className="tab-state tab-state--empty">{children}</p>;
}
