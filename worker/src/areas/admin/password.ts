// Admin password hashing: argon2id (RFC 9106) in pure JS, stored as a PHC string that carries its
// own parameters, so the cost can be raised later without invalidating existing hashes.
// Why argon2id via @noble/hashes and these numbers: docs/decisions/0001-admin-password-hashing.md.
// Runs in the Worker and in Node (scripts/create-admin.ts): no Worker-only imports here.
import { argon2id } from '@noble/hashes/argon2.js';

export type Argon2Params = { m: number; t: number; p: number };

/** OWASP Password Storage Cheat Sheet minimum for argon2id: 19 MiB, 2 passes, 1 lane. */
export const CURRENT_PARAMS: Readonly<Argon2Params> = { m: 19_456, t: 2, p: 1 };

const VERSION = 19; // 0x13, the only version RFC 9106 defines
const SALT_BYTES = 16;
const HASH_BYTES = 32;
// Stored hashes are trusted, but a corrupted row must not make one login allocate gigabytes
// (a Worker isolate has 128 MB).
const MAX = { m: 65_536, t: 10, p: 4 } as const;

type ParsedHash = { params: Argon2Params; salt: Uint8Array; hash: Uint8Array };

const PHC = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** PHC strings use standard base64 without padding. */
function toB64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/=+$/, '');
}

function fromB64(text: string): Uint8Array {
  const bin = atob(text + '==='.slice((text.length + 3) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function encodeHash(params: Argon2Params, salt: Uint8Array, hash: Uint8Array): string {
  return `$argon2id$v=${VERSION}$m=${params.m},t=${params.t},p=${params.p}$${toB64(salt)}$${toB64(hash)}`;
}

/** The parts of a stored hash, or null when it is not an argon2id v19 PHC string within bounds. */
export function parseHash(stored: string): ParsedHash | null {
  const match = PHC.exec(stored);
  if (!match) return null;
  const [, v, m, t, p, salt, hash] = match;
  if (Number(v) !== VERSION || !salt || !hash) return null;
  const params = { m: Number(m), t: Number(t), p: Number(p) };
  if (params.t < 1 || params.p < 1 || params.m < 8 * params.p) return null;
  if (params.m > MAX.m || params.t > MAX.t || params.p > MAX.p) return null;
  try {
    const parsed = { params, salt: fromB64(salt), hash: fromB64(hash) };
    return parsed.salt.length >= 8 && parsed.hash.length >= 16 ? parsed : null;
  } catch {
    return null;
  }
}

// NFC so a Korean password typed on macOS (often NFD) matches the one typed elsewhere.
function derive(password: string, salt: Uint8Array, params: Argon2Params, length: number): Uint8Array {
  return argon2id(password.normalize('NFC'), salt, { ...params, dkLen: length });
}

export async function hashPassword(password: string, params: Argon2Params = CURRENT_PARAMS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return encodeHash(params, salt, derive(password, salt, params, HASH_BYTES));
}

/** Compares every byte whatever the first difference is, so timing does not reveal a prefix. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false; // lengths come from the stored format, not a secret
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = derive(password, parsed.salt, parsed.params, parsed.hash.length);
  return constantTimeEqual(candidate, parsed.hash);
}

/** True when a stored hash is weaker than CURRENT_PARAMS (rehash it after a successful login). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const { m, t, p } = parsed.params;
  return m < CURRENT_PARAMS.m || t < CURRENT_PARAMS.t || p < CURRENT_PARAMS.p || parsed.hash.length < HASH_BYTES;
}

/** A well-formed hash at the current cost that no password matches (all-zero output). */
const DUMMY_HASH = encodeHash(CURRENT_PARAMS, new Uint8Array(SALT_BYTES), new Uint8Array(HASH_BYTES));

/**
 * Does the same argon2id work as a real check, for a login whose email is unknown, so the
 * response time does not tell an attacker which emails belong to admins.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(password, DUMMY_HASH);
}
