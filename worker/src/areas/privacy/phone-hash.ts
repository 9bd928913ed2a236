// The one keyed hash of a phone number (docs/privacy.md "아는 사람 피하기"): the same function for a
// number a member avoids and for the number 본인확인 confirmed, so equal numbers give equal hashes
// and the visibility module can compare them in SQL.
//
// Why keyed, and why not salted per entry: matching needs the same input to give the same output
// across members, so a random salt per row would make every hash unique and nothing would ever
// match. Without a key, though, a Korean mobile number has only ~10⁸–10⁹ possible values and an
// unkeyed SHA-256 of all of them is an hour's work: a leaked table would give back every number.
// With HMAC-SHA256 under a server secret (IDENTITY_CI_KEY, never stored in D1), a copy of the
// database alone reveals nothing; the domain prefix keeps these hashes apart from the CI hashes
// made with the same key.
import { normalizePhone } from '../../contract/privacy-core';
import type { Env } from '../../lib/env';
import { hmacSign } from '../../lib/crypto';

const DOMAIN = 'ongi-avoid-phone:v1:';

/** The hash of an already normalised number (`01012345678`). */
export async function phoneHashOf(secret: string, phone: string): Promise<string> {
  return hmacSign(secret, DOMAIN + phone);
}

/** The hash of a number as a provider or a member wrote it, or null when it is not a mobile number or no key is set. */
export async function phoneHashOfRaw(
  env: Pick<Env, 'IDENTITY_CI_KEY'>,
  raw: string | undefined | null,
): Promise<string | null> {
  const phone = raw ? normalizePhone(raw) : null;
  if (!phone || !env.IDENTITY_CI_KEY) return null;
  return phoneHashOf(env.IDENTITY_CI_KEY, phone);
}
