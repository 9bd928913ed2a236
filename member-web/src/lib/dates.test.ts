import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelative } from './dates';

describe('Korean date formatting', () => {
  it('writes a long date with 오후 and the Korea-time hour', () => {
    expect(formatDateTime('2026-11-22T06:04:00Z')).toBe('2026년 11월 22일 오후 3:04');
  });

  it('writes morning times with 오전 and midnight as 12', () => {
    expect(formatDateTime('2026-11-21T15:00:00Z')).toBe('2026년 11월 22일 오전 12:00');
    expect(formatDateTime('2026-11-22T00:30:00Z')).toBe('2026년 11월 22일 오전 9:30');
  });

  it('writes noon as 오후 12', () => {
    expect(formatDateTime('2026-11-22T03:05:00Z')).toBe('2026년 11월 22일 오후 12:05');
  });

  it('returns an empty string for an unreadable date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });

  it('says how long ago something happened', () => {
    const now = new Date('2026-11-22T06:04:00Z');
    expect(formatRelative('2026-11-22T06:01:00Z', now)).toBe('3분 전');
    expect(formatRelative('2026-11-22T06:03:30Z', now)).toBe('방금 전');
    expect(formatRelative('2026-11-22T04:04:00Z', now)).toBe('2시간 전');
    expect(formatRelative('2026-11-21T06:04:00Z', now)).toBe('어제');
    expect(formatRelative('2026-11-19T06:04:00Z', now)).toBe('3일 전');
  });

  it('falls back to the date after a week', () => {
    const now = new Date('2026-11-22T06:04:00Z');
    expect(formatRelative('2026-11-01T06:04:00Z', now)).toBe(formatDate('2026-11-01T06:04:00Z'));
    expect(formatDate('2026-11-01T06:04:00Z')).toBe('2026년 11월 1일');
  });
});
