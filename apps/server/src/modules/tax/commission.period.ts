// Commission periods (decision 0108): calendar months in UAE time. The UAE keeps UTC+4 all year (no daylight saving),
// so a fixed offset is exact; a month of the ledger is [1st 00:00 +04:00, next 1st 00:00 +04:00).

export const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
const UAE_OFFSET_MS = 4 * 3_600_000;

export type PeriodBounds = { period: string; start: Date; end: Date; from: string; to: string };

/** '2026-10' → its instants (end exclusive) and its first and last day. Throws on a malformed period. */
export function periodBounds(period: string): PeriodBounds {
  const m = PERIOD_PATTERN.exec(period);
  if (!m) throw new Error(`not a period: ${period}`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const start = new Date(Date.UTC(year, month - 1, 1) - UAE_OFFSET_MS);
  const end = new Date(Date.UTC(year, month, 1) - UAE_OFFSET_MS);
  const last = new Date(Date.UTC(year, month, 0));
  return { period, start, end, from: `${period}-01`, to: last.toISOString().slice(0, 10) };
}

/** The period an instant falls in, in UAE time. */
export function periodOf(at: Date): string {
  return new Date(at.getTime() + UAE_OFFSET_MS).toISOString().slice(0, 7);
}

/** The month before `period`. */
export function previousPeriod(period: string): string {
  const { start } = periodBounds(period);
  return periodOf(new Date(start.getTime() - 1));
}

/** The last month that has ended at `now`: the one the monthly run invoices. */
export const lastClosedPeriod = (now: Date) => previousPeriod(periodOf(now));

/** A month may be invoiced only once it has ended (an invoice of a month still open would miss its later sales). */
export const isClosed = (period: string, now: Date) => periodBounds(period).end.getTime() <= now.getTime();
