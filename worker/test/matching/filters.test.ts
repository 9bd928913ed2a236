// Every hard filter of the recommender: a profile that violates it never appears (on any page),
// while an otherwise identical one that respects it does.
import { describe, expect, it } from 'vitest';
import {
  birthdayForAge,
  callAs,
  block,
  chatRequest,
  daysFromNow,
  historyRow,
  matchingStatus,
  recommendPage,
  recommendedIds,
  seedCandidate,
  seedMember,
} from '../helpers/matching';

describe('recommendations: hard filters hold both ways', () => {
  it('never recommends me to myself', async () => {
    const me = await seedMember({ lookingFor: 'both' });
    const control = await seedCandidate();
    const ids = await recommendedIds(me);
    expect(ids).toContain(control);
    expect(ids).not.toContain(me);
  });

  it('shows only the gender I seek', async () => {
    const me = await seedMember({ gender: 'F', lookingFor: 'M' });
    const man = await seedCandidate();
    const woman = await seedMember({ gender: 'F', lookingFor: 'both' });
    const ids = await recommendedIds(me);
    expect(ids).toContain(man);
    expect(ids).not.toContain(woman);
  });

  it('shows only people who seek my gender', async () => {
    const me = await seedMember({ gender: 'F', lookingFor: 'M' });
    const seeksWomen = await seedCandidate({ lookingFor: 'F' });
    const seeksBoth = await seedCandidate({ lookingFor: 'both' });
    const seeksMen = await seedCandidate({ lookingFor: 'M' });
    const ids = await recommendedIds(me);
    expect(ids).toEqual(expect.arrayContaining([seeksWomen, seeksBoth]));
    expect(ids).not.toContain(seeksMen);
  });

  it("with 'both' I see men and women, as long as they seek my gender", async () => {
    const me = await seedMember({ gender: 'M', lookingFor: 'both' });
    const woman = await seedMember({ gender: 'F', lookingFor: 'M' });
    const man = await seedMember({ gender: 'M', lookingFor: 'both' });
    const womanSeekingWomen = await seedMember({ gender: 'F', lookingFor: 'F' });
    const ids = await recommendedIds(me);
    expect(ids).toEqual(expect.arrayContaining([woman, man]));
    expect(ids).not.toContain(womanSeekingWomen);
  });

  it('needs a matching kind we share (romance or friend)', async () => {
    const me = await seedMember({ romanceMatching: true, friendMatching: false });
    const romance = await seedCandidate({ romanceMatching: true, friendMatching: false });
    const friendOnly = await seedCandidate({ romanceMatching: false, friendMatching: true });
    const nothing = await seedCandidate({ romanceMatching: false, friendMatching: false });
    const ids = await recommendedIds(me);
    expect(ids).toContain(romance);
    expect(ids).not.toContain(friendOnly);
    expect(ids).not.toContain(nothing);
  });

  it('recommends nobody to a member with both matching kinds off, and says so in the status', async () => {
    await seedCandidate();
    const me = await seedMember({ romanceMatching: false, friendMatching: false });
    expect(await recommendPage(me, 0)).toEqual([]);
    expect(await matchingStatus(me)).toMatchObject({ matchingEnabled: false });
  });

  it('keeps to a 10-year age window', async () => {
    const me = await seedMember({ birthday: '1990-06-15' });
    const nineOlder = await seedCandidate({ birthday: '1981-07-01' });
    const nineYounger = await seedCandidate({ birthday: '1999-06-01' });
    const twelveOlder = await seedCandidate({ birthday: '1978-06-01' });
    const twelveYounger = await seedCandidate({ birthday: '2002-07-01' });
    const ids = await recommendedIds(me);
    expect(ids).toEqual(expect.arrayContaining([nineOlder, nineYounger]));
    expect(ids).not.toContain(twelveOlder);
    expect(ids).not.toContain(twelveYounger);
  });

  it('adults only: never shows a member under 19 (year rule), and a member under 19 sees nobody', async () => {
    const year = new Date(Date.now() + 9 * 3600_000).getUTCFullYear();
    const minor = await seedMember({ birthday: `${year - 18}-01-01` });
    const adult = await seedMember({ birthday: birthdayForAge(22) });
    const minorCandidate = await seedCandidate({ birthday: `${year - 18}-01-01` });
    // 만 18 until 31 December, but an adult by the year rule.
    const adultCandidate = await seedCandidate({ birthday: `${year - 19}-12-31` });
    const forMinor = await callAs(minor, '/api/on/matching/recommend?page=0');
    expect(forMinor.status).toBe(403);
    expect((await forMinor.json<{ code: string }>()).code).toBe('UNDER_19');
    const forAdult = await recommendedIds(adult);
    expect(forAdult).toContain(adultCandidate);
    expect(forAdult).not.toContain(minorCandidate);
  });

  it('shows only active members: not dormant, banned or deleted (a lapsed ban counts as active)', async () => {
    const me = await seedMember();
    const active = await seedCandidate();
    const lapsed = await seedCandidate({ status: 'BANNED', bannedUntil: daysFromNow(-1) });
    const dormant = await seedCandidate({ status: 'INACTIVE' });
    const banned = await seedCandidate({ status: 'BANNED' });
    const bannedForNow = await seedCandidate({ status: 'BANNED', bannedUntil: daysFromNow(3) });
    const deleted = await seedCandidate({ name: '탈퇴한 회원', deletedAt: daysFromNow(-2) });
    const ids = await recommendedIds(me);
    expect(ids).toEqual(expect.arrayContaining([active, lapsed]));
    for (const hidden of [dormant, banned, bannedForNow, deleted]) expect(ids).not.toContain(hidden);
  });

  it('hides members blocked in either direction', async () => {
    const me = await seedMember();
    const control = await seedCandidate();
    const iBlocked = await seedCandidate();
    const blockedMe = await seedCandidate();
    expect((await block(me, iBlocked)).status).toBe(200);
    expect((await block(blockedMe, me)).status).toBe(200);
    const ids = await recommendedIds(me);
    expect(ids).toContain(control);
    expect(ids).not.toContain(iBlocked);
    expect(ids).not.toContain(blockedMe);
  });

  it('hides members with a pending, accepted or rejected chat request either way (not a cancelled one)', async () => {
    const me = await seedMember();
    const cancelled = await seedCandidate();
    await chatRequest(me, cancelled, 'CANCELLED');
    const hidden: number[] = [];
    for (const status of ['PENDING', 'ACCEPTED', 'REJECTED'] as const) {
      const sent = await seedCandidate();
      await chatRequest(me, sent, status);
      const received = await seedCandidate();
      await chatRequest(received, me, status);
      hidden.push(sent, received);
    }
    const ids = await recommendedIds(me);
    expect(ids).toContain(cancelled);
    for (const id of hidden) expect(ids).not.toContain(id);
  });

  it('does not show again a profile saved to my history within the last 7 days', async () => {
    const me = await seedMember();
    const shownLongAgo = await seedCandidate();
    const shownRecently = await seedCandidate();
    await historyRow(me, shownLongAgo, daysFromNow(-8));
    await historyRow(me, shownRecently, daysFromNow(-3));
    const ids = await recommendedIds(me);
    expect(ids).toContain(shownLongAgo);
    expect(ids).not.toContain(shownRecently);
  });

  it('drops from later pages someone who became ineligible after the list was ranked', async () => {
    const me = await seedMember();
    const target = await seedCandidate();
    expect(await recommendedIds(me)).toContain(target);
    await chatRequest(me, target, 'PENDING');
    expect(await recommendedIds(me)).not.toContain(target);
  });
});
