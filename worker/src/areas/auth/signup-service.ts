// Signup (POST /api/member/profile): only inside the signup session the callback opened, and only
// with a verified identity (본인확인) bound to that session. The portal gives the account (provider,
// email); the verification gives birthday and gender; the body gives the rest (닉네임, choices).
import { signupData, type SignupData } from '../../contract/auth';
import { LIMITS } from '../../contract/limits';
import { VALIDATION_KO } from '../../contract/messages';
import { addSeconds, iso } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { Conflict, Invalid } from '../../lib/errors';
import { boundIdentity, checkStillAllowed, type ConfirmedIdentity } from '../identity/service';
import { snapToCell } from '../location/grid';
import { checkedPosition } from '../location/place';
import { deleteImage, storeImage, type StoredImage } from '../media/service';
import { findMemberIdByIdentity } from '../members/repo';
import type { AuthContext } from './context';
import type { SignupSessionRow } from './repo';
import { openSignupSession } from './signup-session';
import { flagLookalikes, refuseBannedLookalikes } from '../photo-verification/duplicates';
import { insertMemberFromSignup } from './signup-repo';
import { parseWith } from '../../lib/validation';
import { refuseContact } from '../safety/service';

/** The open signup session and the verification bound to it (401 without a session, 403 IDENTITY_REQUIRED without one). */
export async function openVerifiedSignup(
  ctx: AuthContext,
  cookie: string | undefined,
): Promise<{ session: SignupSessionRow; identity: ConfirmedIdentity }> {
  const session = await openSignupSession(ctx, cookie);
  return { session, identity: await boundIdentity(ctx, session.id) };
}

export async function signUp(
  ctx: AuthContext,
  session: SignupSessionRow,
  identity: ConfirmedIdentity,
  rawData: unknown,
  images: File[],
): Promise<{ memberId: number; loginTicket: string }> {
  const data = parseSignupData(rawData);
  refuseContact({ name: data.name });
  if (images.length > LIMITS.profileImages) {
    throw new Invalid(VALIDATION_KO.imagesMax, { images: VALIDATION_KO.imagesMax }, 'IMAGES_TOO_MANY');
  }
  if ((await findMemberIdByIdentity(ctx.db, session.providerType, session.providerUserId)) !== undefined) {
    throw alreadyMember();
  }
  // A minor never gets here (POST /api/member/identity refused them); another account of this
  // person may have been made since the binding.
  await checkStillAllowed(ctx, identity);

  const place = chosenPlace(session, data);
  const stored = await storeAll(ctx, images);
  const loginTicket = randomToken();
  try {
    const memberId = await insertMemberFromSignup(ctx.db, {
      identity: session,
      verified: identity,
      name: data.name,
      lookingFor: data.lookingFor,
      place,
      interests: data.interests,
      agreements: data.agreements,
      termsVersion: ctx.env.TERMS_VERSION ?? 'unknown',
      images: stored,
      signupSessionId: session.id,
      loginTicket: {
        id: await sha256Hex(loginTicket),
        expiresAt: iso(addSeconds(ctx.now, LIMITS.loginTicketTtlSeconds)),
      },
      at: iso(ctx.now),
    });
    await flagLookalikes(ctx.db, memberId, stored);
    return { memberId, loginTicket };
  } catch (err) {
    await Promise.all(stored.map((img) => deleteImage(ctx.env.MEDIA, img.key).catch(() => undefined)));
    // Two signups for one identity racing: the unique index decides.
    if (err instanceof Error && /UNIQUE constraint failed: members\./.test(causeText(err))) throw alreadyMember();
    throw err;
  }
}

const alreadyMember = () => new Conflict('이미 가입한 계정이에요. 로그인해 주세요.', 'ALREADY_MEMBER');

function parseSignupData(raw: unknown): SignupData {
  try {
    return parseWith(signupData, raw);
  } catch (err) {
    // Missing required agreements get their own code so the SPA can send the member back to the terms.
    if (err instanceof Invalid && Object.keys(err.fields ?? {}).some((f) => f.startsWith('agreements'))) {
      throw new Invalid(VALIDATION_KO.agreementRequired, err.fields, 'AGREEMENT_REQUIRED');
    }
    throw err;
  }
}

/** Location only with LOCATION consent: the form's values, else what /api/member/location saved. */
function chosenPlace(session: SignupSessionRow, data: SignupData) {
  if (!data.agreements.LOCATION) return null;
  if (data.city !== undefined && data.district !== undefined && data.lat !== undefined && data.lng !== undefined) {
    // Same check and ~1 km snapping as POST /api/member/location (which already did both for the session's place).
    const cell = checkedPosition(data.city, data.district, { lat: data.lat, lng: data.lng }, 'district');
    return { address: null, city: data.city, district: data.district, ...cell };
  }
  const { address, city, district, lat, lng } = session;
  if (city && district && lat !== null && lng !== null) return { address, city, district, ...snapToCell({ lat, lng }) };
  return null;
}

async function storeAll(ctx: AuthContext, images: File[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const file of images) stored.push(await storeImage(ctx.env.MEDIA, file, 'profiles'));
    await refuseBannedLookalikes(
      ctx.db,
      stored.map((img) => img.phash),
    );
  } catch (err) {
    await Promise.all(stored.map((img) => deleteImage(ctx.env.MEDIA, img.key).catch(() => undefined)));
    throw err;
  }
  return stored;
}

function causeText(err: Error): string {
  const cause = err.cause instanceof Error ? err.cause.message : '';
  return `${err.message} ${cause}`;
}
