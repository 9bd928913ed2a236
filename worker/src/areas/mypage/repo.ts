// My page reads and writes: profile info, interests, matching settings, hearted people, chat requests.
import { and, desc, eq, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import type { InterestTag } from '../../contract/enums';
import { chatRequests, hearts, memberImages, memberInterests, members } from '../../db/schema';
import type { Db } from '../../lib/env';
import { authorShownTo, visibleRowTo, type VisibilityClock } from '../visibility/repo';
import { goalForToggles } from '../../contract/profile-details';
import { lookingForFollowsQuery } from '../profile-details/repo';

export type ProfileRow = {
  name: string;
  email: string;
  gender: 'M' | 'F';
  birthday: string;
  lookingFor: 'M' | 'F' | 'both';
  romanceMatching: boolean;
  friendMatching: boolean;
};

/** The query behind findProfile, for callers that batch it (GET profile: with the auth statement). */
export function profileQuery(db: Db, memberId: number | Placeholder) {
  return db
    .select({
      name: members.name,
      email: members.email,
      gender: members.gender,
      birthday: members.birthday,
      lookingFor: members.lookingFor,
      romanceMatching: members.romanceMatching,
      friendMatching: members.friendMatching,
    })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
    .limit(1);
}

export async function findProfile(db: Db, memberId: number): Promise<ProfileRow | undefined> {
  const rows = await profileQuery(db, memberId);
  return rows[0];
}

export async function updateMatchingSettings(
  db: Db,
  memberId: number,
  settings: { romanceMatching: boolean; friendMatching: boolean },
): Promise<void> {
  // A 찾는 관계 (lookingFor) the member answered follows the toggles (docs/matching.md).
  const goal = goalForToggles(settings);
  const update = db.update(members).set(settings).where(eq(members.id, memberId));
  if (goal) await db.batch([update, lookingForFollowsQuery(db, memberId, goal)]);
  else await update;
}

/** The query behind listInterests, for callers that batch it with other reads. */
export function interestsQuery(db: Db, memberId: number | Placeholder) {
  return db.select({ tag: memberInterests.tag }).from(memberInterests).where(eq(memberInterests.memberId, memberId));
}

export async function listInterests(db: Db, memberId: number): Promise<string[]> {
  const rows = await interestsQuery(db, memberId);
  return rows.map((r) => r.tag);
}

/** Replaces the member's interests in one transaction and answers them as stored (one D1 round trip). */
export async function replaceInterests(db: Db, memberId: number, tags: readonly InterestTag[]): Promise<string[]> {
  const answers = await db.batch([
    db.delete(memberInterests).where(eq(memberInterests.memberId, memberId)),
    ...tags.map((tag) => db.insert(memberInterests).values({ memberId, tag })),
    interestsQuery(db, memberId),
  ]);
  return (answers[answers.length - 1] as { tag: string }[]).map((r) => r.tag);
}

export type LikedRow = {
  memberId: number;
  name: string;
  birthday: string;
  gender: 'M' | 'F';
  mainImageKey: string | null;
};

/** People `memberId` hearted whom the visibility module lets them see, newest heart first; one extra row tells whether a next page exists. */
export function listHearted(
  db: Db,
  memberId: number | Placeholder,
  page: { offset: number | Placeholder; limit: number | Placeholder },
  clock: VisibilityClock,
) {
  return db
    .select({
      memberId: members.id,
      name: members.name,
      birthday: members.birthday,
      gender: members.gender,
      mainImageKey: memberImages.objectKey,
    })
    .from(hearts)
    .innerJoin(members, eq(members.id, hearts.targetId))
    .leftJoin(memberImages, and(eq(memberImages.memberId, members.id), eq(memberImages.slot, 0)))
    .where(and(eq(hearts.memberId, memberId), visibleRowTo(sql.raw('members'), memberId, clock)))
    .orderBy(desc(hearts.createdAt), desc(hearts.targetId))
    .limit(page.limit)
    .offset(page.offset);
}

export type ChatRequestRow = {
  id: number;
  requesterId: number;
  targetId: number;
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'CANCELLED' | 'EXPIRED';
  intro: string | null;
  createdAt: string;
  answeredAt: string | null;
  opponentId: number;
  opponentName: string;
  opponentDeletedAt: string | null;
  opponentImageKey: string | null;
};

/**
 * Chat requests the member sent or received, newest first, with the other side's name and main
 * photo; requests with someone the visibility module hides from the member (banned, blocked
 * either way, under 19) are left out — a withdrawn opponent stays, shown as '탈퇴한 회원'.
 */
export async function listChatRequests(
  db: Db,
  memberId: number,
  page: { offset: number; limit: number },
  now: Date,
): Promise<ChatRequestRow[]> {
  const opponent = sql<number>`CASE WHEN ${chatRequests.requesterId} = ${memberId} THEN ${chatRequests.targetId} ELSE ${chatRequests.requesterId} END`;
  return db
    .select({
      id: chatRequests.id,
      requesterId: chatRequests.requesterId,
      targetId: chatRequests.targetId,
      status: chatRequests.status,
      intro: chatRequests.intro,
      createdAt: chatRequests.createdAt,
      answeredAt: chatRequests.answeredAt,
      opponentId: members.id,
      opponentName: members.name,
      opponentDeletedAt: members.deletedAt,
      opponentImageKey: memberImages.objectKey,
    })
    .from(chatRequests)
    .innerJoin(members, eq(members.id, opponent))
    .leftJoin(memberImages, and(eq(memberImages.memberId, members.id), eq(memberImages.slot, 0)))
    .where(
      and(
        or(eq(chatRequests.requesterId, memberId), eq(chatRequests.targetId, memberId)),
        authorShownTo(members.id, memberId, now),
      ),
    )
    .orderBy(desc(chatRequests.createdAt), desc(chatRequests.id))
    .limit(page.limit)
    .offset(page.offset);
}
