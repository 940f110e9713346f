// Sellers held to their promises (issue 40 item 7, decision 0154): five rates per seller over the last 30 and 90 days,
// each a numerator over a denominator, judged against a warn level and a higher pause level. Pure: the server reads
// the sub-orders, these rules count and judge them.
import { DEFAULT_TRANSIT_DAYS, dispatchDayOfPromise, dubaiClock, dayOf, type HolidaySet } from './delivery-promise.js';
import { isEmirate } from './uae-address.js';

export const PERFORMANCE_RATES = ['late_shipment', 'cancellation', 'valid_tracking', 'on_time_delivery', 'return'] as const;
export type PerformanceRate = (typeof PERFORMANCE_RATES)[number];

/** Whether a higher rate is worse (`max`: warn or pause above the level) or a lower one (`min`: below the level). */
export const RATE_DIRECTION: Record<PerformanceRate, 'max' | 'min'> = {
  late_shipment: 'max', cancellation: 'max', valid_tracking: 'min', on_time_delivery: 'min', return: 'max',
};

export const PERFORMANCE_WINDOWS = [30, 90] as const;
export type PerformanceWindow = (typeof PERFORMANCE_WINDOWS)[number];

/** A level in basis points of the rate (250 = 2.5 %), so comparing a count with it stays in integers. */
export type RateLevels = { warn_bps: number; pause_bps: number };
export type PerformanceThresholds = {
  rates: Record<PerformanceRate, RateLevels>;
  /** A rate warns or pauses only over at least this many sub-orders in its denominator: one late parcel of two is no pattern. */
  min_orders: number;
};

/** The defaults (noon's published seller rules where it has one, decision 0154). */
export const DEFAULT_PERFORMANCE_THRESHOLDS: PerformanceThresholds = {
  rates: {
    cancellation: { warn_bps: 250, pause_bps: 500 },
    late_shipment: { warn_bps: 400, pause_bps: 800 },
    valid_tracking: { warn_bps: 9500, pause_bps: 9000 },
    on_time_delivery: { warn_bps: 9000, pause_bps: 8000 },
    return: { warn_bps: 500, pause_bps: 1000 },
  },
  min_orders: 10,
};

/** The warn level comes before the pause level in the rate's bad direction (a pause never comes before its warning). */
export function levelsInOrder(rate: PerformanceRate, l: RateLevels): boolean {
  return RATE_DIRECTION[rate] === 'max' ? l.warn_bps <= l.pause_bps : l.warn_bps >= l.pause_bps;
}

export type RateFigure = { numerator: number; denominator: number };
export type RateFigures = Record<PerformanceRate, RateFigure>;

/** The rate as a fraction, or null with no sub-orders to count ("no orders yet", never 0 %). */
export const rateOf = (f: RateFigure): number | null => (f.denominator > 0 ? f.numerator / f.denominator : null);

export type Level = 'fine' | 'warn' | 'pause';
const RANK: Record<Level, number> = { fine: 0, warn: 1, pause: 2 };
export const worse = (a: Level, b: Level): Level => (RANK[a] >= RANK[b] ? a : b);

/** Whether `numerator / denominator` passes `bps` in the rate's bad direction (strictly: exactly at the level is fine). */
function passes(rate: PerformanceRate, f: RateFigure, bps: number): boolean {
  const scaled = f.numerator * 10_000;
  const level = bps * f.denominator;
  return RATE_DIRECTION[rate] === 'max' ? scaled > level : scaled < level;
}

/** One rate's level; `fine` without orders. */
export function levelOf(rate: PerformanceRate, f: RateFigure, levels: RateLevels): Level {
  if (f.denominator === 0) return 'fine';
  if (passes(rate, f, levels.pause_bps)) return 'pause';
  return passes(rate, f, levels.warn_bps) ? 'warn' : 'fine';
}

export type RateVerdict = { rate: PerformanceRate; window: PerformanceWindow | null; level: Level };
export type Verdict = { level: Level; rates: RateVerdict[] };

/**
 * The judgement: each rate over the 30-day window when it counts at least `min_orders` sub-orders, else over the
 * 90-day window when that one does, else not judged (too few orders). The seller's level is the worst rate's.
 */
export function judge(windows: Record<PerformanceWindow, RateFigures>, t: PerformanceThresholds): Verdict {
  const rates = PERFORMANCE_RATES.map((rate): RateVerdict => {
    const window = PERFORMANCE_WINDOWS.find((w) => windows[w][rate].denominator >= Math.max(1, t.min_orders)) ?? null;
    return { rate, window, level: window === null ? 'fine' : levelOf(rate, windows[window][rate], t.rates[rate]) };
  });
  return { level: rates.reduce<Level>((l, r) => worse(l, r.level), 'fine'), rates };
}

export const PERFORMANCE_STATES = ['fine', 'warned', 'paused'] as const;
export type PerformanceState = (typeof PERFORMANCE_STATES)[number];

/** The state after an evaluation: a pause stays until an admin lifts it; otherwise the verdict decides. */
export function nextState(current: PerformanceState, verdict: Level): PerformanceState {
  if (current === 'paused') return 'paused';
  return verdict === 'pause' ? 'paused' : verdict === 'warn' ? 'warned' : 'fine';
}

/** A seller's sub-order as the rates read it (times as instants; the promise as frozen at the purchase). */
export type SubOrderFacts = {
  status: string;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  promiseEarliest: string | null;
  promiseLatest: string | null;
  emirate: string | null;
  /** Booked with a carrier (a waybill the carrier gave), not a number typed by hand. */
  carrierBooked: boolean;
  /** Moved to cancelled by the seller's own account. */
  cancelledBySeller: boolean;
  /** A return asked for the seller's fault (damaged, wrong item, not as described) and not rejected. */
  returned: boolean;
};

/** The Dubai calendar day a parcel ordered under this promise had to be handed over on, or null without a promise. */
export function dispatchDeadline(o: Pick<SubOrderFacts, 'promiseEarliest' | 'emirate'>, holidays: HolidaySet): number | null {
  if (!o.promiseEarliest || !isEmirate(o.emirate)) return null;
  return dispatchDayOfPromise(o.promiseEarliest, DEFAULT_TRANSIT_DAYS[o.emirate].min, holidays);
}

export const emptyFigures = (): RateFigures => ({
  late_shipment: { numerator: 0, denominator: 0 },
  cancellation: { numerator: 0, denominator: 0 },
  valid_tracking: { numerator: 0, denominator: 0 },
  on_time_delivery: { numerator: 0, denominator: 0 },
  return: { numerator: 0, denominator: 0 },
});

/**
 * Counts one sub-order into the figures (the sub-orders handed to the seller in the window):
 * - cancellation: every sub-order; counted when the seller cancelled it.
 * - late shipment: those with a promise that shipped, or that are still unshipped (not cancelled) after their dispatch
 *   day ended; counted when shipped after the dispatch day (Dubai time) or not shipped by then.
 * - valid tracking: those that shipped; counted when booked with a carrier.
 * - on-time delivery: those with a promise that were delivered, or are not delivered (not cancelled) after the promise's
 *   last day ended; counted when delivered on or before the last day.
 * - return: those delivered; counted when a return was asked for the seller's fault.
 */
export function countSubOrder(f: RateFigures, o: SubOrderFacts, now: Date, holidays: HolidaySet): void {
  const today = dubaiClock(now).day;
  const cancelled = o.status === 'cancelled';
  f.cancellation.denominator++;
  if (o.cancelledBySeller) f.cancellation.numerator++;

  const deadline = dispatchDeadline(o, holidays);
  if (deadline !== null) {
    if (o.shippedAt) {
      f.late_shipment.denominator++;
      if (dubaiClock(o.shippedAt).day > deadline) f.late_shipment.numerator++;
    } else if (!cancelled && today > deadline) {
      f.late_shipment.denominator++;
      f.late_shipment.numerator++;
    }
  }

  if (o.shippedAt) {
    f.valid_tracking.denominator++;
    if (o.carrierBooked) f.valid_tracking.numerator++;
  }

  if (o.promiseLatest) {
    const latest = dayOf(o.promiseLatest);
    if (o.deliveredAt) {
      f.on_time_delivery.denominator++;
      if (dubaiClock(o.deliveredAt).day <= latest) f.on_time_delivery.numerator++;
    } else if (!cancelled && today > latest) {
      f.on_time_delivery.denominator++;
    }
  }

  if (o.deliveredAt) {
    f.return.denominator++;
    if (o.returned) f.return.numerator++;
  }
}

export function figuresOf(orders: Iterable<SubOrderFacts>, now: Date, holidays: HolidaySet): RateFigures {
  const f = emptyFigures();
  for (const o of orders) countSubOrder(f, o, now, holidays);
  return f;
}
