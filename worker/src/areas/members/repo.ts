// Member rows: lookups shared by every area (auth state, identity).
import { and, asc, eq, isNull, lt, sql, type Placeholder } from 'drizzle-orm';
import type { AgreementItem } from '../../contract/enums';
import { memberAgreements, members } from '../../db/schema';
import type { Db } from '../../lib/env';

export type MemberAuthState = {
  id: number;
  status: 'ACTIVE' | 'INACTIVE' | 'BANNED';
  bannedUntil: string | null;
  /** ISO time of the last activity stamp (requireMember refreshes it when stale). */
  lastActiveAt: string;
  /** YYYY-MM-DD: a member under 19 by the year rule is answered 403 UNDER_19 (docs/trust.md "Adults only"). */
  birthday: string;
};

/** Everything requireMember needs about a member, in one statement (a query, so it can join a batch). */
export function memberAuthStateQuery(db: Db, id: number | Placeholder) {
  return db
    .select({
      id: members.id,
      status: members.status,
      bannedUntil: members.bannedUntil,
      lastActiveAt: members.lastActiveAt,
      birthday: members.birthday,
    })
    .from(members)
    .where(and(eq(members.id, id), isNull(members.deletedAt)))
    .limit(1);
}

// The same statement prepared once per drizzle instance: requireMember runs it on every member
// call, and building its SQL each time cost more than binding the id (docs/performance.md).
const preparedAuthState = new WeakMap<Db, ReturnType<typeof prepareAuthState>>();

function prepareAuthState(db: Db) {
  return memberAuthStateQuery(db, sql.placeholder('id')).prepare();
}

export async function findMemberAuthState(db: Db, id: number): Promise<MemberAuthState | undefined> {
  let prepared = preparedAuthState.get(db);
  if (!prepared) {
    prepared = prepareAuthState(db);
    preparedAuthState.set(db, prepared);
  }
  const rows = await prepared.all({ id });
  return rows[0];
}

/** Stamps activity unless another request stamped it since `staleBefore`. */
export async function touchLastActive(db: Db, id: number, at: string, staleBefore: string): Promise<void> {
  await db
    .update(members)
    .set({ lastActiveAt: at })
    .where(and(eq(members.id, id), lt(members.lastActiveAt, staleBefore)));
}

export type MemberIdentityRow = {
  id: number;
  providerUserId: string;
  name: string;
  email: string;
  gender: 'M' | 'F';
  birthday: string;
  status: 'ACTIVE' | 'INACTIVE' | 'BANNED';
};

const identityColumns = {
  id: members.id,
  providerUserId: members.providerUserId,
  name: members.name,
  email: members.email,
  gender: members.gender,
  birthday: members.birthday,
  status: members.status,
};

/** The member a portal identity belongs to (one member per identity). */
export async function findMemberIdByIdentity(
  db: Db,
  providerType: 'NAVER' | 'KAKAO',
  providerUserId: string,
): Promise<number | undefined> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.providerType, providerType),
        eq(members.providerUserId, providerUserId),
        isNull(members.deletedAt),
      ),
    )
    .limit(1);
  return rows[0]?.id;
}

export async function findMemberByProviderEmail(
  db: Db,
  providerType: 'NAVER' | 'KAKAO',
  email: string,
): Promise<MemberIdentityRow | undefined> {
  const rows = await db
    .select(identityColumns)
    .from(members)
    .where(and(eq(members.providerType, providerType), eq(members.email, email), isNull(members.deletedAt)))
    .orderBy(asc(members.id))
    .limit(1);
  return rows[0];
}

export async function listMembersOfProvider(
  db: Db,
  providerType: 'NAVER' | 'KAKAO',
  limit: number,
): Promise<MemberIdentityRow[]> {
  return db
    .select(identityColumns)
    .from(members)
    .where(and(eq(members.providerType, providerType), isNull(members.deletedAt)))
    .orderBy(asc(members.id))
    .limit(limit);
}

export async function hasAgreed(db: Db, memberId: number, item: AgreementItem): Promise<boolean> {
  const rows = await db
    .select({ agreed: memberAgreements.agreed })
    .from(memberAgreements)
    .where(and(eq(memberAgreements.memberId, memberId), eq(memberAgreements.item, item)))
    .limit(1);
  return rows[0]?.agreed === true;
}

export type MemberPlace = { address: string | null; city: string; district: string; lat: number; lng: number };

export async function updateMemberLocation(db: Db, memberId: number, place: MemberPlace, at: string): Promise<void> {
  await db
    .update(members)
    .set({ ...place, locationUpdatedAt: at })
    .where(eq(members.id, memberId));
}
