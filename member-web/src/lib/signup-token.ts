// The temporary signup token from the callback (docs/auth.md): an HS256 JWT whose payload the
// client only reads (the Worker verifies it again through the signup session).
import { signupTokenPayload, type SignupTokenPayload } from '@contract/auth';

export type SignupTokenRead =
  { ok: true; payload: SignupTokenPayload } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

function base64UrlToText(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  // The payload is ASCII JSON (Korean as \uXXXX), but decode as UTF-8 so raw bytes work too.
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes the JWT's middle part. Throws when it is not a readable signup payload. */
export function decodeSignupToken(token: string): SignupTokenPayload {
  const parts = token.split('.');
  const middle = parts[1];
  if (parts.length !== 3 || !middle) throw new Error('not a JWT');
  return signupTokenPayload.parse(JSON.parse(base64UrlToText(middle)));
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
