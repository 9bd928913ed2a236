// The dev portal's PortOne V2 emulation (identity verification, 본인확인): the browser SDK's
// script, a Korean "carrier/PASS" page, the one-round-trip verify call for scripts, and the REST
// read the Worker makes (`GET /identity-verifications/{id}`) answering with PortOne's shapes
// (types from @portone/server-sdk). Its own Hono app so portalFetch can dispatch to it in-process.
import type {
  IdentityVerification,
  IdentityVerificationVerifiedCustomer,
} from '@portone/server-sdk/identityVerification';
import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { devPortoneVerifications } from '../../db/schema';
import { iso } from '../../lib/clock';
import { devPortalEnabled, type AppEnv, type Env } from '../../lib/env';
import { handleError, NotFound } from '../../lib/errors';
import { allowedOrigins } from '../../lib/same-origin';
import { authContext } from '../auth/context';
import { renderPortoneError, renderPortonePage, type PortoneForm } from './portone-page';

export const portonePortalApp = new Hono<AppEnv>();
portonePortalApp.onError(handleError);
portonePortalApp.use('/dev-portal/*', async (c, next) => {
  if (!devPortalEnabled(c.env)) throw new NotFound();
  await next();
});

const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const enc = new TextEncoder();

/** A person as the emulated carrier knows them. */
export const devPortoneCustomer = z.strictObject({
  name: z.string().trim().min(1).max(40),
  birthDate: z.iso.date(),
  gender: z.enum(['MALE', 'FEMALE']),
  phoneNumber: z.string().regex(/^01[016789]\d{7,8}$/),
  operator: z.enum(['SKT', 'KT', 'LGU', 'SKT_MVNO', 'KT_MVNO', 'LGU_MVNO']).optional(),
});
export type DevPortoneCustomer = z.infer<typeof devPortoneCustomer>;

export const devPortoneVerifyBody = z.strictObject({
  identityVerificationId: z.string().regex(ID_PATTERN),
  customer: devPortoneCustomer,
});

async function digestB64(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-512', enc.encode(text)));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The person's CI (88 characters of base64, like a real one): a function of name, birth date and
 * phone only, so the same person verifying through two portal accounts gets the same CI. DI is
 * per store, as PortOne's.
 */
export async function devCi(c: Pick<DevPortoneCustomer, 'name' | 'birthDate' | 'phoneNumber'>): Promise<string> {
  return digestB64(`ongi-dev-ci|${c.name}|${c.birthDate}|${c.phoneNumber}`);
}

async function verifiedCustomer(storeId: string, c: DevPortoneCustomer): Promise<IdentityVerificationVerifiedCustomer> {
  const ci = await devCi(c);
  return {
    name: c.name,
    operator: c.operator ?? 'SKT',
    phoneNumber: c.phoneNumber,
    birthDate: c.birthDate,
    gender: c.gender,
    isForeigner: false,
    ci,
    di: await digestB64(`ongi-dev-di|${storeId}|${ci}`),
  };
}

type Row = typeof devPortoneVerifications.$inferSelect;

const db = (c: Context<AppEnv>) => authContext(c).db;
const now = (c: Context<AppEnv>) => iso(authContext(c).now);

async function findRow(c: Context<AppEnv>, id: string): Promise<Row | undefined> {
  const rows = await db(c).select().from(devPortoneVerifications).where(eq(devPortoneVerifications.id, id)).limit(1);
  return rows[0];
}

/** The verification as PortOne's REST API answers it. */
function answerOf(row: Row): IdentityVerification {
  const base = {
    id: row.id,
    channel: {
      type: 'TEST' as const,
      id: 'dev-portone-channel',
      key: row.channelKey ?? undefined,
      name: '개발용 본인확인',
      pgProvider: 'DANAL' as const,
      pgMerchantId: 'dev',
    },
    requestedAt: row.requestedAt,
    updatedAt: row.updatedAt,
    statusChangedAt: row.updatedAt,
    version: 'V2' as const,
  };
  if (row.status === 'VERIFIED' && row.customer && row.verifiedAt) {
    return {
      ...base,
      status: 'VERIFIED',
      verifiedCustomer: JSON.parse(row.customer) as IdentityVerificationVerifiedCustomer,
      verifiedAt: row.verifiedAt,
      pgTxId: `dev-${row.id}`,
      pgRawResponse: '{}',
    };
  }
  if (row.status === 'FAILED') {
    return {
      ...base,
      status: 'FAILED',
      requestedCustomer: {},
      failure: { reason: '사용자가 본인인증을 취소했어요.', pgCode: 'CANCEL' },
    };
  }
  return { ...base, status: 'READY', requestedCustomer: {} };
}

/** Creates the READY row the browser step starts from (a no-op when it exists for this store). */
async function ensureReady(c: Context<AppEnv>, id: string, storeId: string, channelKey: string | null) {
  const at = now(c);
  await db(c)
    .insert(devPortoneVerifications)
    .values({ id, storeId, channelKey, status: 'READY', requestedAt: at, updatedAt: at })
    .onConflictDoNothing();
  return findRow(c, id);
}

/** READY → VERIFIED for this store; false when the verification is unknown, another store's or already done. */
async function complete(c: Context<AppEnv>, id: string, storeId: string, customer: DevPortoneCustomer) {
  const at = now(c);
  const rows = await db(c)
    .update(devPortoneVerifications)
    .set({
      status: 'VERIFIED',
      customer: JSON.stringify(await verifiedCustomer(storeId, customer)),
      verifiedAt: at,
      updatedAt: at,
    })
    .where(
      and(
        eq(devPortoneVerifications.id, id),
        eq(devPortoneVerifications.storeId, storeId),
        eq(devPortoneVerifications.status, 'READY'),
      ),
    )
    .returning({ id: devPortoneVerifications.id });
  return rows.length === 1;
}

function storeIdOf(env: Env): string {
  return env.PORTONE_STORE_ID ?? '';
}

// ---- REST (what the Worker calls) -------------------------------------------------------------

portonePortalApp.get('/dev-portal/portone/identity-verifications/:id', async (c) => {
  const auth = /^PortOne\s+(\S+)$/.exec(c.req.header('Authorization') ?? '');
  if (!auth || !c.env.PORTONE_API_SECRET || auth[1] !== c.env.PORTONE_API_SECRET) {
    return c.json({ type: 'UNAUTHORIZED', message: '인증 정보가 올바르지 않습니다.' }, 401);
  }
  const storeId = c.req.query('storeId') ?? storeIdOf(c.env);
  const row = await findRow(c, c.req.param('id'));
  // The secret's store sees its own verifications only.
  if (!row || row.storeId !== storeId) {
    return c.json({ type: 'IDENTITY_VERIFICATION_NOT_FOUND', message: '요청된 본인인증 건이 존재하지 않습니다.' }, 404);
  }
  return c.json(answerOf(row));
});

// ---- Scripts: one round trip -------------------------------------------------------------------

portonePortalApp.post('/dev-portal/portone/verify', async (c) => {
  const type = c.req.header('Content-Type') ?? '';
  if (!type.includes('application/json')) return verifyFromPage(c);
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return c.json({ type: 'INVALID_REQUEST', message: '요청 형식이 올바르지 않습니다.' }, 400);
  }
  const parsed = devPortoneVerifyBody.safeParse(raw);
  if (!parsed.success) return c.json({ type: 'INVALID_REQUEST', message: '요청 값이 올바르지 않습니다.' }, 400);
  const { identityVerificationId: id, customer } = parsed.data;
  const storeId = storeIdOf(c.env);
  await ensureReady(c, id, storeId, c.env.PORTONE_CHANNEL_KEY ?? null);
  if (!(await complete(c, id, storeId, customer))) {
    return c.json(
      { type: 'IDENTITY_VERIFICATION_ALREADY_VERIFIED', message: '이미 완료되었거나 다른 상점의 본인인증입니다.' },
      409,
    );
  }
  const row = await findRow(c, id);
  return c.json(row ? answerOf(row) : {});
});

// ---- Browser: the SDK's script and the carrier page --------------------------------------------

/**
 * What cdn.portone.io/v2/browser-sdk.js provides, for the identity call only: redirect mode (the
 * page goes to the emulated carrier page and comes back to `redirectUrl`, as on phones).
 */
const BROWSER_SDK = `(() => {
  const fail = (message) => Promise.resolve({ code: 'FAILURE_TYPE_PG', message });
  window.PortOne = {
    requestIdentityVerification(req) {
      if (!req || !req.storeId || !req.identityVerificationId || !req.redirectUrl) {
        return fail('storeId, identityVerificationId, redirectUrl이 필요해요.');
      }
      const u = new URL('/dev-portal/portone/verify', location.origin);
      u.searchParams.set('identityVerificationId', req.identityVerificationId);
      u.searchParams.set('storeId', req.storeId);
      if (req.channelKey) u.searchParams.set('channelKey', req.channelKey);
      u.searchParams.set('redirectUrl', req.redirectUrl);
      location.assign(u.toString());
      return new Promise(() => {});
    },
    requestPayment: () => fail('개발용 포트원은 본인인증만 지원해요.'),
    requestIssueBillingKey: () => fail('개발용 포트원은 본인인증만 지원해요.'),
    requestIssueBillingKeyAndPay: () => fail('개발용 포트원은 본인인증만 지원해요.'),
  };
})();
`;

portonePortalApp.get('/dev-portal/portone/browser-sdk.js', (c) =>
  c.body(BROWSER_SDK, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }),
);

type PageRequest = { id: string; storeId: string; channelKey: string | null; redirectUrl: string };

function checkPageRequest(c: Context<AppEnv>, p: Record<string, string | undefined>): PageRequest | string {
  if (!p.identityVerificationId || !ID_PATTERN.test(p.identityVerificationId))
    return '본인인증 번호가 올바르지 않아요.';
  if (!p.storeId || p.storeId !== storeIdOf(c.env)) return '등록되지 않은 상점 아이디예요.';
  if ((p.channelKey ?? '') !== (c.env.PORTONE_CHANNEL_KEY ?? '')) return '등록되지 않은 채널 키예요.';
  let redirect: URL;
  try {
    redirect = new URL(p.redirectUrl ?? '');
  } catch {
    return '돌아갈 주소(redirectUrl)가 올바르지 않아요.';
  }
  if (!allowedOrigins(c.env, c.req.url).has(redirect.origin)) return '허용되지 않은 돌아갈 주소예요.';
  return {
    id: p.identityVerificationId,
    storeId: p.storeId,
    channelKey: p.channelKey ?? null,
    redirectUrl: redirect.toString(),
  };
}

function backTo(req: PageRequest, extra: Record<string, string> = {}): string {
  const url = new URL(req.redirectUrl);
  url.searchParams.set('transactionType', 'IDENTITY_VERIFICATION');
  url.searchParams.set('identityVerificationId', req.id);
  url.searchParams.set('identityVerificationTxId', `dev-tx-${req.id}`);
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return url.toString();
}

portonePortalApp.get('/dev-portal/portone/verify', async (c) => {
  const req = checkPageRequest(c, c.req.query());
  if (typeof req === 'string') return c.html(renderPortoneError(req), 400);
  const row = await ensureReady(c, req.id, req.storeId, req.channelKey);
  if (!row || row.storeId !== req.storeId || row.status !== 'READY') {
    return c.html(renderPortoneError('이미 끝난 본인인증이에요. 앱으로 돌아가서 다시 시작해 주세요.'), 409);
  }
  return c.html(renderPortonePage({ ...req, cancelUrl: cancelUrl(req) }));
});

const cancelParams = { code: 'FAILURE_TYPE_PG', message: '사용자가 본인인증을 취소했어요.' };

function cancelUrl(req: PageRequest): string {
  const q = new URLSearchParams({ identityVerificationId: req.id, storeId: req.storeId, redirectUrl: req.redirectUrl });
  if (req.channelKey) q.set('channelKey', req.channelKey);
  return `/dev-portal/portone/cancel?${q.toString()}`;
}

async function verifyFromPage(c: Context<AppEnv>): Promise<Response> {
  const form = await c.req.parseBody();
  const field = (k: string) => {
    const v = form[k];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const req = checkPageRequest(c, {
    identityVerificationId: field('identityVerificationId'),
    storeId: field('storeId'),
    channelKey: field('channelKey'),
    redirectUrl: field('redirectUrl'),
  });
  if (typeof req === 'string') return c.html(renderPortoneError(req), 400);
  const values: PortoneForm = {
    name: field('name'),
    birthDate: field('birthDate'),
    gender: field('gender'),
    operator: field('operator'),
    phoneNumber: field('phoneNumber')?.replace(/\D/g, ''),
  };
  const parsed = devPortoneCustomer.safeParse(values);
  if (!parsed.success) {
    return c.html(
      renderPortonePage({
        ...req,
        cancelUrl: cancelUrl(req),
        values,
        error: '이름, 생년월일, 성별, 통신사와 휴대폰 번호를 올바르게 입력해 주세요.',
      }),
      400,
    );
  }
  if (!(await complete(c, req.id, req.storeId, parsed.data))) {
    return c.html(renderPortoneError('이미 끝난 본인인증이에요. 앱으로 돌아가서 다시 시작해 주세요.'), 409);
  }
  return c.redirect(backTo(req), 302);
}

// A cancel link marks the verification failed, as PortOne records a cancelled attempt.
portonePortalApp.get('/dev-portal/portone/cancel', async (c) => {
  const req = checkPageRequest(c, c.req.query());
  if (typeof req === 'string') return c.html(renderPortoneError(req), 400);
  await db(c)
    .update(devPortoneVerifications)
    .set({ status: 'FAILED', updatedAt: now(c) })
    .where(and(eq(devPortoneVerifications.id, req.id), eq(devPortoneVerifications.status, 'READY')));
  return c.redirect(backTo(req, cancelParams), 302);
});
