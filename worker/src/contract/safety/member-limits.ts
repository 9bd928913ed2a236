// What the safety shield refuses a member outright (docs/safety.md "Profiles", "New-account caps"):
// contact handles in profile and community texts, and a new account's daily chat requests and
// rooms. Zod-free: the member SPA imports the codes, numbers and messages.
import { formatDateTime } from '../dates';

/** 400 code and the one message for a contact handle or URL (detector kind CONTACT) in a saved text. */
export const PROFILE_CONTACT_CODE = 'CONTACT_IN_TEXT';
export const PROFILE_CONTACT_KO = '연락처는 대화에서 천천히 나눠 주세요.';

/**
 * A member is "new" until BOTH are true: identity verified (본인확인) and the account at least
 * `weekDays` old. A new member may send `requestsPerDay` chat requests and open `roomsPerDay`
 * rooms (accepting a request opens one) per Korean calendar day (KST midnight to midnight).
 */
export const NEW_ACCOUNT_CAPS = {
  weekDays: 7,
  requestsPerDay: 5,
  roomsPerDay: 3,
} as const;

/** 429 code of a new account's daily cap. */
export const NEW_ACCOUNT_CAP_CODE = 'NEW_ACCOUNT_CAP';

export type NewAccountCapKind = 'REQUEST' | 'ROOM';

/**
 * Why and until when: the cap, what lifts it, that today's count resets at midnight (Korea time)
 * and, for a verified member, the moment their account is a week old.
 */
export function newAccountCapMessage(kind: NewAccountCapKind, liftsAt: string | null): string {
  const what =
    kind === 'REQUEST'
      ? `새로 가입한 회원은 하루에 대화 신청을 ${NEW_ACCOUNT_CAPS.requestsPerDay}번까지 보낼 수 있어요.`
      : `새로 가입한 회원은 하루에 새 대화방을 ${NEW_ACCOUNT_CAPS.roomsPerDay}개까지 열 수 있어요.`;
  const more = kind === 'REQUEST' ? '더 많이 보낼 수 있어요' : '더 많이 열 수 있어요';
  const again = kind === 'REQUEST' ? '다시 보내 주세요' : '다시 수락해 주세요';
  const lifts = liftsAt ? ` ${formatDateTime(liftsAt)}부터는 이 제한이 풀려요.` : '';
  return `${what} 가입 후 ${NEW_ACCOUNT_CAPS.weekDays}일이 지나고 본인확인을 마치면 ${more}. 오늘은 자정까지 기다렸다가 ${again}.${lifts}`;
}
