// Top-3 popular profiles (static samples, spec §2 "Home").
import { HeartIcon, MapPinIcon } from '../../components/icons';
import { ko } from '../../i18n/ko';

const AVATARS = [
  'linear-gradient(135deg, #ffb38a, #ff6b57)',
  'linear-gradient(135deg, #ffd59e, #f08a5d)',
  'linear-gradient(135deg, #f7c6c7, #d97a8b)',
];

export function PopularProfiles() {
  return (
    <ol className="popular-list">
      {ko.home.popularProfiles.map((p, i) => (
        <li key={p.name} className="popular-card">
          <span className={`popular-card__rank popular-card__rank--${i + 1}`}>{ko.home.rank(i + 1)}</span>
          <span className="popular-card__avatar" style={{ background: AVATARS[i % AVATARS.length] }} aria-hidden="true">
            {p.name.slice(0, 1)}
          </span>
          <div className="popular-card__info">
            <h3 className="popular-card__name">
              {p.name} <span className="popular-card__age">{ko.home.ageSuffix(p.age)}</span>
            </h3>
            <p className="popular-card__region">
              <MapPinIcon size={14} />
              {p.region}
            </p>
            <p className="popular-card__tags">
              {p.interests.map((t) => (
                <span key={t} className="tag">
                  #{t}
                </span>
              ))}
            </p>
          </div>
          <p className="popular-card__hearts">
            <HeartIcon size={16} fill="currentColor" />
            {ko.home.hearts(p.hearts)}
          </p>
        </li>
      ))}
    </ol>
  );
}
