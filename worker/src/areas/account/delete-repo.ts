// Account deletion in one transaction: personal rows go, the member row stays anonymised so the
// foreign keys of posts, comments, reports and chat rooms still hold.
import { and, eq, inArray, or } from 'drizzle-orm';
import { WITHDRAWN_MEMBER_NAME } from '../../contract/mypage';
import {
  avoidPhones,
  dateShares,
  blocks,
  chatRequests,
  feedback,
  hearts,
  heartsSeen,
  loginTickets,
  matchingHistory,
  matchingRankings,
  memberAgreements,
  memberImages,
  memberInterests,
  memberPreferences,
  memberProfileDetails,
  memberProfilePrompts,
  members,
  notificationSettings,
  notifications,
  photoMatches,
  photoVerifications,
  pushSubscriptions,
  refreshFamilies,
  refreshTokens,
  signupSessions,
} from '../../db/schema';
import type { Db } from '../../lib/env';
import { forgetVerificationDetailsStatement } from '../identity/repo';

/** The R2 keys of the member's photos (read before the rows go). */
export async function imageKeysOf(db: Db, memberId: number): Promise<string[]> {
  const rows = await db
    .select({ key: memberImages.objectKey })
    .from(memberImages)
    .where(eq(memberImages.memberId, memberId));
  return rows.map((r) => r.key);
}

export type Anonymisation = { providerUserId: string; at: string };

export async function eraseMember(db: Db, memberId: number, anon: Anonymisation): Promise<void> {
  const families = db
    .select({ id: refreshFamilies.id })
    .from(refreshFamilies)
    .where(eq(refreshFamilies.memberId, memberId));
  await db.batch([
    db.delete(refreshTokens).where(inArray(refreshTokens.familyId, families)),
    db.delete(refreshFamilies).where(eq(refreshFamilies.memberId, memberId)),
    db.delete(loginTickets).where(eq(loginTickets.memberId, memberId)),
    db.delete(signupSessions).where(eq(signupSessions.memberId, memberId)),
    // 본인확인: only the CI hash and times stay, for the rejoin cooling-off and the ban rule.
    forgetVerificationDetailsStatement(db, memberId),
    db.delete(memberImages).where(eq(memberImages.memberId, memberId)),
    db.delete(memberInterests).where(eq(memberInterests.memberId, memberId)),
    db.delete(memberProfileDetails).where(eq(memberProfileDetails.memberId, memberId)),
    db.delete(memberProfilePrompts).where(eq(memberProfilePrompts.memberId, memberId)),
    db.delete(memberPreferences).where(eq(memberPreferences.memberId, memberId)),
    db.delete(heartsSeen).where(eq(heartsSeen.memberId, memberId)),
    db.delete(memberAgreements).where(eq(memberAgreements.memberId, memberId)),
    db.delete(hearts).where(or(eq(hearts.memberId, memberId), eq(hearts.targetId, memberId))),
    db.delete(blocks).where(or(eq(blocks.memberId, memberId), eq(blocks.targetId, memberId))),
    db.delete(feedback).where(eq(feedback.memberId, memberId)),
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId)),
    // Their notifications, and those that name them to others.
    db.delete(notifications).where(or(eq(notifications.memberId, memberId), eq(notifications.actorId, memberId))),
    db.delete(notificationSettings).where(eq(notificationSettings.memberId, memberId)),
    db
      .delete(matchingHistory)
      .where(or(eq(matchingHistory.memberId, memberId), eq(matchingHistory.profileId, memberId))),
    db.delete(matchingRankings).where(eq(matchingRankings.memberId, memberId)),
    // Pose selfies (their R2 objects go with the photos) and duplicate-photo flags (docs/trust.md "Duplicate photos").
    db.delete(photoVerifications).where(eq(photoVerifications.memberId, memberId)),
    db.delete(avoidPhones).where(eq(avoidPhones.memberId, memberId)),
    db.delete(dateShares).where(or(eq(dateShares.memberId, memberId), eq(dateShares.matchId, memberId))),
    db.delete(photoMatches).where(or(eq(photoMatches.memberId, memberId), eq(photoMatches.otherMemberId, memberId))),
    // Nobody should be left waiting on an answer from (or to) a member who left.
    db
      .update(chatRequests)
      .set({ status: 'CANCELLED', answeredAt: anon.at })
      .where(
        and(
          eq(chatRequests.status, 'PENDING'),
          or(eq(chatRequests.requesterId, memberId), eq(chatRequests.targetId, memberId)),
        ),
      ),
    db
      .update(members)
      .set({
        name: WITHDRAWN_MEMBER_NAME,
        email: '',
        providerUserId: anon.providerUserId,
        // The birthday is personal data; a fixed placeholder keeps the NOT NULL column valid.
        birthday: '1900-01-01',
        address: null,
        city: null,
        district: null,
        lat: null,
        lng: null,
        locationUpdatedAt: null,
        romanceMatching: false,
        friendMatching: false,
        // 아는 사람 피하기 and 비공개 모드 (docs/privacy.md): nothing of them outlives the account.
        phoneHash: null,
        privateMode: false,
        deletedAt: anon.at,
      })
      .where(eq(members.id, memberId)),
  ]);
}
