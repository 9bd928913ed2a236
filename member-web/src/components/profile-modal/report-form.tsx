// Report mode (docs/product-spec.md §2 "Profile modal", §3 report, §5 report rules, §8).
import { useId, useState, type FormEvent } from 'react';
import { REPORT_REASONS, type ReportReason } from '@contract/enums';
import { LIMITS } from '@contract/limits';
import { checkReport, sendReport, type MessageSample } from '../../api/reports';
import { ko } from '../../i18n/ko';
import { showToast } from '../toast/toast-store';

interface ReportFormProps {
  targetMemberId: number | null;
  /** Who is being reported, as shown at the top. */
  summary: { name: string; age?: number; imageUrl?: string } | null;
  chatRoomId?: number;
  getMessageSamples?: () => MessageSample[];
  /** Opened from a message (a chat safety notice, a blurred photo): the form starts filled in. */
  prefill?: { reasonType?: ReportReason; content?: string };
  onBack: () => void;
  onSent: () => void;
}

export function ReportForm({
  targetMemberId,
  summary,
  chatRoomId,
  getMessageSamples,
  prefill,
  onBack,
  onSent,
}: ReportFormProps) {
  const t = ko.profile.report;
  const [reasonType, setReasonType] = useState<string>(prefill?.reasonType ?? '');
  const [content, setContent] = useState(prefill?.content ?? '');
  const [problem, setProblem] = useState<{ field: 'target' | 'reasonType' | 'content'; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const typeId = useId();
  const detailsId = useId();
  const errorId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const check = checkReport(
      { targetMemberId, reasonType, content },
      { pageUrl: window.location.href, chatRoomId, messageSamples: getMessageSamples?.() },
    );
    if (!check.ok) {
      setProblem(check);
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      const payload = check.payload;
      await sendReport(payload);
      showToast(t.sent, 'success');
      onSent();
    } catch {
      showToast(t.failed, 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="report-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="muted">{t.lead}</p>
      {summary ? (
        <div className="report-form__target">
          {summary.imageUrl ? <img src={summary.imageUrl} alt="" className="report-form__avatar" /> : null}
          <p>
            <span className="report-form__target-label">{t.target}</span>
            <strong>{summary.name}</strong>
            {summary.age ? <span className="muted"> · {ko.profile.ageValue(summary.age)}</span> : null}
          </p>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={typeId} className="field__label">
          {t.type}
        </label>
        <select
          id={typeId}
          className="select"
          value={reasonType}
          onChange={(e) => setReasonType(e.target.value)}
          aria-invalid={problem?.field === 'reasonType'}
          aria-describedby={problem?.field === 'reasonType' ? errorId : undefined}
        >
          <option value="">{t.typePlaceholder}</option>
          {REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t.types[reason]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={detailsId} className="field__label">
          {t.details}
        </label>
        <textarea
          id={detailsId}
          className="input textarea"
          rows={5}
          value={content}
          placeholder={t.detailsPlaceholder}
          onChange={(e) => setContent(e.target.value)}
          aria-invalid={problem?.field === 'content'}
          aria-describedby={problem?.field === 'content' ? errorId : undefined}
        />
      </div>
      {chatRoomId !== undefined && getMessageSamples ? (
        <p className="field__hint">
          {t.samplesNote(Math.min(getMessageSamples().length, LIMITS.reportMessageSamples))}
        </p>
      ) : null}
      {problem ? (
        <p id={errorId} className="field__error" role="alert">
          {problem.message}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onBack} disabled={sending}>
          {t.back}
        </button>
        <button type="submit" className="btn btn--primary" disabled={sending}>
          {sending ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}
