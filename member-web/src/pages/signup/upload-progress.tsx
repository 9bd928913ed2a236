import { ko } from '../../i18n/ko';

export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="upload-progress">
      <p className="field__hint" aria-hidden="true">
        {ko.signup.uploadProgress(percent)}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label={ko.signup.uploadLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
