// The write/edit form: category, title and content with live counters, one optional picture,
// the contract's rules and messages (docs/product-spec.md §5), upload progress and the server's message.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { POST_CATEGORY_LABELS, postDraft, type CommunityPost, type PostDraft } from '@contract/community';
import { POST_CATEGORIES, type PostCategory } from '@contract/enums';
import { LIMITS } from '@contract/limits';
import { countChars } from '@contract/text';
import { submitPost } from '../../api/community';
import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';
import { ImageField, type ImageChoice } from './image-field';

type FormInput = z.input<typeof postDraft>;
const FIELDS = ['category', 'title', 'content'] as const;
const isField = (k: string): k is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(k);

/** The Korean message the Worker sent, if it sent one (not a proxy page, a timeout or no network). */
function serverMessage(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status === 0 || err.code.startsWith('HTTP_')) return null;
  return err.message || null;
}

interface PostFormProps {
  /** The post being edited; absent when writing a new one. */
  editing?: CommunityPost;
  /** A new post's category to start with (the tab the writer came from). */
  initialCategory?: PostCategory;
  onSaved: (post: CommunityPost) => void;
  onCancel: () => void;
}

export function PostForm({ editing, initialCategory, onSaved, onCancel }: PostFormProps) {
  const t = ko.community;
  const [image, setImage] = useState<ImageChoice>(
    editing?.imageUrl ? { kind: 'current', url: editing.imageUrl } : { kind: 'none' },
  );
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, PostDraft>({
    resolver: zodResolver(postDraft),
    defaultValues: editing
      ? { category: editing.category, title: editing.title, content: editing.content }
      : { category: initialCategory, title: '', content: '' },
  });
  const title = useWatch({ control, name: 'title' }) ?? '';
  const content = useWatch({ control, name: 'content' }) ?? '';

  const submit = async (draft: PostDraft) => {
    setFailure(null);
    setProgress(0);
    try {
      const saved = await submitPost(
        editing ? { kind: 'edit', id: editing.id } : { kind: 'create' },
        {
          draft,
          image: image.kind === 'new' ? image.file : null,
          removeImage: Boolean(editing?.imageUrl) && image.kind === 'none',
        },
        (f) => setProgress(Math.round(f * 100)),
      );
      onSaved(saved);
    } catch (err) {
      setProgress(null);
      const fallback = editing ? t.editFailed : t.createFailed;
      if (err instanceof ApiError) {
        for (const [key, message] of Object.entries(err.fields ?? {})) {
          if (isField(key)) setError(key, { message });
        }
      }
      setFailure(serverMessage(err) ?? fallback);
    }
  };

  return (
    <form className="post-form" onSubmit={(e) => void handleSubmit(submit)(e)} noValidate>
      <fieldset className="field" aria-describedby={errors.category ? 'post-category-error' : undefined}>
        <legend className="field__label">{t.category}</legend>
        <div className="segmented">
          {POST_CATEGORIES.map((c) => (
            <label key={c} className="segmented__option">
              <input type="radio" value={c} {...register('category')} />
              <span>{POST_CATEGORY_LABELS[c]}</span>
            </label>
          ))}
        </div>
        {errors.category ? (
          <p id="post-category-error" className="field__error" role="alert">
            {errors.category.message}
          </p>
        ) : null}
      </fieldset>

      <div className="field">
        <label className="field__label" htmlFor="post-title">
          {t.titleLabel}
        </label>
        <input
          id="post-title"
          className="input"
          placeholder={t.titlePlaceholder}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby="post-title-count"
          {...register('title')}
        />
        <p id="post-title-count" className="field__hint post-form__counter">
          {t.counter(countChars(title), LIMITS.postTitle)}
        </p>
        {errors.title ? (
          <p className="field__error" role="alert">
            {errors.title.message}
          </p>
        ) : null}
      </div>

      <div className="field">
        <label className="field__label" htmlFor="post-content">
          {t.contentLabel}
        </label>
        <textarea
          id="post-content"
          className="input post-form__content"
          rows={10}
          placeholder={t.contentPlaceholder}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby="post-content-count"
          {...register('content')}
        />
        <p id="post-content-count" className="field__hint post-form__counter">
          {t.counter(countChars(content), LIMITS.postContentMax)}
        </p>
        {errors.content ? (
          <p className="field__error" role="alert">
            {errors.content.message}
          </p>
        ) : null}
      </div>

      <ImageField value={image} onChange={setImage} />

      {progress !== null ? (
        <div className="upload-progress">
          <p className="field__hint" aria-hidden="true">
            {t.uploadProgress(progress)}
          </p>
          <div
            className="progress"
            role="progressbar"
            aria-label={t.uploadLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <div className="progress__bar" style={{ width: `${progress}%` }} />
          </div>
        </div>
      ) : null}
      {failure ? (
        <div className="notice notice--error" role="alert">
          {failure}
        </div>
      ) : null}

      <div className="post-form__actions">
        <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={isSubmitting}>
          {t.cancel}
        </button>
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? t.submitting : editing ? t.submitEdit : t.submitCreate}
        </button>
      </div>
    </form>
  );
}
