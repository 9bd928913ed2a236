// Writes a new member and everything signup decides about them, and spends the signup session.
import { and, eq, isNull } from 'drizzle-orm';
import type { AgreementItem, InterestTag, LookingFor } from '../../contract/enums';
import {
  loginTickets,
  memberAgreements,
  memberImages,
  memberInterests,
  members,
  signupSessions,
} from '../../db/schema';
import type { Db } from '../../lib/env';
import { bindVerificationStatement } from '../identity/repo';
import type { StoredImage } from '../media/service';
import type { PortalIdentity } from './portals/types';

export type NewMember = {
  identity: PortalIdentity;
  /** The verification (본인확인) bound to the signup: birthday and gender come from it. */
  verified: { id: string; birthDate: string; gender: 'M' | 'F'; verifiedAt: string; phoneHash: string | null };
  name: string;
  lookingFor: LookingFor;
  place: { address: string | null; city: string; district: string; lat: number; lng: number } | null;
  interests: readonly InterestTag[];
  agreements: Record<AgreementItem, boolean>;
  termsVersion: string;
  images: StoredImage[];
  signupSessionId: string;
  loginTicket: { id: string; expiresAt: string };
  at: string;
};

/** Creates the member; the children go in one batch so a failure leaves no half-made profile. */
export async function insertMemberFromSignup(db: Db, m: NewMember): Promise<number> {
  const { identity, place } = m;
  const inserted = await db
    .insert(members)
    .values({
      providerType: identity.providerType,
      providerUserId: identity.providerUserId,
      name: m.name,
      email: identity.email,
      gender: m.verified.gender,
      birthday: m.verified.birthDate,
      lookingFor: m.lookingFor,
      ...(place ? { ...place, locationUpdatedAt: m.at } : {}),
      createdAt: m.at,
      lastActiveAt: m.at,
      identityVerifiedAt: m.verified.verifiedAt,
      phoneHash: m.verified.phoneHash,
      nicknameChosenAt: m.at,
    })
    .returning({ id: members.id });
  const memberId = inserted[0]?.id;
  if (memberId === undefined) throw new Error('member insert returned no id');
  try {
    await db.batch([
      db
        .update(signupSessions)
        .set({ memberId })
        .where(and(eq(signupSessions.id, m.signupSessionId), isNull(signupSessions.memberId))),
      db.insert(memberAgreements).values(
        (Object.entries(m.agreements) as [AgreementItem, boolean][]).map(([item, agreed]) => ({
          memberId,
          item,
          agreed,
          termsVersion: m.termsVersion,
          decidedAt: m.at,
        })),
      ),
      bindVerificationStatement(db, m.verified.id, memberId),
      db.insert(loginTickets).values({ ...m.loginTicket, memberId }),
      ...m.interests.map((tag) => db.insert(memberInterests).values({ memberId, tag })),
      ...m.images.map((img, slot) =>
        db.insert(memberImages).values({
          memberId,
          role: slot === 0 ? 'MAIN' : 'SUB',
          slot,
          objectKey: img.key,
          contentType: img.contentType,
          width: img.width,
          height: img.height,
          bytes: img.bytes,
          phash: img.phash,
        }),
      ),
    ]);
  } catch (err) {
    await db.delete(members).where(eq(members.id, memberId));
    throw err;
  }
  return memberId;
}
