// Message encryption for Web Push (RFC 8291): ECDH with the browser's key, the auth secret, and
// one aes128gcm record of 4096 bytes whose key id is the sender's ephemeral public key.
import { base64url } from '../../lib/crypto';
import { concatBytes } from '../../lib/bytes';
import { AES128GCM_HEADER_BYTES, AES128GCM_TAG_BYTES, encryptAes128gcm, hkdf } from './ece';

export const PUSH_RECORD_SIZE = 4096;
const P256_POINT_BYTES = 65;
/** Data, delimiter and padding in the one record, so the body stays within 4096 bytes (RFC 8291 §4). */
const RECORD_ROOM = PUSH_RECORD_SIZE - AES128GCM_HEADER_BYTES - P256_POINT_BYTES - AES128GCM_TAG_BYTES;
/** The largest plaintext a push message can carry: 3993 bytes. */
export const PUSH_MAX_PLAINTEXT = RECORD_ROOM - 1;
/** Plaintexts are padded to a multiple of this, so the length leaks only roughly. */
const PAD_BLOCK = 128;

const enc = new TextEncoder();

/** The P-256 public point (x, y) of a 65-byte uncompressed point, as JWK members. */
export function p256Jwk(point: Uint8Array): { kty: 'EC'; crv: 'P-256'; x: string; y: string } {
  if (point.length !== P256_POINT_BYTES || point[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return { kty: 'EC', crv: 'P-256', x: base64url(point.subarray(1, 33)), y: base64url(point.subarray(33)) };
}

/** Imports a browser's `p256dh`; throws when the bytes are not a point on P-256. */
export async function importUaPublicKey(point: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', point as BufferSource, { name: 'ECDH', namedCurve: 'P-256' }, true, []);
}

/** An ECDH key pair whose public half is also held as its 65 raw bytes. */
export type EcdhKeyPair = { privateKey: CryptoKey; publicKey: Uint8Array };

export async function generateEcdhKeyPair(): Promise<EcdhKeyPair> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const raw = (await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer;
  return { privateKey: pair.privateKey, publicKey: new Uint8Array(raw) };
}

/** A known key pair (the private scalar `d` and the public point), e.g. RFC 8291 §5's. */
export async function importEcdhKeyPair(privateD: string, publicPoint: Uint8Array): Promise<EcdhKeyPair> {
  const privateKey = await crypto.subtle.importKey(
    'jwk',
    { ...p256Jwk(publicPoint), d: privateD },
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    ['deriveBits'],
  );
  return { privateKey, publicKey: publicPoint };
}

/** ECDH parameters; workers-types spells the member `$public`, the runtime reads `public` (WebCrypto). */
export const ecdhWith = (publicKey: CryptoKey) =>
  ({ name: 'ECDH', public: publicKey }) as unknown as SubtleCryptoDeriveKeyAlgorithm;

/** RFC 8291 §3.3–3.4: the input keying material for the content coding. */
export async function webPushIkm(
  ecdhSecret: Uint8Array,
  authSecret: Uint8Array,
  uaPublic: Uint8Array,
  asPublic: Uint8Array,
): Promise<Uint8Array> {
  const keyInfo = concatBytes([enc.encode('WebPush: info\0'), uaPublic, asPublic]);
  return hkdf(authSecret, ecdhSecret, keyInfo, 32);
}

export type PushEncryptOptions = {
  /** Tests only: RFC 8291 §5 fixes both; otherwise fresh random ones for every message. */
  salt?: Uint8Array;
  senderKeys?: EcdhKeyPair;
  /** Padding bytes; default pads to the next multiple of 128 bytes. */
  padding?: number;
};

/**
 * Encrypts one push message for a subscription (`uaPublic` = p256dh bytes, `authSecret` = auth
 * bytes). The result is the request body sent with `Content-Encoding: aes128gcm`.
 */
export async function encryptPushMessage(
  uaPublic: Uint8Array,
  authSecret: Uint8Array,
  plaintext: Uint8Array,
  options: PushEncryptOptions = {},
): Promise<Uint8Array<ArrayBuffer>> {
  if (plaintext.length > PUSH_MAX_PLAINTEXT)
    throw new Error(`push payload is ${plaintext.length} bytes; at most ${PUSH_MAX_PLAINTEXT} fit`);
  if (authSecret.length !== 16) throw new Error('the auth secret must be 16 bytes');
  const uaKey = await importUaPublicKey(uaPublic);
  const sender = options.senderKeys ?? (await generateEcdhKeyPair());
  const salt = options.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits(ecdhWith(uaKey), sender.privateKey, 256));
  const ikm = await webPushIkm(ecdhSecret, authSecret, uaPublic, sender.publicKey);
  const padding =
    options.padding ??
    Math.min(RECORD_ROOM, Math.ceil((plaintext.length + 1) / PAD_BLOCK) * PAD_BLOCK) - plaintext.length - 1;
  if (plaintext.length + 1 + padding > RECORD_ROOM) throw new Error('push payload and padding exceed one record');
  return encryptAes128gcm({ ikm, salt, keyId: sender.publicKey, recordSize: PUSH_RECORD_SIZE, plaintext, padding });
}
