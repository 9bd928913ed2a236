// The feedback form (create or edit) used by the navigation's dialog and the /feedback page.
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LIMITS } from '@contract/limits';
import { countChars } from '@contract/text';
import { useCreateFeedback, useUpdateFeedback, type FeedbackItem } from '../../api/feedback';
import { ko } from '../../i18n/ko';
import { showToast } from '../toast/toast-store';
import { readFeedbackDraft, removeFeedbackDraft, saveFeedbackDraft } from './feedback-draft';
import { checkFeedback } from './feedback-rules';

export interface FeedbackFormProps {
  /** Edit this item; without it the form creates a new one (with the local draft). */
  editing?: FeedbackItem | null;
  onDone: () => void;
  onCancel?: () => void;
}

function Counter({ id, length, max, over }: { id: string; length: number; max: number; over: boolean }) {
  return (
    // A plain span may not carry aria-label: the spoken form sits beside the visible one.
    <span id={id}>
      <span className={`counter${over ? ' is-over' : ''}`} aria-hidden="true">
        {ko.feedback.counter(length, max)}
      </span>
      <span className="visually-hidden">{ko.feedback.counterLabel(length, max)}</span>
    </span>
  );
}

/** Enter while a Hangul syllable is still being composed must not send the form. */
function holdEnterWhileComposing(e: KeyboardEvent<HTMLInputElement>) {
  if (e.key === 'Enter' && (e.nativeEvent.isComposing || e.keyCode === 229)) e.preventDefault();
}

export function FeedbackForm({ editing, onDone, onCancel }: FeedbackFormProps) {
  const t = ko.feedback;
  const isEdit = Boolean(editing);
  // Read once on opening: create mode restores the saved draft.
  const [initial] = useState(() => (editing ? null : readFeedbackDraft()));
  const [title, setTitle] = useState(editing?.title ?? initial?.title ?? '');
  const [content, setContent] = useState(editing?.content ?? initial?.content ?? '');
  const [tried, setTried] = useState(false);
  const create = useCreateFeedback();
  const update = useUpdateFeedback();
  const sending = create.isPending || update.isPending;
  const ids = {
    title: useId(),
    content: useId(),
    titleCount: useId(),
    contentCount: useId(),
    titleError: useId(),
    contentError: useId(),
  };

  const { errors, over: overBy } = checkFeedback(title, content, { required: tried });
  const over = overBy.title || overBy.content;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const found = checkFeedback(title, content, { required: true }).errors;
    if (found.title || found.content || sending) return;
    const body = { title: title.trim(), content: content.trim() };
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...body });
        showToast(t.updated, 'success');
      } else {
        await create.mutateAsync(body);
        removeFeedbackDraft();
        showToast(t.created, 'success');
      }
      onDone();
    } catch {
      showToast(editing ? t.updateFailed : t.createFailed, 'error');
    }
  };

  const saveDraft = () => {
    saveFeedbackDraft({ title, content });
    showToast(t.draftSaved, 'success');
  };

  return (
    <form className="feedback-form" onSubmit={(e) => void submit(e)} noValidate>
      {initial ? <p className="notice feedback-form__restored">{t.draftRestored}</p> : null}
      <div className="field">
        <div className="feedback-form__label-row">
          <label htmlFor={ids.title} className="field__label">
            {t.title}
          </label>
          <Counter id={ids.titleCount} length={countChars(title)} max={LIMITS.feedbackTitle} over={overBy.title} />
        </div>
        <input
          id={ids.title}
          className="input"
          value={title}
          placeholder={t.titlePlaceholder}
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={holdEnterWhileComposing}
          aria-invalid={Boolean(errors.title)}
          aria-describedby={[ids.titleCount, errors.title ? ids.titleError : ''].join(' ').trim()}
        />
        {errors.title ? (
          <p id={ids.titleError} className="field__error">
            {errors.title}
          </p>
        ) : null}
      </div>
      <div className="field">
        <div className="feedback-form__label-row">
          <label htmlFor={ids.content} className="field__label">
            {t.content}
          </label>
          <Counter
            id={ids.contentCount}
            length={countChars(content)}
            max={LIMITS.feedbackContent}
            over={overBy.content}
          />
        </div>
        <textarea
          id={ids.content}
          className="input textarea"
          rows={7}
          value={content}
          placeholder={t.contentPlaceholder}
          onChange={(e) => setContent(e.target.value)}
          aria-invalid={Boolean(errors.content)}
          aria-describedby={[ids.contentCount, errors.content ? ids.contentError : ''].join(' ').trim()}
        />
        {errors.content ? (
          <p id={ids.contentError} className="field__error">
            {errors.content}
          </p>
        ) : null}
      </div>
      {over ? (
        <p className="field__error feedback-form__over" role="alert">
          {t.overLimit}
        </p>
      ) : null}
      <div className="dialog__actions feedback-form__actions">
        {isEdit ? null : (
          <button type="button" className="btn btn--ghost feedback-form__draft" onClick={saveDraft} disabled={sending}>
            {t.saveDraft}
          </button>
        )}
        {onCancel ? (
          <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={sending}>
            {ko.common.cancel}
          </button>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={over || sending}>
          {sending ? t.submitting : isEdit ? t.submitEdit : t.submitCreate}
        </button>
      </div>
    </form>
  );
}
