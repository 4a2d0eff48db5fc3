/** Relative time display of SPEC §4 ("1 minute ago" in the singular), as a pure function of the date and "now". */
import { counted } from './counted.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

export function relativeTime(date: Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return `${counted(seconds, 'second')} ago`;
  if (seconds < 3600) return `${counted(Math.floor(seconds / 60), 'minute')} ago`;
  if (seconds < 86400) return `${counted(Math.floor(seconds / 3600), 'hour')} ago`;
  const day = `${MONTHS[date.getMonth()]} ${pad(date.getDate())}`;
  const clock = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  if (seconds < 365 * 86400) return `${day} at ${clock}`;
  return `${day}, ${date.getFullYear()} at ${clock}`;
}

/** "Mon DD, YYYY" for join dates. */
export function calendarDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${pad(date.getDate())}, ${date.getFullYear()}`;
}

/** Stack Overflow's "member for …" from the join date: days under a month, months under a year, then years. */
export function memberFor(joined: Date, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - joined.getTime()) / 86_400_000));
  if (days < 1) return 'member for less than a day';
  if (days < 31) return `member for ${counted(days, 'day')}`;
  const months = (now.getFullYear() - joined.getFullYear()) * 12 + now.getMonth() - joined.getMonth();
  const wholeMonths = Math.max(1, now.getDate() < joined.getDate() ? months - 1 : months);
  if (wholeMonths < 12) return `member for ${counted(wholeMonths, 'month')}`;
  return `member for ${counted(Math.floor(wholeMonths / 12), 'year')}`;
}
