import { describe, expect, it } from 'vitest';
import { formatKstDateTime } from '@contract/admin-core';
import { previewReason } from './report-text';

describe('previewReason', () => {
  it('keeps a reason of 40 characters and cuts a longer one at 40 with an ellipsis', () => {
    expect(previewReason('가'.repeat(40))).toBe('가'.repeat(40));
    expect(previewReason('가'.repeat(41))).toBe(`${'가'.repeat(40)}…`);
  });

  it('counts an emoji as one character', () => {
    expect(previewReason(`${'😀'.repeat(41)}`)).toBe(`${'😀'.repeat(40)}…`);
  });
});

describe('formatKstDateTime', () => {
  it("shows 'YYYY-MM-DD HH:mm:ss' in Korea time, without fractions or zone", () => {
    expect(formatKstDateTime('2026-11-22T15:04:05.123Z')).toBe('2026-11-23 00:04:05');
    expect(formatKstDateTime(null)).toBe('');
    expect(formatKstDateTime('nope')).toBe('');
  });
});
