import { ko } from '../i18n/ko';

export function PageLoading({ label = ko.common.loading }: { label?: string }) {
  return (
    <div className="center-state" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p className="muted">{label}</p>
    </div>
  );
}
