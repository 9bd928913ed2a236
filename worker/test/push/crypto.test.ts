// The content coding and the message encryption reproduce the RFCs' own examples byte for byte,
// and what the sender encrypts, a browser's keys decrypt.
import { describe, expect, it } from 'vitest';
import { deriveContentKeys, encryptAes128gcm } from '../../src/areas/push/ece';
import {
  PUSH_MAX_PLAINTEXT,
  encryptPushMessage,
  importEcdhKeyPair,
  importUaPublicKey,
} from '../../src/areas/push/encrypt';
import { base64url, fromBase64url } from '../../src/lib/crypto';
import { decryptAes128gcm, decryptPushMessage, newReceiver, parseAes128gcmHeader } from '../helpers/push';

const b = fromBase64url;
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('RFC 8188 §3.1: a single record', () => {
  const ikm = b('yqdlZ-tYemfogSmv7Ws5PQ');
  const salt = b('I1BsxtFttlv3u_Oo94xnmw');
  const expected = 'I1BsxtFttlv3u_Oo94xnmwAAEAAA-NAVub2qFgBEuQKRapoZu-IxkIva3MEB1PD-ly8Thjg';

  it('derives the example nonce and encrypts "I am the walrus" to the example body', async () => {
    const { nonce } = await deriveContentKeys(ikm, salt, 'encrypt');
    expect(base64url(nonce)).toBe('Bcs8gkIRKLI8GeI8');
    const body = await encryptAes128gcm({
      ikm,
      salt,
      keyId: new Uint8Array(0),
      recordSize: 4096,
      plaintext: utf8('I am the walrus'),
    });
    expect(base64url(body)).toBe(expected);
  });

  it('decrypts the example body', async () => {
    expect(text(await decryptAes128gcm(b(expected), ikm))).toBe('I am the walrus');
  });

  it('a changed byte fails authentication', async () => {
    const body = b(expected);
    body[30] = (body[30] ?? 0) ^ 1;
    await expect(decryptAes128gcm(body, ikm)).rejects.toThrow();
  });
});

describe('RFC 8188 §3.2: several records, a key id and padding', () => {
  const ikm = b('BO3ZVPxUlnLORbVGMpbT1Q');
  const expected = 'uNCkWiNYzKTnBN9ji3-qWAAAABkCYTHOG8chz_gnvgOqdGYovxyjuqRyJFjEDyoF1Fvkj6hQPdPHI51OEUKEpgz3SsLWIqS_uA';

  it('encrypts to the example body (rs 25, key id "a1", one padding byte in the first record)', async () => {
    const header = parseAes128gcmHeader(b(expected));
    expect(header.recordSize).toBe(25);
    expect(text(header.keyId)).toBe('a1');
    const body = await encryptAes128gcm({
      ikm,
      salt: header.salt,
      keyId: utf8('a1'),
      recordSize: 25,
      plaintext: utf8('I am the walrus'),
      padding: 1,
    });
    expect(base64url(body)).toBe(expected);
  });

  it('decrypts the example body', async () => {
    expect(text(await decryptAes128gcm(b(expected), ikm))).toBe('I am the walrus');
  });
});

describe('RFC 8291 §5: push message encryption example', () => {
  const vector = {
    plaintext: 'When I grow up, I want to be a watermelon',
    asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
    asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
    uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
    authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
    salt: 'DGv6ra1nlYgDCS1FRnbzlw',
    body:
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_' +
      'yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  };

  it('with the example keys and salt, the body is the example body', async () => {
    const senderKeys = await importEcdhKeyPair(vector.asPrivate, b(vector.asPublic));
    const body = await encryptPushMessage(b(vector.uaPublic), b(vector.authSecret), utf8(vector.plaintext), {
      salt: b(vector.salt),
      senderKeys,
      padding: 0,
    });
    expect(base64url(body)).toBe(vector.body);
    expect(body.length).toBe(86 + vector.plaintext.length + 1 + 16);
  });

  it("the user agent's private key and auth secret decrypt the example body", async () => {
    const keys = await importEcdhKeyPair(vector.uaPrivate, b(vector.uaPublic));
    const plain = await decryptPushMessage(b(vector.body), { keys, auth: b(vector.authSecret) });
    expect(text(plain)).toBe(vector.plaintext);
  });

  it('another auth secret cannot decrypt it', async () => {
    const keys = await importEcdhKeyPair(vector.uaPrivate, b(vector.uaPublic));
    const auth = b(vector.authSecret);
    auth[0] = (auth[0] ?? 0) ^ 1;
    await expect(decryptPushMessage(b(vector.body), { keys, auth })).rejects.toThrow();
  });
});

describe('push messages with fresh keys', () => {
  it('round-trips Korean JSON, one 4096-byte record, padded to a multiple of 128, new salt and key each time', async () => {
    const receiver = await newReceiver();
    const json = utf8(JSON.stringify({ title: '새 메시지', body: '안녕하세요 😀', link: '/chat/1' }));
    const first = await encryptPushMessage(receiver.keys.publicKey, receiver.auth, json);
    const second = await encryptPushMessage(receiver.keys.publicKey, receiver.auth, json);
    expect(text(await decryptPushMessage(first, receiver))).toBe(text(json));
    const header = parseAes128gcmHeader(first);
    expect(header.recordSize).toBe(4096);
    expect(header.keyId[0]).toBe(4);
    expect((first.length - 86 - 16) % 128).toBe(0);
    expect(base64url(first.subarray(0, 16))).not.toBe(base64url(second.subarray(0, 16)));
    expect(base64url(first.subarray(21, 86))).not.toBe(base64url(second.subarray(21, 86)));
  });

  it('the largest plaintext (3993 bytes) fits in a 4096-byte body; one more byte is refused', async () => {
    const receiver = await newReceiver();
    const largest = new Uint8Array(PUSH_MAX_PLAINTEXT).fill(0x61);
    const body = await encryptPushMessage(receiver.keys.publicKey, receiver.auth, largest);
    expect(body.length).toBe(4096);
    expect((await decryptPushMessage(body, receiver)).length).toBe(PUSH_MAX_PLAINTEXT);
    await expect(
      encryptPushMessage(receiver.keys.publicKey, receiver.auth, new Uint8Array(PUSH_MAX_PLAINTEXT + 1)),
    ).rejects.toThrow(/at most 3993/);
  });

  it('a 65-byte point that is not on P-256 is refused', async () => {
    const { keys } = await newReceiver();
    const offCurve = new Uint8Array(keys.publicKey);
    offCurve[64] = (offCurve[64] ?? 0) ^ 1;
    await expect(importUaPublicKey(offCurve)).rejects.toThrow();
    await expect(importUaPublicKey(keys.publicKey)).resolves.toBeTruthy();
  });
});
