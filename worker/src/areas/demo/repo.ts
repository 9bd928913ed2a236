// Bulk loading and removal of demo members (scripts/demo-data.ts, Node-side tests).
import { and, count, inArray, isNotNull, like, max, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  banHistory,
  chatRequests,
  chatRoomMembers,
  chatRooms,
  communityPosts,
  hearts,
  memberAgreements,
  memberImages,
  memberInterests,
  memberProfileDetails,
  memberProfilePrompts,
  identityVerifications,
  members,
  postComments,
  postLikes,
  reports,
  safetyNudges,
  valueAnswers,
} from '../../db/schema';
import type { Db } from '../../lib/env';
import { chunkForInsert, runBatch } from '../../lib/batch';

export type NewMember = typeof members.$inferInsert & { id: number };
export type NewMemberInterest = typeof memberInterests.$inferInsert;
export type NewMemberAgreement = typeof memberAgreements.$inferInsert;
export type NewMemberImage = typeof memberImages.$inferInsert;
export type NewIdentityVerification = typeof identityVerifications.$inferInsert;

/** Members with explicit ids, so their interests, agreements and images go in the same batch. */
export type DemoMembers = {
  members: NewMember[];
  interests: NewMemberInterest[];
  agreements: NewMemberAgreement[];
  images: NewMemberImage[];
  /** Demo members are identity-verified (본인확인): one verification row each (optional for older callers). */
  identityVerifications?: NewIdentityVerification[];
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
    ...chunkForInsert(data.identityVerifications ?? []).map((rows) => db.insert(identityVerifications).values(rows)),
  ];
  await runBatch(db, items);
}

export type NewValueAnswer = typeof valueAnswers.$inferInsert;

/** Demo 가치관 answers (docs/values.md); removed with their members by cascade. */
export async function insertDemoValueAnswers(db: Db, rows: readonly NewValueAnswer[]): Promise<void> {
  await runBatch(
    db,
    chunkForInsert(rows).map((chunk) => db.insert(valueAnswers).values(chunk).onConflictDoNothing()),
  );
}

export type NewHeart = typeof hearts.$inferInsert;

/** Demo hearts between demo members (one transaction). */
export async function insertDemoHearts(db: Db, rows: readonly NewHeart[]): Promise<void> {
  await runBatch(
    db,
    chunkForInsert(rows).map((chunk) => db.insert(hearts).values(chunk).onConflictDoNothing()),
  );
}

/** Demo profile details and prompt cards (docs/api-extensions.md "profile-details"); removed with their members by cascade. */
export async function insertDemoDetails(
  db: Db,
  details: readonly (typeof memberProfileDetails.$inferInsert)[],
  prompts: readonly (typeof memberProfilePrompts.$inferInsert)[],
): Promise<void> {
  await runBatch(db, [
    ...chunkForInsert(details).map((rows) => db.insert(memberProfileDetails).values(rows)),
    ...chunkForInsert(prompts).map((rows) => db.insert(memberProfilePrompts).values(rows)),
  ]);
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
 * through ON DELETE CASCADE (D1 always enforces foreign keys; libSQL needs the pragma on). The
 * rows the service keeps on purpose when an account is deleted (chat requests and rooms,
 * comments, reports, ban history: evidence) are removed first here — this is for demo data
 * only — and the like and comment counts of the posts that remain are worked out again.
 */
export async function deleteMembers(db: Db, memberIds: readonly number[]): Promise<void> {
  const items: BatchItem<'sqlite'>[] = [];
  // 45 ids a statement: the statements naming them twice stay under D1's 100 parameters.
  for (let i = 0; i < memberIds.length; i += 45) {
    const ids = memberIds.slice(i, i + 45);
    const rooms = db
      .select({ id: chatRooms.id })
      .from(chatRooms)
      .where(or(inArray(chatRooms.memberA, ids), inArray(chatRooms.memberB, ids)));
    items.push(
      db.delete(reports).where(or(inArray(reports.reporterId, ids), inArray(reports.targetId, ids))),
      db.delete(chatRoomMembers).where(inArray(chatRoomMembers.roomId, rooms)),
      db.delete(chatRooms).where(or(inArray(chatRooms.memberA, ids), inArray(chatRooms.memberB, ids))),
      db.delete(chatRequests).where(or(inArray(chatRequests.requesterId, ids), inArray(chatRequests.targetId, ids))),
      db.delete(postComments).where(inArray(postComments.memberId, ids)),
      db.delete(banHistory).where(inArray(banHistory.memberId, ids)),
      db.delete(identityVerifications).where(inArray(identityVerifications.memberId, ids)),
      db.delete(members).where(inArray(members.id, ids)),
    );
  }
  items.push(recountPostReactions(db));
  await runBatch(db, items);
}

/** Likes and live comments of every post, counted again from their tables. */
const recountPostReactions = (db: Db) =>
  db.update(communityPosts).set({
    likes: sql`(SELECT count(*) FROM post_likes WHERE post_likes.post_id = ${communityPosts.id})`,
    commentsCount: sql`(SELECT count(*) FROM post_comments WHERE post_comments.post_id = ${communityPosts.id} AND post_comments.deleted_at IS NULL)`,
  });

export type NewPostLike = typeof postLikes.$inferInsert;
export type NewPostComment = typeof postComments.$inferInsert;
export type NewChatRequest = typeof chatRequests.$inferInsert;

/** Demo likes, comments and pending chat requests in one transaction, with the posts' counts. */
export async function insertDemoReactions(
  db: Db,
  data: { likes: NewPostLike[]; comments: NewPostComment[]; requests: NewChatRequest[] },
): Promise<void> {
  await runBatch(db, [
    ...chunkForInsert(data.likes).map((rows) => db.insert(postLikes).values(rows).onConflictDoNothing()),
    ...chunkForInsert(data.comments).map((rows) => db.insert(postComments).values(rows)),
    ...chunkForInsert(data.requests).map((rows) => db.insert(chatRequests).values(rows)),
    recountPostReactions(db),
  ]);
}

/** Demo members' posts in id order, for reactions to them. */
export async function listPostsOfMembers(
  db: Db,
  memberIds: readonly number[],
): Promise<{ id: number; memberId: number; category: string; createdAt: string }[]> {
  if (memberIds.length === 0) return [];
  return db
    .select({
      id: communityPosts.id,
      memberId: communityPosts.memberId,
      category: communityPosts.category,
      createdAt: communityPosts.createdAt,
    })
    .from(communityPosts)
    .where(inArray(communityPosts.memberId, [...memberIds]))
    .orderBy(communityPosts.id);
}

export type NewReport = typeof reports.$inferInsert;
export type NewSafetyNudge = typeof safetyNudges.$inferInsert;

/** Demo work for the safety desk: pending reports and nudge outcomes (scripts/demo/safety.ts). */
export async function insertDemoSafety(
  db: Db,
  data: { reports: NewReport[]; nudges: NewSafetyNudge[] },
): Promise<void> {
  await runBatch(db, [
    ...chunkForInsert(data.reports).map((rows) => db.insert(reports).values(rows)),
    ...chunkForInsert(data.nudges).map((rows) => db.insert(safetyNudges).values(rows)),
  ]);
}
