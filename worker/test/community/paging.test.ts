import { beforeAll, describe, expect, it } from 'vitest';
import { signUpMember, type SignedInMember } from '../helpers/auth';
import { call, listPosts, seedPosts, type ErrorBody } from '../helpers/community';

let reader: SignedInMember;
let writer: SignedInMember;

beforeAll(async () => {
  reader = await signUpMember({ name: '최하린' });
  writer = await signUpMember({ name: '정우진' });
});

describe('the post list', () => {
  it('without parameters is a bare array of every post, newest first by id', async () => {
    const ids = await seedPosts(writer.memberId, 3, 'FREE');
    const all = await listPosts(reader);
    expect(Array.isArray(all)).toBe(true);
    const shown = all.map((p) => p.id);
    expect(shown.slice(0, 3)).toEqual([...ids].reverse());
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
  });

  it('with a category shows only that category', async () => {
    await seedPosts(writer.memberId, 2, 'FREE');
    const reviews = await seedPosts(writer.memberId, 2, 'REVIEW');
    await seedPosts(writer.memberId, 2, 'COURSE');
    const list = await listPosts(reader, '?category=REVIEW');
    expect(list.every((p) => p.category === 'REVIEW')).toBe(true);
    expect(list.slice(0, 2).map((p) => p.id)).toEqual([...reviews].reverse());
  });

  it('pages by cursor without repeating or skipping a post while new posts arrive', async () => {
    const older = await seedPosts(writer.memberId, 7, 'COURSE');
    const expected = [...older].reverse();
    const seen: number[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page++) {
      const list = await listPosts(reader, `?category=COURSE&size=3${cursor}`);
      seen.push(...list.map((p) => p.id));
      // Someone writes between every page; those posts belong above the first page, not in later ones.
      await seedPosts(writer.memberId, 1, 'COURSE');
      const last = list.at(-1);
      if (list.length < 3 || !last) break;
      cursor = `&cursor=${last.id}`;
    }
    const fromOlder = seen.filter((id) => older.includes(id));
    expect(fromOlder).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.every((id) => id <= (expected[0] ?? 0))).toBe(true);
  });

  it('answers one default page with only a cursor, and refuses a bad size or category', async () => {
    const ids = await seedPosts(writer.memberId, 25, 'FREE');
    const top = ids.at(-1) ?? 0;
    const page = await listPosts(reader, `?cursor=${top + 1}`);
    expect(page).toHaveLength(20);
    expect(page[0]?.id).toBe(top);
    for (const bad of ['?size=0', '?size=51', '?category=NEWS', '?cursor=abc', '?page=1']) {
      const res = await call(reader, `/api/on/community/posts${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await res.json<ErrorBody>()).code).toBe('INVALID_INPUT');
    }
  });
});
