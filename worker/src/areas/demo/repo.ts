// Bulk loading and removal of demo members (scripts/demo-data.ts, Node-side tests).
import { and, count, inArray, isNotNull, like, max } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { communityPosts, hearts, memberAgreements, memberImages, memberInterests, members } from '../../db/schema';
import type { Db } from '../../lib/env';
import { chunkForInsert, runBatch } from './batch';

export type NewMember = typeof members.$inferInsert & { id: number };
export type NewMemberInterest = typeof memberInterests.$inferInsert;
export type NewMemberAgreement = typeof memberAgreements.$inferInsert;
export type NewMemberImage = typeof memberImages.$inferInsert;

/** Members with explicit ids, so their interests, agreements and images go in the same batch. */
export type DemoMembers = {
  members: NewMember[];
  interests: NewMemberInterest[];
  agreements: NewMemberAgreement[];
  images: NewMemberImage[];
};

export async function countMembers(db: Db): Promise<number> {
  const rows = await db.select({ n: count() }).from(members);
  return rows[0]?.n ?? 0;
}

/** The highest member id ever used (0 on an empty table); new explicit ids start above it. */
export async function maxMemberId(db: Db): Promise<number> {
  const rows = await db.select({ id: max(members.id) }).from(members);
  return rows[0]?.id ?? 0;
}

/** Inserts members and everything that hangs off them in one transaction. */
export async function insertDemoMembers(db: Db, data: DemoMembers): Promise<void> {
  const items: BatchItem<'sqlite'>[] = [
    ...chunkForInsert(data.members).map((rows) => db.insert(members).values(rows)),
    ...chunkForInsert(data.interests).map((rows) => db.insert(memberInterests).values(rows)),
    ...chunkForInsert(data.agreements).map((rows) => db.insert(memberAgreements).values(rows)),
    ...chunkForInsert(data.images).map((rows) => db.insert(memberImages).values(rows)),
  ];
  await runBatch(db, items);
}

export type NewHeart = typeof hearts.$inferInsert;

/** Demo hearts between demo members (one transaction). */
export async function insertDemoHearts(db: Db, rows: readonly NewHeart[]): Promise<void> {
  await runBatch(
    db,
    chunkForInsert(rows).map((chunk) => db.insert(hearts).values(chunk).onConflictDoNothing()),
  );
}

/** Ids of members whose email matches a LIKE pattern (e.g. `demo%@ongi.dev`). */
export async function findMemberIdsByEmailLike(db: Db, pattern: string): Promise<number[]> {
  const rows = await db.select({ id: members.id }).from(members).where(like(members.email, pattern));
  return rows.map((r) => r.id);
}

/** R2 keys of the members' profile photos and post pictures (to delete them with the members). */
export async function listObjectKeysOfMembers(db: Db, memberIds: readonly number[]): Promise<string[]> {
  if (memberIds.length === 0) return [];
  const ids = [...memberIds];
  const photos = await db
    .select({ key: memberImages.objectKey })
    .from(memberImages)
    .where(inArray(memberImages.memberId, ids));
  const pictures = await db
    .select({ key: communityPosts.imageKey })
    .from(communityPosts)
    .where(and(inArray(communityPosts.memberId, ids), isNotNull(communityPosts.imageKey)));
  return [...photos.map((r) => r.key), ...pictures.flatMap((r) => (r.key ? [r.key] : []))];
}

/**
 * Deletes members; their images, interests, agreements, posts and other rows go with them
 * through ON DELETE CASCADE (D1 always enforces foreign keys; libSQL needs the pragma on).
 */
export async function deleteMembers(db: Db, memberIds: readonly number[]): Promise<void> {
  const items: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < memberIds.length; i += 90) {
    items.push(db.delete(members).where(inArray(members.id, memberIds.slice(i, i + 90))));
  }
  await runBatch(db, items);
}
