// On the profile: the questions both of us answered where the other member's answer is public —
// their answer, and whether it is one I accept. Private answers never reach the SPA.
import { useId } from 'react';
import type { SharedValueAnswer } from '../../api/values';
import { ko } from '../../i18n/ko';
import { CompatibilityBadge } from './compatibility-badge';

export function SharedValues({
  compatibility,
  shared,
  heading: Heading = 'h4',
}: {
  compatibility: number | null | undefined;
  shared: readonly SharedValueAnswer[] | undefined;
  /** One level below the profile's name heading. */
  heading?: 'h2' | 'h3' | 'h4';
}) {
  const t = ko.values;
  const headingId = useId();
  const list = shared ?? [];
  if ((compatibility === null || compatibility === undefined) && list.length === 0) return null;
  return (
    <section className="shared-values" aria-labelledby={headingId}>
      <Heading id={headingId} className="shared-values__title">
        {t.sharedTitle} <CompatibilityBadge value={compatibility} />
      </Heading>
      {list.length > 0 ? (
        <>
          <p className="muted shared-values__lead">{t.sharedLead}</p>
          <ul className="shared-values__list">
            {list.map((s) => (
              <li key={s.questionId} className="shared-values__item">
                <p className="shared-values__question">{s.question}</p>
                <p className="shared-values__answer">
                  <span className="visually-hidden">{t.theirAnswer}: </span>
                  {s.answer}
                </p>
                <p className={`shared-values__fit shared-values__fit--${s.fits ? 'yes' : 'no'}`}>
                  {s.fits ? t.fits : t.differs}
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
