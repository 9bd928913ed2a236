// Privacy request schemas (docs/privacy.md); the zod-free half is privacy-core.ts.
import { z } from 'zod';
import { boundedArray } from './bounded-array';
import { PRIVACY_KO, PRIVACY_LIMITS } from './privacy-core';
import { textField } from './text-schema';

export * from './privacy-core';

/**
 * POST /api/on/privacy/avoid-phones: entries as typed or pasted (the page splits the text with
 * `splitPhoneList`); the Worker normalises each. The count is checked before any entry is read.
 */
export const avoidPhonesBody = z.strictObject({
  phones: boundedArray(
    z.string({ error: PRIVACY_KO.phonesNoneValid }).max(40, PRIVACY_KO.phonesNoneValid),
    PRIVACY_LIMITS.avoidPhonesMax,
    PRIVACY_KO.phonesTooMany,
    PRIVACY_KO.phonesRequired,
  ).refine((a) => a.length > 0, PRIVACY_KO.phonesRequired),
});

/** PUT /api/on/privacy/private-mode */
export const privateModeBody = z.strictObject({
  on: z.boolean({ error: PRIVACY_KO.privateModeFlag }),
});

/** POST /api/on/chat-rooms/{roomId}/date-shares */
export const dateShareBody = z.strictObject({
  place: textField({
    max: PRIVACY_LIMITS.sharePlaceMax,
    tooLong: PRIVACY_KO.placeTooLong,
    required: PRIVACY_KO.placeRequired,
  }),
  /** An instant with its offset (the page sends the Korean local time as `…+09:00`). */
  meetAt: z.iso.datetime({ offset: true, error: PRIVACY_KO.meetAtInvalid }),
});
