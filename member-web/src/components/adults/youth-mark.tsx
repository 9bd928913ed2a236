// The 19 mark (청소년유해매체물 표시, docs/trust.md "The 19 mark"): the official symbol — a red ring around "19" —
// drawn inline, with the wording the law requires. Shown on the landing page and before signup.
import { ko } from '../../i18n/ko';
import './adults.css';

/** The symbol alone: a red circle with "19", one image with an accessible name. */
export function YouthMarkSymbol({ size = 48 }: { size?: number }) {
  return (
    <svg
      className="youth-mark__symbol"
      width={size}
      height={size}
      viewBox="0 0 100 100"
      role="img"
      aria-label={ko.adults.mark.symbolLabel}
      focusable="false"
    >
      <circle cx="50" cy="50" r="44" fill="#ffffff" stroke="#e60012" strokeWidth="10" />
      <text
        x="50"
        y="52"
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="Arial, 'Helvetica Neue', sans-serif"
        fontSize="46"
        fontWeight="700"
        fill="#111111"
        letterSpacing="-2"
      >
        19
      </text>
    </svg>
  );
}

/** The symbol with the short and the legal wording. */
export function YouthMark({ className = '' }: { className?: string }) {
  const t = ko.adults.mark;
  return (
    <section className={`youth-mark ${className}`.trim()} aria-label={t.short}>
      <YouthMarkSymbol />
      <div className="youth-mark__text">
        <p className="youth-mark__short">{t.short}</p>
        <p className="youth-mark__legal">{t.legal}</p>
      </div>
    </section>
  );
}
