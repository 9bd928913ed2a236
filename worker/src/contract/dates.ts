// Korean long dates in Korea time ('2026년 11월 22일 오후 3:04'): shared by the member app and the Worker,
// which writes them into the notices page's first paint (the app then hydrates the same text).
const TIME_ZONE = 'Asia/Seoul';

// Made on first use, then kept (an Intl constructor is costly; module start-up need not pay for it).
let partsFormatter: Intl.DateTimeFormat | undefined;
const partsFormat = (): Intl.DateTimeFormat =>
  (partsFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

export function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The calendar date and 24-hour time in Korea. */
export function kstParts(date: Date) {
  const parts = Object.fromEntries(
    partsFormat()
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: String(parts.minute).padStart(2, '0'),
  };
}

/**
 * Long Korean date with time. 오전/오후 is written here rather than taken from the ko-KR
 * locale because some ICU builds (Node 20's among them) print "PM" for it.
 */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const { year, month, day, hour, minute } = kstParts(date);
  const period = hour < 12 ? '오전' : '오후';
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${year}년 ${month}월 ${day}일 ${period} ${hour12}:${minute}`;
}

/** Long Korean date without time: '2026년 11월 22일'. */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const { year, month, day } = kstParts(date);
  return `${year}년 ${month}월 ${day}일`;
}
