// Pieces shared by the portal adapters: form posts, JSON reading, normalisation checks, errors.
import type { Portal } from '../../../contract/enums';
import { AppError, Invalid, Unprocessable } from '../../../lib/errors';
import type { PortalFetcher } from './types';

const PORTAL_KO: Record<Portal, string> = { naver: '네이버', kakao: '카카오' };

export type MissingItem = 'email' | 'gender' | 'birthday' | 'birthyear';
const ITEM_KO: Record<MissingItem, string> = {
  email: '이메일',
  gender: '성별',
  birthday: '생일',
  birthyear: '출생연도',
};

/** The portal did not share what signup needs: the member must allow those items on the portal. */
export function profileIncomplete(portal: Portal, missing: MissingItem[]): AppError {
  const items = missing.map((m) => ITEM_KO[m]).join(', ');
  const fields = Object.fromEntries(missing.map((m) => [m, `${ITEM_KO[m]} 정보가 필요해요.`]));
  return new Unprocessable(
    `${PORTAL_KO[portal]}에서 ${items} 정보를 받지 못했어요. ${PORTAL_KO[portal]} 로그인 화면에서 ${items} 제공에 동의한 뒤 다시 로그인해 주세요.`,
    'PORTAL_PROFILE_INCOMPLETE',
    fields,
  );
}

export function portalUnavailable(portal: Portal): AppError {
  return new AppError(
    502,
    'PORTAL_UNAVAILABLE',
    `${PORTAL_KO[portal]}와 연결하지 못했어요. 잠시 후 다시 로그인해 주세요.`,
  );
}

export function codeRejected(): AppError {
  return new Invalid('로그인 정보가 만료되었어요. 처음부터 다시 로그인해 주세요.', undefined, 'OAUTH_CODE_INVALID');
}

export async function readJsonObject(res: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await res.json();
    return isRecord(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function str(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t ? t : undefined;
}

/** A real calendar date in YYYY-MM-DD, or undefined. */
export function calendarDate(year: string, month: string, day: string): string | undefined {
  if (!/^\d{4}$/.test(year) || !/^\d{2}$/.test(month) || !/^\d{2}$/.test(day)) return undefined;
  const d = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const ok =
    d.getUTCFullYear() === Number(year) && d.getUTCMonth() + 1 === Number(month) && d.getUTCDate() === Number(day);
  return ok ? `${year}-${month}-${day}` : undefined;
}

export async function postForm(
  fetcher: PortalFetcher,
  portal: Portal,
  url: string,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetcher(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8', Accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
    });
  } catch {
    throw portalUnavailable(portal);
  }
  if (res.status >= 500) throw portalUnavailable(portal);
  const body = await readJsonObject(res);
  // Both portals answer a bad code with an `error` field (Naver even with 200).
  if (!body || typeof body.access_token !== 'string' || !body.access_token) throw codeRejected();
  return body;
}

export async function getProfileJson(
  fetcher: PortalFetcher,
  portal: Portal,
  url: string,
  accessToken: string,
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetcher(url, { headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' } });
  } catch {
    throw portalUnavailable(portal);
  }
  if (res.status === 401 || res.status === 403) throw codeRejected();
  const body = res.ok ? await readJsonObject(res) : undefined;
  if (!body) throw portalUnavailable(portal);
  return body;
}

export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}
