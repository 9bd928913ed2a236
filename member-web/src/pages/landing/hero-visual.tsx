// Decorative hero art drawn with CSS: two profile cards and floating interest tags.
import { HeartIcon } from '../../components/icons';
import { ko } from '../../i18n/ko';

export function HeroVisual() {
  return (
    <div className="hero-visual" aria-hidden="true">
      <div className="hero-visual__glow" />
      <div className="hero-card hero-card--back">
        <div className="hero-card__photo hero-card__photo--b" />
        <div className="hero-card__line" />
        <div className="hero-card__line hero-card__line--short" />
      </div>
      <div className="hero-card hero-card--front">
        <div className="hero-card__photo hero-card__photo--a">
          <span className="hero-card__heart">
            <HeartIcon size={22} fill="currentColor" />
          </span>
        </div>
        <div className="hero-card__tags">
          {ko.landing.heroTags.map((t) => (
            <span key={t} className="tag">
              {t}
            </span>
          ))}
        </div>
      </div>
      {ko.landing.heroBubbles.map((b, i) => (
        <span key={b} className={`hero-bubble hero-bubble--${i + 1}`}>
          {b}
        </span>
      ))}
    </div>
  );
}
