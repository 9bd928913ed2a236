// My page rules: my profile info, interests, matching settings, the people I hearted and my
// chat-request history. Every call is about the signed-in member only.
import { clockPlaceholders, clockValues } from '../visibility/repo';
import { sql } from 'drizzle-orm';
import { ageOn } from '../../contract/age';
import { CHAT_LIMITS } from '../../contract/chat';
import { INTEREST_TAGS, type InterestTag } from '../../contract/enums';
import {
  WITHDRAWN_MEMBER_NAME,
  type InterestsResponse,
  type LikedProfile,
  type MatchingHistoryItem,
  type MatchingSettings,
  type MypagePage,
  type MypageProfile,
} from '../../contract/mypage';
import { batchRead } from '../../lib/db';
import type { Db } from '../../lib/env';
import { imageUrl } from '../media/service';
import {
  findProfile,
  listChatRequests,
  listHearted,
  listInterests,
  replaceInterests,
  updateMatchingSettings,
  type LikedRow,
  type ProfileRow,
} from './repo';
import { memberGone } from '../members/service';

export type PageQuery = { page: number; size: number };

async function profileOf(db: Db, memberId: number): Promise<ProfileRow> {
  const row = await findProfile(db, memberId);
  // requireMember already checked the member; a row gone since then means the session is over.
  if (!row) throw memberGone();
  return row;
}

/** My page's profile from my row (read with the auth statement by the route). */
export function profileFrom(row: ProfileRow | undefined, now: Date): MypageProfile {
  // requireMember already checked the member; a row gone since then means the session is over.
  if (!row) throw memberGone();
  return {
    name: row.name,
    age: ageOn(row.birthday, now),
    email: row.email,
    gender: row.gender,
    lookingForGender: row.lookingFor,
  };
}

/** Tags in the fixed order of the 12, so every screen lists them alike. */
export function inCanonicalOrder(tags: readonly string[]): InterestTag[] {
  const set = new Set(tags);
  return INTEREST_TAGS.filter((t) => set.has(t));
}

export async function myInterests(db: Db, memberId: number): Promise<InterestsResponse> {
  return { interests: inCanonicalOrder(await listInterests(db, memberId)) };
}

export async function setMyInterests(
  db: Db,
  memberId: number,
  interests: readonly InterestTag[],
): Promise<InterestsResponse> {
  return { interests: inCanonicalOrder(await replaceInterests(db, memberId, interests)) };
}

export async function myMatchingSettings(db: Db, memberId: number): Promise<MatchingSettings> {
  const row = await profileOf(db, memberId);
  return { romanceMatching: row.romanceMatching, friendMatching: row.friendMatching };
}

export async function setMyMatchingSettings(
  db: Db,
  memberId: number,
  settings: MatchingSettings,
): Promise<MatchingSettings> {
  await updateMatchingSettings(db, memberId, settings);
  return myMatchingSettings(db, memberId);
}

/** The read behind a page of my likes (one extra row tells whether a next page exists). */
export const likesQuery = (db: Db, memberId: number, q: PageQuery, now: Date) =>
  batchRead(
    db,
    'mypage-likes',
    () =>
      listHearted(
        db,
        sql.placeholder('member'),
        { offset: sql.placeholder('offset'), limit: sql.placeholder('limit') },
        clockPlaceholders(),
      ),
    { member: memberId, offset: q.page * q.size, limit: q.size + 1, ...clockValues(now) },
  );

export function likesFrom(rows: LikedRow[], q: PageQuery, now: Date): MypagePage<LikedProfile> {
  return {
    content: rows.slice(0, q.size).map((r) => ({
      memberId: r.memberId,
      name: r.name,
      age: ageOn(r.birthday, now),
      gender: r.gender,
      mainImageUrl: r.mainImageKey ? imageUrl(r.mainImageKey) : null,
    })),
    last: rows.length <= q.size,
  };
}

export async function myMatchingHistory(
  db: Db,
  memberId: number,
  q: PageQuery,
  now: Date = new Date(),
): Promise<MypagePage<MatchingHistoryItem>> {
  // Unanswered for 7 days is expired, even before the daily job marks it (docs/chat.md).
  const expiredBefore = new Date(now.getTime() - CHAT_LIMITS.requestExpiryMs).toISOString();
  const rows = await listChatRequests(db, memberId, { offset: q.page * q.size, limit: q.size + 1 }, now);
  return {
    content: rows.slice(0, q.size).map((r) => {
      const withdrawn = r.opponentDeletedAt !== null;
      return {
        matchingId: r.id,
        direction: r.requesterId === memberId ? 'SENT' : 'RECEIVED',
        status: r.status === 'PENDING' && r.createdAt <= expiredBefore ? 'EXPIRED' : r.status,
        intro: r.intro,
        opponentMemberId: r.opponentId,
        opponentNickname: withdrawn ? WITHDRAWN_MEMBER_NAME : r.opponentName,
        opponentProfileImageUrl: !withdrawn && r.opponentImageKey ? imageUrl(r.opponentImageKey) : null,
        createdAt: r.createdAt,
        answeredAt: r.answeredAt,
      };
    }),
    last: rows.length <= q.size,
  };
}
