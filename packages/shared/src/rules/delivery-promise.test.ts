import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addBusinessDays, dayOf, deliveryPromise, holidaySet, isBusinessDay, isoOf, DEFAULT_TRANSIT_DAYS } from './delivery-promise.js';
import { UAE_HOLIDAYS_SEED } from './uae-holidays.js';

const HOLIDAYS = holidaySet(UAE_HOLIDAYS_SEED.map((h) => h.date));
/** Any instant from 2025 to 2028 (the seeded holidays fall in it). */
const instant = fc.integer({ min: Date.parse('2025-12-01T00:00:00Z'), max: Date.parse('2027-11-30T00:00:00Z') }).map((t) => new Date(t));
const cutoff = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const transit = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })).map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) }));
const holidays = fc.uniqueArray(fc.integer({ min: dayOf('2025-12-01'), max: dayOf('2028-06-30') }), { maxLength: 40 }).map((d) => new Set([...d, ...HOLIDAYS]));
/** Dubai wall-clock time of a day → the instant (UTC+4). */
const dubai = (iso: string, hhmm: string) => new Date(`${iso}T${hhmm}:00+04:00`);

describe('delivery promise (decision 0151)', () => {
  it('examples: a Monday morning order, one handling day, Dubai 1–2 days → Wed–Thu; after the cut-off → a day later', () => {
    // 2026-11-23 is a Monday
    const rule = { handlingDays: 1, cutoff: '14:00', transit: DEFAULT_TRANSIT_DAYS.dubai, holidays: HOLIDAYS };
    expect(deliveryPromise({ ...rule, at: dubai('2026-11-23', '09:00') })).toEqual({ earliest: '2026-11-25', latest: '2026-11-26' });
    expect(deliveryPromise({ ...rule, at: dubai('2026-11-23', '14:00') })).toEqual({ earliest: '2026-11-26', latest: '2026-11-27' });
    // a Friday evening order counts from Monday 30 Nov; 1–3 Dec 2026 are public holidays, so it leaves on Friday 4 Dec
    expect(deliveryPromise({ ...rule, at: dubai('2026-11-27', '18:00') })).toEqual({ earliest: '2026-12-07', latest: '2026-12-08' });
    // 13:59 Dubai is 09:59 UTC: the time zone is Dubai's, not the server's
    expect(deliveryPromise({ ...rule, at: new Date('2026-11-23T09:59:00Z') })).toEqual({ earliest: '2026-11-25', latest: '2026-11-26' });
  });

  it('never lands on a Saturday, Sunday or holiday, and earliest ≤ latest', () => {
    fc.assert(fc.property(instant, fc.integer({ min: 0, max: 10 }), cutoff, transit, holidays, (at, handlingDays, c, t, h) => {
      const p = deliveryPromise({ at, handlingDays, cutoff: c, transit: t, holidays: h });
      expect(isBusinessDay(dayOf(p.earliest), h)).toBe(true);
      expect(isBusinessDay(dayOf(p.latest), h)).toBe(true);
      expect(p.earliest <= p.latest).toBe(true);
      // never today or earlier: at least the order day
      expect(dayOf(p.earliest)).toBeGreaterThanOrEqual(Math.floor((at.getTime() + 4 * 3_600_000) / 86_400_000));
    }), { numRuns: 500 });
  });

  it('an order after the cut-off gets the promise of an order at the start of the next business day', () => {
    fc.assert(fc.property(instant, fc.integer({ min: 0, max: 10 }), cutoff, transit, holidays, (at, handlingDays, c, t, h) => {
      const local = isoOf(Math.floor((at.getTime() + 4 * 3_600_000) / 86_400_000));
      const hhmm = new Date(at.getTime() + 4 * 3_600_000).toISOString().slice(11, 16);
      fc.pre(hhmm >= c);
      const next = isoOf(addBusinessDays(dayOf(local) + 1, 0, h));
      const late = deliveryPromise({ at, handlingDays, cutoff: c, transit: t, holidays: h });
      const nextMorning = deliveryPromise({ at: dubai(next, '00:00'), handlingDays, cutoff: c === '00:00' ? '00:01' : c, transit: t, holidays: h });
      expect(late).toEqual(nextMorning);
    }), { numRuns: 500 });
  });

  it('is monotone: more handling days or more transit days never bring the dates forward', () => {
    fc.assert(fc.property(instant, fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 5 }), cutoff, transit, holidays, (at, handlingDays, more, c, t, h) => {
      const a = deliveryPromise({ at, handlingDays, cutoff: c, transit: t, holidays: h });
      const b = deliveryPromise({ at, handlingDays: handlingDays + more, cutoff: c, transit: t, holidays: h });
      expect(b.earliest >= a.earliest && b.latest >= a.latest).toBe(true);
      if (more > 0) expect(b.earliest > a.earliest).toBe(true);
      const slower = deliveryPromise({ at, handlingDays, cutoff: c, transit: { min: t.min, max: t.max + more }, holidays: h });
      expect(slower.latest >= a.latest && slower.earliest === a.earliest).toBe(true);
    }), { numRuns: 500 });
  });

  it('a later order never gets an earlier promise', () => {
    fc.assert(fc.property(instant, fc.integer({ min: 0, max: 5 * 86_400_000 }), fc.integer({ min: 0, max: 5 }), cutoff, transit, holidays, (at, later, handlingDays, c, t, h) => {
      const a = deliveryPromise({ at, handlingDays, cutoff: c, transit: t, holidays: h });
      const b = deliveryPromise({ at: new Date(at.getTime() + later), handlingDays, cutoff: c, transit: t, holidays: h });
      expect(b.earliest >= a.earliest && b.latest >= a.latest).toBe(true);
    }), { numRuns: 300 });
  });

  it('the seeded holidays are business-day dates of 2026 and 2027, the Islamic ones marked estimated', () => {
    expect(UAE_HOLIDAYS_SEED.every((h) => /^202[67]-\d\d-\d\d$/.test(h.date) && h.name_en && h.name_ar)).toBe(true);
    expect(UAE_HOLIDAYS_SEED.filter((h) => /Eid|Arafat|Hijri|Prophet/.test(h.name_en)).every((h) => h.estimated)).toBe(true);
    expect(UAE_HOLIDAYS_SEED.filter((h) => /New Year's Day|National Day|Commemoration/.test(h.name_en)).every((h) => !h.estimated)).toBe(true);
  });
});
