// Numbers in Korean text, shared by the Worker's messages and the SPAs' catalogues.

/**
 * A whole number as Korean text writes it: digits in groups of three with commas (1,000), what
 * `toLocaleString('ko-KR')` gives, without building an Intl number format — its locale data is
 * loaded on first use, a cost a page's start-up (a message written at module level) or first render
 * need not pay (docs/first-paint.md "The main thread"). Anything but a safe integer goes to Intl.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('ko-KR');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
