import { formatDate } from './locale.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;


/**
 * Customer spec §9: under 1 minute 'Just now', under 60 minutes 'Nm ago', under 24 hours 'Nh ago', else a date.
 * A time slightly in the future (clock skew between client and server) also reads 'Just now'.
 */
export function formatRelativeTime(value: string | number | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  const t = date.getTime();
  if (Number.isNaN(t)) return '';
  const diff = now.getTime() - t;
  if (diff < MINUTE) return 'Just now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;
  return formatDate(date);
}
