// Photo viewer of a profile: cover/contain toggle, thumbnails, prev/next buttons and ←/→ keys.
import { useEffect, useState } from 'react';
import { ko } from '../../i18n/ko';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';
import type { ProfileImage } from './normalize-profile';

interface ImageViewerProps {
  images: ProfileImage[];
  name: string;
  /** Listen to ←/→ on the whole window (while the viewer is the main thing on screen). */
  arrowKeys?: boolean;
}

/** Typing in a field must not flip photos. */
function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function ImageViewer({ images, name, arrowKeys = true }: ImageViewerProps) {
  const [index, setIndex] = useState(0);
  const [fit, setFit] = useState<'cover' | 'contain'>('cover');
  const total = images.length;
  const current = images[Math.min(index, total - 1)];
  const t = ko.profile.viewer;

  useEffect(() => setIndex(0), [images]);

  useEffect(() => {
    if (!arrowKeys || total < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typingTarget(e.target)) return;
      if (e.key === 'ArrowLeft') setIndex((i) => (i - 1 + total) % total);
      else if (e.key === 'ArrowRight') setIndex((i) => (i + 1) % total);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [arrowKeys, total]);

  if (!current) return null;
  const shown = Math.min(index, total - 1);

  return (
    <section className="image-viewer" aria-roledescription="carousel" aria-label={t.label(name)}>
      <div className={`image-viewer__stage image-viewer__stage--${fit}`}>
        <img
          key={current.url}
          src={current.url}
          alt={t.photoAlt(name, shown + 1, total)}
          className="image-viewer__img"
          style={{ objectFit: fit }}
        />
        {total > 1 ? (
          <>
            <button
              type="button"
              className="icon-btn image-viewer__nav image-viewer__nav--prev"
              aria-label={t.previous}
              onClick={() => setIndex((i) => (i - 1 + total) % total)}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="icon-btn image-viewer__nav image-viewer__nav--next"
              aria-label={t.next}
              onClick={() => setIndex((i) => (i + 1) % total)}
            >
              <ChevronRightIcon />
            </button>
            <span className="image-viewer__position" aria-live="polite">
              {t.position(shown + 1, total)}
            </span>
          </>
        ) : null}
        <button
          type="button"
          className="btn btn--secondary image-viewer__fit"
          aria-pressed={fit === 'contain'}
          onClick={() => setFit((f) => (f === 'cover' ? 'contain' : 'cover'))}
        >
          {t.fitContain}
        </button>
      </div>
      {total > 1 ? (
        <ul className="image-viewer__thumbs">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                className="image-viewer__thumb"
                aria-label={t.thumbnail(i + 1)}
                aria-current={i === shown}
                onClick={() => setIndex(i)}
              >
                <img src={image.url} alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
