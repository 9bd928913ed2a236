// Loading and failure views of a profile (modal and page), with the spec's reason codes.
import { errorMessage } from '../../api/client';
import { ko } from '../../i18n/ko';
import type { ProfileIssue } from './normalize-profile';

export function ProfileLoading() {
  return (
    <div className="profile-state" role="status">
      <span className="spinner" aria-hidden="true" />
      <p className="muted">{ko.profile.loading}</p>
    </div>
  );
}

export function ProfileFailure({ reason, error }: { reason?: ProfileIssue; error?: unknown }) {
  return (
    <div className="profile-state" role="alert">
      <p className="profile-state__title">{reason ? ko.profile.loadFailedWithCode(reason) : ko.profile.loadFailed}</p>
      {reason ? null : <p className="muted">{errorMessage(error)}</p>}
    </div>
  );
}
