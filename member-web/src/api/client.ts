// The one HTTP client of the member app (docs/product-spec.md §7, docs/auth.md §5): same origin, cookies
// included, 15 s timeout, Korean server errors as ApiError, bearer on member calls and a
// single shared refresh when /api/on/ calls answer 401.
import { UNDER_19_CODE } from '@contract/age';
import { LIMITS } from '@contract/limits';
import { MEMBER_BANNED_CODE, isMemberBan } from '@contract/member-ban';
import { showToast } from '../components/toast/toast-store';
import { ko } from '../i18n/ko';
import { reportBan } from '../lib/ban-store';
import { reportUnder19 } from '../lib/under19-store';
import { reportIdentityRequired } from '../lib/identity-gate-store';
import { accessTokenStore } from '../lib/storage';
import { d1Bookmark } from '../lib/d1-bookmark';
import { takeEarlyResponse } from '../first-paint/early';

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    /** The whole error body, for answers that carry more (e.g. ALREADY_MEMBER's `account`). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (FormData, plain text). */
  body?: FormData | string;
  /** Send the bearer token. Default: only for /api/on/ calls. */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const MEMBER_PREFIX = '/api/on/';
const REFRESH_PATH = '/api/on/auth/refresh';
export const EXPIRED_REDIRECT = '/?reason=expired';

let navigate: (to: string) => void = (to) => window.location.assign(to);

/** The router registers itself so the expiry redirect stays inside the SPA. */
export function setApiNavigator(fn: (to: string) => void): void {
  navigate = fn;
}

function isErrorBody(v: unknown): v is { code: string; message: string; fields?: FieldErrors; ban?: unknown } {
  return typeof v === 'object' && v !== null && typeof (v as { message?: unknown }).message === 'string';
}

/** Turns a failed response into an ApiError carrying the server's Korean message. */
/**
 * `memberCall`: the request carried a member's token. Only then is an UNDER_19 or IDENTITY_REQUIRED
 * about the signed-in member (the signup's 본인확인 answers UNDER_19 to someone who is not a member).
 */
export async function toApiError(res: Response, reportsBan = true, memberCall = true): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON (a proxy's HTML page, an empty body)
  }
  if (isErrorBody(body)) {
    // Banned (at sign-in or mid-session): the app shows the ban screen instead of the page.
    if (reportsBan && res.status === 403 && body.code === MEMBER_BANNED_CODE) {
      reportBan(isMemberBan(body.ban) ? body.ban : { reason: null, until: null });
    }
    // Under 19 (docs/trust.md): the app shows why, with export and deletion, instead of the page.
    if (reportsBan && memberCall && res.status === 403 && body.code === UNDER_19_CODE) reportUnder19();
    // A member call only verified members may make: the member frame offers 본인확인.
    if (reportsBan && memberCall && res.status === 403 && body.code === 'IDENTITY_REQUIRED') reportIdentityRequired();
    return new ApiError(
      res.status,
      typeof body.code === 'string' ? body.code : `HTTP_${res.status}`,
      body.message,
      body.fields,
      body as Record<string, unknown>,
    );
  }
  return new ApiError(
    res.status,
    `HTTP_${res.status}`,
    res.status === 401 ? ko.errors.unauthorized : ko.errors.generic,
  );
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  let body: FormData | string | undefined = options.body;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  if (token) headers.set('Authorization', `Bearer ${token}`);
  d1Bookmark.send(headers);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, LIMITS.requestTimeoutMs);
  const outer = options.signal;
  const forwardAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener('abort', forwardAbort);
  try {
    const res = await fetch(path, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
    d1Bookmark.remember(res);
    return res;
  } catch (err) {
    if (timedOut) throw new ApiError(0, 'TIMEOUT', ko.errors.timeout);
    if (outer?.aborted) throw err; // the caller cancelled: let it see its own AbortError
    throw new ApiError(0, 'NETWORK', ko.errors.network);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

export async function readBody<T>(res: Response, reportsBan = true, memberCall = true): Promise<T> {
  if (!res.ok) throw await toApiError(res, reportsBan, memberCall);
  const text = await res.text();
  if (!text) return undefined as T;
  const type = res.headers.get('Content-Type') ?? '';
  return (type.includes('json') ? JSON.parse(text) : text) as T;
}

let refreshInFlight: Promise<string> | null = null;

function endSession(): never {
  accessTokenStore.clear();
  // On the landing page a dead session is simply forgotten (docs/product-spec.md §8); elsewhere the member is told.
  if (window.location.pathname !== '/') {
    showToast(ko.session.loggedOut, 'info');
    navigate(EXPIRED_REDIRECT);
  }
  throw new ApiError(401, 'SESSION_EXPIRED', ko.session.loggedOut);
}

async function runRefresh(): Promise<string> {
  let res = await send(REFRESH_PATH, { method: 'POST' }, null);
  if (res.status === 409) {
    // REFRESH_RACE: another tab rotated the cookie a moment ago; the browser already holds the new one.
    const err = await toApiError(res);
    if (err.code === 'REFRESH_RACE') res = await send(REFRESH_PATH, { method: 'POST' }, null);
    else return endSession();
  }
  if (res.status === 403) {
    // A ban is shown as such (toApiError reports it), not as "you have been logged out".
    const err = await toApiError(res);
    if (err.code === MEMBER_BANNED_CODE) {
      accessTokenStore.clear();
      throw err;
    }
    return endSession();
  }
  // Only a definite "no" from the server ends the session; outages and timeouts do not.
  if (res.status >= 400 && res.status < 500) return endSession();
  if (!res.ok) throw await toApiError(res);
  const body = (await res.json()) as { accessToken?: unknown };
  if (typeof body.accessToken !== 'string') return endSession();
  accessTokenStore.set(body.accessToken);
  return body.accessToken;
}

/** One refresh for every concurrent caller; resolves to the new access token. */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const memberCall = path.startsWith(MEMBER_PREFIX);
  const auth = options.auth ?? memberCall;
  const sentToken = auth ? accessTokenStore.get() : null;
  const plainGet = (options.method ?? 'GET') === 'GET' && options.body === undefined && options.json === undefined;
  const early = plainGet ? await takeEarlyResponse(path, sentToken) : undefined;
  const res = early ?? (await send(path, options, sentToken));
  // A ban answering a call sent before the member left (the ban screen's 처음 화면으로, signing out)
  // is not shown again: the session it was about is gone.
  const sessionKept = () => sentToken === null || accessTokenStore.get() !== null;
  if (res.status !== 401 || !memberCall) return readBody<T>(res, sessionKept(), sentToken !== null);

  // A request that raced a finished refresh just uses the newer token.
  const current = accessTokenStore.get();
  const token = current && current !== sentToken ? current : await refreshAccessToken();
  return readBody<T>(await send(path, options, token), sessionKept(), true);
}

export const api = {
  get: <T>(path: string, o?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, { ...o, method: 'GET' }),
  post: <T>(path: string, o?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, { ...o, method: 'POST' }),
  put: <T>(path: string, o?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, { ...o, method: 'PUT' }),
  patch: <T>(path: string, o?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, { ...o, method: 'PATCH' }),
  delete: <T>(path: string, o?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, { ...o, method: 'DELETE' }),
};

/** The message to show for any thrown value. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return ko.errors.generic;
}
