// '/identity/verify': an existing member's 본인확인 (members who joined before it existed). The
// carrier page comes back here; POST /api/on/identity binds the answer to the member.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { VerifiedIdentity } from '@contract/identity';
import { api, ApiError, errorMessage } from '../../api/client';
import { PublicFrame } from '../../components/public-frame';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import { dismissIdentityRequired } from '../../lib/identity-gate-store';
import { readVerificationReturn, startIdentityVerification } from '../../lib/identity-verification';
import { sessionValue } from '../../lib/storage';
import { IdentityPrivacy } from './identity-privacy';

export const MEMBER_VERIFY_PATH = '/identity/verify';
/** Where the member was when the gate asked (they go back there afterwards). */
export const RETURN_KEY = 'identityReturnTo';

export function MemberVerifyPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [under19, setUnder19] = useState(false);
  const handled = useRef(false);

  const bind = async (ret: { id: string; failure?: string }) => {
    if (ret.failure) {
      setError(ko.identity.cancelled);
      return;
    }
    setBusy(true);
    try {
      await api.post<VerifiedIdentity>('/api/on/identity', { json: { identityVerificationId: ret.id } });
      dismissIdentityRequired();
      showToast(ko.identity.memberDone, 'success');
      const back = sessionValue.get(RETURN_KEY);
      sessionValue.remove(RETURN_KEY);
      navigate(back && back.startsWith('/') ? back : '/main', { replace: true });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.code === 'UNDER_19') setUnder19(true);
      else setError(errorMessage(err));
    }
  };

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const ret = readVerificationReturn(location.search);
    if (ret) {
      navigate(MEMBER_VERIFY_PATH, { replace: true });
      void bind(ret);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const answered = await startIdentityVerification(MEMBER_VERIFY_PATH);
      if (answered) await bind(answered);
    } catch {
      setBusy(false);
      setError(ko.identity.failedToOpen);
    }
  };

  return (
    <PublicFrame>
      <div className="page">
        <div className="container container--narrow">
          <h1 className="page-title">{under19 ? ko.identity.under19Title : ko.identity.title}</h1>
          {under19 ? (
            <p className="page-lead" role="alert">
              {ko.identity.under19Lead}
            </p>
          ) : (
            <>
              <p className="page-lead">{ko.identity.gateLead}</p>
              <IdentityPrivacy />
              {error ? (
                <p className="notice notice--error form-error" role="alert">
                  {error}
                </p>
              ) : null}
              <button
                type="button"
                className="btn btn--primary btn--lg btn--block"
                onClick={() => void open()}
                disabled={busy}
              >
                {busy ? ko.identity.checking : error ? ko.identity.retry : ko.identity.start}
              </button>
            </>
          )}
        </div>
      </div>
    </PublicFrame>
  );
}
