// The safety shield's vocabulary (docs/safety.md): what the detector finds, what a sender did
// when asked '정말 보낼까요?', and where the asking happened. Free of zod: the SPAs and the
// chat room object import it. The detector itself and its word lists live beside it.

/** What the detector finds in a text. */
export const SAFETY_KINDS = ['CONTACT', 'MONEY', 'SEXUAL', 'ABUSE'] as const;
export type SafetyKind = (typeof SAFETY_KINDS)[number];

/** Kinds the receiver is warned about (scam paths), and kinds the sender is asked about first. */
export const RECEIVER_WARNED_KINDS = ['CONTACT', 'MONEY'] as const satisfies readonly SafetyKind[];
export const SENDER_NUDGED_KINDS = ['ABUSE', 'SEXUAL'] as const satisfies readonly SafetyKind[];

/** Where a sender was asked '정말 보낼까요?'. */
export const NUDGE_CONTEXTS = ['MESSAGE', 'REQUEST'] as const;
export type NudgeContext = (typeof NUDGE_CONTEXTS)[number];

/** What the sender did: changed the text (수정하기) or sent it anyway (보내기). */
export const NUDGE_OUTCOMES = ['EDITED', 'SENT'] as const;
export type NudgeOutcome = (typeof NUDGE_OUTCOMES)[number];
