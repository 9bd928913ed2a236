// The "aes128gcm" content coding (RFC 8188) on WebCrypto: header, key/nonce derivation, records.
import { concatBytes } from '../../lib/bytes';

const enc = new TextEncoder();

export const AES128GCM_TAG_BYTES = 16;
/** salt(16) ‖ rs(4) ‖ idlen(1), before the key id. */
export const AES128GCM_HEADER_BYTES = 21;

/** HKDF-SHA-256 (extract then expand, RFC 5869), `length` bytes. */
export async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, length: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', ikm as BufferSource, 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: salt as BufferSource, info: info as BufferSource },
    key,
    length * 8,
  );
  return new Uint8Array(bits);
}

export type ContentKeys = { cek: CryptoKey; nonce: Uint8Array };

/** RFC 8188 §2.2–2.3: CEK and base nonce from the input keying material and the salt. */
export async function deriveContentKeys(
  ikm: Uint8Array,
  salt: Uint8Array,
  usage: 'encrypt' | 'decrypt',
): Promise<ContentKeys> {
  const cekBytes = await hkdf(salt, ikm, enc.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, enc.encode('Content-Encoding: nonce\0'), 12);
  const cek = await crypto.subtle.importKey('raw', cekBytes as BufferSource, 'AES-GCM', false, [usage]);
  return { cek, nonce };
}

/** The nonce of record `seq`: the base nonce XOR the sequence number (96-bit big-endian). */
export function recordNonce(base: Uint8Array, seq: number): Uint8Array<ArrayBuffer> {
  const nonce = new Uint8Array(base);
  let s = seq;
  for (let i = nonce.length - 1; i >= 0 && s > 0; i--) {
    nonce[i] = (nonce[i] ?? 0) ^ (s & 0xff);
    s = Math.floor(s / 256);
  }
  return nonce;
}

export type Aes128gcmInput = {
  ikm: Uint8Array;
  salt: Uint8Array;
  /** Up to 255 bytes; for Web Push the sender's ephemeral public key (RFC 8291 §4). */
  keyId: Uint8Array;
  /** Record size including the 16-byte tag (18 … 2^32-1). */
  recordSize: number;
  plaintext: Uint8Array;
  /** Padding octets in total, placed in the earliest records (as RFC 8188 §3.2's example does). */
  padding?: number;
};

/**
 * Encrypts `plaintext` into an aes128gcm body: header, then records of `recordSize` bytes (the
 * last may be shorter). Each record holds data, a delimiter (0x01; 0x02 in the last) and zeros.
 */
export async function encryptAes128gcm(input: Aes128gcmInput): Promise<Uint8Array<ArrayBuffer>> {
  const { ikm, salt, keyId, recordSize, plaintext } = input;
  if (salt.length !== 16) throw new Error('aes128gcm: the salt must be 16 bytes');
  if (keyId.length > 255) throw new Error('aes128gcm: the key id must be at most 255 bytes');
  if (!Number.isInteger(recordSize) || recordSize < 18 || recordSize > 0xffffffff)
    throw new Error('aes128gcm: the record size must be 18 … 2^32-1');
  const room = recordSize - AES128GCM_TAG_BYTES - 1; // data + padding per record, before the delimiter
  const { cek, nonce } = await deriveContentKeys(ikm, salt, 'encrypt');

  const records: Uint8Array[] = [];
  let padLeft = input.padding ?? 0;
  let at = 0;
  for (let seq = 0; ; seq++) {
    const pad = Math.min(padLeft, room);
    padLeft -= pad;
    const take = Math.min(room - pad, plaintext.length - at);
    const last = at + take >= plaintext.length && padLeft === 0;
    const record = new Uint8Array(take + 1 + pad);
    record.set(plaintext.subarray(at, at + take));
    record[take] = last ? 2 : 1;
    at += take;
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: recordNonce(nonce, seq) }, cek, record);
    records.push(new Uint8Array(sealed));
    if (last) break;
  }

  const header = new Uint8Array(AES128GCM_HEADER_BYTES + keyId.length);
  header.set(salt);
  new DataView(header.buffer).setUint32(16, recordSize);
  header[20] = keyId.length;
  header.set(keyId, AES128GCM_HEADER_BYTES);
  return concatBytes([header, ...records]);
}
