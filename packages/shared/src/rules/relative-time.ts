import { formatDate, intlTag, readerLocale, type LocaleChoice } from './locale.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Customer spec §9: under 1 minute 'Just now', under 60 minutes 'Nm ago', under 24 hours 'Nh ago', else a date.
 * A time slightly in the future (clock skew between client and server) also reads 'Just now'. In Arabic the same
 * steps are written as Arabic writes them ('الآن', 'قبل 5 دقائق': Intl's CLDR words and plurals, the reader's digits);
 * the English stays the spec's own short form, which Intl does not write.
 */
export function formatRelativeTime(value: string | number | Date, now: Date = new Date(), choice: LocaleChoice = readerLocale()): string {
  const date = value instanceof Date ? value : new Date(value);
  const t = date.getTime();
  if (Number.isNaN(t)) return '';
  const diff = now.getTime() - t;
  const arabic = (typeof choice === 'string' ? choice : choice.locale) === 'ar';
  const words = arabic ? new Intl.RelativeTimeFormat(intlTag(choice), { numeric: 'auto' }) : null;
  if (diff < MINUTE) return words ? words.format(0, 'second') : 'Just now';
  if (diff < HOUR) return words ? words.format(-Math.floor(diff / MINUTE), 'minute') : `${Math.floor(diff / MINUTE)}m ago`;
  if (diff < DAY) return words ? words.format(-Math.floor(diff / HOUR), 'hour') : `${Math.floor(diff / HOUR)}h ago`;
  return formatDate(date, 'day', choice);
}
