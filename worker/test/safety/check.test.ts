// POST /api/on/safety/check (docs/safety.md "Check endpoint"): the detector's flags with offsets in
// UTF-16 units of the normalised text, at most SAFETY_MAX_FLAGS, 400 past 1,000 characters, a
// strict body, members only, and a per-member budget so a loop of probes hears 429.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SAFETY_CHECK_KO, SAFETY_CHECK_LIMITS, type SafetyCheckResponse } from '../../src/contract/safety/check';
import { SAFETY_MAX_FLAGS, detectSafety } from '../../src/contract/safety/detector';
import { normalizeText } from '../../src/contract/text';
import { VALIDATION_KO } from '../../src/contract/messages';
import { signUpMember } from '../helpers/auth';
import { clockedApp } from '../helpers/community';
import { call, type ErrorBody } from '../helpers/mypage';

const check = (token: string | undefined, json: unknown) =>
  call('/api/on/safety/check', { method: 'POST', token, json });

describe('POST /api/on/safety/check', () => {
  it('answers the flags with offsets into the normalised text (UTF-16 units)', async () => {
    const m = await signUpMember();
    // A zero-width space (dropped by normalising) and two emoji (two units each) before the number.
    const raw = '\u200b😀😀 제 번호는 010-1234-5678 이에요';
    const res = await check(m.accessToken, { text: raw });
    expect(res.status).toBe(200);
    const { flags } = await res.json<SafetyCheckResponse>();
    expect(flags).toEqual(detectSafety(raw).flags);
    const contact = flags.find((f) => f.kind === 'CONTACT');
    expect(contact).toBeDefined();
    const text = normalizeText(raw);
    expect(text.slice(contact!.start, contact!.end)).toContain('1234');
    expect(contact!.start).toBeGreaterThan(text.indexOf('번호'));
  });

  it('answers no flags for ordinary talk and for blank text', async () => {
    const m = await signUpMember();
    const clean = await check(m.accessToken, { text: '주말에 성수에서 커피 어때요? 전화번호는 더 친해지면 나눠요.' });
    expect(await clean.json()).toEqual({ flags: [] });
    const blank = await check(m.accessToken, { text: ' \u200b ' });
    expect(blank.status).toBe(200);
    expect(await blank.json()).toEqual({ flags: [] });
  });

  it(`answers at most ${SAFETY_MAX_FLAGS} flags`, async () => {
    const m = await signUpMember();
    const text = Array.from({ length: 30 }, (_, i) => `010-${String(1000 + i)}-5678`).join(' / ');
    const { flags } = await (await check(m.accessToken, { text })).json<SafetyCheckResponse>();
    expect(flags).toHaveLength(SAFETY_MAX_FLAGS);
  });

  it('takes 1,000 characters as a person counts them and refuses 1,001 with a Korean message', async () => {
    const m = await signUpMember();
    const family = '👨‍👩‍👧'; // one character, eight UTF-16 units
    const ok = await check(m.accessToken, { text: family.repeat(SAFETY_CHECK_LIMITS.textMaxChars) });
    expect(ok.status).toBe(200);
    const long = await check(m.accessToken, { text: '가'.repeat(SAFETY_CHECK_LIMITS.textMaxChars + 1) });
    expect(long.status).toBe(400);
    const body = await long.json<ErrorBody>();
    expect(body.message).toBe(SAFETY_CHECK_KO.tooLong);
    expect(body.fields?.text).toBe(SAFETY_CHECK_KO.tooLong);
  });

  it('refuses unknown keys, a missing or non-text `text`, and a visitor', async () => {
    const m = await signUpMember();
    const extra = await check(m.accessToken, { text: '안녕하세요', kind: 'CONTACT' });
    expect(extra.status).toBe(400);
    expect((await extra.json<ErrorBody>()).fields?.kind).toBe(VALIDATION_KO.unknownField);
    expect((await check(m.accessToken, {})).status).toBe(400);
    expect((await check(m.accessToken, { text: 42 })).status).toBe(400);
    expect((await check(undefined, { text: '안녕하세요' })).status).toBe(401);
  });

  it('answers 429 with a Korean message to a loop of probes, per member, until the next minute', async () => {
    const [m, other] = await Promise.all([signUpMember(), signUpMember()]);
    const at = clockedApp('2026-11-26T10:00:05.000Z');
    const probe = (memberId: number, text: unknown) =>
      at.fetchAt(memberId, '/api/on/safety/check', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text }),
      });
    for (let i = 0; i < SAFETY_CHECK_LIMITS.perMinute; i++) {
      // Invalid probes spend the budget as well.
      const res = await probe(m.memberId, i % 2 === 0 ? `카 톡 아이디 ${i}` : 7);
      expect(res.status).not.toBe(429);
    }
    const refused = await probe(m.memberId, '카톡 아이디 알려줄게요');
    expect(refused.status).toBe(429);
    expect(await refused.json<ErrorBody>()).toMatchObject({ code: 'RATE_LIMITED', message: SAFETY_CHECK_KO.tooMany });
    expect((await probe(other.memberId, '안녕하세요')).status).toBe(200);
    const later = clockedApp('2026-11-26T10:01:00.000Z');
    const next = await later.fetchAt(m.memberId, '/api/on/safety/check', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: '안녕하세요' }),
    });
    expect(next.status).toBe(200);
  });

  it(`answers 429 past ${SAFETY_CHECK_LIMITS.perDay} checks in a day`, async () => {
    const m = await signUpMember();
    const now = '2026-11-26T10:00:05.000Z';
    const window = Math.floor(Date.parse(now) / 1000 / 86_400) * 86_400;
    await env.DB.prepare('INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)')
      .bind(`safety-check:d:${m.memberId}`, window, SAFETY_CHECK_LIMITS.perDay)
      .run();
    const res = await clockedApp(now).fetchAt(m.memberId, '/api/on/safety/check', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: '안녕하세요' }),
    });
    expect(res.status).toBe(429);
    expect((await res.json<ErrorBody>()).message).toBe(SAFETY_CHECK_KO.tooManyToday);
  });
});
