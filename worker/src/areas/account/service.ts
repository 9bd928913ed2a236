// The member's rights over their data (Korean privacy law): download everything held about them,
// and delete the account (personal data and photos removed, the row kept anonymised).
import { AGREEMENT_HISTORY_LABELS } from '../../contract/enums';
import { iso } from '../../lib/clock';
import { randomToken } from '../../lib/crypto';
import type { Db, Env } from '../../lib/env';
import { hit } from '../../lib/rate-limit';
import { closeRoomsOf, disconnectMember, recentMessages } from '../chat/rooms-api';
import { deleteImage, imageUrl } from '../media/service';
import { photoVerificationRecords, selfieKeysOf } from '../photo-verification/repo';
import { deleteSelfies } from '../photo-verification/service';
import { eraseMember, imageKeysOf } from './delete-repo';
import { exportMemberRow, exportRelated } from './export-repo';
import { myDetails } from '../profile-details/service';
import { eraseVoice, myVoice } from '../profile-details/voice';
import { readPreferences } from '../profile-details/repo';
import { memberGone } from '../members/service';
import { verificationsOf } from '../identity/repo';
import { settingsOf as privacySettingsOf, sharesOf } from '../privacy/repo';

export const EXPORT_LIMIT = { max: 5, windowSeconds: 3600 } as const;
/** Messages live in each room's Durable Object; the export carries the member's own latest ones. */
export const EXPORT_MESSAGES_PER_ROOM = 1_000;

/** The "download my data" document: every row the service keeps about the member. */
export async function exportMemberData(env: Env, db: Db, memberId: number, now: Date) {
  await hit(db, `export:${memberId}`, EXPORT_LIMIT, now, '내 정보 내려받기는 잠시 후 다시 시도해 주세요.');
  const member = await exportMemberRow(db, memberId);
  if (!member) throw memberGone();
  const [
    r,
    profileDetails,
    matchingPreferences,
    identityVerifications,
    photoVerifications,
    privacy,
    dateShares,
    voiceIntro,
  ] = await Promise.all([
    exportRelated(db, memberId),
    myDetails(db, memberId),
    readPreferences(db, memberId),
    verificationsOf(db, memberId),
    photoVerificationRecords(db, memberId),
    privacySettingsOf(db, memberId),
    sharesOf(db, memberId, 1_000),
    // The 목소리 소개: its details and a short-lived link to download the recording.
    myVoice({ env, db, now }, memberId),
  ]);
  return {
    service: '온기 (Ongi)',
    exportedAt: iso(now),
    member,
    // 본인확인 records: what PortOne confirmed and when (the CI is kept only as a keyed hash, not exported).
    identityVerifications,
    profileImages: r.images.map((i) => ({ role: i.role, url: imageUrl(i.objectKey), uploadedAt: i.createdAt })),
    interests: r.interests,
    profileDetails,
    voiceIntro,
    matchingPreferences,
    photoVerifications,
    // docs/privacy.md: the avoid list is only keyed hashes, so its count is all that can be given back.
    privacy: {
      avoidCount: privacy?.avoidCount ?? 0,
      privateMode: privacy?.privateMode ?? false,
      phoneVerified: Boolean(privacy?.phoneVerified),
      dateShares: dateShares.map(({ id: _id, ...share }) => share),
    },
    // Each consent with how it reads: a retired OVER_14 shows as '만 14세 이상 (이전 약관)'.
    agreements: r.agreements.map((a) => ({ ...a, label: AGREEMENT_HISTORY_LABELS[a.item] })),
    heartsGiven: r.heartsGiven,
    heartsReceivedCount: r.heartsReceivedCount,
    blocks: r.blocked,
    feedback: r.feedback,
    chatRequests: r.requests.map((q) => ({
      id: q.id,
      direction: q.requesterId === memberId ? 'SENT' : 'RECEIVED',
      status: q.status,
      opponentMemberId: q.opponentMemberId,
      opponentName: q.opponentName,
      createdAt: q.createdAt,
      answeredAt: q.answeredAt,
    })),
    chatRooms: await Promise.all(
      r.rooms.map(async (room) => ({
        id: room.id,
        opponentMemberId: room.memberA === memberId ? room.memberB : room.memberA,
        createdAt: room.createdAt,
        messageCount: room.messageCount,
        closedAt: room.closedAt,
        myMessages: (await recentMessages(env, room.id, EXPORT_MESSAGES_PER_ROOM))
          .filter((m) => m.senderId === memberId)
          .map((m) => ({ content: m.content, sentAt: m.sentAt })),
      })),
    ),
    posts: r.posts.map(({ imageKey, ...p }) => ({ ...p, imageUrl: imageKey ? imageUrl(imageKey) : null })),
    comments: r.comments,
    postLikes: r.likes,
    reportsMade: r.reportsMade,
    banHistory: r.bans,
    profilesShownByRecommendation: r.shown,
  };
}

export type MemberDataExport = Awaited<ReturnType<typeof exportMemberData>>;

/**
 * Deletes the account: photos (rows and R2 objects), interests, agreements, hearts and blocks both
 * ways, feedback, recommendation history, sessions; pending chat requests are cancelled and open
 * rooms closed. The row stays anonymised ('탈퇴한 회원') so posts, comments, reports (kept as
 * evidence) and chat rooms still point somewhere; the portal identity is released so the same
 * person can sign up again later.
 */
export async function deleteAccount(env: Env, db: Db, memberId: number, now: Date): Promise<void> {
  const [keys, selfies] = await Promise.all([imageKeysOf(db, memberId), selfieKeysOf(db, memberId)]);
  const at = iso(now);
  await eraseMember(db, memberId, { providerUserId: `deleted:${memberId}:${randomToken(12)}`, at });
  // The 목소리 소개: its row and its R2 object (docs/voice.md "A voice on the profile").
  await eraseVoice(env, db, memberId).catch((err: unknown) => {
    console.error(
      JSON.stringify({ level: 'error', message: 'account deletion left the voice intro', memberId, err: String(err) }),
    );
  });
  await closeRoomsOf(env, db, memberId, 'WITHDRAWN', at);
  await disconnectMember(env, db, memberId);
  const results = await Promise.allSettled([
    ...keys.map((key) => deleteImage(env.MEDIA, key)),
    deleteSelfies(env, selfies),
  ]);
  const failed = results.filter((r) => r.status === 'rejected').length;
  if (failed > 0) {
    console.error(JSON.stringify({ level: 'error', message: 'account deletion left R2 objects', memberId, failed }));
  }
}
