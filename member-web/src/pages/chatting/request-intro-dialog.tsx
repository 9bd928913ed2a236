// The chat-request confirmation with an optional short intro (docs/chat.md "Requests: intro and expiry"): ≤ 100 characters as a
// person counts them (the contract's countChars, what the Worker counts), counted as you type. An
// intro the safety detector flags ABUSE or SEXUAL asks '정말 보낼까요?' first (send-nudge-dialog.tsx),
// and the answer is recorded (context REQUEST).
import './request-intro-dialog.css';
import { useId, useState } from 'react';
import { CHAT_LIMITS } from '@contract/chat';
import { countChars, normalizeText } from '@contract/text';
import { safetyKindsOf } from '@contract/safety/detector';
import { senderNudgedKinds } from '@contract/safety/chat';
import type { NudgeOutcome, SafetyKind } from '@contract/safety/kinds';
import { recordNudge } from '../../api/safety';
import { Modal } from '../../components/modal';
import { ko } from '../../i18n/ko';
import { SendNudgeDialog } from './send-nudge-dialog';

export function RequestIntroDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  confirmLabel: string;
  /** The intro (normalised; undefined when left empty). May return a promise: buttons wait for it. */
  onConfirm: (intro: string | undefined) => unknown;
}) {
  const t = ko.chat;
  const id = useId();
  const [intro, setIntro] = useState('');
  const [busy, setBusy] = useState(false);
  /** The nudged kinds of the intro being asked about; null: not asking. */
  const [nudge, setNudge] = useState<SafetyKind[] | null>(null);
  const length = countChars(intro);
  const max = CHAT_LIMITS.requestIntroMaxChars;
  const over = length > max;

  const close = (open: boolean) => {
    if (busy) return;
    if (!open) setIntro('');
    props.onOpenChange(open);
  };

  const submit = async (confirmed = false) => {
    if (over) return;
    if (!confirmed) {
      const kinds = senderNudgedKinds(safetyKindsOf(intro));
      if (kinds.length > 0) {
        setNudge(kinds);
        return;
      }
    }
    setBusy(true);
    try {
      const text = normalizeText(intro);
      await props.onConfirm(text ? text : undefined);
    } catch (err) {
      console.error(err);
    } finally {
      setBusy(false);
      setIntro('');
      props.onOpenChange(false);
    }
  };

  const answerNudge = (outcome: NudgeOutcome) => {
    if (!nudge) return;
    recordNudge({ context: 'REQUEST', kinds: nudge, outcome });
    setNudge(null);
    if (outcome === 'SENT') void submit(true);
  };

  return (
    <Modal open={props.open} onOpenChange={close} title={props.title} description={props.description} hideClose>
      <div className="field request-intro">
        <div className="request-intro__label-row">
          <label htmlFor={`${id}-intro`} className="field__label">
            {t.introField}
          </label>
          <span id={`${id}-count`}>
            <span className={`request-intro__count${over ? ' request-intro__count--over' : ''}`} aria-hidden="true">
              {t.introCount(length, max)}
            </span>
            <span className="visually-hidden">{t.introCountLabel(length, max)}</span>
          </span>
        </div>
        <textarea
          id={`${id}-intro`}
          className="input textarea"
          rows={3}
          value={intro}
          placeholder={t.introPlaceholder}
          aria-invalid={over}
          aria-describedby={`${id}-count${over ? ` ${id}-error` : ''}`}
          onChange={(e) => setIntro(e.target.value)}
        />
        {over ? (
          <p id={`${id}-error`} className="field__error">
            {t.introTooLong(max)}
          </p>
        ) : null}
      </div>
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={() => close(false)} disabled={busy}>
          {ko.common.cancel}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => void submit()} disabled={busy || over}>
          {props.confirmLabel}
        </button>
      </div>
      <SendNudgeDialog kinds={nudge} onEdit={() => answerNudge('EDITED')} onSend={() => answerNudge('SENT')} />
    </Modal>
  );
}
