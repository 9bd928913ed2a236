import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@contract/limits';
import { ko } from '../../i18n/ko';
import { CourseCarousel } from './course-carousel';

const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const courseTitle = (i: number) => ko.home.courses[i]?.title;

function mockReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

describe('home date-course carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows 4 of the 6 sample courses and advances one step every 6 seconds', () => {
    render(<CourseCarousel />);
    expect(ko.home.courses).toHaveLength(6);
    expect(titles()).toEqual([0, 1, 2, 3].map(courseTitle));

    act(() => vi.advanceTimersByTime(LIMITS.homeCourseAdvanceMs - 1));
    expect(titles()[0]).toBe(courseTitle(0));
    act(() => vi.advanceTimersByTime(1));
    expect(titles()).toEqual([1, 2, 3, 4].map(courseTitle));

    act(() => vi.advanceTimersByTime(LIMITS.homeCourseAdvanceMs * 2));
    expect(titles()).toEqual([3, 4, 5, 0].map(courseTitle));
  });

  it('pauses while the pointer is over it and resumes after', () => {
    render(<CourseCarousel />);
    const region = screen.getByRole('region', { name: ko.home.coursesRegion });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(LIMITS.homeCourseAdvanceMs * 3));
    expect(titles()[0]).toBe(courseTitle(0));
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(LIMITS.homeCourseAdvanceMs));
    expect(titles()[0]).toBe(courseTitle(1));
  });

  it('pauses while keyboard focus is inside', () => {
    render(<CourseCarousel />);
    act(() => screen.getByRole('button', { name: ko.common.next }).focus());
    act(() => vi.advanceTimersByTime(LIMITS.homeCourseAdvanceMs * 2));
    expect(titles()[0]).toBe(courseTitle(0));
  });

  it('never moves by itself when reduced motion is asked for, but the buttons still work', () => {
    mockReducedMotion(true);
    render(<CourseCarousel />);
    act(() => vi.advanceTimersByTime(LIMITS.homeCourseAdvanceMs * 3));
    expect(titles()[0]).toBe(courseTitle(0));
    fireEvent.click(screen.getByRole('button', { name: ko.common.next }));
    expect(titles()[0]).toBe(courseTitle(1));
    fireEvent.click(screen.getByRole('button', { name: ko.common.previous }));
    fireEvent.click(screen.getByRole('button', { name: ko.common.previous }));
    expect(titles()[0]).toBe(courseTitle(5));
  });
});
