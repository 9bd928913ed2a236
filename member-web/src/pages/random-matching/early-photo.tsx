// The first card's photo that src/first-paint/first-paint.js put over the prerendered spinner (window.__ongiEarlyPhoto):
// while the deck still loads, the page keeps it in the same boxes as the card's photo, so the photo stays
// on screen and in place until the card renders over it (docs/first-paint.md "The matching deck's photo").
// A picture for the eye only: the reader gets the loading status, as with the spinner.
import { PageLoading } from '../../components/page-loading';

type EarlyWindow = { __ongiEarlyPhoto?: string };

/** The photo first-paint.js showed, until the deck has rendered once. */
export function earlyPhoto(): string | undefined {
  if (typeof window === 'undefined') return undefined; // the build's prerender
  const url = (window as EarlyWindow).__ongiEarlyPhoto;
  return typeof url === 'string' ? url : undefined;
}

/** The deck has rendered (a card, or why there is none): the early photo is gone for good. */
export function forgetEarlyPhoto(): void {
  delete (window as EarlyWindow).__ongiEarlyPhoto;
}

export function EarlyPhoto({ url, label }: { url: string; label: string }) {
  return (
    <>
      <div className="match-card-stage" aria-hidden="true" data-early-photo="">
        <div className="match-card">
          <div className="match-photos">
            <img className="match-photos__image" src={url} alt="" draggable={false} />
          </div>
        </div>
      </div>
      <div className="visually-hidden">
        <PageLoading label={label} />
      </div>
    </>
  );
}
