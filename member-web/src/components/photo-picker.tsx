// Up to N profile photos with previews; image files only, prepared (upright, downscaled) before upload.
import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '@contract/limits';
import { ACCEPTED_IMAGE_INPUT } from '@contract/images';
import { VALIDATION_KO } from '@contract/messages';
import { ko } from '../i18n/ko';
import { isImageFile, prepareImage } from '../lib/image-prepare';
import { CameraIcon, CloseIcon } from './icons';

interface Photo {
  id: number;
  file: File;
  url: string;
}

interface PhotoPickerProps {
  max?: number;
  onFilesChange: (files: File[]) => void;
  /** A server-side error about the photos. */
  error?: string;
}

let nextPhotoId = 1;

export function PhotoPicker({ max = LIMITS.profileImages, onFilesChange, error }: PhotoPickerProps) {
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const inputId = useId();
  const urls = useRef(new Set<string>());

  useEffect(() => onFilesChange(photos.map((p) => p.file)), [photos, onFilesChange]);
  useEffect(() => {
    const owned = urls.current;
    return () => owned.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const addFiles = async (files: File[]) => {
    const images = files.filter(isImageFile);
    const room = max - photos.length;
    let message: string | null = null;
    if (images.length < files.length) message = VALIDATION_KO.imageOnly;
    else if (images.length > room) message = VALIDATION_KO.imagesMax;
    const accepted = images.slice(0, Math.max(0, room));
    setNotice(message);
    if (accepted.length === 0) return;

    setPreparing(true);
    const prepared = await Promise.all(accepted.map(prepareImage));
    setPreparing(false);
    const fitting = prepared.filter((f) => f.size <= LIMITS.imageMaxBytes);
    if (fitting.length < prepared.length) setNotice(ko.signup.photoTooLarge);
    const added = fitting.map((file) => {
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      return { id: nextPhotoId++, file, url };
    });
    // Functional update: two quick selections must not get past the limit together.
    setPhotos((prev) => [...prev, ...added].slice(0, max));
  };

  const remove = (photo: Photo) => {
    URL.revokeObjectURL(photo.url);
    urls.current.delete(photo.url);
    setNotice(null);
    setPhotos((prev) => prev.filter((p) => p.id !== photo.id));
  };

  const full = photos.length >= max;
  const message = error ?? notice;

  return (
    <div className="photo-picker">
      <ul className="photo-picker__grid">
        {photos.map((p, i) => (
          <li key={p.id} className="photo-slot">
            <img src={p.url} alt={ko.signup.photoAlt(i + 1)} className="photo-slot__img" />
            {i === 0 ? <span className="photo-slot__badge">{ko.signup.mainPhoto}</span> : null}
            <button
              type="button"
              className="icon-btn photo-slot__remove"
              onClick={() => remove(p)}
              aria-label={ko.signup.removePhoto(i + 1)}
            >
              <CloseIcon size={16} />
            </button>
          </li>
        ))}
        {full ? null : (
          <li className="photo-slot photo-slot--add">
            <input
              id={inputId}
              className="visually-hidden photo-add__input"
              type="file"
              accept={ACCEPTED_IMAGE_INPUT}
              multiple
              disabled={preparing}
              onChange={(e) => {
                const files = [...(e.target.files ?? [])];
                e.target.value = ''; // the same file can be chosen again after removing it
                void addFiles(files);
              }}
            />
            <label htmlFor={inputId} className="photo-add">
              <CameraIcon size={28} />
              <span>{preparing ? ko.signup.preparingPhoto : ko.signup.addPhoto}</span>
            </label>
          </li>
        )}
      </ul>
      {full ? <p className="field__hint">{ko.signup.photosFull}</p> : null}
      {message ? (
        <p className="field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
