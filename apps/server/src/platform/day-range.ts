import { SALES_DEFAULT_DAYS, SALES_MAX_DAYS } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import { badRequest, say } from './errors.js';

// The range of days a report asks for (sales, a seller's analytics, finance): resolved from the query, checked, and
// turned into the time range its SQL filters on.

const DAY_MS = 86_400_000;

/** An inclusive range of UTC days as the half-open time range [start, end). */
export type DayRange = { from: string; to: string; start: Date; end: Date };

export function dayRange(from: string, to: string): DayRange {
  const start = new Date(`${from}T00:00:00.000Z`);
  return { from, to, start, end: new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY_MS) };
}

const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The range a request asks for (`from`/`to` as YYYY-MM-DD, either optional): both ends as given; only `from` runs to
 * today; only `to` (or neither) covers the default window ending there. 400 when it is reversed or longer than the
 * longest allowed.
 */
export function resolveRange(q: { from?: string | undefined; to?: string | undefined }, now = new Date()): DayRange {
  const to = q.to ?? now.toISOString().slice(0, 10);
  const from = q.from ?? shiftDay(to, -(SALES_DEFAULT_DAYS - 1));
  if (from > to) throw badRequest(MSG.dateRangeInvalid, { from: MSG.dateRangeInvalid });
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= SALES_MAX_DAYS) throw badRequest(say.dateRangeTooLong(SALES_MAX_DAYS), { to: say.dateRangeTooLong(SALES_MAX_DAYS) });
  return dayRange(from, to);
}
