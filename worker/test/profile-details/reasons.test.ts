// Issue 13 §4: "why this card" — reasons on recommended and nearby cards, from the ranking's own
// numbers, at most 3, and never saying more than the card or the viewer's other screens may.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sharedInterestsText } from '../../src/areas/matching/reasons';
import type { RecommendedProfile } from '../../src/contract/matching';
import {
  MAPO,
  birthdayForAge,
  callAs,
  daysFromNow,
  heart,
  nearbyPage,
  recommendPage,
  seedCandidate,
  seedMember,
} from '../helpers/matching';

const BUSAN = { city: '부산광역시', district: '해운대구', lat: 35.16, lng: 129.16 };
const cardOf = async (me: number, them: number): Promise<RecommendedProfile> => {
  const card = (await recommendPage(me, 0)).find((p) => p.memberId === them);
  if (!card) throw new Error('card not recommended');
  return card;
};
const codes = (card: { reasons?: { code: string }[] }) => (card.reasons ?? []).map((r) => r.code);

describe('card reasons', () => {
  it('names shared interests in plain Korean with the right particle', () => {
    expect(sharedInterestsText(['영화', '여행'])).toBe('영화·여행을 함께 좋아해요');
    expect(sharedInterestsText(['음악', '영화'])).toBe('음악·영화를 함께 좋아해요');
    expect(sharedInterestsText(['요리'])).toBe('요리를 함께 좋아해요');
  });

  it('explains a card with at most 3 reasons, a heart to me first', async () => {
    const me = await seedMember({ birthday: birthdayForAge(41), interests: ['영화', '여행', '요리'] });
    const them = await seedCandidate({
      birthday: birthdayForAge(41),
      interests: ['여행', '영화'],
      place: { ...MAPO, lat: MAPO.lat + 0.01 },
      lastActiveAt: new Date().toISOString(),
    });
    await heart(them, me);
    const card = await cardOf(me, them);
    expect(card.reasons).toHaveLength(3);
    expect(card.reasons?.[0]).toEqual({ code: 'HEARTED_ME', text: '나에게 마음을 보냈어요' });
    expect(card.reasons).toContainEqual({ code: 'SHARED_INTERESTS', text: '여행·영화를 함께 좋아해요' });
    for (const r of card.reasons ?? []) expect(r.text).not.toMatch(/\d/);
  });

  it('gives each kind of reason when it holds, and summaries from visible fields', async () => {
    const me = await seedMember({ birthday: birthdayForAge(43), interests: [] });
    await callAs(me, '/api/on/mypage/profile-details', { method: 'PUT', body: { mbti: 'ENFP', smoking: 'NO' } });
    const them = await seedCandidate({
      birthday: birthdayForAge(44),
      interests: ['운동'],
      place: { ...MAPO, lat: MAPO.lat + 0.02 },
      lastActiveAt: daysFromNow(-20),
    });
    await callAs(them, '/api/on/mypage/profile-details', {
      method: 'PUT',
      body: {
        mbti: 'ENFP',
        smoking: 'NO',
        heightCm: 180,
        job: { category: 'DESIGN', title: '비밀 직함' },
        bio: '비밀 소개',
      },
    });
    // Their own call counted as activity: make them long inactive again.
    await env.DB.prepare('UPDATE members SET last_active_at = ? WHERE id = ?').bind(daysFromNow(-20), them).run();
    const card = await cardOf(me, them);
    expect(codes(card)).toEqual(['NEARBY', 'CLOSE_AGE', 'SAME_MBTI']);
    expect(card.reasons).toContainEqual({ code: 'NEARBY', text: '가까이 살아요' });
    expect(card.reasons).toContainEqual({ code: 'SAME_MBTI', text: 'MBTI가 같아요 (ENFP)' });
    expect(card.summary).toEqual({ heightCm: 180, jobCategory: 'DESIGN', mbti: 'ENFP', lookingFor: null });
    expect(JSON.stringify(card)).not.toContain('비밀');
  });

  it('says nothing about distance unless both agreed to location use; the 시/도 shown on the card is fine', async () => {
    const me = await seedMember({ birthday: birthdayForAge(46), interests: [] });
    const close = { ...MAPO, lat: MAPO.lat + 0.01 };
    const noConsent = await seedCandidate({
      birthday: birthdayForAge(52),
      interests: [],
      place: close,
      locationAgreed: false,
      lastActiveAt: daysFromNow(-30),
    });
    const far = await seedCandidate({
      birthday: birthdayForAge(52),
      interests: [],
      place: BUSAN,
      lastActiveAt: daysFromNow(-30),
    });
    const near = await seedCandidate({ birthday: birthdayForAge(52), interests: [], place: close });

    const card = await cardOf(me, noConsent);
    expect(codes(card)).not.toContain('NEARBY');
    expect(card.reasons).toContainEqual({ code: 'SAME_REGION', text: '같은 동네에 살아요' });
    const farCard = await cardOf(me, far);
    // Without any hint from the ranking's numbers there is nothing to say.
    expect(farCard.reasons).toEqual([]);
    expect(codes(await cardOf(me, near))).toContain('NEARBY');

    // A viewer who withdrew location consent gets no distance reason either.
    await env.DB.prepare("UPDATE member_agreements SET agreed = 0 WHERE member_id = ? AND item = 'LOCATION'")
      .bind(me)
      .run();
    const again = await cardOf(me, near);
    expect(codes(again)).not.toContain('NEARBY');
    expect(codes(again)).toContain('SAME_REGION');
  });

  it('nearby entries carry reasons and a summary too', async () => {
    const me = await seedMember({ birthday: birthdayForAge(48), interests: ['사진'] });
    const them = await seedCandidate({
      birthday: birthdayForAge(48),
      interests: ['사진'],
      place: { ...MAPO, lat: MAPO.lat + 0.01 },
    });
    const entry = (await nearbyPage(me, 5)).content.find((p) => p.memberId === them);
    expect(entry?.reasons).toContainEqual({ code: 'SHARED_INTERESTS', text: '사진을 함께 좋아해요' });
    expect(codes(entry ?? {})).toContain('NEARBY');
    expect(entry?.summary).toEqual({ heightCm: null, jobCategory: null, mbti: null, lookingFor: null });
  });
});
