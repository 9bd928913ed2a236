// The in-app question before the browser's notification prompt (lib/push-opt-in.ts decides when).
// A quiet card below the page's content, never a dialog over it: it appears right after the first
// chat request or while the 요청 tab shows a received request, and the member reads that list first.
import '../styles/pwa.css';
import { useId, useState } from 'react';
import { ko } from '../i18n/ko';
import { subscribePush } from '../lib/push';
import { answerPushOptIn, usePushOptInOpen } from '../lib/push-opt-in';
import { showToast } from './toast/toast-store';

export function PushOptInSheet() {
  const open = usePushOptInOpen();
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const bodyId = useId();
  const t = ko.pwa.optIn;
  if (!open) return null;

  const accept = async () => {
    setBusy(true);
    try {
      // Straight from the click: the permission prompt needs the user's gesture.
      const result = await subscribePush();
      if (result === 'subscribed') showToast(t.subscribed, 'success');
      else if (result === 'denied') showToast(t.denied, 'info');
    } catch {
      showToast(t.failed, 'error');
    } finally {
      setBusy(false);
      answerPushOptIn('accepted');
    }
  };

  return (
    <section className="card push-opt-in" aria-labelledby={titleId} aria-describedby={bodyId}>
      <h2 id={titleId} className="push-opt-in__title">
        {t.title}
      </h2>
      <p id={bodyId} className="push-opt-in__body">
        {t.body}
      </p>
      <div className="push-opt-in__actions">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => answerPushOptIn('declined')}
          disabled={busy}
        >
          {t.decline}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => void accept()} disabled={busy}>
          {t.accept}
        </button>
      </div>
    </section>
  );
}
