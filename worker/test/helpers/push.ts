// The receiving side of Web Push, for tests: a "browser" with its own keys that can decrypt what
// the Worker sends (RFC 8188 + RFC 8291, written from the RFCs independently of the sender's
// record loop), VAPID token checks, and a fake push service that records requests.
import { base64url, fromBase64url } from '../../src/lib/crypto';
import { deriveContentKeys, recordNonce } from '../../src/areas/push/ece';
import { ecdhWith, generateEcdhKeyPair, webPushIkm, type EcdhKeyPair } from '../../src/areas/push/encrypt';

export type Aes128gcmHeader = { salt: Uint8Array; recordSize: number; keyId: Uint8Array; bodyStart: number };

export function parseAes128gcmHeader(body: Uint8Array): Aes128gcmHeader {
  if (body.length < 21) throw new Error('aes128gcm body shorter than its header');
  const recordSize = new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(16);
  const idLength = body[20] ?? 0;
  return { salt: body.slice(0, 16), recordSize, keyId: body.slice(21, 21 + idLength), bodyStart: 21 + idLength };
}

/** RFC 8188 §2: decrypts every record, checks delimiters and padding, returns the plaintext. */
export async function decryptAes128gcm(body: Uint8Array, ikm: Uint8Array): Promise<Uint8Array> {
  const header = parseAes128gcmHeader(body);
  const { cek, nonce } = await deriveContentKeys(ikm, header.salt, 'decrypt');
  const out: number[] = [];
  let at = header.bodyStart;
  for (let seq = 0; at < body.length; seq++) {
    const sealed = body.subarray(at, Math.min(at + header.recordSize, body.length));
    at += sealed.length;
    const plain = new Uint8Array(
      await crypto.subtle.decrypt({ name: 'AES-GCM', iv: recordNonce(nonce, seq) }, cek, sealed as BufferSource),
    );
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const delimiter = plain[end];
    const last = at >= body.length;
    if (delimiter !== (last ? 2 : 1)) throw new Error(`record ${seq}: wrong delimiter ${delimiter}`);
    if (!last && sealed.length !== header.recordSize) throw new Error(`record ${seq}: short record before the last`);
    out.push(...plain.subarray(0, end));
  }
  return new Uint8Array(out);
}

/** A browser's push subscription keys: the ECDH pair (`p256dh`) and the auth secret. */
export type Receiver = { keys: EcdhKeyPair; auth: Uint8Array };

export async function newReceiver(): Promise<Receiver> {
  return { keys: await generateEcdhKeyPair(), auth: crypto.getRandomValues(new Uint8Array(16)) };
}

/** The body a browser posts to /api/on/push/subscriptions (`PushSubscription.toJSON()`). */
export function subscriptionJson(receiver: Receiver, endpoint: string) {
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: base64url(receiver.keys.publicKey), auth: base64url(receiver.auth) },
  };
}

/** RFC 8291 §3: what the browser does with a push message body. */
export async function decryptPushMessage(body: Uint8Array, receiver: Receiver): Promise<Uint8Array> {
  const header = parseAes128gcmHeader(body);
  if (header.recordSize !== 4096 || header.keyId.length !== 65) throw new Error('not an RFC 8291 header');
  const senderKey = await crypto.subtle.importKey(
    'raw',
    header.keyId as BufferSource,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  const secret = new Uint8Array(await crypto.subtle.deriveBits(ecdhWith(senderKey), receiver.keys.privateKey, 256));
  const ikm = await webPushIkm(secret, receiver.auth, receiver.keys.publicKey, header.keyId);
  return decryptAes128gcm(body, ikm);
}

export type VapidClaims = { aud: string; exp: number; sub: string };

/** Checks `Authorization: vapid t=…, k=…` as a push service does; returns the claims and key. */
export async function verifyVapidHeader(header: string | null): Promise<{ claims: VapidClaims; key: string }> {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a vapid Authorization header: ${header}`);
  const [head = '', payload = '', signature = ''] = match[1].split('.');
  const jwtHeader = JSON.parse(new TextDecoder().decode(fromBase64url(head))) as Record<string, unknown>;
  if (jwtHeader.alg !== 'ES256' || jwtHeader.typ !== 'JWT') throw new Error('JWT header is not ES256');
  const key = await crypto.subtle.importKey(
    'raw',
    fromBase64url(match[2]) as BufferSource,
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const ok = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    fromBase64url(signature) as BufferSource,
    new TextEncoder().encode(`${head}.${payload}`),
  );
  if (!ok) throw new Error('VAPID signature does not verify with k');
  return { claims: JSON.parse(new TextDecoder().decode(fromBase64url(payload))) as VapidClaims, key: match[2] };
}

export type ReceivedPush = { url: string; headers: Headers; body: Uint8Array };

/** A push service stand-in: records each request and answers with `answer(request, n)`. */
export function fakePushService(answer: (push: ReceivedPush, n: number) => Response | Promise<Response>) {
  const received: ReceivedPush[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const push = { url: request.url, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) };
    received.push(push);
    return answer(push, received.length);
  }) as typeof fetch;
  return { fetcher, received };
}
