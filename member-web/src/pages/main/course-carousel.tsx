// Date-course carousel from sample data: LIMITS.homeCoursesShown of the courses at a time, one step
// every LIMITS.homeCourseAdvanceMs; pauses on hover/focus, and never moves by itself for members
// who ask for reduced motion.
import { useEffect, useState, type FocusEvent } from 'react';
import { LIMITS } from '@contract/limits';
import { ChevronLeftIcon, ChevronRightIcon, MapPinIcon, PauseIcon, PlayIcon } from '../../components/icons';
import { ko } from '../../i18n/ko';
import { usePrefersReducedMotion } from '../../lib/use-media-query';

export interface Course {
  title: string;
  area: string;
  body: string;
  tags: readonly string[];
}

/** Generated visuals (no photos): one warm gradient per course. */
const VISUALS = [
  'linear-gradient(135deg, #ffd3b6 0%, #ff8a65 100%)',
  'linear-gradient(135deg, #ffe0a3 0%, #ff7a59 60%, #c94a6a 100%)',
  'linear-gradient(135deg, #f7d9c4 0%, #d9a57a 100%)',
  'linear-gradient(135deg, #b9e4f4 0%, #6fa8dc 100%)',
  'linear-gradient(135deg, #f9e7c9 0%, #e0a96d 100%)',
  'linear-gradient(135deg, #c8ebc9 0%, #6fb58a 100%)',
];

export function CourseCarousel({ courses = ko.home.courses }: { courses?: readonly Course[] }) {
  const total = courses.length;
  const shown = Math.min(LIMITS.homeCoursesShown, total);
  const [start, setStart] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const paused = hovered || focused || stopped || reducedMotion;

  useEffect(() => {
    if (paused || total <= shown) return;
    const timer = setInterval(() => setStart((s) => (s + 1) % total), LIMITS.homeCourseAdvanceMs);
    return () => clearInterval(timer);
  }, [paused, total, shown]);

  const step = (delta: number) => setStart((s) => (s + delta + total) % total);
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
  };
  const visible = Array.from({ length: shown }, (_, k) => (start + k) % total);

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={ko.home.coursesRegion}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="carousel__controls">
        <p className="carousel__position" aria-live={paused ? 'polite' : 'off'}>
          {ko.home.coursePosition(start + 1, ((start + shown - 1) % total) + 1, total)}
        </p>
        <button type="button" className="icon-btn" onClick={() => step(-1)} aria-label={ko.common.previous}>
          <ChevronLeftIcon />
        </button>
        {reducedMotion ? null : (
          <button
            type="button"
            className="icon-btn"
            onClick={() => setStopped((v) => !v)}
            aria-label={stopped ? ko.common.play : ko.common.pause}
          >
            {stopped ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
          </button>
        )}
        <button type="button" className="icon-btn" onClick={() => step(1)} aria-label={ko.common.next}>
          <ChevronRightIcon />
        </button>
      </div>
      <ul className="carousel__track">
        {visible.map((index) => {
          const course = courses[index];
          if (!course) return null;
          return (
            <li key={course.title} className="course-card" aria-roledescription="slide">
              <div
                className="course-card__visual"
                style={{ background: VISUALS[index % VISUALS.length] }}
                aria-hidden="true"
              >
                <span className="course-card__sun" />
              </div>
              <div className="course-card__body">
                <h3 className="course-card__title">{course.title}</h3>
                <p className="course-card__area">
                  <MapPinIcon size={14} />
                  {course.area}
                </p>
                <p className="course-card__text">{course.body}</p>
                <p className="course-card__tags">
                  {course.tags.map((t) => (
                    <span key={t} className="tag">
                      #{t}
                    </span>
                  ))}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
