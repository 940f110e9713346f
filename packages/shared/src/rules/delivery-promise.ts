// The delivery promise (issue 40 item 5, decision 0151): "Arrives Tue 2 Dec – Thu 4 Dec" from the seller's handling
// days and cut-off time, the transit days to the shopper's emirate, the UAE weekend (Saturday and Sunday) and the
// public holidays, in Asia/Dubai time. Pure: the same inputs give the same dates.
import type { Emirate } from './uae-address.js';

/** Dubai keeps UTC+4 all year (no daylight saving). */
const DUBAI_OFFSET_MS = 4 * 3_600_000;
const DAY_MS = 86_400_000;

/** Business days from handing the parcel over to the door, per emirate (the defaults; a carrier may know better). */
export const DEFAULT_TRANSIT_DAYS: Record<Emirate, { min: number; max: number }> = {
  dubai: { min: 1, max: 2 },
  sharjah: { min: 1, max: 2 },
  ajman: { min: 1, max: 2 },
  abu_dhabi: { min: 1, max: 3 },
  umm_al_quwain: { min: 2, max: 3 },
  ras_al_khaimah: { min: 2, max: 3 },
  fujairah: { min: 2, max: 4 },
};

/** A seller's dispatch rule: business days to hand an order over, and the Dubai time after which an order counts from the next business day. */
export const DEFAULT_HANDLING_DAYS = 1;
export const DEFAULT_CUTOFF_TIME = '14:00';
export const HANDLING_DAYS_MAX = 30;
export const CUTOFF_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export type DeliveryPromise = { earliest: string; latest: string };

/** Days since 1970-01-01 ↔ 'YYYY-MM-DD'. */
export const dayOf = (iso: string): number => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
export const isoOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
const weekdayOf = (day: number) => (day + 4) % 7;

/** Saturday and Sunday are the UAE's weekend (since 2022). */
export const isWeekend = (day: number) => {
  const w = weekdayOf(day);
  return w === 0 || w === 6;
};

/** The holidays as day numbers, for repeated checks (build once per table, not per promise). */
export type HolidaySet = ReadonlySet<number>;
export const holidaySet = (dates: Iterable<string>): HolidaySet => new Set([...dates].map(dayOf));

export const isBusinessDay = (day: number, holidays: HolidaySet) => !isWeekend(day) && !holidays.has(day);

/** The first business day on or after `day`. */
function onOrAfter(day: number, holidays: HolidaySet): number {
  let d = day;
  while (!isBusinessDay(d, holidays)) d++;
  return d;
}

/** `n` business days after a business day (0 = the day itself). */
export function addBusinessDays(day: number, n: number, holidays: HolidaySet): number {
  let d = onOrAfter(day, holidays);
  for (let i = 0; i < n; i++) d = onOrAfter(d + 1, holidays);
  return d;
}

/** The Dubai calendar day and minutes past midnight of an instant. */
export function dubaiClock(at: Date): { day: number; minutes: number } {
  const local = at.getTime() + DUBAI_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  return { day, minutes: Math.floor((local - day * DAY_MS) / 60_000) };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The business day (day number) the seller must hand a parcel ordered at `at` to the courier: the promise's first step. */
export function dispatchDay(input: { at: Date; handlingDays: number; cutoff: string; holidays: HolidaySet }): number {
  const { day, minutes } = dubaiClock(input.at);
  const start = isBusinessDay(day, input.holidays) && minutes < minutesOf(input.cutoff) ? day : onOrAfter(day + 1, input.holidays);
  return addBusinessDays(start, Math.max(0, input.handlingDays), input.holidays);
}

/**
 * The dispatch day a frozen promise was built on, read back from its earliest date (decision 0154): the earliest day is
 * `transitMin` business days after the dispatch day, so stepping back that many business days finds it. Exact while
 * the holiday table is the one the promise was made with; the seller's handling days and cut-off, which may have
 * changed since, are not needed.
 */
export function dispatchDayOfPromise(earliest: string, transitMin: number, holidays: HolidaySet): number {
  let d = dayOf(earliest);
  for (let i = 0; i < Math.max(0, transitMin); i++) {
    d--;
    while (!isBusinessDay(d, holidays)) d--;
  }
  return d;
}

/**
 * When a parcel ordered at `at` arrives: the order counts from today when today is a business day and it is before the
 * seller's cut-off (Dubai time), else from the next business day; the seller hands it over `handlingDays` business days
 * later; it arrives `transit.min`–`transit.max` business days after that. Both dates are business days.
 */
export function deliveryPromise(input: {
  at: Date; handlingDays: number; cutoff: string; transit: { min: number; max: number }; holidays: HolidaySet;
}): DeliveryPromise {
  const dispatch = dispatchDay(input);
  const min = Math.max(0, input.transit.min);
  const max = Math.max(min, input.transit.max);
  return { earliest: isoOf(addBusinessDays(dispatch, min, input.holidays)), latest: isoOf(addBusinessDays(dispatch, max, input.holidays)) };
}
