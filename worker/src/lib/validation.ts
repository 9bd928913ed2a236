// Request parsing for every area: zod issues become `Invalid` with Korean field messages.
import type { Context } from 'hono';
import type { z } from 'zod';
import { VALIDATION_KO } from '../contract/messages';
import type { AppEnv } from './env';
import { Invalid, type FieldErrors } from './errors';

const FALLBACK = '입력한 내용을 다시 확인해 주세요.';

/** Field → first Korean message. Schema messages win; zod's English defaults become FALLBACK. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[base ? `${base}.${key}` : key] ??= VALIDATION_KO.unknownField;
      continue;
    }
    fields[base || '_'] ??= issue.message;
  }
  return fields;
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown, code = 'INVALID_INPUT'): z.output<S> {
  const result = schema.safeParse(input, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? VALIDATION_KO.unknownField : FALLBACK),
  });
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const first = Object.values(fields)[0];
  throw new Invalid(first ?? FALLBACK, fields, code);
}

const PROTO_KEY = '__proto__';

/**
 * JSON text → value; malformed JSON is `malformed()` (400 `INVALID_JSON`). A `"__proto__"` key at any depth is
 * refused like any unknown key (400 `INVALID_INPUT`): JSON.parse keeps it as an own property that
 * zod's strict objects do not see, so it is caught here, where every body is read.
 */
export function parseJsonText(
  text: string,
  malformed: () => Error = () => new Invalid('요청 형식이 올바르지 않아요.', undefined, 'INVALID_JSON'),
): unknown {
  let proto: string | null = null;
  let value: unknown;
  try {
    value = JSON.parse(text, function (this: unknown, key: string, v: unknown) {
      if (key === PROTO_KEY && proto === null) proto = key;
      return v;
    });
  } catch {
    throw malformed();
  }
  if (proto !== null) throw new Invalid(VALIDATION_KO.unknownField, { [PROTO_KEY]: VALIDATION_KO.unknownField });
  return value;
}

export async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  return parseJsonText(await c.req.text());
}
