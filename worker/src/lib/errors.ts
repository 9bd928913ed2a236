// Typed errors with a stable code and a Korean message, mapped to HTTP in one handler.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { UNDER_19_CODE, UNDER_19_MESSAGE } from '../contract/age';
import { YOUR_TURN_LIMIT_CODE, type YourTurnRefusal } from '../contract/chat';
import { MEMBER_BANNED_CODE, type MemberBan } from '../contract/member-ban';
import type { AppEnv } from './env';

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }
}

export class Invalid extends AppError {
  constructor(message = '입력한 내용을 다시 확인해 주세요.', fields?: FieldErrors, code = 'INVALID_INPUT') {
    super(400, code, message, fields);
  }
}
export class Unauthorized extends AppError {
  constructor(message = '로그인이 필요해요.', code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = '이 작업을 할 권한이 없어요.', code = 'FORBIDDEN') {
    super(403, code, message);
  }
}
/** 403 UNDER_19: the service is for adults only (docs/trust.md "Adults only"; signup and every member call of a minor). */
export const under19 = () => new Forbidden(UNDER_19_MESSAGE, UNDER_19_CODE);
export class Banned extends AppError {
  /** Sent with the error, so the member app can show the reason and the end (contract/member-ban.ts). */
  readonly ban: MemberBan;
  constructor(until: string | null, reason: string | null = null) {
    super(
      403,
      MEMBER_BANNED_CODE,
      until
        ? `이용이 정지된 계정이에요. ${formatKst(until)}까지 이용할 수 없어요.`
        : '이용이 정지된 계정이에요. 고객센터로 문의해 주세요.',
    );
    this.ban = { reason, until };
  }
}
/** "Not yours" and "doesn't exist" look the same. */
export class NotFound extends AppError {
  constructor(message = '찾을 수 없어요.', code = 'NOT_FOUND') {
    super(404, code, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, code = 'CONFLICT') {
    super(409, code, message);
  }
}
/** 409 ALREADY_MEMBER at signup: the person already holds an account (which portal, masked email). */
export type ExistingAccount = { portal: 'NAVER' | 'KAKAO'; portalName: string; maskedEmail: string };
export class AlreadyMember extends Conflict {
  constructor(
    message: string,
    readonly account: ExistingAccount,
  ) {
    super(message, 'ALREADY_MEMBER');
  }
}
/** 409 YOUR_TURN_LIMIT: too many rooms wait on the member's reply; the body lists them (docs/chat.md "Your turn and quiet rooms"). */
export class YourTurnLimit extends Conflict {
  constructor(
    message: string,
    readonly refusal: YourTurnRefusal,
  ) {
    super(message, YOUR_TURN_LIMIT_CODE);
  }
}

export class TooLarge extends AppError {
  constructor(message = '파일이 너무 커요.', code = 'PAYLOAD_TOO_LARGE') {
    super(413, code, message);
  }
}
export class Unprocessable extends AppError {
  constructor(message: string, code = 'UNPROCESSABLE', fields?: FieldErrors) {
    super(422, code, message, fields);
  }
}
export class RateLimited extends AppError {
  constructor(message = '요청이 너무 많아요. 잠시 후 다시 시도해 주세요.') {
    super(429, 'RATE_LIMITED', message);
  }
}

function formatKst(iso: string): string {
  return new Intl.DateTimeFormat('ko-KR', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

export function errorBody(err: AppError, requestId: string) {
  return {
    code: err.code,
    message: err.message,
    ...(err.fields ? { fields: err.fields } : {}),
    ...(err instanceof Banned ? { ban: err.ban } : {}),
    ...(err instanceof AlreadyMember ? { account: err.account } : {}),
    ...(err instanceof YourTurnLimit ? err.refusal : {}),
    requestId,
  };
}

export function handleError(err: Error, c: Context<AppEnv>): Response {
  const requestId = c.get('requestId') ?? 'unknown';
  if (err instanceof AppError) {
    return c.json(errorBody(err, requestId), err.status);
  }
  // Hono's own HTTP errors (e.g. body limit) carry a status.
  const status = (err as { status?: number }).status;
  if (status === 413) return c.json(errorBody(new TooLarge(), requestId), 413);
  console.error(JSON.stringify({ level: 'error', requestId, message: err.message, stack: err.stack }));
  return c.json({ code: 'INTERNAL', message: '잠시 문제가 생겼어요. 잠시 후 다시 시도해 주세요.', requestId }, 500);
}
