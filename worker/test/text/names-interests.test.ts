// Names (issue 11: invisible and direction-changing names) and the original client's interest
// labels, through the real signup and my-page calls.
import { NICKNAME_KO } from '../../src/contract/nickname';
import { PROFILE_CONTACT_CODE, PROFILE_CONTACT_KO } from '../../src/contract/safety/member-limits';
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { VALIDATION_KO, type InterestsResponse } from '../../src/contract';
import { devSignIn, postSignup, signUpMember, signupData, signupForm, uniqueEmail } from '../helpers/auth';
import { call, type ErrorBody } from '../helpers/mypage';

/** A signup with a fresh portal identity whose `data` part is changed by `edit`. */
async function signUpWith(edit: (data: Record<string, unknown>) => Record<string, unknown>): Promise<Response> {
  const identity = { email: uniqueEmail('text'), name: '박온기', gender: 'M' as const, birthday: '1996-07-01' };
  const { body, cookies } = await devSignIn(identity);
  if (body.status !== 'NEED_AGREEMENT') throw new Error('expected a new identity');
  return postSignup(signupForm(edit(signupData(identity))), cookies);
}

const storedName = async (memberId: number) =>
  (await env.DB.prepare('SELECT name FROM members WHERE id = ?').bind(memberId).first<{ name: string }>())?.name;

describe('signup names', () => {
  it('refuses a name made only of zero-width characters as missing', async () => {
    const res = await signUpWith((d) => ({ ...d, name: '\u200b\u200c\u200d\ufeff' }));
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).fields?.name).toBe(NICKNAME_KO.required);
  });

  it('refuses a name holding a contact handle with the friendly reason at the field (issue 22 §2)', async () => {
    const res = await signUpWith((d) => ({ ...d, name: '라인 id hi' }));
    expect(res.status).toBe(400);
    const body = await res.json<ErrorBody>();
    expect(body).toMatchObject({ code: PROFILE_CONTACT_CODE, fields: { name: PROFILE_CONTACT_KO } });
  });

  it('refuses a name that mixes a right-to-left override with 관리자', async () => {
    for (const name of ['\u202e자리관', '관리자\u202e', '\u2067관리자\u2069']) {
      const res = await signUpWith((d) => ({ ...d, name }));
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect((await res.json<ErrorBody>()).fields?.name).toBe(NICKNAME_KO.characters);
    }
  });

  it('refuses Hangul fillers and symbols in a name', async () => {
    for (const name of ['김\u3164온기', '\u3164\u3164', '온기😀', '<온기>']) {
      const res = await signUpWith((d) => ({ ...d, name }));
      expect(res.status, JSON.stringify(name)).toBe(400);
    }
  });

  it('stores a nickname NFC, without zero-width characters, spaces collapsed; counts 10 syllables typed as jamo', async () => {
    const res = await signUpWith((d) => ({ ...d, name: '  김\u200b  온기 ' }));
    expect(res.status).toBe(200);
    expect(await storedName(await res.json<number>())).toBe('김 온기');
    const jamo = await signUpWith((d) => ({ ...d, name: '\u1100\u1161'.repeat(10) }));
    expect(jamo.status).toBe(200);
    expect(await storedName(await jamo.json<number>())).toBe('가'.repeat(10));
    const long = await signUpWith((d) => ({ ...d, name: '가'.repeat(11) }));
    expect((await long.json<ErrorBody>()).fields?.name).toBe(NICKNAME_KO.tooLong);
  });
});

describe("the original client's interest labels", () => {
  const ALIASES = ['디지털 기술', '사진 촬영', '테크놀로지'];
  const CANONICAL = ['디지털 기기', '사진', '과학기술'];

  it('are accepted at signup and stored as Ongi’s labels', async () => {
    const res = await signUpWith((d) => ({ ...d, interests: ALIASES }));
    expect(res.status).toBe(200);
    const memberId = await res.json<number>();
    const rows = await env.DB.prepare('SELECT tag FROM member_interests WHERE member_id = ? ORDER BY tag')
      .bind(memberId)
      .all<{ tag: string }>();
    expect(rows.results.map((r) => r.tag)).toEqual([...CANONICAL].sort());
  });

  it('are accepted on my page and answered as Ongi’s labels', async () => {
    const m = await signUpMember();
    const put = await call('/api/on/mypage/interests', {
      method: 'PUT',
      token: m.accessToken,
      json: { interests: ['운동', ...ALIASES] },
    });
    expect(put.status).toBe(200);
    const answered = (await put.json<InterestsResponse>()).interests;
    expect([...answered].sort()).toEqual(['운동', ...CANONICAL].sort());
    const got = await (await call('/api/on/mypage/interests', { token: m.accessToken })).json<InterestsResponse>();
    expect([...got.interests].sort()).toEqual(['운동', ...CANONICAL].sort());
  });

  it('still refuses a label that is neither', async () => {
    const m = await signUpMember();
    const res = await call('/api/on/mypage/interests', {
      method: 'PUT',
      token: m.accessToken,
      json: { interests: ['디지털'] },
    });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).message).toBe(VALIDATION_KO.interestUnknown);
  });
});
