// Quiet hours are read on the Korean clock (UTC+9), start included, end excluded, across midnight.
import { describe, expect, it } from 'vitest';
import { inQuietHours } from './settings';

const kst = (hhmm: string) => new Date(Date.parse(`2026-11-24T${hhmm}:00.000+09:00`));

describe('inQuietHours', () => {
  const night = { enabled: true, start: '22:00', end: '08:00' };

  it('22:00–08:00 covers the night across midnight, not the day', () => {
    expect(inQuietHours(night, kst('22:00'))).toBe(true);
    expect(inQuietHours(night, kst('23:59'))).toBe(true);
    expect(inQuietHours(night, kst('00:30'))).toBe(true);
    expect(inQuietHours(night, kst('07:59'))).toBe(true);
    expect(inQuietHours(night, kst('08:00'))).toBe(false);
    expect(inQuietHours(night, kst('12:00'))).toBe(false);
    expect(inQuietHours(night, kst('21:59'))).toBe(false);
  });

  it('a daytime range, and nothing when disabled', () => {
    const day = { enabled: true, start: '09:00', end: '18:00' };
    expect(inQuietHours(day, kst('09:00'))).toBe(true);
    expect(inQuietHours(day, kst('17:59'))).toBe(true);
    expect(inQuietHours(day, kst('18:00'))).toBe(false);
    expect(inQuietHours(day, kst('03:00'))).toBe(false);
    expect(inQuietHours({ ...night, enabled: false }, kst('23:00'))).toBe(false);
  });
});
