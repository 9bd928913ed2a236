// Refresh token families and their rotating tokens (token rows keyed by the SHA-256 of the cookie).
import { and, eq, isNull } from 'drizzle-orm';
import { refreshFamilies, refreshTokens } from '../../db/schema';
import type { Db } from '../../lib/env';

export async function insertFamilyWithToken(
  db: Db,
  family: { id: string; memberId: number },
  token: { id: string; expiresAt: string },
): Promise<void> {
  await db.batch([
    db.insert(refreshFamilies).values(family),
    db.insert(refreshTokens).values({ ...token, familyId: family.id }),
  ]);
}

export type RefreshTokenRow = {
  familyId: string;
  memberId: number;
  expiresAt: string;
  rotatedAt: string | null;
  familyRevokedAt: string | null;
  revokeReason: string | null;
};

export async function findRefreshToken(db: Db, id: string): Promise<RefreshTokenRow | undefined> {
  const rows = await db
    .select({
      familyId: refreshTokens.familyId,
      memberId: refreshFamilies.memberId,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      familyRevokedAt: refreshFamilies.revokedAt,
      revokeReason: refreshFamilies.revokeReason,
    })
    .from(refreshTokens)
    .innerJoin(refreshFamilies, eq(refreshFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.id, id))
    .limit(1);
  return rows[0];
}

/** Marks the token rotated if nobody else did first; true when this call won. */
export async function markRotated(db: Db, id: string, now: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function insertRefreshToken(
  db: Db,
  token: { id: string; familyId: string; expiresAt: string },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

export async function revokeFamily(db: Db, familyId: string, reason: string, now: string): Promise<void> {
  await db
    .update(refreshFamilies)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(refreshFamilies.id, familyId), isNull(refreshFamilies.revokedAt)));
}
