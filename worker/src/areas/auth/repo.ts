// OAuth states, signup sessions and login tickets (rows keyed by the SHA-256 of the cookie value).
import { and, eq, gt, isNull } from 'drizzle-orm';
import { loginTickets, oauthStates, signupSessions } from '../../db/schema';
import type { Db } from '../../lib/env';
import type { PortalIdentity } from './portals/types';

export async function insertOauthState(db: Db, row: { id: string; state: string; expiresAt: string }): Promise<void> {
  await db.insert(oauthStates).values(row);
}

export type OauthStateRow = { state: string; expiresAt: string; usedAt: string | null };

export async function findOauthState(db: Db, id: string): Promise<OauthStateRow | undefined> {
  const rows = await db
    .select({ state: oauthStates.state, expiresAt: oauthStates.expiresAt, usedAt: oauthStates.usedAt })
    .from(oauthStates)
    .where(eq(oauthStates.id, id))
    .limit(1);
  return rows[0];
}

/** Marks the state used if it is unused, unexpired and equal to `state`; true when this call won. */
export async function consumeOauthState(db: Db, id: string, state: string, now: string): Promise<boolean> {
  const rows = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.id, id),
        eq(oauthStates.state, state),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning({ id: oauthStates.id });
  return rows.length === 1;
}

export async function insertSignupSession(
  db: Db,
  row: { id: string; identity: PortalIdentity; expiresAt: string },
): Promise<void> {
  await db.insert(signupSessions).values({ id: row.id, ...row.identity, expiresAt: row.expiresAt });
}

export type SignupSessionRow = PortalIdentity & {
  id: string;
  address: string | null;
  city: string | null;
  district: string | null;
  lat: number | null;
  lng: number | null;
};

/** An open signup session: unexpired and not yet turned into a member. */
export async function findOpenSignupSession(db: Db, id: string, now: string): Promise<SignupSessionRow | undefined> {
  const rows = await db
    .select({
      id: signupSessions.id,
      providerType: signupSessions.providerType,
      providerUserId: signupSessions.providerUserId,
      name: signupSessions.name,
      email: signupSessions.email,
      gender: signupSessions.gender,
      birthday: signupSessions.birthday,
      address: signupSessions.address,
      city: signupSessions.city,
      district: signupSessions.district,
      lat: signupSessions.lat,
      lng: signupSessions.lng,
    })
    .from(signupSessions)
    .where(and(eq(signupSessions.id, id), isNull(signupSessions.memberId), gt(signupSessions.expiresAt, now)))
    .limit(1);
  return rows[0];
}

export type PlaceRow = { address: string; city: string; district: string; lat: number; lng: number };

export async function setSignupSessionLocation(db: Db, id: string, place: PlaceRow): Promise<void> {
  await db.update(signupSessions).set(place).where(eq(signupSessions.id, id));
}

export async function insertLoginTicket(
  db: Db,
  row: { id: string; memberId: number; expiresAt: string },
): Promise<void> {
  await db.insert(loginTickets).values(row);
}

/** Spends the ticket if it is for exactly this member, unused and unexpired; true when this call won. */
export async function consumeLoginTicket(db: Db, id: string, memberId: number, now: string): Promise<boolean> {
  const rows = await db
    .update(loginTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginTickets.id, id),
        eq(loginTickets.memberId, memberId),
        isNull(loginTickets.usedAt),
        gt(loginTickets.expiresAt, now),
      ),
    )
    .returning({ id: loginTickets.id });
  return rows.length === 1;
}
