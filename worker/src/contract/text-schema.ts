// Zod fields for free text and names: every contract schema builds its text fields here, so the
// Worker and the SPAs' forms normalise, blank-check and count one way (text.ts).
import { z } from 'zod';
import { VALIDATION_KO } from './messages';
import { isValidName, normalizeName, normalizeText, textLength } from './text';

/**
 * UTF-16 units a field may arrive with before it is even normalised: a character a person sees
 * can take many units (a family emoji 8, a flag with tags 14), but not thousands.
 */
const RAW_UNITS_PER_CHAR = 16;

// Length issues keep zod's own codes, so a form can tell "too long" (disable submit) from "blank".
const tooBig = (input: string, maximum: number, message: string) =>
  ({ code: 'too_big', origin: 'string', maximum, inclusive: true, input, message }) as const;
const tooSmall = (input: string, minimum: number, message: string) =>
  ({ code: 'too_small', origin: 'string', minimum, inclusive: true, input, message }) as const;

type TextRule = {
  max: number;
  tooLong: string;
  /** Message for a missing or blank value. */
  required: string;
  /** Fewest characters; 1 when not given. */
  min?: number;
  tooShort?: string;
};

/** Normalised text of `min`…`max` characters (grapheme clusters); blank is `required`. */
export function textField(rule: TextRule) {
  const min = rule.min ?? 1;
  return z
    .string({ error: rule.required })
    .max(rule.max * RAW_UNITS_PER_CHAR, rule.tooLong)
    .transform(normalizeText)
    .superRefine((text, ctx) => {
      const length = textLength(text);
      if (length === 0) ctx.addIssue({ code: 'custom', message: rule.required });
      else if (length < min) ctx.addIssue(tooSmall(text, min, rule.tooShort ?? rule.required));
      else if (length > rule.max) ctx.addIssue(tooBig(text, rule.max, rule.tooLong));
    });
}

/** Normalised text of at most `max` characters that may be blank or missing: then null. */
export function optionalTextField(rule: { max: number; tooLong: string }) {
  return z
    .string()
    .max(rule.max * RAW_UNITS_PER_CHAR, rule.tooLong)
    .nullish()
    .transform((raw) => (raw ? normalizeText(raw) : ''))
    .superRefine((text, ctx) => {
      if (textLength(text) > rule.max) ctx.addIssue(tooBig(text, rule.max, rule.tooLong));
    })
    .transform((text) => (text ? text : null));
}

/** Normalised text that may be blank (quoted evidence), at most `max` characters. */
export function quotedTextField(rule: { max: number; tooLong: string }) {
  return z
    .string()
    .max(rule.max * RAW_UNITS_PER_CHAR, rule.tooLong)
    .transform(normalizeText)
    .superRefine((text, ctx) => {
      if (textLength(text) > rule.max) ctx.addIssue(tooBig(text, rule.max, rule.tooLong));
    });
}

/** A member's name: required, at most `max` characters, letters/digits/spaces and a little punctuation. */
export function nameField(max: number) {
  return z
    .string({ error: VALIDATION_KO.nameRequired })
    .max(max * RAW_UNITS_PER_CHAR, VALIDATION_KO.nameTooLong)
    .transform(normalizeName)
    .superRefine((name, ctx) => {
      if (name === '') ctx.addIssue({ code: 'custom', message: VALIDATION_KO.nameRequired });
      else if (textLength(name) > max) ctx.addIssue(tooBig(name, max, VALIDATION_KO.nameTooLong));
      else if (!isValidName(name)) ctx.addIssue({ code: 'custom', message: VALIDATION_KO.nameCharacters });
    });
}
