// Test data builders shared by the member SPA's tests.
import type { SignupTokenPayload } from '@contract/auth';

function toBase64Url(binary: string): string {
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A signup JWT like the Worker's: ASCII JSON payload with Korean escaped as \uXXXX. */
export function makeSignupToken(
  overrides: Partial<SignupTokenPayload> = {},
  { asciiEscapes = true }: { asciiEscapes?: boolean } = {},
): string {
  const payload: SignupTokenPayload = {
    name: '김온기',
    email: 'ongi@example.com',
    gender: 'F',
    birthday: '1998-04-12',
    age: 28,
    providerType: 'NAVER',
    exp: Math.floor(Date.now() / 1000) + 1800,
    ...overrides,
  };
  let json = JSON.stringify(payload);
  let binary: string;
  if (asciiEscapes) {
    json = json.replace(/[^\x20-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
    binary = json;
  } else {
    binary = String.fromCharCode(...new TextEncoder().encode(json));
  }
  const header = toBase64Url(JSON.stringify({ alg: 'HS256', typ: 'signup' }));
  return `${header}.${toBase64Url(binary)}.signature`;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function makeImageFile(name = 'photo.jpg', type = 'image/jpeg', size = 2048): File {
  return new File([new Uint8Array(size)], name, { type });
}
