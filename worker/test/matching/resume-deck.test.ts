// `GET /api/on/matching/recommend?page=resume` (docs/api-extensions.md, docs/first-paint.md "The
// matching deck's photo"): the deck at the page the status names, in one call — the same cards and
// page as `status` then `recommend?page=<resumePage>`, the page named in X-Ongi-Page, only ever the
// caller's own list. Its round trips are counted in test/auth/batched-reads.test.ts.
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DECK_PAGE_HEADER, type RecommendedProfile } from '../../src/contract/matching';
import { callAs, matchingStatus, recommendPage, saveHistory, seedCandidate, seedMember } from '../helpers/matching';

const DAY = '2026-11-20T03:00:00.000Z'; // 12:00 in Korea
const LATER = '2026-11-20T05:00:00.000Z';

/** The resume form's answer as `memberId`: its page header and cards. */
async function resumeDeck(
  memberId: number,
  at?: string,
): Promise<{ page: string | null; cards: RecommendedProfile[] }> {
  const res = await callAs(memberId, '/api/on/matching/recommend?page=resume', { at });
  expect(res.status).toBe(200);
  return { page: res.headers.get(DECK_PAGE_HEADER), cards: await res.json<RecommendedProfile[]>() };
}

/** A viewer and `n` candidates, all of one birth year no other test uses. */
async function world(n: number, birthday: string, seeking: 'M' | 'F' = 'M') {
  const me = await seedMember({
    birthday,
    gender: seeking === 'M' ? 'F' : 'M',
    lookingFor: seeking,
    lastActiveAt: DAY,
  });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await seedMember({
        birthday,
        gender: seeking,
        lookingFor: seeking === 'M' ? 'F' : 'M',
        lastActiveAt: DAY,
        photos: 1,
      }),
    );
  }
  return { me, ids };
}

describe('the deck at the resume page in one call', () => {
  it('answers the same cards and page as status then recommend?page=<resumePage>, before and after a saved page', async () => {
    const { me } = await world(45, '1948-06-06');
    // The day's first call ranks the list (the write after the answer), as recommend?page=0 would.
    const first = await resumeDeck(me, DAY);
    expect(first.page).toBe('0');
    expect(first.cards).toHaveLength(20);
    expect((await matchingStatus(me, DAY)).resumePage).toBe(0);
    expect(await recommendPage(me, 0, DAY)).toEqual(first.cards);

    // Page 0 seen and saved: the status names page 1, and so does the resume form.
    expect(
      await saveHistory(
        me,
        0,
        first.cards.map((p) => p.memberId),
        DAY,
      ),
    ).toEqual({ saved: 20 });
    const status = await matchingStatus(me, LATER);
    expect(status.resumePage).toBe(1);
    const next = await resumeDeck(me, LATER);
    expect(next.page).toBe(String(status.resumePage));
    expect(next.cards).toEqual(await recommendPage(me, status.resumePage, LATER));
    expect(next.cards.map((p) => p.memberId)).not.toContain(first.cards[0]?.memberId);
  });

  it('reads only the caller’s own list and saved pages (the member from the token alone)', async () => {
    const a = await world(25, '1946-07-07', 'M');
    const b = await world(25, '1946-07-07', 'F');
    const bFirst = await resumeDeck(b.me, DAY);
    await saveHistory(
      b.me,
      0,
      bFirst.cards.map((p) => p.memberId),
      DAY,
    );
    expect((await resumeDeck(b.me, LATER)).page).toBe('1');

    // A has saved nothing: page 0 of A's own list, none of B's people, whatever the query says.
    const res = await callAs(a.me, `/api/on/matching/recommend?page=resume&memberId=${b.me}`, { at: LATER });
    expect(res.headers.get(DECK_PAGE_HEADER)).toBe('0');
    const ids = (await res.json<RecommendedProfile[]>()).map((p) => p.memberId);
    expect(ids).toEqual((await recommendPage(a.me, 0, LATER)).map((p) => p.memberId));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(b.ids).not.toContain(id);

    const anonymous = await SELF.fetch('http://localhost/api/on/matching/recommend?page=resume');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get(DECK_PAGE_HEADER)).toBeNull();
  });

  it('answers [] at the status’s page when matching is off or nobody is left', async () => {
    const off = await seedMember({ birthday: '1944-08-08', romanceMatching: false, friendMatching: false });
    await seedCandidate({ birthday: '1944-08-08', lookingFor: 'F' });
    const offStatus = await matchingStatus(off);
    expect(offStatus.matchingEnabled).toBe(false);
    expect(await resumeDeck(off)).toEqual({ page: String(offStatus.resumePage), cards: [] });

    const alone = await seedMember({ birthday: '1911-01-01' });
    const aloneStatus = await matchingStatus(alone);
    expect(aloneStatus.matchingEnabled).toBe(true);
    expect(await resumeDeck(alone)).toEqual({ page: String(aloneStatus.resumePage), cards: [] });
  });

  it('keeps a page number’s own form as it was: a number, or 400', async () => {
    const me = await seedMember({ birthday: '1942-09-09' });
    const res = await callAs(me, '/api/on/matching/recommend?page=0');
    expect(res.status).toBe(200);
    expect(res.headers.get(DECK_PAGE_HEADER)).toBeNull();
    expect((await callAs(me, '/api/on/matching/recommend?page=resumed')).status).toBe(400);
  });
});
