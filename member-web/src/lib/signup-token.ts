// The temporary signup token from the callback (docs/auth.md): an HS256 JWT whose payload the
// client only reads (the Worker verifies it again through the signup session).
import { signupTokenPayload, type SignupTokenPayload } from '@contract/auth';
import { base64urlToText } from './base64url';

export type SignupTokenRead =
  { ok: true; payload: SignupTokenPayload } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

/** Decodes the JWT's middle part. Throws when it is not a readable signup payload. */
export function decodeSignupToken(token: string): SignupTokenPayload {
  const parts = token.split('.');
  const middle = parts[1];
  if (parts.length !== 3 || !middle) throw new Error('not a JWT');
  return signupTokenPayload.parse(JSON.parse(base64urlToText(middle)));
}

export function readSignupToken(raw: string | null, now: number = Date.now()): SignupTokenRead {
  if (!raw) return { ok: false, reason: 'missing' };
  let payload: SignupTokenPayload;
  try {
    payload = decodeSignupToken(raw);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (payload.exp * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}
