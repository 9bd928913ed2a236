// Operator sign-in's second step: a password-only session reaches only the second factor's calls;
// first sign-in enrols an authenticator app (QR code, first code, recovery codes once); later
// sign-ins verify a code (each step once) or spend a recovery code (once); failures are limited;
// sign-in, enrolment and recovery-code use are in the audit log.
import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, SECOND_FACTOR_LIMITS } from '../../src/contract/admin';
import { totpCode, totpCodeAtStep, totpStep } from '../../src/lib/totp';
import { call, type ErrorBody } from './console-helpers';
import { freshCode, makeAdmin, secondFactorRequest, signInPasswordOnly, type TestAdmin } from './helpers';

const post = (cookie: string, path: string, body: unknown = {}) => SELF.fetch(secondFactorRequest(cookie, body, path));
const verify = (cookie: string, body: unknown) => post(cookie, '/admin/second-factor/verify', body);

async function auditOf(adminId: number): Promise<Array<{ action: string; detail: string | null }>> {
  const { results } = await env.DB.prepare(`SELECT action, detail FROM audit_log WHERE admin_id = ? ORDER BY id`)
    .bind(adminId)
    .all<{ action: string; detail: string | null }>();
  return results;
}

/** A wrong code for `secret` right now (any code outside the ±1 window). */
async function wrongCode(secret: string): Promise<string> {
  const valid = new Set(await Promise.all([-1, 0, 1].map((d) => totpCodeAtStep(secret, totpStep(Date.now()) + d))));
  let n = 123456;
  while (valid.has(String(n))) n += 1;
  return String(n);
}

describe('a session without its second factor', () => {
  it('is refused by every other console route with 401 SECOND_FACTOR_REQUIRED and says so in Korean', async () => {
    const admin = await makeAdmin();
    const cookie = await signInPasswordOnly(admin);
    for (const [method, path] of [
      ['GET', '/admin/api/users'],
      ['GET', '/admin/api/dashboard'],
      ['GET', '/feedback'],
      ['GET', '/admin/api/operators'],
      ['PATCH', '/admin/members/1/unban'],
    ] as const) {
      const res = await call(path, { method, cookie });
      expect(res.status, path).toBe(401);
      const body = await res.json<ErrorBody>();
      expect(body.code).toBe('SECOND_FACTOR_REQUIRED');
      expect(body.message).toBe('2단계 인증을 마쳐 주세요.');
    }
    expect(await (await call('/admin/check', { cookie })).json()).toEqual({
      isAdmin: false,
      name: admin.name,
      role: 'ADMIN',
      secondFactor: 'VERIFY',
    });
  });
});

describe('first sign-in: enrolment', () => {
  async function enrol(): Promise<{ admin: TestAdmin; cookie: string; secret: string }> {
    const admin = await makeAdmin({ totpSecret: null, role: 'OPERATOR' });
    const login = await SELF.fetch(
      new Request('http://localhost/admin/login', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'ongi-admin',
          'CF-Connecting-IP': admin.email,
        },
        body: JSON.stringify({ email: admin.email, password: admin.password }),
      }),
    );
    expect(await login.json()).toMatchObject({ role: 'OPERATOR', secondFactor: 'ENROL' });
    const cookie = await signInPasswordOnly(admin);
    const res = await post(cookie, '/admin/second-factor/enrol');
    expect(res.status).toBe(200);
    const body = await res.json<{ secret: string; otpauthUri: string; qrSvg: string }>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toContain(`secret=${body.secret}`);
    expect(body.otpauthUri).toContain(encodeURIComponent(admin.email));
    expect(body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    return { admin: { ...admin, totpSecret: body.secret }, cookie, secret: body.secret };
  }

  it('gives a secret and QR code, takes the first code, answers 10 recovery codes once and signs the session in', async () => {
    const { admin, cookie, secret } = await enrol();
    expect((await call('/admin/check', { cookie }).then((r) => r.json())) as object).toMatchObject({
      secondFactor: 'ENROL',
    });

    const wrong = await post(cookie, '/admin/second-factor/enrol/confirm', { code: await wrongCode(secret) });
    expect(wrong.status).toBe(401);
    expect((await wrong.json<ErrorBody>()).message).toBe(ADMIN_MESSAGES.secondFactorWrongCode);

    const res = await post(cookie, '/admin/second-factor/enrol/confirm', { code: await freshCode(admin) });
    expect(res.status).toBe(200);
    const body = await res.json<{ recoveryCodes: string[]; role: string }>();
    expect(body.role).toBe('OPERATOR');
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    // Stored hashed only.
    const stored = await env.DB.prepare('SELECT code_hash FROM admin_recovery_codes WHERE admin_id = ?')
      .bind(admin.id)
      .all<{ code_hash: string }>();
    expect(stored.results).toHaveLength(10);
    expect(stored.results.map((r) => r.code_hash)).not.toContain(body.recoveryCodes[0]);

    expect(await (await call('/admin/check', { cookie })).json()).toMatchObject({
      isAdmin: true,
      secondFactor: 'DONE',
    });
    expect((await call('/admin/api/users', { cookie })).status).toBe(200);
    expect((await auditOf(admin.id)).map((r) => r.action)).toEqual(['SECOND_FACTOR_ENROLLED', 'SIGN_IN']);

    // Enrolled: no second secret, and the next sign-in verifies instead.
    const next = await signInPasswordOnly(admin);
    const again = await post(next, '/admin/second-factor/enrol');
    expect(again.status).toBe(409);
    expect((await again.json<ErrorBody>()).code).toBe('SECOND_FACTOR_ALREADY_ENROLLED');
    expect(await (await call('/admin/check', { cookie: next })).json()).toMatchObject({ secondFactor: 'VERIFY' });
  });

  it('refuses to verify before enrolment and to confirm without a pending secret', async () => {
    const admin = await makeAdmin({ totpSecret: null });
    const cookie = await signInPasswordOnly(admin);
    const early = await verify(cookie, { code: '123456' });
    expect(early.status).toBe(409);
    expect((await early.json<ErrorBody>()).code).toBe('SECOND_FACTOR_NOT_ENROLLED');
    const confirm = await post(cookie, '/admin/second-factor/enrol/confirm', { code: '123456' });
    expect(confirm.status).toBe(409);
    expect((await confirm.json<ErrorBody>()).code).toBe('SECOND_FACTOR_NO_PENDING_ENROLMENT');
  });
});

describe('later sign-ins: a code from the app', () => {
  it('refuses a wrong code, a malformed one and unknown keys, then accepts the right one', async () => {
    const admin = await makeAdmin();
    const cookie = await signInPasswordOnly(admin);
    const wrong = await verify(cookie, { code: await wrongCode(admin.totpSecret ?? '') });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      code: 'SECOND_FACTOR_FAILED',
      message: ADMIN_MESSAGES.secondFactorWrongCode,
    });
    expect((await verify(cookie, { code: '12ab56' })).status).toBe(400);
    expect((await verify(cookie, { code: '123456', extra: 1 })).status).toBe(400);
    expect((await call('/admin/api/users', { cookie })).status).toBe(401);

    const ok = await verify(cookie, { code: await freshCode(admin) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: admin.id, role: 'ADMIN', recoveryCodesLeft: 0 });
    expect((await call('/admin/api/users', { cookie })).status).toBe(200);
    const done = await verify(cookie, { code: '123456' });
    expect(done.status).toBe(409);
    expect((await auditOf(admin.id)).map((r) => r.action)).toEqual(['SIGN_IN']);
  });

  it('accepts a code once: the same code (or an earlier step’s) on another session is refused', async () => {
    const admin = await makeAdmin();
    const code = await totpCode(admin.totpSecret ?? '', Date.now());
    const first = await signInPasswordOnly(admin);
    expect((await verify(first, { code })).status).toBe(200);
    const second = await signInPasswordOnly(admin);
    const replay = await verify(second, { code });
    expect(replay.status).toBe(401);
    expect((await replay.json<ErrorBody>()).code).toBe('SECOND_FACTOR_FAILED');
    const earlier = await totpCodeAtStep(admin.totpSecret ?? '', totpStep(Date.now()) - 1);
    expect((await verify(second, { code: earlier })).status).toBe(401);
    // The next step's code (still in the window) works once.
    const next = await totpCodeAtStep(admin.totpSecret ?? '', totpStep(Date.now()) + 1);
    expect((await verify(second, { code: next })).status).toBe(200);
  });

  it('limits failed attempts per session (429 in Korean), even for the right code after', async () => {
    const admin = await makeAdmin();
    const cookie = await signInPasswordOnly(admin);
    const bad = await wrongCode(admin.totpSecret ?? '');
    for (let i = 0; i < SECOND_FACTOR_LIMITS.perSession.max; i++)
      expect((await verify(cookie, { code: bad })).status).toBe(401);
    const limited = await verify(cookie, { code: await freshCode(admin) });
    expect(limited.status).toBe(429);
    expect((await limited.json<ErrorBody>()).message).toBe(ADMIN_MESSAGES.secondFactorTooManyAttempts);
  });

  it('limits failed attempts per operator across sessions', async () => {
    const admin = await makeAdmin();
    const bad = await wrongCode(admin.totpSecret ?? '');
    let spent = 0;
    while (spent < SECOND_FACTOR_LIMITS.perAdmin.max) {
      const cookie = await signInPasswordOnly(admin);
      for (let i = 0; i < 4 && spent < SECOND_FACTOR_LIMITS.perAdmin.max; i++, spent++) {
        expect((await verify(cookie, { code: bad })).status).toBe(401);
      }
    }
    const fresh = await signInPasswordOnly(admin);
    expect((await verify(fresh, { code: await freshCode(admin) })).status).toBe(429);
  });
});

describe('recovery codes', () => {
  it('each signs in once, in any case and spacing; a used one is refused; the audit log says so', async () => {
    const admin = await makeAdmin({ totpSecret: null });
    const setup = await signInPasswordOnly(admin);
    const { secret } = await (await post(setup, '/admin/second-factor/enrol')).json<{ secret: string }>();
    const enrolled = { ...admin, totpSecret: secret };
    const confirmed = await post(setup, '/admin/second-factor/enrol/confirm', { code: await freshCode(enrolled) });
    const { recoveryCodes } = await confirmed.json<{ recoveryCodes: string[] }>();
    const code = recoveryCodes[3] ?? '';

    const session = await signInPasswordOnly(admin);
    const typed = ` ${code.toLowerCase().replace('-', ' ')} `;
    const ok = await verify(session, { recoveryCode: typed });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ recoveryCodesLeft: 9 });
    expect((await call('/admin/api/users', { cookie: session })).status).toBe(200);

    const another = await signInPasswordOnly(admin);
    const reused = await verify(another, { recoveryCode: code });
    expect(reused.status).toBe(401);
    expect((await reused.json<ErrorBody>()).message).toBe(ADMIN_MESSAGES.secondFactorWrongRecoveryCode);
    expect((await verify(another, { recoveryCode: 'AAAAA-BBBBB' })).status).toBe(401);

    const actions = (await auditOf(admin.id)).map((r) => r.action);
    expect(actions).toEqual(['SECOND_FACTOR_ENROLLED', 'SIGN_IN', 'RECOVERY_CODE_USED', 'SIGN_IN']);
    const last = (await auditOf(admin.id)).at(-1);
    expect(JSON.parse(last?.detail ?? '{}')).toEqual({ method: 'RECOVERY_CODE' });
  });
});
