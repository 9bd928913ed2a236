// Test helpers for anything that needs a member: cookies, the dev-portal sign-in and a real signup.
// `signUpMember()` / `signIn(email)` give `{ memberId, accessToken, cookies }` in one line.
import { SELF } from 'cloudflare:test';
import type { Agreements } from '../../src/contract/auth';
import type { InterestTag, LookingFor } from '../../src/contract/enums';
import { pngOf } from '../../src/lib/png-encode';

export const ORIGIN = 'http://localhost';

/** Cookie name → value, as a browser would hold them (paths ignored: tests send what they mean). */
export type CookieJar = Record<string, string>;
export type SetCookie = { name: string; value: string; attributes: Record<string, string | true> };

export function setCookiesOf(res: Response): SetCookie[] {
  return res.headers.getSetCookie().map((line) => {
    const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const a of attrs) {
      const i = a.indexOf('=');
      if (i === -1) attributes[a.toLowerCase()] = true;
      else attributes[a.slice(0, i).toLowerCase()] = a.slice(i + 1);
    }
    return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes };
  });
}

/** The Set-Cookie for `name`, or undefined. */
export function setCookieNamed(res: Response, name: string): SetCookie | undefined {
  return setCookiesOf(res).find((c) => c.name === name);
}

const isDeletion = (c: SetCookie) => c.value === '' || c.attributes['max-age'] === '0';

/** Applies a response's Set-Cookie headers to a jar (deletions remove), returning a new jar. */
export function withCookies(res: Response, jar: CookieJar = {}): CookieJar {
  const next = { ...jar };
  for (const c of setCookiesOf(res)) {
    if (isDeletion(c)) delete next[c.name];
    else next[c.name] = c.value;
  }
  return next;
}

export function cookieHeader(jar: CookieJar): string {
  return Object.entries(jar)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('; ');
}

export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 12)}@example.com`;
}

/** A fresh client address, so per-IP rate limits of one test never touch another. */
export function freshIp(): string {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export type DevIdentityInput = { email: string; name?: string; gender?: 'M' | 'F'; birthday?: string };
export type DevSignInBody =
  { status: 'LOGIN'; memberId: number; accessToken: string } | { status: 'NEED_AGREEMENT'; token: string };

/** The person the emulated carrier confirms (POST /dev-portal/portone/verify). */
export type DevPerson = { name: string; birthDate: string; gender: 'MALE' | 'FEMALE'; phoneNumber: string };

/** A phone number of the person behind an email: the same email is the same person (same CI). */
export async function phoneOf(email: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email)));
  const n = ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0;
  return `010${String(n % 100_000_000).padStart(8, '0')}`;
}

/** The verified person for a portal identity (its name, birthday and gender, a phone of its own). */
export async function personOf(identity: DevIdentityInput): Promise<DevPerson> {
  return {
    name: identity.name ?? '김온기',
    birthDate: identity.birthday ?? '1998-03-15',
    gender: (identity.gender ?? 'F') === 'M' ? 'MALE' : 'FEMALE',
    phoneNumber: await phoneOf(identity.email),
  };
}

export function newVerificationId(): string {
  return `test-${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;
}

/** The carrier step in one round trip: the emulated PortOne now holds a VERIFIED record of `person`. */
export async function devVerify(person: DevPerson, id = newVerificationId()): Promise<string> {
  const res = await SELF.fetch(`${ORIGIN}/dev-portal/portone/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identityVerificationId: id, customer: person }),
  });
  if (res.status !== 200) throw new Error(`dev verify failed: ${res.status} ${await res.text()}`);
  return id;
}

/** POST /api/member/identity inside the signup session of `cookies`. */
export async function postIdentity(cookies: CookieJar, identityVerificationId: string): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/member/identity`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookieHeader(cookies), 'CF-Connecting-IP': freshIp() },
    body: JSON.stringify({ identityVerificationId }),
  });
}

/** Verifies `person` through the emulated carrier and binds it to the signup session (throws unless 200). */
export async function verifyIdentity(cookies: CookieJar, person: DevPerson): Promise<void> {
  const res = await postIdentity(cookies, await devVerify(person));
  if (res.status !== 200) throw new Error(`identity binding failed: ${res.status} ${await res.text()}`);
}

/**
 * The dev portal's one-round-trip sign-in. A new identity (NEED_AGREEMENT) also goes through 본인확인
 * as that person (name, birthday, gender), so a signup can follow; `{ verify: false }` stops before it.
 */
export async function devSignIn(
  identity: DevIdentityInput,
  options: { verify?: boolean } = {},
): Promise<{ res: Response; body: DevSignInBody; cookies: CookieJar }> {
  const res = await SELF.fetch(`${ORIGIN}/dev-portal/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identity }),
  });
  if (res.status !== 200) throw new Error(`dev sign-in failed: ${res.status} ${await res.text()}`);
  const body = await res.json<DevSignInBody>();
  const cookies = withCookies(res);
  if (body.status === 'NEED_AGREEMENT' && options.verify !== false) {
    await verifyIdentity(cookies, await personOf(identity));
  }
  return { res, body, cookies };
}

export const ALL_AGREED: Agreements = {
  SERVICE_USE: true,
  PRIVACY: true,
  SENSITIVE_INFO: true,
  LOCATION: true,
  OVER_19: true,
  MARKETING: false,
};

export type SignupOverrides = {
  email?: string;
  name?: string;
  gender?: 'M' | 'F';
  birthday?: string;
  lookingFor?: LookingFor;
  interests?: InterestTag[];
  agreements?: Partial<Agreements>;
  location?: { city: string; district: string; lat: number; lng: number };
  images?: Blob[];
};

/** The signup `data` part for an identity, as the member SPA builds it. */
export function signupData(identity: Required<DevIdentityInput>, o: SignupOverrides = {}): Record<string, unknown> {
  return {
    name: o.name ?? identity.name,
    email: identity.email,
    birthday: identity.birthday,
    age: 20,
    gender: identity.gender,
    lookingFor: o.lookingFor ?? (identity.gender === 'M' ? 'F' : 'M'),
    providerType: 'NAVER',
    interests: o.interests ?? ['여행', '음악'],
    agreements: { ...ALL_AGREED, ...o.agreements },
    ...(o.location ?? {}),
  };
}

/** A multipart signup body: the `data` JSON part as a JSON blob (what browsers send) plus images. */
export function signupForm(data: unknown, images: Blob[] = []): FormData {
  const form = new FormData();
  form.append('data', new Blob([JSON.stringify(data)], { type: 'application/json' }));
  images.forEach((img, i) => form.append('images', img, img instanceof File ? img.name : `photo-${i}.png`));
  return form;
}

export async function postSignup(
  form: FormData,
  cookies: CookieJar,
  headers: Record<string, string> = {},
): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/member/profile`, {
    method: 'POST',
    headers: { Cookie: cookieHeader(cookies), 'CF-Connecting-IP': freshIp(), ...headers },
    body: form,
  });
}

export async function postLogin(memberId: number, cookies: CookieJar): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/login/${memberId}`, {
    method: 'POST',
    headers: { Cookie: cookieHeader(cookies), 'CF-Connecting-IP': freshIp() },
  });
}

export type SignedInMember = { memberId: number; accessToken: string; cookies: CookieJar; email: string };

/** A brand-new member through the real flow: dev-portal sign-in → signup → POST /login/{id}. */
export async function signUpMember(overrides: SignupOverrides = {}): Promise<SignedInMember> {
  const identity = {
    email: overrides.email ?? uniqueEmail(),
    name: overrides.name ?? '김온기',
    gender: overrides.gender ?? 'F',
    birthday: overrides.birthday ?? '1998-03-15',
  } satisfies Required<DevIdentityInput>;
  const first = await devSignIn(identity);
  if (first.body.status !== 'NEED_AGREEMENT') throw new Error(`${identity.email} is already a member`);
  const signup = await postSignup(signupForm(signupData(identity, overrides), overrides.images), first.cookies);
  if (signup.status !== 200) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const memberId = await signup.json<number>();
  const login = await postLogin(memberId, withCookies(signup));
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { accessToken } = await login.json<{ accessToken: string }>();
  return { memberId, accessToken, cookies: withCookies(login), email: identity.email };
}

/** An existing NAVER member signs in again (dev-portal sign-in, LOGIN path). */
export async function signIn(email: string): Promise<SignedInMember> {
  const { body, cookies } = await devSignIn({ email });
  if (body.status !== 'LOGIN') throw new Error(`${email} is not a member`);
  return { memberId: body.memberId, accessToken: body.accessToken, cookies, email };
}

export const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });

/** A real PNG (solid colour) of the given size, built by hand so tests need no fixture files. */
export async function pngBytes(width = 64, height = 64): Promise<Uint8Array> {
  const row = new Uint8Array(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([230, 120, 90], 1 + x * 3);
  const raw = new Uint8Array(row.length * height);
  for (let y = 0; y < height; y++) raw.set(row, y * row.length);
  const zlib = new Uint8Array(
    await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer(),
  );
  return pngOf(width, height, zlib);
}

export async function pngFile(name = 'photo.png', width = 64, height = 64): Promise<File> {
  return new File([await pngBytes(width, height)], name, { type: 'image/png' });
}
