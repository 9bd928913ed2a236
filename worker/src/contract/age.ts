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
