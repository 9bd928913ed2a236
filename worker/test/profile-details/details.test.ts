// Issue 13 §1: rich profile details — my own GET/PUT, validation, the sensitive-consent rule for
// religion, lookingFor ↔ matching toggles, what others see in the modal, admin hiding, export and
// deletion.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PROFILE_PROMPTS, type MyProfileDetails } from '../../src/contract/profile-details';
import type { ModalProfile } from '../../src/contract/profiles';
import { PROFILE_CONTACT_CODE, PROFILE_CONTACT_KO } from '../../src/contract/safety/member-limits';
import { callAs, seedCandidate, seedMember } from '../helpers/matching';
import { call, consoleAdmin } from '../admin/console-helpers';

const PATH = '/api/on/mypage/profile-details';

async function giveSensitiveConsent(memberId: number, agreed = true) {
  await env.DB.prepare(
    `INSERT INTO member_agreements (member_id, item, agreed, terms_version) VALUES (?, 'SENSITIVE_INFO', ?, 'test')
     ON CONFLICT (member_id, item) DO UPDATE SET agreed = excluded.agreed`,
  )
    .bind(memberId, agreed ? 1 : 0)
    .run();
}

const put = (memberId: number, body: unknown) => callAs(memberId, PATH, { method: 'PUT', body });
const mine = async (memberId: number) => (await callAs(memberId, PATH)).json<MyProfileDetails>();
const modal = async (viewer: number, target: number) =>
  (await callAs(viewer, `/api/on/profile/modal/${target}`)).json<ModalProfile>();

const FULL = {
  bio: '  주말마다 한강을 걸어요.\u200b 같이 걸을 사람을 찾고 있어요!  ',
  heightCm: 172,
  job: { category: 'IT', title: '백엔드 개발자' },
  education: 'UNIVERSITY',
  religion: 'BUDDHIST',
  religionVisible: false,
  smoking: 'NO',
  drinking: 'SOMETIMES',
  mbti: 'INFP',
  lookingFor: 'SERIOUS',
  prompts: [
    { questionId: 'into_lately', answer: '필름 카메라요' },
    { questionId: 'perfect_weekend', answer: '늦잠 자고 동네 빵집 가기' },
  ],
};

describe('profile details: my own', () => {
  it('starts empty, saves every field normalised and answers the same shape', async () => {
    const me = await seedMember();
    await giveSensitiveConsent(me);
    expect(await mine(me)).toEqual({
      bio: null,
      heightCm: null,
      job: { category: null, title: null },
      education: null,
      religion: null,
      religionVisible: false,
      smoking: null,
      drinking: null,
      mbti: null,
      lookingFor: null,
      prompts: [],
      hidden: [],
      sensitiveConsent: true,
    });
    const res = await put(me, FULL);
    expect(res.status).toBe(200);
    const saved = await res.json<MyProfileDetails>();
    expect(saved.bio).toBe('주말마다 한강을 걸어요. 같이 걸을 사람을 찾고 있어요!');
    expect(saved).toMatchObject({
      heightCm: 172,
      job: { category: 'IT', title: '백엔드 개발자' },
      religion: 'BUDDHIST',
    });
    expect(saved.prompts.map((p) => p.questionId)).toEqual(['into_lately', 'perfect_weekend']);
    expect(await mine(me)).toEqual(saved);
    // Fields left out are cleared (PUT replaces the whole set).
    const cleared = await (await put(me, { mbti: 'UNKNOWN' })).json<MyProfileDetails>();
    expect(cleared).toMatchObject({ bio: null, heightCm: null, mbti: 'UNKNOWN', prompts: [], religion: null });
  });

  it('counts characters as a person does and refuses what breaks a rule, in Korean', async () => {
    const me = await seedMember();
    const family = '👨‍👩‍👧';
    expect((await put(me, { bio: family.repeat(500) })).status).toBe(200);
    const tooLong = await put(me, { bio: '가'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json<{ message: string }>()).message).toMatch(/500자/);
    for (const body of [
      { heightCm: 139 },
      { heightCm: 221 },
      { heightCm: 170.5 },
      { job: { category: 'ASTRONAUT' } },
      { job: { category: null, title: '우주인' } },
      { job: { category: 'IT', title: '가'.repeat(21) } },
      { mbti: 'ABCD' },
      { lookingFor: 'CASUAL' },
      { prompts: [{ questionId: 'not_a_prompt', answer: '응' }] },
      { prompts: [{ questionId: 'into_lately', answer: '가'.repeat(151) }] },
      { prompts: [{ questionId: 'into_lately', answer: '   ' }] },
      {
        prompts: [
          { questionId: 'into_lately', answer: '하나' },
          { questionId: 'into_lately', answer: '둘' },
        ],
      },
      { prompts: PROFILE_PROMPTS.slice(0, 4).map((p) => ({ questionId: p.id, answer: '답' })) },
      { unknownField: 1 },
    ]) {
      const res = await put(me, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ message: string }>()).message).toMatch(/[가-힣]/);
    }
    expect((await put(me, { prompts: [{ questionId: 'into_lately', answer: '가'.repeat(150) }] })).status).toBe(200);
  });

  it('refuses a religion without the sensitive-information consent', async () => {
    const me = await seedMember();
    const res = await put(me, { religion: 'CATHOLIC', religionVisible: true });
    expect(res.status).toBe(400);
    expect((await res.json<{ message: string }>()).message).toBe(
      '종교는 민감정보 수집·이용에 동의한 경우에만 저장할 수 있어요.',
    );
    expect((await mine(me)).religion).toBeNull();
    await giveSensitiveConsent(me, false);
    expect((await put(me, { religion: 'CATHOLIC' })).status).toBe(400);
    expect((await put(me, { mbti: 'ENTJ' })).status).toBe(200);
  });

  it('refuses contact handles and URLs in the bio, job title and prompt answers, at each field (issue 22 §2)', async () => {
    const me = await seedMember();
    const res = await put(me, {
      bio: '카톡 아이디 onggi123 으로 연락 주세요',
      job: { category: 'IT', title: '개발자 010-1234-5678' },
      prompts: [
        { questionId: 'into_lately', answer: '필름 카메라요' },
        { questionId: 'perfect_weekend', answer: 'https://example.com/me 에 다 있어요' },
      ],
    });
    expect(res.status).toBe(400);
    const body = await res.json<{ code: string; message: string; fields: Record<string, string> }>();
    expect(body).toMatchObject({ code: PROFILE_CONTACT_CODE, message: PROFILE_CONTACT_KO });
    expect(body.fields).toEqual({
      bio: PROFILE_CONTACT_KO,
      'job.title': PROFILE_CONTACT_KO,
      'prompts.1.answer': PROFILE_CONTACT_KO,
    });
    expect((await mine(me)).bio).toBeNull();
    // Ordinary numbers are not contacts.
    const clean = await put(me, { bio: '키 172에 96년생이에요. 전화번호는 더 친해지면 나눠요.' });
    expect(clean.status).toBe(200);
  });

  it('masks profanity in free text when stored', async () => {
    const me = await seedMember();
    const saved = await (
      await put(me, {
        bio: '씨발 오늘도 출근',
        job: { category: 'OFFICE', title: '씨발 회사원' },
        prompts: [{ questionId: 'life_motto', answer: '씨발 힘내자' }],
      })
    ).json<MyProfileDetails>();
    expect(saved.bio).not.toContain('씨발');
    expect(saved.bio).toMatch(/^씨\*/);
    expect(saved.job.title).not.toContain('씨발');
    expect(saved.prompts[0]?.answer).not.toContain('씨발');
  });

  it("is each member's own: nobody reads or changes another's through it", async () => {
    const a = await seedMember();
    const b = await seedMember();
    await put(a, { bio: 'A의 소개' });
    await put(b, { bio: 'B의 소개' });
    expect((await mine(a)).bio).toBe('A의 소개');
    expect((await mine(b)).bio).toBe('B의 소개');
    expect((await callAs(a, `${PATH}?memberId=${b}`)).status).toBe(200);
    expect((await mine(a)).bio).toBe('A의 소개');
  });

  it('lists the prompt questions', async () => {
    const me = await seedMember();
    const list = await (await callAs(me, '/api/on/profile/prompts')).json<{ id: string; text: string }[]>();
    expect(list.length).toBeGreaterThanOrEqual(20);
    expect(new Set(list.map((p) => p.id)).size).toBe(list.length);
    expect(list).toContainEqual({ id: 'into_lately', text: '요즘 빠져 있는 것' });
  });
});

describe('lookingFor and the matching toggles', () => {
  const settings = async (me: number) =>
    (await callAs(me, '/api/on/mypage/matching-settings')).json<{
      romanceMatching: boolean;
      friendMatching: boolean;
    }>();
  const setSettings = (me: number, body: unknown) =>
    callAs(me, '/api/on/mypage/matching-settings', { method: 'PUT', body });

  it('saving lookingFor sets the toggles; changing the toggles updates an answered lookingFor', async () => {
    const me = await seedMember();
    await put(me, { lookingFor: 'SERIOUS' });
    expect(await settings(me)).toEqual({ romanceMatching: true, friendMatching: false });
    await put(me, { lookingFor: 'FRIENDS' });
    expect(await settings(me)).toEqual({ romanceMatching: false, friendMatching: true });
    await put(me, { lookingFor: 'UNSURE' });
    expect(await settings(me)).toEqual({ romanceMatching: true, friendMatching: true });

    expect((await setSettings(me, { romanceMatching: true, friendMatching: false })).status).toBe(200);
    expect((await mine(me)).lookingFor).toBe('SERIOUS');
    await setSettings(me, { romanceMatching: false, friendMatching: true });
    expect((await mine(me)).lookingFor).toBe('FRIENDS');
    // Both off pauses matching and leaves the answer as it was.
    await setSettings(me, { romanceMatching: false, friendMatching: false });
    expect((await mine(me)).lookingFor).toBe('FRIENDS');
  });

  it('leaves an unanswered lookingFor unanswered, and the original call keeps its exact shape', async () => {
    const me = await seedMember();
    const res = await setSettings(me, { romanceMatching: true, friendMatching: false });
    expect(await res.json()).toEqual({ romanceMatching: true, friendMatching: false });
    expect((await mine(me)).lookingFor).toBeNull();
    expect(
      (await setSettings(me, { romanceMatching: true, friendMatching: false, lookingFor: 'SERIOUS' })).status,
    ).toBe(400);
  });
});

describe('what others see', () => {
  it('the modal carries visible details only: religion when shown, hidden texts never', async () => {
    const viewer = await seedMember();
    const them = await seedCandidate();
    await giveSensitiveConsent(them);
    await put(them, FULL);
    let seen = await modal(viewer, them);
    expect(seen.details).toMatchObject({ bio: FULL.bio.replace('\u200b', '').trim(), heightCm: 172, religion: null });
    expect(seen.details).not.toHaveProperty('religionVisible');
    expect(JSON.stringify(seen)).not.toContain('BUDDHIST');

    await put(them, { ...FULL, religionVisible: true });
    seen = await modal(viewer, them);
    expect(seen.details?.religion).toBe('BUDDHIST');
    // Consent withdrawn: the religion stops showing even if it was visible.
    await giveSensitiveConsent(them, false);
    expect((await modal(viewer, them)).details?.religion).toBeNull();
  });

  it('an admin hides a bio or an answer: gone for others, explained to the member, until an operator lifts it', async () => {
    const viewer = await seedMember();
    const them = await seedCandidate();
    await put(them, { ...FULL, religion: null });
    const admin = await consoleAdmin();
    const hide = (body: unknown, cookie = admin.cookie) =>
      call(`/admin/users/${them}/profile-details/hide`, { method: 'POST', body, cookie });

    // Members cannot use it; admins without a session neither.
    const asMember = await callAs(viewer, `/admin/users/${them}/profile-details/hide`, {
      method: 'POST',
      body: { field: 'bio', reason: 'x' },
    });
    expect(asMember.status).toBeGreaterThanOrEqual(401);
    expect((await hide({ field: 'bio', reason: '연락처 노출' }, '')).status).toBe(401);

    expect((await hide({ field: 'bio', reason: '연락처 노출' })).status).toBe(200);
    expect((await hide({ field: 'prompt', questionId: 'into_lately', reason: '부적절한 표현' })).status).toBe(200);
    expect((await hide({ field: 'prompt', questionId: 'rainy_day', reason: '없음' })).status).toBe(404);
    expect((await hide({ field: 'prompt', reason: '질문 없음' })).status).toBe(400);

    let seen = await modal(viewer, them);
    expect(seen.details?.bio).toBeNull();
    expect(seen.details?.prompts.map((p) => p.questionId)).toEqual(['perfect_weekend']);
    expect(JSON.stringify(seen)).not.toContain('한강');
    expect(JSON.stringify(seen)).not.toContain('필름 카메라');

    const own = await mine(them);
    expect(own.bio).toContain('한강');
    expect(own.hidden).toEqual([
      { field: 'bio', questionId: null, reason: '연락처 노출' },
      { field: 'prompt', questionId: 'into_lately', reason: '부적절한 표현' },
    ]);

    // The admin user detail returns the details with what was hidden.
    const detail = await (
      await call(`/admin/api/users/${them}`, { cookie: admin.cookie })
    ).json<{
      profileDetails: MyProfileDetails;
    }>();
    expect(detail.profileDetails.hidden).toHaveLength(2);

    // Issue 21 §6: the hide sticks to its place until an operator lifts it. Saving unchanged, a
    // one-character edit, clearing and rewriting, removing and re-answering: all stay hidden.
    await put(them, { ...FULL, religion: null });
    expect((await modal(viewer, them)).details?.bio).toBeNull();
    await put(them, { ...FULL, religion: null, bio: `${FULL.bio}!` });
    expect((await modal(viewer, them)).details?.bio).toBeNull();
    await put(them, { ...FULL, religion: null, bio: null });
    await put(them, { ...FULL, religion: null, bio: '새로 쓴 소개예요' });
    expect((await modal(viewer, them)).details?.bio).toBeNull();
    const withoutCard = FULL.prompts.filter((p) => p.questionId !== 'into_lately');
    await put(them, { ...FULL, religion: null, bio: '새로 쓴 소개예요', prompts: withoutCard });
    expect((await mine(them)).prompts.map((p) => p.questionId)).toEqual(['perfect_weekend']);
    await put(them, {
      ...FULL,
      religion: null,
      bio: '새로 쓴 소개예요',
      prompts: [...withoutCard, { questionId: 'into_lately', answer: '다시 쓴 답이에요' }],
    });
    seen = await modal(viewer, them);
    expect(seen.details?.prompts.map((p) => p.questionId)).toEqual(['perfect_weekend']);
    expect((await mine(them)).hidden.map((h) => h.field)).toEqual(['bio', 'prompt']);

    // An operator reviews the new text and lifts the hide: shown again.
    const unhide = (body: unknown) =>
      call(`/admin/users/${them}/profile-details/unhide`, { method: 'POST', body, cookie: admin.cookie });
    expect((await unhide({ field: 'bio' })).status).toBe(200);
    expect((await modal(viewer, them)).details?.bio).toBe('새로 쓴 소개예요');
    expect((await unhide({ field: 'prompt', questionId: 'into_lately' })).status).toBe(200);
    expect((await modal(viewer, them)).details?.prompts.map((p) => p.answer)).toContain('다시 쓴 답이에요');
    expect((await unhide({ field: 'bio' })).status).toBe(404);
    expect((await mine(them)).hidden).toEqual([]);
  });

  it('a report can say INAPPROPRIATE_PROFILE', async () => {
    const viewer = await seedMember();
    const them = await seedCandidate();
    const res = await callAs(viewer, '/api/on/report', {
      method: 'POST',
      body: { targetMemberId: them, reasonType: 'INAPPROPRIATE_PROFILE', content: '자기소개에 연락처가 있어요' },
    });
    expect(res.status).toBeLessThan(300);
    const row = await env.DB.prepare('SELECT reason_type FROM reports WHERE reporter_id = ?').bind(viewer).first();
    expect(row).toEqual({ reason_type: 'INAPPROPRIATE_PROFILE' });
  });
});

describe('export and deletion', () => {
  it('my data export carries my details and preferences; deleting the account removes them', async () => {
    const me = await seedMember();
    await put(me, { bio: '내보내기 확인', prompts: [{ questionId: 'life_motto', answer: '천천히' }] });
    await callAs(me, '/api/on/mypage/matching-preferences', {
      method: 'PUT',
      body: { ageMin: null, ageMax: null, maxDistanceKm: 30 },
    });
    const exported = await (
      await callAs(me, '/api/on/mypage/export')
    ).json<{
      profileDetails: MyProfileDetails;
      matchingPreferences: { maxDistanceKm: number };
    }>();
    expect(exported.profileDetails.bio).toBe('내보내기 확인');
    expect(exported.matchingPreferences.maxDistanceKm).toBe(30);

    const del = await callAs(me, '/api/on/mypage/account', { method: 'DELETE', body: { confirm: '탈퇴할게요' } });
    expect(del.status).toBeLessThan(300);
    for (const table of ['member_profile_details', 'member_profile_prompts', 'member_preferences', 'hearts_seen']) {
      const n = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE member_id = ?`).bind(me).first('n');
      expect(n, table).toBe(0);
    }
  });
});
