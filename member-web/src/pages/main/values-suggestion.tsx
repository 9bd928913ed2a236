// After signup: five 가치관 questions on the home page, one at a time, while I have answered none
// and have not skipped them (docs/values.md "After signup"). Never a step that blocks signup.
import '../../components/values/values.css';
import { STORAGE_KEYS } from '@contract/limits';
import { SUGGESTED_VALUE_QUESTION_IDS } from '@contract/value-questions';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMyValueAnswers, useSaveValueAnswer, useValueQuestions } from '../../api/values';
import { ValueQuestionEditor } from '../../components/values/value-question-editor';
import { ko } from '../../i18n/ko';
import { localValue } from '../../lib/storage';

export function ValuesSuggestion() {
  const t = ko.values;
  const questions = useValueQuestions();
  const answers = useMyValueAnswers();
  const save = useSaveValueAnswer();
  const [skipped, setSkipped] = useState(() => localValue.get(STORAGE_KEYS.valuesSuggestSkipped) === '1');
  const [step, setStep] = useState(0);
  if (skipped || !questions.data || !answers.data) return null;
  // Only for a member with no answers; once started, it stays until its end.
  if (answers.data.length > 0 && step === 0) return null;
  const picks = SUGGESTED_VALUE_QUESTION_IDS.flatMap((id) => questions.data.filter((q) => q.id === id));
  const skip = () => {
    localValue.set(STORAGE_KEYS.valuesSuggestSkipped, '1');
    setSkipped(true);
  };
  const question = picks[step];

  return (
    <section className="card values-suggestion" aria-labelledby="values-suggest-title">
      <h2 id="values-suggest-title" className="section-title">
        {t.suggestTitle}
      </h2>
      {question ? (
        <>
          <p className="section-lead">{t.suggestLead}</p>
          <p className="muted" aria-live="polite">
            {t.suggestStep(step + 1, picks.length)}
          </p>
          <ValueQuestionEditor
            key={question.id}
            question={question}
            current={undefined}
            saving={save.isPending}
            onSave={(a) => save.mutateAsync(a).then(() => setStep((s) => s + 1))}
          />
          <div className="values-suggestion__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setStep((s) => s + 1)}>
              {t.suggestSkipOne}
            </button>
            <button type="button" className="btn btn--ghost" onClick={skip}>
              {t.suggestSkip}
            </button>
          </div>
        </>
      ) : (
        <>
          <p role="status">{t.suggestDone}</p>
          <div className="values-suggestion__actions">
            <Link to="/mypage?tab=values" className="btn btn--secondary">
              {t.suggestMore}
            </Link>
            <button type="button" className="btn btn--ghost" onClick={skip}>
              {ko.common.close}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
