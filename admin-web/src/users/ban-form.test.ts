import { describe, expect, it } from 'vitest';
import { banUntilText, emptyBanForm, validateBanForm } from './ban-form';

// 2026-11-22 09:00 in Korea.
const NOW = new Date('2026-11-22T00:00:00.000Z');

describe('validateBanForm', () => {
  it('sends a permanent ban as until null, with the reason trimmed or null', () => {
    expect(validateBanForm({ ...emptyBanForm, reason: '  반복된 욕설 ' }, NOW)).toEqual({
      ok: true,
      body: { reason: '반복된 욕설', until: null },
    });
    expect(validateBanForm(emptyBanForm, NOW)).toEqual({ ok: true, body: { reason: null, until: null } });
  });

  it('sends a temporary ban as date + T + time + :00 (Korea time)', () => {
    const result = validateBanForm({ mode: 'temporary', date: '2026-11-30', time: '18:30', reason: '' }, NOW);
    expect(result).toEqual({ ok: true, body: { reason: null, until: '2026-11-30T18:30:00' } });
    expect(banUntilText('2026-11-30', '18:30:45')).toBe('2026-11-30T18:30:00');
  });

  it('needs both the date and the time for a temporary ban', () => {
    const message = '임시 정지의 만료 날짜와 시간을 입력해 주세요';
    for (const [date, time] of [
      ['', ''],
      ['2026-11-30', ''],
      ['', '18:30'],
    ] as const) {
      expect(validateBanForm({ mode: 'temporary', date, time, reason: '' }, NOW)).toEqual({
        ok: false,
        errors: { until: message },
      });
    }
  });

  it('refuses an expiry that is not in the future, reading the input as Korea time', () => {
    // 09:00 KST now: 08:59 today has passed even though 08:59 UTC has not.
    const past = validateBanForm({ mode: 'temporary', date: '2026-11-22', time: '08:59', reason: '' }, NOW);
    expect(past).toEqual({ ok: false, errors: { until: '정지 만료 시각은 지금보다 뒤로 정해 주세요.' } });
    expect(validateBanForm({ mode: 'temporary', date: '2026-11-22', time: '09:01', reason: '' }, NOW).ok).toBe(true);
  });

  it('takes a reason of 200 characters and refuses 201', () => {
    expect(validateBanForm({ ...emptyBanForm, reason: '가'.repeat(200) }, NOW).ok).toBe(true);
    expect(validateBanForm({ ...emptyBanForm, reason: '가'.repeat(201) }, NOW)).toEqual({
      ok: false,
      errors: { reason: '정지 사유는 200자를 넘을 수 없어요.' },
    });
  });

  it('ignores the date and time fields for a permanent ban', () => {
    expect(validateBanForm({ mode: 'permanent', date: '2020-01-01', time: '', reason: '' }, NOW)).toEqual({
      ok: true,
      body: { reason: null, until: null },
    });
  });
});
