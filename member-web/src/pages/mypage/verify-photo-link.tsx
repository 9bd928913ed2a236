// 사진 인증 on the photos tab: where I stand and the way to the pose selfie (docs/trust.md "Verified photos").
import { Link } from 'react-router-dom';
import { useVerificationState } from '../../api/verification';
import { ko } from '../../i18n/ko';

export function VerifyPhotoLink() {
  const state = useVerificationState();
  const t = ko.verify;
  const status = state.data?.photo.status;
  return (
    <div className="verify-link">
      <p className="field__hint">{status ? t.status[status] : t.mypageHint}</p>
      {status !== 'VERIFIED' ? (
        <Link className="btn btn--secondary" to="/mypage/verify-photo">
          {t.mypageLink}
        </Link>
      ) : null}
    </div>
  );
}
