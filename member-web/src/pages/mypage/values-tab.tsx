// 가치관: every question by category, answered or not; one opens at a time to answer, change or
// remove (docs/values.md).
import '../../components/values/values.css';
import { VALUE_CATEGORIES, VALUE_CATEGORY_KO } from '@contract/value-questions';
import { useState } from 'react';
import { useMyValueAnswers, useRemoveValueAnswer, useSaveValueAnswer, useValueQuestions } from '../../api/values';
import { showToast } from '../../components/toast/toast-store';
import { ValueQuestionEditor } from '../../components/values/value-question-editor';
import { ko } from '../../i18n/ko';
import { TabFailure, TabLoading } from './tab-state';

export function ValuesTab() {
  const questions = useValueQuestions();
  const answers = useMyValueAnswers();
  const save = useSaveValueAnswer();
  const remove = useRemoveValueAnswer();
  const [open, setOpen] = useState<number | null>(null);
  const t = ko.values;
  if (questions.isPending || answers.isPending) return <TabLoading />;
  if (questions.isError)
    return <TabFailure error={questions.error} message={t.loadFailed} onRetry={() => void questions.refetch()} />;
  if (answers.isError) return <TabFailure error={answers.error} onRetry={() => void answers.refetch()} />;
  const mine = new Map(answers.data.map((a) => [a.questionId, a]));

  return (
    <div className="values-tab">
      <p className="muted">{t.tabLead}</p>
      <p className="values-tab__count" role="status">
        {t.answeredCount(mine.size, questions.data.length)}
      </p>
      {VALUE_CATEGORIES.map((category) => (
        <section key={category} className="values-tab__category" aria-label={VALUE_CATEGORY_KO[category]}>
          <h3 className="values-tab__category-title">{VALUE_CATEGORY_KO[category]}</h3>
          <ul className="values-tab__list">
            {questions.data
              .filter((q) => q.category === category)
              .map((q) => {
                const current = mine.get(q.id);
                const chosen = q.answers.find((a) => a.id === current?.answerId);
                return (
                  <li key={q.id} className="values-tab__item" data-question-id={q.id}>
                    {open === q.id ? (
                      <ValueQuestionEditor
                        question={q}
                        current={current}
                        saving={save.isPending || remove.isPending}
                        onSave={(a) =>
                          save.mutateAsync(a).then(() => {
                            setOpen(null);
                            showToast(t.saved, 'success');
                          })
                        }
                        onRemove={() =>
                          remove.mutateAsync(q.id).then(() => {
                            setOpen(null);
                            showToast(t.removed, 'success');
                          })
                        }
                        onClose={() => setOpen(null)}
                      />
                    ) : (
                      <div className="values-tab__summary">
                        <p className="values-tab__question">{q.text}</p>
                        <p className="muted values-tab__state">
                          {chosen
                            ? `${chosen.text} · ${t.importanceLabel[current!.importance]} · ${current!.public ? t.publicOn : t.publicOff}`
                            : t.notAnswered}
                        </p>
                        <button
                          type="button"
                          className="btn btn--secondary values-tab__open"
                          aria-label={`${q.text} ${chosen ? t.change : t.answer}`}
                          onClick={() => setOpen(q.id)}
                        >
                          {chosen ? t.change : t.answer}
                        </button>
                      </div>
                    )}
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
    </div>
  );
}
