import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_TRANSIT_DAYS, dayOf, deliveryPromise, dispatchDay, dispatchDayOfPromise, holidaySet, isoOf } from './delivery-promise.js';
import { UAE_HOLIDAYS_SEED } from './uae-holidays.js';
import {
  DEFAULT_PERFORMANCE_THRESHOLDS, PERFORMANCE_RATES, dispatchDeadline, figuresOf, judge, levelOf, levelsInOrder, nextState, rateOf,
  type PerformanceThresholds, type RateFigures, type SubOrderFacts,
} from './seller-performance.js';

const HOLIDAYS = holidaySet(UAE_HOLIDAYS_SEED.map((h) => h.date));
const dubai = (iso: string, hhmm: string) => new Date(`${iso}T${hhmm}:00+04:00`);
const base: SubOrderFacts = {
  status: 'pending', shippedAt: null, deliveredAt: null, promiseEarliest: null, promiseLatest: null, emirate: null,
  carrierBooked: false, cancelledBySeller: false, returned: false,
};
/** A Dubai order on Monday 23 Nov 2026 09:00, one handling day: dispatch Tue 24, arrives Wed 25 – Thu 26. */
const promised: SubOrderFacts = { ...base, promiseEarliest: '2026-11-25', promiseLatest: '2026-11-26', emirate: 'dubai' };
const NOW = dubai('2026-12-20', '12:00');

const instant = fc.integer({ min: Date.parse('2025-12-01T00:00:00Z'), max: Date.parse('2027-11-30T00:00:00Z') }).map((t) => new Date(t));
const cutoff = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const emirate = fc.constantFrom(...(Object.keys(DEFAULT_TRANSIT_DAYS) as (keyof typeof DEFAULT_TRANSIT_DAYS)[]));
const maybeInstant = fc.option(instant, { nil: null });
const facts: fc.Arbitrary<SubOrderFacts> = fc.record({
  status: fc.constantFrom('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'),
  shippedAt: maybeInstant, deliveredAt: maybeInstant,
  promiseEarliest: fc.option(fc.integer({ min: dayOf('2025-12-01'), max: dayOf('2027-12-31') }).map(isoOf), { nil: null }),
  promiseLatest: fc.option(fc.integer({ min: dayOf('2025-12-01'), max: dayOf('2027-12-31') }).map(isoOf), { nil: null }),
  emirate: fc.option(fc.oneof(emirate, fc.constant('atlantis')), { nil: null }),
  carrierBooked: fc.boolean(), cancelledBySeller: fc.boolean(), returned: fc.boolean(),
});
const levels = fc.tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }));
const thresholds: fc.Arbitrary<PerformanceThresholds> = fc.record({
  rates: fc.record(Object.fromEntries(PERFORMANCE_RATES.map((r) => [r, levels.map(([a, b]) => {
    const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
    return r === 'valid_tracking' || r === 'on_time_delivery' ? { warn_bps: hi, pause_bps: lo } : { warn_bps: lo, pause_bps: hi };
  })])) as { [K in keyof PerformanceThresholds['rates']]: fc.Arbitrary<PerformanceThresholds['rates'][K]> }),
  min_orders: fc.integer({ min: 0, max: 20 }),
});

describe('the dispatch deadline read back from a frozen promise (decision 0154)', () => {
  it('is the dispatch day the promise was built on, for any order time, handling days, cut-off and emirate', () => {
    fc.assert(fc.property(instant, fc.integer({ min: 0, max: 10 }), cutoff, emirate, (at, handlingDays, c, e) => {
      const rule = { at, handlingDays, cutoff: c, holidays: HOLIDAYS };
      const p = deliveryPromise({ ...rule, transit: DEFAULT_TRANSIT_DAYS[e] });
      expect(dispatchDayOfPromise(p.earliest, DEFAULT_TRANSIT_DAYS[e].min, HOLIDAYS)).toBe(dispatchDay(rule));
      expect(dispatchDeadline({ promiseEarliest: p.earliest, emirate: e }, HOLIDAYS)).toBe(dispatchDay(rule));
    }), { numRuns: 500 });
  });

  it('example: Fujairah (two days at least) across the 1–3 December holidays; no promise or an unknown emirate has none', () => {
    // handed over Fri 27 Nov 2026, two business days on is Fri 4 Dec (Mon 30 Nov, then the 1–3 December holidays)
    expect(isoOf(dispatchDayOfPromise('2026-12-04', 2, HOLIDAYS))).toBe('2026-11-27');
    expect(dispatchDeadline({ promiseEarliest: null, emirate: 'dubai' }, HOLIDAYS)).toBeNull();
    expect(dispatchDeadline({ promiseEarliest: '2026-12-04', emirate: 'atlantis' }, HOLIDAYS)).toBeNull();
  });
});

describe('the five rates', () => {
  it('late shipment: shipped on the dispatch day is on time, the next day late; unshipped past it is late, cancelled is not counted', () => {
    const f = figuresOf([
      { ...promised, shippedAt: dubai('2026-11-24', '23:59') },
      { ...promised, shippedAt: dubai('2026-11-25', '00:01') },
      { ...promised },
      { ...promised, status: 'cancelled' },
      { ...base, shippedAt: dubai('2026-11-30', '10:00') },
    ], NOW, HOLIDAYS);
    expect(f.late_shipment).toEqual({ numerator: 2, denominator: 3 });
    // before the dispatch day has ended an unshipped order is not late yet
    expect(figuresOf([{ ...promised }], dubai('2026-11-24', '20:00'), HOLIDAYS).late_shipment).toEqual({ numerator: 0, denominator: 0 });
  });

  it('cancellation counts only the seller\'s own; valid tracking counts carrier bookings among shipped; returns among delivered', () => {
    const f = figuresOf([
      { ...base, status: 'cancelled', cancelledBySeller: true },
      { ...base, status: 'cancelled' },
      { ...base, shippedAt: NOW, carrierBooked: true },
      { ...base, shippedAt: NOW, deliveredAt: NOW, returned: true },
    ], NOW, HOLIDAYS);
    expect(f.cancellation).toEqual({ numerator: 1, denominator: 4 });
    expect(f.valid_tracking).toEqual({ numerator: 1, denominator: 2 });
    expect(f.return).toEqual({ numerator: 1, denominator: 1 });
  });

  it('on-time delivery: on the last promised day counts, the day after does not, undelivered past it is late', () => {
    const f = figuresOf([
      { ...promised, deliveredAt: dubai('2026-11-26', '21:00') },
      { ...promised, deliveredAt: dubai('2026-11-27', '09:00') },
      { ...promised, shippedAt: dubai('2026-11-24', '10:00') },
    ], NOW, HOLIDAYS);
    expect(f.on_time_delivery).toEqual({ numerator: 1, denominator: 3 });
  });

  it('no orders is no rate (null), never 0 %', () => {
    const f = figuresOf([], NOW, HOLIDAYS);
    for (const r of PERFORMANCE_RATES) expect(rateOf(f[r])).toBeNull();
  });

  it('property: every rate stays in [0, 1], numerator ≤ denominator, the cancellation denominator counts every sub-order', () => {
    fc.assert(fc.property(fc.array(facts, { maxLength: 40 }), instant, (orders, now) => {
      const f = figuresOf(orders, now, HOLIDAYS);
      for (const r of PERFORMANCE_RATES) {
        expect(f[r].numerator).toBeGreaterThanOrEqual(0);
        expect(f[r].numerator).toBeLessThanOrEqual(f[r].denominator);
        expect(f[r].denominator).toBeLessThanOrEqual(orders.length);
        const rate = rateOf(f[r]);
        if (rate !== null) expect(rate >= 0 && rate <= 1).toBe(true);
      }
      expect(f.cancellation.denominator).toBe(orders.length);
    }), { numRuns: 400 });
  });
});

const fig = (numerator: number, denominator: number) => ({ numerator, denominator });
const figures = (over: Partial<RateFigures>): RateFigures => ({
  late_shipment: fig(0, 20), cancellation: fig(0, 20), valid_tracking: fig(20, 20), on_time_delivery: fig(20, 20), return: fig(0, 20), ...over,
});

describe('thresholds and the state', () => {
  const T = DEFAULT_PERFORMANCE_THRESHOLDS;
  it('the defaults are in order; exactly at a level is fine, past it warns or pauses, in each rate\'s direction', () => {
    for (const r of PERFORMANCE_RATES) expect(levelsInOrder(r, T.rates[r])).toBe(true);
    expect(levelOf('cancellation', fig(1, 40), T.rates.cancellation)).toBe('fine'); // 2.5 %
    expect(levelOf('cancellation', fig(2, 40), T.rates.cancellation)).toBe('warn'); // 5 %: at the pause level
    expect(levelOf('cancellation', fig(3, 40), T.rates.cancellation)).toBe('pause');
    expect(levelOf('valid_tracking', fig(19, 20), T.rates.valid_tracking)).toBe('fine'); // 95 %
    expect(levelOf('valid_tracking', fig(18, 20), T.rates.valid_tracking)).toBe('warn'); // 90 %
    expect(levelOf('valid_tracking', fig(17, 20), T.rates.valid_tracking)).toBe('pause');
    expect(levelOf('late_shipment', fig(0, 0), T.rates.late_shipment)).toBe('fine');
  });

  it('judges the 30-day window with enough orders, else the 90-day one, else nothing', () => {
    const few = figures({ cancellation: fig(3, 5) });
    expect(judge({ 30: few, 90: few }, T).level).toBe('fine');
    expect(judge({ 30: few, 90: figures({ cancellation: fig(3, 20) }) }, T).rates.find((r) => r.rate === 'cancellation')).toEqual({ rate: 'cancellation', window: 90, level: 'pause' });
    expect(judge({ 30: figures({ late_shipment: fig(1, 20) }), 90: figures({ late_shipment: fig(9, 90) }) }, T).level).toBe('warn');
  });

  it('a pause stays until lifted; otherwise the verdict decides', () => {
    expect(nextState('paused', 'fine')).toBe('paused');
    expect(nextState('warned', 'fine')).toBe('fine');
    expect(nextState('fine', 'warn')).toBe('warned');
    expect(nextState('warned', 'pause')).toBe('paused');
  });

  it('property: more failures never judge better, and the judgement is the same twice (idempotent)', () => {
    const rank = { fine: 0, warn: 1, pause: 2 } as const;
    fc.assert(fc.property(thresholds, fc.constantFrom(...PERFORMANCE_RATES), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 50 }), (t, r, a, d) => {
      const n = Math.min(a, d);
      const bad = (k: number) => (r === 'valid_tracking' || r === 'on_time_delivery' ? fig(d - k, d) : fig(k, d));
      const w = (k: number) => ({ 30: figures({ [r]: bad(k) }), 90: figures({ [r]: bad(k) }) });
      const before = judge(w(n), t);
      expect(judge(w(n), t)).toEqual(before);
      if (n < d) expect(rank[judge(w(n + 1), t).level]).toBeGreaterThanOrEqual(rank[before.level]);
    }), { numRuns: 400 });
  });
});
