// The in-app question before the browser's notification prompt (lib/push-opt-in.ts decides when).
import { useState } from 'react';
import { ko } from '../i18n/ko';
import { subscribePush } from '../lib/push';
import { answerPushOptIn, usePushOptInOpen } from '../lib/push-opt-in';
import { Modal } from './modal';
import { showToast } from './toast/toast-store';

export function PushOptInSheet() {
  const open = usePushOptInOpen();
  const [busy, setBusy] = useState(false);
  const t = ko.pwa.optIn;

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
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) answerPushOptIn('declined');
      }}
      title={t.title}
      description={t.body}
    >
      <div className="dialog__actions">
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
    </Modal>
  );
}
