// The profile details editor (docs/api-extensions.md "profile-details"): bio, height, job, education, religion, habits, MBTI,
// what I am looking for and up to three prompt cards. Used by my page and the signup step.
import './profile-details.css';
import { PROFILE_DETAILS_KO } from '@contract/profile-details-core';
import { countChars } from '@contract/text';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import type { DetailPrompt, ProfileDetailsData, PromptQuestion } from '../../api/profile-details';
import { ko } from '../../i18n/ko';
import { DETAIL_LIMITS, DETAIL_OPTIONS, type Option } from './detail-options';

export const EMPTY_DETAILS: ProfileDetailsData = {
  bio: null,
  heightCm: null,
  job: { category: null, title: null },
  education: null,
  religion: null,
  religionVisible: false,
  smoking: null,
  drinking: null,
  mbti: null,
  lookingFor: null,
  prompts: [],
};

const JOB_TITLE_MAX = DETAIL_LIMITS.jobTitleMax;

type Draft = {
  bio: string;
  height: string;
  jobCategory: string;
  jobTitle: string;
  education: string;
  religion: string;
  religionVisible: boolean;
  smoking: string;
  drinking: string;
  mbti: string;
  lookingFor: string;
  prompts: DetailPrompt[];
};

const toDraft = (d: ProfileDetailsData): Draft => ({
  bio: d.bio ?? '',
  height: d.heightCm ? String(d.heightCm) : '',
  jobCategory: d.job?.category ?? '',
  jobTitle: d.job?.title ?? '',
  education: d.education ?? '',
  religion: d.religion ?? '',
  religionVisible: d.religionVisible ?? false,
  smoking: d.smoking ?? '',
  drinking: d.drinking ?? '',
  mbti: d.mbti ?? '',
  lookingFor: d.lookingFor ?? '',
  prompts: d.prompts ?? [],
});

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** A prompt card that is sent: picked and answered (empty cards are left out). */
const isSent = (p: DetailPrompt) => Boolean(p.questionId) && p.answer.trim() !== '';

/** Where a message shows: `bio`, `jobTitle`, `prompt.<card index>` (the form's own cards). */
type FieldKey = 'bio' | 'jobTitle' | `prompt.${number}`;
type FieldMessages = Partial<Record<FieldKey, string>>;

/**
 * The server's field errors (a 400's `fields`: `bio`, `job.title`, `prompts.<sent index>.answer`,
 * e.g. a contact handle refused with '연락처는 대화에서 천천히 나눠 주세요.') placed on the form's
 * fields; `sent` maps a sent prompt's index to its card.
 */
export function fieldMessages(fields: Record<string, string>, sent: number[]): FieldMessages {
  const out: FieldMessages = {};
  for (const [key, message] of Object.entries(fields)) {
    if (key === 'bio') out.bio = message;
    else if (key === 'job.title') out.jobTitle = message;
    else {
      const m = /^prompts\.(\d+)\.answer$/.exec(key);
      const card = m ? sent[Number(m[1])] : undefined;
      if (card !== undefined) out[`prompt.${card}`] = message;
    }
  }
  return out;
}

export const fromDraft = (d: Draft): ProfileDetailsData =>
  ({
    bio: orNull(d.bio),
    heightCm: d.height.trim() === '' ? null : Number(d.height),
    job: { category: orNull(d.jobCategory), title: orNull(d.jobTitle) },
    education: orNull(d.education),
    religion: orNull(d.religion),
    religionVisible: d.religion ? d.religionVisible : false,
    smoking: orNull(d.smoking),
    drinking: orNull(d.drinking),
    mbti: orNull(d.mbti),
    lookingFor: orNull(d.lookingFor),
    prompts: d.prompts.filter(isSent).map((p) => ({ questionId: p.questionId, answer: p.answer.trim() })),
  }) as ProfileDetailsData;

function SelectField(props: {
  label: string;
  value: string;
  options: Option[];
  onChange: (v: string) => void;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {props.label}
      </label>
      <select
        id={id}
        className="input"
        value={props.value}
        disabled={props.disabled}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{ko.profileDetails.details.none}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {props.hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

function Counter({ text, max, id }: { text: string; max: number; id: string }) {
  const n = countChars(text);
  return (
    <p id={id} className={`field__hint details-form__count${n > max ? ' details-form__count--over' : ''}`}>
      {ko.profileDetails.details.count(n, max)}
    </p>
  );
}

export function DetailsForm(props: {
  initial: ProfileDetailsData;
  /** Religion may be saved only with the SENSITIVE_INFO consent. */
  sensitiveConsent: boolean;
  /** Texts an admin hid (shown with a notice until changed). */
  hiddenCount?: number;
  questions: PromptQuestion[];
  saving: boolean;
  /**
   * Saves; a rejected promise's 400 field errors show at their fields, any other failure as the
   * form's alert.
   */
  onSave: (details: ProfileDetailsData) => void | Promise<unknown>;
  /** Extra buttons beside 저장 (the signup step's 나중에 할게요). */
  children?: ReactNode;
  submitLabel?: string;
}) {
  const t = ko.profileDetails.details;
  const [draft, setDraft] = useState<Draft>(() => toDraft(props.initial));
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldMessages>({});
  const ids = {
    bio: useId(),
    bioCount: useId(),
    bioError: useId(),
    height: useId(),
    title: useId(),
    titleError: useId(),
    visible: useId(),
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const clearField = (key: FieldKey) =>
    setFieldErrors((f) => {
      if (!(key in f)) return f;
      const { [key]: _, ...rest } = f;
      return rest;
    });
  const questionText = (qid: string) => props.questions.find((q) => q.id === qid)?.text ?? qid;
  const unused = (current: string) =>
    props.questions.filter((q) => q.id === current || !draft.prompts.some((p) => p.questionId === q.id));

  const validate = (): string | null => {
    if (countChars(draft.bio) > DETAIL_LIMITS.bioMax) return `${t.bio}: ${t.tooLong(DETAIL_LIMITS.bioMax)}`;
    if (countChars(draft.jobTitle) > JOB_TITLE_MAX) return `${t.jobTitle}: ${t.tooLong(JOB_TITLE_MAX)}`;
    if (draft.jobTitle.trim() !== '' && draft.jobCategory === '') return PROFILE_DETAILS_KO.jobTitleNeedsCategory;
    if (draft.height.trim() !== '') {
      const h = Number(draft.height);
      if (!Number.isInteger(h) || h < DETAIL_LIMITS.heightMin || h > DETAIL_LIMITS.heightMax)
        return t.heightRange(DETAIL_LIMITS.heightMin, DETAIL_LIMITS.heightMax);
    }
    for (const p of draft.prompts) {
      if (countChars(p.answer) > DETAIL_LIMITS.promptAnswerMax)
        return `${questionText(p.questionId)}: ${t.tooLong(DETAIL_LIMITS.promptAnswerMax)}`;
    }
    return null;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validate();
    setError(problem);
    setFieldErrors({});
    if (problem) return;
    const sent = draft.prompts.flatMap((p, i) => (isSent(p) ? [i] : []));
    try {
      await props.onSave(fromDraft(draft));
    } catch (err) {
      const placed = err instanceof ApiError && err.fields ? fieldMessages(err.fields, sent) : {};
      setFieldErrors(placed);
      // The alert repeats the reason for screen readers; the field says where.
      setError(Object.keys(placed).length > 0 ? errorMessage(err) : `${t.failed}: ${errorMessage(err)}`);
    }
  };

  const setPrompt = (i: number, next: Partial<DetailPrompt>) =>
    set(
      'prompts',
      draft.prompts.map((p, j) => (j === i ? { ...p, ...next } : p)),
    );

  return (
    <form className="details-form" onSubmit={(e) => void submit(e)} noValidate>
      {props.hiddenCount ? (
        <p className="notice notice--error" role="status">
          {PROFILE_DETAILS_KO.hiddenNotice}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={ids.bio} className="field__label">
          {t.bio}
        </label>
        <textarea
          id={ids.bio}
          className="input details-form__bio"
          rows={4}
          value={draft.bio}
          aria-invalid={fieldErrors.bio ? true : undefined}
          aria-describedby={fieldErrors.bio ? `${ids.bioCount} ${ids.bioError}` : ids.bioCount}
          onChange={(e) => {
            set('bio', e.target.value);
            clearField('bio');
          }}
        />
        <Counter id={ids.bioCount} text={draft.bio} max={DETAIL_LIMITS.bioMax} />
        <FieldError id={ids.bioError} message={fieldErrors.bio} />
      </div>
      <div className="details-form__grid">
        <div className="field">
          <label htmlFor={ids.height} className="field__label">
            {t.height}
          </label>
          <input
            id={ids.height}
            className="input"
            type="number"
            inputMode="numeric"
            min={DETAIL_LIMITS.heightMin}
            max={DETAIL_LIMITS.heightMax}
            value={draft.height}
            onChange={(e) => set('height', e.target.value)}
          />
        </div>
        <SelectField label={t.mbti} value={draft.mbti} options={DETAIL_OPTIONS.mbti} onChange={(v) => set('mbti', v)} />
        <SelectField
          label={t.jobCategory}
          value={draft.jobCategory}
          options={DETAIL_OPTIONS.jobCategory}
          onChange={(v) => set('jobCategory', v)}
        />
        <div className="field">
          <label htmlFor={ids.title} className="field__label">
            {t.jobTitle}
          </label>
          <input
            id={ids.title}
            className="input"
            value={draft.jobTitle}
            aria-invalid={fieldErrors.jobTitle ? true : undefined}
            aria-describedby={fieldErrors.jobTitle ? ids.titleError : undefined}
            onChange={(e) => {
              set('jobTitle', e.target.value);
              clearField('jobTitle');
            }}
          />
          <FieldError id={ids.titleError} message={fieldErrors.jobTitle} />
        </div>
        <SelectField
          label={t.education}
          value={draft.education}
          options={DETAIL_OPTIONS.education}
          onChange={(v) => set('education', v)}
        />
        <SelectField
          label={t.lookingFor}
          value={draft.lookingFor}
          options={DETAIL_OPTIONS.lookingFor}
          onChange={(v) => set('lookingFor', v)}
        />
        <SelectField
          label={t.smoking}
          value={draft.smoking}
          options={DETAIL_OPTIONS.smoking}
          onChange={(v) => set('smoking', v)}
        />
        <SelectField
          label={t.drinking}
          value={draft.drinking}
          options={DETAIL_OPTIONS.drinking}
          onChange={(v) => set('drinking', v)}
        />
        <SelectField
          label={t.religion}
          value={draft.religion}
          options={DETAIL_OPTIONS.religion}
          onChange={(v) => set('religion', v)}
          disabled={!props.sensitiveConsent}
          hint={props.sensitiveConsent ? undefined : t.religionConsent}
        />
        {draft.religion ? (
          <label className="details-form__check" htmlFor={ids.visible}>
            <input
              id={ids.visible}
              type="checkbox"
              checked={draft.religionVisible}
              onChange={(e) => set('religionVisible', e.target.checked)}
            />
            {t.religionVisible}
          </label>
        ) : null}
      </div>

      <fieldset className="details-form__prompts">
        <legend className="field__label">{t.prompts}</legend>
        <p className="field__hint">{t.promptsLead(DETAIL_LIMITS.promptsMax, DETAIL_LIMITS.promptAnswerMax)}</p>
        {draft.prompts.map((p, i) => (
          <PromptCard
            key={i}
            prompt={p}
            questions={unused(p.questionId)}
            questionText={questionText(p.questionId)}
            error={fieldErrors[`prompt.${i}`]}
            onChange={(next) => {
              setPrompt(i, next);
              clearField(`prompt.${i}`);
            }}
            onRemove={() => {
              set(
                'prompts',
                draft.prompts.filter((_, j) => j !== i),
              );
              // Cards after this one move up: their messages would land on the wrong card.
              setFieldErrors((f) =>
                Object.fromEntries(Object.entries(f).filter(([key]) => !key.startsWith('prompt.'))),
              );
            }}
          />
        ))}
        {draft.prompts.length < DETAIL_LIMITS.promptsMax && unused('').length > 0 ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => set('prompts', [...draft.prompts, { questionId: unused('')[0]?.id ?? '', answer: '' }])}
          >
            {t.promptAdd}
          </button>
        ) : null}
      </fieldset>

      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="details-form__actions">
        <button type="submit" className="btn btn--primary" disabled={props.saving}>
          {props.saving ? t.saving : (props.submitLabel ?? t.save)}
        </button>
        {props.children}
      </div>
    </form>
  );
}

/** A field's message from the server, read with the field (aria-describedby). */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      {message}
    </p>
  );
}

function PromptCard(props: {
  prompt: DetailPrompt;
  questions: PromptQuestion[];
  questionText: string;
  error?: string;
  onChange: (next: Partial<DetailPrompt>) => void;
  onRemove: () => void;
}) {
  const t = ko.profileDetails.details;
  const ids = { pick: useId(), answer: useId(), count: useId(), error: useId() };
  return (
    <div className="prompt-card">
      <div className="field">
        <label htmlFor={ids.pick} className="field__label">
          {t.promptPick}
        </label>
        <select
          id={ids.pick}
          className="input"
          value={props.prompt.questionId}
          onChange={(e) => props.onChange({ questionId: e.target.value })}
        >
          {props.questions.map((q) => (
            <option key={q.id} value={q.id}>
              {q.text}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.answer} className="field__label">
          {t.promptAnswer(props.questionText)}
        </label>
        <textarea
          id={ids.answer}
          className="input"
          rows={3}
          value={props.prompt.answer}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${ids.count} ${ids.error}` : ids.count}
          onChange={(e) => props.onChange({ answer: e.target.value })}
        />
        <Counter id={ids.count} text={props.prompt.answer} max={DETAIL_LIMITS.promptAnswerMax} />
        <FieldError id={ids.error} message={props.error} />
      </div>
      <button type="button" className="btn btn--ghost prompt-card__remove" onClick={props.onRemove}>
        {t.promptRemove(props.questionText)}
      </button>
    </div>
  );
}
