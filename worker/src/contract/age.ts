/** Korean international age (만 나이) on a given day, from a YYYY-MM-DD birthday. */
export function ageOn(birthday: string, today: Date): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  // Korea time decides the calendar day.
  const kst = new Date(today.getTime() + 9 * 3600_000);
  const ty = kst.getUTCFullYear();
  const tm = kst.getUTCMonth() + 1;
  const td = kst.getUTCDate();
  let age = ty - y;
  if (tm < m || (tm === m && td < d)) age -= 1;
  return age;
}

// ---- Adults only (docs/trust.md "Adults only") ------------------------------------
// 청소년보호법 §2: a 청소년 is under 19, except one who has reached 1 January of the year they turn
// 19. So the law counts by birth YEAR: in Korea-time year Y a member is an adult when born in
// Y − 19 or earlier (in 2026: born 2007 or earlier), whatever the month. Every check (signup, the
// visibility module's SQL, the auth gate, matching) derives from these two functions.

/** The adult line in years (youth-protection law's year rule). */
export const ADULT_AGE_BY_YEAR = 19;

/** The Korea-time calendar year of `now`. */
export function koreanYear(now: Date): number {
  return new Date(now.getTime() + 9 * 3600_000).getUTCFullYear();
}

/** Whether a member born on `birthday` (YYYY-MM-DD) is an adult at `now` by the year rule. */
export function isAdultByYearRule(birthday: string, now: Date): boolean {
  const year = Number(birthday.slice(0, 4));
  return Number.isFinite(year) && koreanYear(now) - year >= ADULT_AGE_BY_YEAR;
}

/**
 * The same rule as a birthday bound for SQL: adult ⇔ `birthday < adultBirthdayCut(now)`
 * (text comparison of YYYY-MM-DD). In 2026 the cut is '2008-01-01'.
 */
export function adultBirthdayCut(now: Date): string {
  return `${String(koreanYear(now) - ADULT_AGE_BY_YEAR + 1).padStart(4, '0')}-01-01`;
}

/** What a member under 19 is told: at signup (403 UNDER_19) and on every member call after. */
export const UNDER_19_CODE = 'UNDER_19';
export const UNDER_19_MESSAGE = '온기는 만 19세 이상만 이용할 수 있어요.';
