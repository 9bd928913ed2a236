// Arrays in request bodies: the length is checked before any item is looked at (docs/api-extensions.md "Body sizes"),
// so 100,000 items cost one comparison, not 100,000 item checks.
import { z } from 'zod';

/** `z.array(item).max(max)` whose `max` is checked first; `notArray` is the message for a non-array. */
export function boundedArray<T extends z.ZodType>(
  item: T,
  max: number,
  tooMany: string,
  notArray?: string,
): z.ZodType<z.output<T>[], z.input<T>[]> {
  // Typed as the plain array it stands for, so forms infer their input from it as before.
  return z
    .array(z.unknown(), notArray === undefined ? undefined : { error: notArray })
    .max(max, { message: tooMany })
    .pipe(z.array(item)) as unknown as z.ZodType<z.output<T>[], z.input<T>[]>;
}
