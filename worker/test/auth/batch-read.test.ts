// batchRead (worker/src/lib/db.ts): a batched read whose SQL is built once per drizzle instance
// and filled per call. The rows must be each call's own (no values carried over from the first
// call), each shape its own statement, and the SQL text prepared once however often it runs.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { memberAuthStateQuery } from '../../src/areas/members/repo';
import { postListRead, postRead } from '../../src/areas/community/service';
import { batchRead, makeDb } from '../../src/lib/db';
import { db, seedMember } from '../helpers/matching';
import { recordingDb } from '../helpers/recording-db';

const authRead = (d: ReturnType<typeof makeDb>, id: number) =>
  batchRead(d, 'member-auth-state', () => memberAuthStateQuery(d, sql.placeholder('id')), { id });

describe('batchRead', () => {
  it("gives each call its own rows, prepares each shape's SQL once, and maps rows as drizzle does", async () => {
    const first = await seedMember({ name: '첫째', lastActiveAt: '2031-01-01T00:00:00.000Z' });
    const second = await seedMember({ name: '둘째', lastActiveAt: '2031-02-02T00:00:00.000Z' });
    const { db: d1, statements: prepared } = recordingDb();
    const d = makeDb(d1);

    const [a, b] = await d.batch([authRead(d, first), authRead(d, second)]);
    const [again] = await d.batch([authRead(d, first)]);
    expect(a).toEqual(await memberAuthStateQuery(db(), first));
    expect(a[0]).toMatchObject({ id: first, status: 'ACTIVE', lastActiveAt: '2031-01-01T00:00:00.000Z' });
    expect(b[0]).toMatchObject({ id: second, lastActiveAt: '2031-02-02T00:00:00.000Z' });
    expect(again).toEqual(a);
    // Three runs of one shape: its SQL prepared once.
    expect(prepared.filter((q) => q.includes('"banned_until"'))).toHaveLength(1);
  });

  it('keeps the feed shapes apart: category, cursor and size each change the statement', async () => {
    const writer = await seedMember({ name: '글쓴이' });
    const viewer = await seedMember({ name: '읽는이' });
    const ids: number[] = [];
    for (const [category, title] of [
      ['FREE', '자유 하나'],
      ['COURSE', '코스 하나'],
      ['FREE', '자유 둘'],
      ['COURSE', '코스 둘'],
    ] as const) {
      const [row] = await db()
        .insert(schema.communityPosts)
        .values({ memberId: writer, category, title, content: '내용이에요.' })
        .returning({ id: schema.communityPosts.id });
      ids.push(row!.id);
    }
    const { db: d1, statements: prepared } = recordingDb();
    const d = makeDb(d1);
    const titles = async (q: Parameters<typeof postListRead>[2]) => {
      const [rows] = await d.batch([postListRead(d, viewer, q, new Date())]);
      return rows.filter((r) => ids.includes(r.id)).map((r) => r.title);
    };

    expect(await titles({ category: 'FREE' })).toEqual(['자유 둘', '자유 하나']);
    expect(await titles({ category: 'COURSE' })).toEqual(['코스 둘', '코스 하나']);
    expect(await titles({ category: 'COURSE', size: 1 })).toEqual(['코스 둘']);
    expect(await titles({ category: 'COURSE', size: 1, cursor: ids[3] })).toEqual(['코스 하나']);
    expect(await titles({ category: 'FREE', size: 1, cursor: ids[2] })).toEqual(['자유 하나']);
    expect(await titles({})).toEqual(['코스 둘', '자유 둘', '코스 하나', '자유 하나']);
    // Four shapes (category; category + size; category + size + cursor; nothing), one SQL text each.
    const feedTexts = prepared.filter((q) => q.includes('"community_posts"'));
    expect(feedTexts).toHaveLength(4);
    expect(new Set(feedTexts).size).toBe(4);

    // One post: the viewer's blocks are read from this call's values, not the first call's.
    const [seen] = await d.batch([postRead(d, viewer, ids[0]!, new Date())]);
    expect(seen.map((r) => r.title)).toEqual(['자유 하나']);
    await db().insert(schema.blocks).values({ memberId: writer, targetId: viewer });
    const [hidden] = await d.batch([postRead(d, viewer, ids[0]!, new Date())]);
    const [byWriter] = await d.batch([postRead(d, writer, ids[1]!, new Date())]);
    expect(hidden).toEqual([]);
    expect(byWriter.map((r) => r.title)).toEqual(['코스 하나']);
  });
});
