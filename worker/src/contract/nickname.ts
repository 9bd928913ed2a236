// The public 닉네임 (docs/trust.md "Identity (본인확인)"): what other members see instead of the verified real name. One
// schema for the Worker and the SPA's forms: 2–10 characters (grapheme clusters), the name rules
// of text.ts, and no contact handles (phone numbers, messenger/SNS ids, web addresses).
import { z } from 'zod';
import { isValidName, normalizeName, textLength } from './text';

export const NICKNAME_LIMITS = { min: 2, max: 10 } as const;

export const NICKNAME_KO = {
  required: '닉네임을 입력해 주세요.',
  tooShort: '닉네임은 2자 이상으로 입력해 주세요.',
  tooLong: '닉네임은 10자 이내로 입력해 주세요.',
  characters: "닉네임에는 글자, 숫자, 띄어쓰기와 . - _ ' · 기호만 쓸 수 있어요.",
  phone: '닉네임에 전화번호는 쓸 수 없어요. 연락처는 대화가 편해진 뒤에 직접 나눠 주세요.',
  handle: '닉네임에 카카오톡·인스타그램 같은 연락처 아이디는 쓸 수 없어요.',
  url: '닉네임에 인터넷 주소는 쓸 수 없어요.',
} as const;

// Compared after lower-casing and dropping spaces and NAME_PUNCTUATION, so "카 톡", "k.a.k.a.o" match too.
const HANDLE_WORDS = [
  'kakao',
  'katalk',
  'kakaotalk',
  '카톡',
  '카카오',
  '오픈채팅',
  '오픈톡',
  'openchat',
  'insta',
  '인스타',
  '인스타그램',
  'telegram',
  '텔레그램',
  '라인아이디',
  'snapchat',
  '스냅챗',
  'wechat',
  '위챗',
  'discord',
  '디스코드',
  'twitter',
  '트위터',
  'facebook',
  '페이스북',
  '페북',
  'tiktok',
  '틱톡',
];
const URL_HINTS = /(https?|www|:\/\/|\.(com|net|org|kr|co|io|me|ly|gg|link|xyz)\b)/i;
/** Digits of any script count (e.g. fullwidth); seven or more look like a phone number. */
const PHONE_DIGITS = 7;

export type ContactHandle = 'phone' | 'handle' | 'url';

/** Which kind of contact handle a name holds, or null. */
export function contactHandleIn(name: string): ContactHandle | null {
  const digits = name.match(/\p{Nd}/gu)?.length ?? 0;
  if (digits >= PHONE_DIGITS) return 'phone';
  if (URL_HINTS.test(name)) return 'url';
  const squashed = name.toLowerCase().replace(/[\s.\-_'·]/gu, '');
  if (HANDLE_WORDS.some((w) => squashed.includes(w))) return 'handle';
  return null;
}

export const nicknameField = z
  .string({ error: NICKNAME_KO.required })
  .max(NICKNAME_LIMITS.max * 16, NICKNAME_KO.tooLong)
  .transform(normalizeName)
  .superRefine((name, ctx) => {
    const length = textLength(name);
    const input = name;
    if (length === 0) ctx.addIssue({ code: 'custom', message: NICKNAME_KO.required });
    else if (length < NICKNAME_LIMITS.min) {
      ctx.addIssue({
        code: 'too_small',
        origin: 'string',
        minimum: NICKNAME_LIMITS.min,
        inclusive: true,
        input,
        message: NICKNAME_KO.tooShort,
      });
    } else if (length > NICKNAME_LIMITS.max) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'string',
        maximum: NICKNAME_LIMITS.max,
        inclusive: true,
        input,
        message: NICKNAME_KO.tooLong,
      });
    } else if (!isValidName(name)) ctx.addIssue({ code: 'custom', message: NICKNAME_KO.characters });
    else {
      const handle = contactHandleIn(name);
      if (handle) ctx.addIssue({ code: 'custom', message: NICKNAME_KO[handle] });
    }
  });

/** PUT /api/on/nickname: an existing member picks their nickname (asked once). */
export const nicknameBody = z.strictObject({ nickname: nicknameField });
