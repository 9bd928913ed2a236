// One 가치관 question to answer or change: my answer, the answers I accept from a partner, how much
// it matters (조금 / 중요 / 꼭) and whether my answer shows on my profile (docs/values.md).
import { VALUE_IMPORTANCES, type ValueImportance } from '@contract/values-core';
import { useId, useState } from 'react';
import type { MyValueAnswer, ValueQuestionView } from '../../api/values';
import { errorMessage } from '../../api/client';
import { ko } from '../../i18n/ko';

interface EditorProps {
  question: ValueQuestionView;
  current: MyValueAnswer | undefined;
  saving: boolean;
  onSave: (answer: MyValueAnswer) => Promise<unknown>;
  onRemove?: () => Promise<unknown>;
  onClose?: () => void;
}

export function ValueQuestionEditor({ question, current, saving, onSave, onRemove, onClose }: EditorProps) {
  const t = ko.values;
  const id = useId();
  const [answerId, setAnswerId] = useState<number | null>(current?.answerId ?? null);
  const [accept, setAccept] = useState<number[]>(current?.accept ?? []);
  const [importance, setImportance] = useState<ValueImportance>(current?.importance ?? 'SOMEWHAT');
  const [isPublic, setPublic] = useState(current?.public ?? true);
  const [error, setError] = useState<string | null>(null);

  const toggleAccept = (answer: number) =>
    setAccept((list) => (list.includes(answer) ? list.filter((a) => a !== answer) : [...list, answer]));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (answerId === null) return setError(t.needAnswer);
    if (accept.length === 0) return setError(t.needAccept);
    setError(null);
    try {
      await onSave({ questionId: question.id, answerId, accept, importance, public: isPublic });
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  return (
    <form className="value-editor" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-q`} noValidate>
      <p id={`${id}-q`} className="value-editor__question">
        {question.text}
      </p>
      <fieldset className="value-editor__group">
        <legend>{t.myAnswer}</legend>
        {question.answers.map((a) => (
          <label key={a.id} className="value-editor__choice">
            <input
              type="radio"
              name={`${id}-answer`}
              value={a.id}
              checked={answerId === a.id}
              onChange={() => setAnswerId(a.id)}
            />
            {a.text}
          </label>
        ))}
      </fieldset>
      <fieldset className="value-editor__group">
        <legend>{t.accept}</legend>
        {question.answers.map((a) => (
          <label key={a.id} className="value-editor__choice">
            <input type="checkbox" checked={accept.includes(a.id)} onChange={() => toggleAccept(a.id)} />
            {a.text}
          </label>
        ))}
      </fieldset>
      <fieldset className="value-editor__group value-editor__group--row">
        <legend>{t.importance}</legend>
        {VALUE_IMPORTANCES.map((level) => (
          <label key={level} className="value-editor__pill">
            <input
              type="radio"
              name={`${id}-importance`}
              value={level}
              checked={importance === level}
              onChange={() => setImportance(level)}
            />
            {t.importanceLabel[level]}
          </label>
        ))}
      </fieldset>
      <label className="value-editor__public">
        <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />
        {t.public}
      </label>
      <p className="muted value-editor__hint">{t.publicHint}</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="value-editor__actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? t.saving : t.save}
        </button>
        {current && onRemove ? (
          <button type="button" className="btn btn--secondary" disabled={saving} onClick={() => void onRemove()}>
            {t.remove}
          </button>
        ) : null}
        {onClose ? (
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
