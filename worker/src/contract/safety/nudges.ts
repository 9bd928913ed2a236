// POST /api/on/safety/nudges (docs/safety.md "Nudges"): what a sender did when the composer or the
// request dialog asked '정말 보낼까요?'. One schema for the SPA's call and the Worker.
import { z } from 'zod';
import { NUDGE_CONTEXTS, NUDGE_OUTCOMES, SAFETY_KINDS } from './kinds';

export const safetyNudgeBody = z.strictObject({
  context: z.enum(NUDGE_CONTEXTS),
  /** The kinds the sender was asked about (each once). */
  kinds: z
    .array(z.enum(SAFETY_KINDS))
    .min(1)
    .max(SAFETY_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, { message: '같은 종류가 두 번 들어 있어요.' }),
  outcome: z.enum(NUDGE_OUTCOMES),
});
export type SafetyNudgeBody = z.infer<typeof safetyNudgeBody>;

/** A member records at most this many nudge outcomes per window (a sender is asked per send). */
export const SAFETY_NUDGE_LIMIT = { max: 60, windowSeconds: 3600 } as const;
