// Issue 21 §4 and §8: bodies over their route's size are refused (413, Korean) before they are
// read or parsed, arrays are counted before any item is checked, and a "__proto__" key is refused
// like any unknown key.
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../src/contract/limits';
import { VALIDATION_KO } from '../src/contract/messages';
import { profileDetailsBody } from '../src/contract/profile-details';
import { signUpMember } from './helpers/auth';
import { call, type ErrorBody } from './helpers/mypage';

const ORIGIN = 'http://localhost';
const DETAILS = '/api/on/mypage/profile-details';

describe('body sizes', () => {
  it('100,000 prompt items: 413 with a Korean message, nothing parsed', async () => {
    const me = await signUpMember();
    const prompts = Array.from({ length: 100_000 }, () => ({ questionId: 'perfect_weekend', answer: '산책' }));
    const res = await call(DETAILS, { method: 'PUT', token: me.accessToken, json: { prompts } });
    expect(res.status).toBe(413);
    const body = await res.json<ErrorBody>();
    expect(body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: VALIDATION_KO.bodyTooLarge });
  });

  it('a body without Content-Length is counted while read and refused past the limit', async () => {
    const me = await signUpMember();
    const chunk = new TextEncoder().encode(' '.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= BODY_LIMITS.defaultBytes * 4) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await SELF.fetch(`${ORIGIN}${DETAILS}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${me.accessToken}`, 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json<ErrorBody>()).message).toBe(VALIDATION_KO.bodyTooLarge);
  });

  it('a body under the limit reaches its route (400 for too many prompts, not 413)', async () => {
    const me = await signUpMember();
    const prompts = Array.from({ length: 500 }, () => ({ questionId: 'perfect_weekend', answer: '산책' }));
    const res = await call(DETAILS, { method: 'PUT', token: me.accessToken, json: { prompts } });
    expect(res.status).toBe(400);
  });

  it('an upload route takes a body over the JSON limit (its pictures)', async () => {
    const me = await signUpMember();
    const form = new FormData();
    form.append('image', new File([new Uint8Array(BODY_LIMITS.defaultBytes * 2)], 'a.png', { type: 'image/png' }));
    const res = await SELF.fetch(`${ORIGIN}/api/on/community/posts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${me.accessToken}` },
      body: form,
    });
    expect(res.status).not.toBe(413);
  });
});

describe('arrays are counted before their items are looked at', () => {
  it('a million prompts: refused without reading one item', () => {
    let reads = 0;
    const item = {
      get questionId() {
        reads++;
        return 'perfect_weekend';
      },
      get answer() {
        reads++;
        return '산책';
      },
    };
    const result = profileDetailsBody.safeParse({ prompts: new Array(1_000_000).fill(item) });
    expect(result.success).toBe(false);
    expect(reads).toBe(0);
  });
});

describe('"__proto__" in a strict body', () => {
  it('is refused like any unknown key (400), at the top and inside', async () => {
    const me = await signUpMember();
    for (const text of [
      '{"__proto__":{"x":1}}',
      '{"prompts":[{"questionId":"perfect_weekend","answer":"산책","__proto__":1}]}',
    ]) {
      const res = await call(DETAILS, {
        method: 'PUT',
        token: me.accessToken,
        headers: { 'Content-Type': 'application/json' },
        body: text,
      });
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).message).toBe(VALIDATION_KO.unknownField);
    }
  });
});
