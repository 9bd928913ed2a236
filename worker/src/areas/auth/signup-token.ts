// The temporary signup token the SPA reads (docs/product-spec.md §3): an HS256 JWT whose payload is ASCII JSON
// (Korean escaped as \uXXXX) so `atob` + `JSON.parse` on the client yields the right text.
import type { SignupTokenPayload } from '../../contract/auth';
import { asciiJson, base64url, hmacSign } from '../../lib/crypto';
import type { Env } from '../../lib/env';
import { jwtSecret } from '../../lib/tokens';

const enc = new TextEncoder();
const HEADER = base64url(enc.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));

export async function signSignupToken(env: Env, payload: SignupTokenPayload): Promise<string> {
  const body = base64url(enc.encode(asciiJson({ typ: 'signup', ...payload })));
  const signature = await hmacSign(jwtSecret(env), `${HEADER}.${body}`);
  return `${HEADER}.${body}.${signature}`;
}
