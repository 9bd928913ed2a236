// '시작하기' → this modal → the portal's authorize page (docs/auth.md step 1).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Portal } from '@contract/enums';
import { LIMITS, STORAGE_KEYS } from '@contract/limits';
import { prepareLogin, type PreparedLogin } from '../api/auth';
import { ko } from '../i18n/ko';
import { browser } from '../lib/browser';
import { sessionValue } from '../lib/storage';
import { KakaoMark, NaverMark } from './icons';
import { Modal } from './modal';

/** A prepared state is reused only while well inside its server lifetime. */
const FRESH_MS = (LIMITS.oauthStateTtlSeconds * 1000) / 2;

export function LoginModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [prepared, setPrepared] = useState<PreparedLogin | null>(null);
  const [busy, setBusy] = useState<Portal | null>(null);
  const [failed, setFailed] = useState(false);
  const pending = useRef<Promise<PreparedLogin> | null>(null);

  const prepare = useCallback((): Promise<PreparedLogin> => {
    pending.current ??= prepareLogin()
      .then((p) => {
        setPrepared(p);
        return p;
      })
      .finally(() => {
        pending.current = null;
      });
    return pending.current;
  }, []);

  // Ask early so the Kakao button can appear when the Worker has Kakao configured. Opening the
  // modal again keeps a still-fresh state: each preparation sets a new state cookie, and a later
  // one landing after 네이버로 로그인 had already used the earlier state failed at the callback.
  useEffect(() => {
    if (!open || (prepared && Date.now() - prepared.preparedAt < FRESH_MS)) return;
    prepare().catch(() => undefined);
  }, [open, prepare, prepared]);

  const start = async (portal: Portal) => {
    setBusy(portal);
    setFailed(false);
    try {
      const fresh = prepared && Date.now() - prepared.preparedAt < FRESH_MS ? prepared : await prepare();
      const url = fresh.authorizeUrls[portal];
      if (!url) throw new Error(`no authorize url for ${portal}`);
      // Opening the modal again prepares (and stores) a newer state; the URL carries this one.
      sessionValue.set(STORAGE_KEYS.oauthState, fresh.oauthState);
      browser.assign(url);
    } catch (err) {
      console.error('login preparation failed', err);
      setFailed(true);
      setBusy(null);
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={ko.login.title} description={ko.login.description}>
      <div className="login-buttons">
        <button
          type="button"
          className="btn btn--naver btn--lg btn--block"
          onClick={() => void start('naver')}
          disabled={busy !== null}
        >
          <NaverMark />
          {busy === 'naver' ? ko.login.preparing : ko.login.naver}
        </button>
        {prepared?.authorizeUrls.kakao ? (
          <button
            type="button"
            className="btn btn--kakao btn--lg btn--block"
            onClick={() => void start('kakao')}
            disabled={busy !== null}
          >
            <KakaoMark />
            {busy === 'kakao' ? ko.login.preparing : ko.login.kakao}
          </button>
        ) : null}
      </div>
      {failed ? (
        <p className="notice notice--error login-error" role="alert">
          {ko.login.failed}
        </p>
      ) : null}
      <p className="login-note">
        {ko.login.notePrefix}
        <Link to="/terms">{ko.login.noteTerms}</Link>
        {ko.login.noteAnd}
        <Link to="/privacy">{ko.login.notePrivacy}</Link>
        {ko.login.noteSuffix}
      </p>
    </Modal>
  );
}
