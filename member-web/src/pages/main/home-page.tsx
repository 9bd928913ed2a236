// '/main': greeting, 오늘의 인연 first (docs/today.md), top-3 popular profiles and the date-course carousel; pings the server once.
import { Link } from 'react-router-dom';
import { usePing } from '../../api/auth-hooks';
import { HeartIcon } from '../../components/icons';
import { ko } from '../../i18n/ko';
import { CourseCarousel } from './course-carousel';
import { PopularProfiles } from './popular-profiles';
import { TodayCards } from './today-cards';
import { ValuesSuggestion } from './values-suggestion';

export function HomePage() {
  usePing();
  return (
    <div className="home">
      <section className="home-hero">
        <div className="container home-hero__inner">
          <div>
            <h1 className="page-title">{ko.home.greeting}</h1>
            <p className="page-lead">{ko.home.lead}</p>
          </div>
          <Link to="/random/matching" className="btn btn--primary btn--lg">
            <HeartIcon size={20} />
            {ko.home.goMatching}
          </Link>
        </div>
      </section>

      <div className="container home__sections">
        <TodayCards />

        <ValuesSuggestion />
        <section aria-labelledby="popular-title" className="home-section">
          <h2 id="popular-title" className="section-title">
            {ko.home.popularTitle}
          </h2>
          <p className="section-lead">{ko.home.popularLead}</p>
          <PopularProfiles />
        </section>

        <section aria-labelledby="courses-title" className="home-section">
          <h2 id="courses-title" className="section-title">
            {ko.home.coursesTitle}
          </h2>
          <p className="section-lead">{ko.home.coursesLead}</p>
          <CourseCarousel />
        </section>
        <p className="field__hint home__note">{ko.home.sampleNote}</p>
      </div>
    </div>
  );
}
