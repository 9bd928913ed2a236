// The card's photos: main first, then the subs, with previous/next arrows.
import { useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import { ko } from '../../i18n/ko';

export function PhotoCarousel({ name, urls }: { name: string; urls: string[] }) {
  const [at, setAt] = useState(0);
  const t = ko.matching.photos;
  const total = urls.length;
  const url = urls[Math.min(at, total - 1)];
  if (!url) {
    return (
      <div className="match-photos match-photos--empty">
        <span className="match-photos__initial" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
        <span className="match-photos__none">{t.none}</span>
      </div>
    );
  }
  const step = (d: number) => setAt((i) => (i + d + total) % total);
  return (
    <div className="match-photos">
      <img className="match-photos__image" src={url} alt={t.alt(name, at + 1)} draggable={false} />
      {total > 1 ? (
        <>
          <button
            type="button"
            className="match-photos__arrow match-photos__arrow--prev"
            aria-label={t.previous}
            onClick={() => step(-1)}
          >
            <ChevronLeftIcon size={22} />
          </button>
          <button
            type="button"
            className="match-photos__arrow match-photos__arrow--next"
            aria-label={t.next}
            onClick={() => step(1)}
          >
            <ChevronRightIcon size={22} />
          </button>
          <p className="match-photos__dots">
            <span className="visually-hidden">{t.position(at + 1, total)}</span>
            {urls.map((u, i) => (
              <span key={u} className={`match-photos__dot${i === at ? ' is-active' : ''}`} aria-hidden="true" />
            ))}
          </p>
        </>
      ) : null}
    </div>
  );
}
