// Everything the service holds about one member, read for the "download my data" file.
import { asc, count, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import {
  banHistory,
  blocks,
  chatRequests,
  chatRooms,
  communityPosts,
  feedback,
  hearts,
  matchingHistory,
  memberAgreements,
  memberImages,
  memberInterests,
  members,
  postComments,
  postLikes,
  reports,
} from '../../db/schema';
import type { Db } from '../../lib/env';

const other = alias(members, 'other');

export async function exportMemberRow(db: Db, memberId: number) {
  const rows = await db
    .select({
      id: members.id,
      providerType: members.providerType,
      name: members.name,
      email: members.email,
      gender: members.gender,
      birthday: members.birthday,
      lookingFor: members.lookingFor,
      status: members.status,
      bannedUntil: members.bannedUntil,
      openAge: members.openAge,
      romanceMatching: members.romanceMatching,
      friendMatching: members.friendMatching,
      address: members.address,
      city: members.city,
      district: members.district,
      lat: members.lat,
      lng: members.lng,
      locationUpdatedAt: members.locationUpdatedAt,
      createdAt: members.createdAt,
      lastActiveAt: members.lastActiveAt,
      identityVerifiedAt: members.identityVerifiedAt,
      nicknameChosenAt: members.nicknameChosenAt,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return rows[0];
}

/** The member's own rows from every area, each list in the order it happened. */
export async function exportRelated(db: Db, memberId: number) {
  const [images, interests, agreements, heartsGiven, heartsReceived, blocked, feedbackRows] = await Promise.all([
    db
      .select({ role: memberImages.role, objectKey: memberImages.objectKey, createdAt: memberImages.createdAt })
      .from(memberImages)
      .where(eq(memberImages.memberId, memberId))
      .orderBy(asc(memberImages.slot)),
    db.select({ tag: memberInterests.tag }).from(memberInterests).where(eq(memberInterests.memberId, memberId)),
    db
      .select({
        item: memberAgreements.item,
        agreed: memberAgreements.agreed,
        termsVersion: memberAgreements.termsVersion,
        decidedAt: memberAgreements.decidedAt,
      })
      .from(memberAgreements)
      .where(eq(memberAgreements.memberId, memberId)),
    db
      .select({ memberId: hearts.targetId, name: other.name, createdAt: hearts.createdAt })
      .from(hearts)
      .innerJoin(other, eq(other.id, hearts.targetId))
      .where(eq(hearts.memberId, memberId))
      .orderBy(asc(hearts.createdAt)),
    db.select({ n: count() }).from(hearts).where(eq(hearts.targetId, memberId)),
    db
      .select({ memberId: blocks.targetId, name: other.name, createdAt: blocks.createdAt })
      .from(blocks)
      .innerJoin(other, eq(other.id, blocks.targetId))
      .where(eq(blocks.memberId, memberId))
      .orderBy(asc(blocks.createdAt)),
    db
      .select({
        id: feedback.id,
        title: feedback.title,
        content: feedback.content,
        createdAt: feedback.createdAt,
        updatedAt: feedback.updatedAt,
        deletedAt: feedback.deletedAt,
      })
      .from(feedback)
      .where(eq(feedback.memberId, memberId))
      .orderBy(asc(feedback.id)),
  ]);
  return {
    images,
    interests: interests.map((r) => r.tag),
    agreements,
    heartsGiven,
    heartsReceivedCount: heartsReceived[0]?.n ?? 0,
    blocked,
    feedback: feedbackRows,
    ...(await exportActivity(db, memberId)),
  };
}

async function exportActivity(db: Db, memberId: number) {
  const opponent = sql<number>`CASE WHEN ${chatRequests.requesterId} = ${memberId} THEN ${chatRequests.targetId} ELSE ${chatRequests.requesterId} END`;
  const [requests, rooms, posts, comments, likes, reportsMade, bans, shown] = await Promise.all([
    db
      .select({
        id: chatRequests.id,
        requesterId: chatRequests.requesterId,
        status: chatRequests.status,
        opponentMemberId: other.id,
        opponentName: other.name,
        createdAt: chatRequests.createdAt,
        answeredAt: chatRequests.answeredAt,
      })
      .from(chatRequests)
      .innerJoin(other, eq(other.id, opponent))
      .where(or(eq(chatRequests.requesterId, memberId), eq(chatRequests.targetId, memberId)))
      .orderBy(asc(chatRequests.id)),
    db
      .select({
        id: chatRooms.id,
        memberA: chatRooms.memberA,
        memberB: chatRooms.memberB,
        createdAt: chatRooms.createdAt,
        messageCount: chatRooms.messageCount,
        closedAt: chatRooms.closedAt,
      })
      .from(chatRooms)
      .where(or(eq(chatRooms.memberA, memberId), eq(chatRooms.memberB, memberId)))
      .orderBy(asc(chatRooms.id)),
    db
      .select({
        id: communityPosts.id,
        category: communityPosts.category,
        title: communityPosts.title,
        content: communityPosts.content,
        imageKey: communityPosts.imageKey,
        createdAt: communityPosts.createdAt,
        updatedAt: communityPosts.updatedAt,
        deletedAt: communityPosts.deletedAt,
      })
      .from(communityPosts)
      .where(eq(communityPosts.memberId, memberId))
      .orderBy(asc(communityPosts.id)),
    db
      .select({
        id: postComments.id,
        postId: postComments.postId,
        content: postComments.content,
        createdAt: postComments.createdAt,
        deletedAt: postComments.deletedAt,
      })
      .from(postComments)
      .where(eq(postComments.memberId, memberId))
      .orderBy(asc(postComments.id)),
    db
      .select({ postId: postLikes.postId, createdAt: postLikes.createdAt })
      .from(postLikes)
      .where(eq(postLikes.memberId, memberId))
      .orderBy(asc(postLikes.createdAt)),
    db
      .select({
        id: reports.id,
        targetMemberId: reports.targetId,
        chatRoomId: reports.chatRoomId,
        reasonType: reports.reasonType,
        content: reports.content,
        status: reports.status,
        createdAt: reports.createdAt,
        handledAt: reports.handledAt,
      })
      .from(reports)
      .where(eq(reports.reporterId, memberId))
      .orderBy(asc(reports.id)),
    db
      .select({
        action: banHistory.action,
        reason: banHistory.reason,
        until: banHistory.until,
        createdAt: banHistory.createdAt,
      })
      .from(banHistory)
      .where(eq(banHistory.memberId, memberId))
      .orderBy(asc(banHistory.createdAt)),
    db
      .select({ profileId: matchingHistory.profileId, page: matchingHistory.page, shownAt: matchingHistory.shownAt })
      .from(matchingHistory)
      .where(eq(matchingHistory.memberId, memberId))
      .orderBy(asc(matchingHistory.shownAt)),
  ]);
  return { requests, rooms, posts, comments, likes, reportsMade, bans, shown };
}
