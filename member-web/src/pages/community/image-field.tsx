// The one optional picture of a post: choose, preview, replace or remove. Files are prepared
// (upright, downscaled, metadata dropped) before upload, like profile photos.
import { useId, useState } from 'react';
import { LIMITS } from '@contract/limits';
import { ACCEPTED_IMAGE_INPUT } from '@contract/images';
import { VALIDATION_KO } from '@contract/messages';
import { ko } from '../../i18n/ko';
import { isImageFile, prepareImage } from '../../lib/image-prepare';

/** What the form holds: nothing, the post's current picture (edit), or a newly chosen file. */
export type ImageChoice =
  { kind: 'none' } | { kind: 'current'; url: string } | { kind: 'new'; file: File; url: string };

export function ImageField({ value, onChange }: { value: ImageChoice; onChange: (next: ImageChoice) => void }) {
  const inputId = useId();
  const [preparing, setPreparing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const t = ko.community;

  // A chosen file's preview URL is released when it is replaced or removed.
  const change = (next: ImageChoice) => {
    if (value.kind === 'new') URL.revokeObjectURL(value.url);
    onChange(next);
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!isImageFile(file)) {
      setNotice(VALIDATION_KO.imageOnly);
      return;
    }
    setNotice(null);
    setPreparing(true);
    const prepared = await prepareImage(file);
    setPreparing(false);
    if (prepared.size > LIMITS.imageMaxBytes) {
      setNotice(t.imageTooLarge);
      return;
    }
    change({ kind: 'new', file: prepared, url: URL.createObjectURL(prepared) });
  };

  const preview = value.kind === 'none' ? null : value.url;
  return (
    <div className="field">
      <span className="field__label">{t.image}</span>
      {preview ? (
        <div className="post-image-preview">
          <img src={preview} alt={t.imagePreview} />
        </div>
      ) : null}
      <div className="post-image-actions">
        <input
          id={inputId}
          className="visually-hidden photo-add__input"
          type="file"
          accept={ACCEPTED_IMAGE_INPUT}
          disabled={preparing}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = ''; // the same file can be chosen again after removing it
            void choose(file);
          }}
        />
        <label htmlFor={inputId} className="btn btn--secondary">
          {preparing ? t.preparingImage : preview ? t.replaceImage : t.addImage}
        </label>
        {preview ? (
          <button type="button" className="btn btn--ghost" onClick={() => change({ kind: 'none' })}>
            {t.removeImage}
          </button>
        ) : null}
      </div>
      {notice ? (
        <p className="field__error" role="alert">
          {notice}
        </p>
      ) : null}
    </div>
  );
}
