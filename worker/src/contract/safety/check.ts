// POST /api/on/safety/check (docs/safety.md "Check endpoint"; docs/api-extensions.md): a member's
// text in, the detector's flags out. The SPA runs the detector itself; this call is for other
// clients and for checking what the server will find. Rate limited per member, so a loop of
// probes cannot be used to map the rules.
import { z } from 'zod';
import type { SafetyFlag } from './detector';
import { quotedTextField } from '../text-schema';

export const SAFETY_CHECK_LIMITS = {
  /** Characters (grapheme clusters, contract/text.ts) of one checked text, counted after normalising. */
  textMaxChars: 1_000,
  /** Checks a member may make per minute (a composer checking drafts needs far fewer). */
  perMinute: 30,
  /** And per fixed 24-hour window: enough for real use, too few to search the rules by trial. */
  perDay: 500,
} as const;

export const SAFETY_CHECK_KO = {
  tooLong: '확인할 글은 1,000자까지 보낼 수 있어요.',
  tooMany: '확인 요청이 너무 많아요. 잠시 후 다시 시도해 주세요.',
  tooManyToday: '확인 요청을 너무 많이 보냈어요. 몇 시간 뒤에 다시 시도해 주세요.',
} as const;

/** `{ text }`: any text (blank answers no flags), at most SAFETY_CHECK_LIMITS.textMaxChars characters. */
export const safetyCheckBody = z.strictObject({
  text: quotedTextField({ max: SAFETY_CHECK_LIMITS.textMaxChars, tooLong: SAFETY_CHECK_KO.tooLong }),
});
export type SafetyCheckBody = z.input<typeof safetyCheckBody>;

/** Offsets are UTF-16 code units of the normalised text (normalizeText); at most SAFETY_MAX_FLAGS flags. */
export type SafetyCheckResponse = { flags: SafetyFlag[] };
