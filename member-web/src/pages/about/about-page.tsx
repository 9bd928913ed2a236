// '/about': the team (docs/product-spec.md §1) plus the company info and usage guide the footer links to.
import { HeartIcon, ShieldIcon, SunIcon } from '../../components/icons';
import { ko } from '../../i18n/ko';
import { useScrollToHash } from '../../lib/use-scroll-to-hash';

const TEAM_COLORS = [
  'linear-gradient(135deg, #ffd59e, #ff8a65)',
  'linear-gradient(135deg, #c6d8ff, #7c8cf0)',
  'linear-gradient(135deg, #ffc2c7, #e0607e)',
];
const VALUE_ICONS = [<ShieldIcon key="s" size={22} />, <HeartIcon key="h" size={22} />, <SunIcon key="u" size={22} />];

export function AboutPage() {
  const a = ko.about;
  useScrollToHash();
  return (
    <div className="page about">
      <div className="container">
        <header className="about-hero">
          <h1 className="page-title">{a.title}</h1>
          <p className="page-lead about-hero__lead">{a.lead}</p>
          <ul className="about-values" aria-label={a.valuesLabel}>
            {a.values.map((v, i) => (
              <li key={v} className="about-values__item">
                {VALUE_ICONS[i]}
                {v}
              </li>
            ))}
          </ul>
        </header>

        <section className="card about-story" aria-labelledby="about-story">
          <h2 id="about-story" className="section-title">
            {a.storyTitle}
          </h2>
          {a.story.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>

        <section className="about-team" aria-labelledby="about-team">
          <h2 id="about-team" className="section-title">
            {a.teamTitle}
          </h2>
          <ul className="team-list">
            {a.team.map((m, i) => (
              <li key={m.name} className="team-card">
                <span
                  className="team-card__avatar"
                  style={{ background: TEAM_COLORS[i % TEAM_COLORS.length] }}
                  aria-hidden="true"
                >
                  {m.name.slice(0, 1)}
                </span>
                <h3 className="team-card__name">{m.name}</h3>
                <p className="team-card__role">{m.role}</p>
                <p className="team-card__body">{m.body}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="company" className="card about-section" aria-labelledby="about-company">
          <h2 id="about-company" className="section-title">
            {a.companyTitle}
          </h2>
          <p>{a.companyBody}</p>
        </section>

        <section id="guide" className="card about-section" aria-labelledby="about-guide">
          <h2 id="about-guide" className="section-title">
            {a.guideTitle}
          </h2>
          <ol className="about-guide">
            {a.guide.map((g) => (
              <li key={g}>{g}</li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
