// '/{portal}/callback': finishes the portal sign-in (docs/auth.md steps 2–4).
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Portal } from '@contract/enums';
import { STORAGE_KEYS } from '@contract/limits';
import { loginWithTicket, sendPortalCallback } from '../../api/auth';
import { PageLoading } from '../../components/page-loading';
import { ko } from '../../i18n/ko';
import { localValue, sessionValue } from '../../lib/storage';

/** Codes already sent: a code is single use, and StrictMode (or a remount) runs effects twice. */
const handledCodes = new Set<string>();

export function CallbackPage({ portal }: { portal: Portal }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    const key = `${portal}:${code ?? ''}:${state ?? ''}`;
    if (handledCodes.has(key)) return;

    const stored = sessionValue.get(STORAGE_KEYS.oauthState);
    if (!code || !state || state !== stored) {
      // docs/product-spec.md §4: logged, nothing else happens (we still offer a way back).
      console.error('[login] callback refused: missing code/state or state mismatch', {
        hasCode: Boolean(code),
        hasState: Boolean(state),
      });
      setFailed(true);
      return;
    }
    handledCodes.add(key);
    sessionValue.remove(STORAGE_KEYS.oauthState);

    const finish = async () => {
      const res = await sendPortalCallback(portal, code, state);
      const status: string = res.status;
      if (res.status === 'LOGIN') {
        await loginWithTicket(res.id);
        navigate('/main', { replace: true });
      } else if ((status === 'NEED_AGREEMENT' || status === 'AGREEMENT') && 'token' in res) {
        sessionValue.set(STORAGE_KEYS.tempSignupToken, res.token);
        localValue.remove(STORAGE_KEYS.agreements); // a fresh signup starts with a fresh agreement
        navigate('/member/termsAgree', { replace: true });
      } else {
        console.error('[login] unexpected callback status', status);
        setFailed(true);
      }
    };
    finish().catch((err: unknown) => {
      console.error('[login] callback failed', err);
      setFailed(true);
    });
  }, [params, portal, navigate]);

  if (!failed) {
    return (
      <main className="frame-main">
        <PageLoading label={ko.callback.processing} />
      </main>
    );
  }
  return (
    <main className="center-state">
      <h1 className="page-title">{ko.callback.retryTitle}</h1>
      <p className="muted">{ko.callback.retryBody}</p>
      <Link to="/" className="btn btn--primary" replace>
        {ko.common.goHome}
      </Link>
    </main>
  );
}

export const NaverCallbackPage = () => <CallbackPage portal="naver" />;
export const KakaoCallbackPage = () => <CallbackPage portal="kakao" />;
