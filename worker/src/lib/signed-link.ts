// Short-lived signed links to private R2 media (chat photos and voice notes, the profile's voice):
// the signature binds a namespace, the object key, the scope and the expiry to JWT_SECRET, so a
// link cannot be moved to another key, another kind of media, stretched or turned into an admin
// link. Expiries are rounded up to LINK_STEP_SECONDS so links issued close together are the same
// URL (the browser's cache works).
import { hmacSign, hmacVerify } from './crypto';
import type { Env } from './env';
import { jwtSecret } from './tokens';

const LINK_STEP_SECONDS = 300;

/**
 * Members' links stop working when the media is withdrawn (unsent, hidden); admins' (evidence,
 * review) do not, nor the owner's own (a member hears their hidden 목소리 소개).
 */
export type LinkScope = 'member' | 'admin' | 'owner';

export type LinkKind = {
  /** Signed into every link, so one kind's signature never opens another's objects. */
  namespace: string;
  /** The route that serves the objects: `${path}${key}`. */
  path: string;
  ttlSeconds: number;
  /** Keys this kind may serve (checked before the signature). */
  isKey: (key: string) => boolean;
};

const signedText = (kind: LinkKind, key: string, exp: number, scope: LinkScope): string =>
  scope === 'member' ? `${kind.namespace}:${key}:${exp}` : `${kind.namespace}:${scope}:${key}:${exp}`;

/** Unix seconds: at least `ttlSeconds` from now, rounded up to the next step. */
export function linkExpiry(now: Date, ttlSeconds: number): number {
  const earliest = Math.floor(now.getTime() / 1000) + ttlSeconds;
  return Math.ceil(earliest / LINK_STEP_SECONDS) * LINK_STEP_SECONDS;
}

/** A signed link to `key`. Give it only to whoever may see the object now. */
export async function signedLink(env: Env, kind: LinkKind, key: string, now: Date, scope: LinkScope): Promise<string> {
  const exp = linkExpiry(now, kind.ttlSeconds);
  const sig = await hmacSign(jwtSecret(env), signedText(kind, key, exp, scope));
  return `${kind.path}${key}?exp=${exp}${scope === 'member' ? '' : `&scope=${scope}`}&sig=${sig}`;
}

/** Seconds the link has left, or null when it is expired, forged or not for this key and scope. */
export async function checkSignedLink(
  env: Env,
  kind: LinkKind,
  key: string,
  link: { exp: string | undefined; sig: string | undefined; scope: LinkScope },
  now: Date,
): Promise<number | null> {
  const { exp, sig, scope } = link;
  if (!kind.isKey(key) || !exp || !sig || !/^[0-9]{1,12}$/.test(exp)) return null;
  const left = Number(exp) - Math.floor(now.getTime() / 1000);
  // A link never lives longer than one TTL plus a step: a far-future `exp` is not ours.
  if (left <= 0 || left > kind.ttlSeconds + LINK_STEP_SECONDS) return null;
  if (!(await hmacVerify(jwtSecret(env), signedText(kind, key, Number(exp), scope), sig))) return null;
  return left;
}

/** The link parameters of a request to a signed-link route. */
export function linkOf(query: (name: string) => string | undefined): {
  exp: string | undefined;
  sig: string | undefined;
  scope: LinkScope;
} {
  const scope = query('scope');
  return { exp: query('exp'), sig: query('sig'), scope: scope === 'admin' || scope === 'owner' ? scope : 'member' };
}
