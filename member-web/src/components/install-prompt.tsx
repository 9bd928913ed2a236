// The gentle 홈 화면에 추가 card on my page (lib/install-prompt.ts decides when).
import '../styles/pwa.css';
import { useId } from 'react';
import { ko } from '../i18n/ko';
import { dismissInstallPrompt, promptInstall, useInstallOffer } from '../lib/install-prompt';
import { CloseIcon } from './icons';

export function InstallPrompt() {
  const offer = useInstallOffer();
  const titleId = useId();
  const t = ko.pwa.install;
  if (!offer) return null;
  return (
    <section className="card install-prompt" aria-labelledby={titleId}>
      <h2 id={titleId} className="install-prompt__title">
        {offer.kind === 'ios' ? t.iosTitle : t.title}
      </h2>
      <p className="install-prompt__body">{t.body}</p>
      {offer.kind === 'ios' ? (
        <ol className="install-prompt__steps">
          {t.iosSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      ) : null}
      <div className="install-prompt__actions">
        {offer.kind === 'prompt' ? (
          <button type="button" className="btn btn--primary" onClick={() => void promptInstall(offer.event)}>
            {t.add}
          </button>
        ) : null}
        <button type="button" className="btn btn--secondary" onClick={dismissInstallPrompt}>
          {t.later}
        </button>
      </div>
      <button
        type="button"
        className="icon-btn install-prompt__close"
        aria-label={t.close}
        onClick={dismissInstallPrompt}
      >
        <CloseIcon size={18} />
      </button>
    </section>
  );
}
