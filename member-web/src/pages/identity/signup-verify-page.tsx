// '/signup/verify': 본인확인 between the terms and the signup form (docs/trust.md "Identity (본인확인)"). The carrier page
// comes back here with `?identityVerificationId=…`; the Worker asks PortOne and binds the answer to
// the signup session (POST /api/member/identity). A minor or a second account is refused here.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { VerifiedIdentity } from '@contract/identity';
import { api, ApiError, errorMessage } from '../../api/client';
import { PublicFrame } from '../../components/public-frame';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';
import {
  readVerificationReturn,
  startIdentityVerification,
  verifiedIdentityStore,
} from '../../lib/identity-verification';
import { readSignupStart } from '../signup/signup-start';
import { IdentityPrivacy } from './identity-privacy';

type Refusal = { kind: 'UNDER_19' } | { kind: 'ALREADY_MEMBER'; portal: string; email: string };

export const SIGNUP_VERIFY_PATH = '/signup/verify';

export function SignupVerifyPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [start] = useState(() => readSignupStart());
  const [busy, setBusy] = useState<'opening' | 'checking' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const handled = useRef(false);

  const bind = async (ret: { id: string; failure?: string }) => {
    if (ret.failure) {
      setError(ko.identity.cancelled);
      return;
    }
    setBusy('checking');
    setError(null);
    try {
      const verified = await api.post<VerifiedIdentity>('/api/member/identity', {
        json: { identityVerificationId: ret.id },
      });
      verifiedIdentityStore.set(verified);
      navigate('/signup', { replace: true });
    } catch (err) {
      setBusy(null);
      if (err instanceof ApiError && err.code === 'UNDER_19') setRefusal({ kind: 'UNDER_19' });
      else if (err instanceof ApiError && err.code === 'ALREADY_MEMBER') {
        const account = err.body?.account as { portalName?: string; maskedEmail?: string } | undefined;
        setRefusal({ kind: 'ALREADY_MEMBER', portal: account?.portalName ?? '', email: account?.maskedEmail ?? '' });
      } else setError(errorMessage(err));
    }
  };

  useEffect(() => {
    if (!start.ok) {
      showToast(start.message, 'error');
      navigate(start.redirectTo, { replace: true });
      return;
    }
    if (handled.current) return;
    handled.current = true;
    const ret = readVerificationReturn(location.search);
    if (ret) {
      // The id leaves the address bar: a reload does not send it again.
      navigate(SIGNUP_VERIFY_PATH, { replace: true });
      void bind(ret);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const open = async () => {
    setBusy('opening');
    setError(null);
    try {
      const answered = await startIdentityVerification(SIGNUP_VERIFY_PATH);
      if (answered) await bind(answered);
    } catch {
      setBusy(null);
      setError(ko.identity.failedToOpen);
    }
  };

  if (!start.ok) return null;
  if (refusal) {
    return (
      <PublicFrame>
        <div className="page">
          <div className="container container--narrow">
            <h1 className="page-title">
              {refusal.kind === 'UNDER_19' ? ko.identity.under19Title : ko.identity.alreadyTitle}
            </h1>
            <p className="page-lead" role="alert">
              {refusal.kind === 'UNDER_19'
                ? ko.identity.under19Lead
                : ko.identity.alreadyLead(refusal.portal, refusal.email)}
            </p>
            <Link className="btn btn--primary btn--lg btn--block" to="/">
              {ko.identity.home}
            </Link>
          </div>
        </div>
      </PublicFrame>
    );
  }
  return (
    <PublicFrame>
      <div className="page">
        <div className="container container--narrow">
          <h1 className="page-title">{ko.identity.title}</h1>
          <p className="page-lead">{ko.identity.lead}</p>
          <IdentityPrivacy />
          {error ? (
            <p className="notice notice--error form-error" role="alert">
              {error}
            </p>
          ) : null}
          {busy === 'checking' ? (
            <p className="notice" role="status">
              {ko.identity.checking}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn--primary btn--lg btn--block"
            onClick={() => void open()}
            disabled={busy !== null}
          >
            {busy === 'opening' ? ko.identity.starting : error ? ko.identity.retry : ko.identity.start}
          </button>
        </div>
      </div>
    </PublicFrame>
  );
}
