import { describe, expect, it } from 'vitest';
import { countdownTo, honestWasPrice, lowestPriceBefore, REFERENCE_PRICE_DAYS, type PastReduction } from './reference-price.js';

const DAY = 86_400_000;
const now = new Date('2026-06-01T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY);

describe('lowestPriceBefore: the lowest price of the 30 days before a reduction (Omnibus Art. 6a)', () => {
  it('is the price in force over the whole window when it never changed', () => {
    expect(lowestPriceBefore([{ at: daysAgo(90), cents: 10_000 }], [], now)).toBe(10_000);
  });

  it('is null when the history does not reach back 30 days (first priced inside the window)', () => {
    expect(lowestPriceBefore([{ at: daysAgo(29), cents: 10_000 }], [], now)).toBeNull();
    expect(lowestPriceBefore([], [], now)).toBeNull();
    // exactly 30 days back is enough
    expect(lowestPriceBefore([{ at: daysAgo(REFERENCE_PRICE_DAYS), cents: 10_000 }], [], now)).toBe(10_000);
  });

  it('sees a lower price held for a single day inside the window', () => {
    const steps = [{ at: daysAgo(60), cents: 12_000 }, { at: daysAgo(10), cents: 9_000 }, { at: daysAgo(9), cents: 12_000 }];
    expect(lowestPriceBefore(steps, [], now)).toBe(9_000);
  });

  it('does not see a price older than the window, nor one set at the reduction itself', () => {
    const steps = [{ at: daysAgo(60), cents: 5_000 }, { at: daysAgo(31), cents: 12_000 }, { at: now, cents: 4_000 }];
    expect(lowestPriceBefore(steps, [], now)).toBe(12_000);
  });

  it('counts a deal that ran inside the window as a price the product was sold at', () => {
    const deal: PastReduction = { startsAt: daysAgo(20), endsAt: daysAgo(15), priceOn: (list) => list - Math.floor(list / 4) };
    expect(lowestPriceBefore([{ at: daysAgo(90), cents: 10_000 }], [deal], now)).toBe(7_500);
    // a deal that ended before the window does not count
    const old: PastReduction = { startsAt: daysAgo(50), endsAt: daysAgo(31), priceOn: () => 1 };
    expect(lowestPriceBefore([{ at: daysAgo(90), cents: 10_000 }], [old], now)).toBe(10_000);
    // one that began before the window and runs into it does, on the list price in force then
    const across: PastReduction = { startsAt: daysAgo(40), endsAt: daysAgo(25), priceOn: (list) => list - 1_000 };
    expect(lowestPriceBefore([{ at: daysAgo(90), cents: 10_000 }, { at: daysAgo(28), cents: 8_000 }], [across], now)).toBe(7_000);
  });
});

describe('honestWasPrice', () => {
  const steady = [{ at: daysAgo(120), cents: 20_000 }];

  it('a deal at 150.00 on a product sold at 200.00 for the last 30 days shows 200.00', () => {
    expect(honestWasPrice({ nowCents: 15_000, reducedSince: now, steps: steady, deal: true, now })).toBe(20_000);
  });

  it('a price raised two weeks ago and then "reduced" back shows no strike-through (the was would be the old low price)', () => {
    const steps = [{ at: daysAgo(120), cents: 15_000 }, { at: daysAgo(14), cents: 30_000 }];
    expect(honestWasPrice({ nowCents: 15_000, reducedSince: now, steps, deal: true, now })).toBeNull();
  });

  it('a reduction to above the lowest of the window shows nothing', () => {
    const steps = [{ at: daysAgo(120), cents: 20_000 }, { at: daysAgo(5), cents: 14_000 }, { at: daysAgo(4), cents: 20_000 }];
    expect(honestWasPrice({ nowCents: 15_000, reducedSince: now, steps, deal: true, now })).toBeNull();
  });

  it('a list price cut is measured from the moment it was set, not from now', () => {
    const steps = [{ at: daysAgo(120), cents: 20_000 }, { at: daysAgo(3), cents: 16_000 }];
    expect(honestWasPrice({ nowCents: 16_000, reducedSince: daysAgo(3), steps, deal: false, now })).toBe(20_000);
    // measured from now, the window holds the cut price itself: no reduction
    expect(honestWasPrice({ nowCents: 16_000, reducedSince: now, steps, deal: true, now })).toBeNull();
  });

  it('a list price cut stops being a reduction 30 days after it was set; a deal is one until it ends', () => {
    const steps = [{ at: daysAgo(120), cents: 20_000 }, { at: daysAgo(31), cents: 16_000 }];
    expect(honestWasPrice({ nowCents: 16_000, reducedSince: daysAgo(31), steps, deal: false, now })).toBeNull();
    const steps30 = [{ at: daysAgo(120), cents: 20_000 }, { at: daysAgo(30), cents: 16_000 }];
    expect(honestWasPrice({ nowCents: 16_000, reducedSince: daysAgo(30), steps: steps30, deal: false, now })).toBe(20_000);
    expect(honestWasPrice({ nowCents: 16_000, reducedSince: daysAgo(31), steps, deal: true, now })).toBe(20_000);
  });

  it('a new product (priced 10 days ago) shows no was price, whatever it is reduced to', () => {
    expect(honestWasPrice({ nowCents: 1_000, reducedSince: now, steps: [{ at: daysAgo(10), cents: 20_000 }], deal: true, now })).toBeNull();
  });

  it('the stated number of days is honoured when given', () => {
    const steps = [{ at: daysAgo(10), cents: 20_000 }];
    expect(honestWasPrice({ nowCents: 15_000, reducedSince: now, steps, days: 7, deal: true, now })).toBe(20_000);
  });
});

describe('countdownTo', () => {
  const at = (ms: number) => new Date(now.getTime() + ms);
  it('counts whole days from two days on, rounding down', () => {
    expect(countdownTo(at(5 * DAY + 23 * 3600_000), now)).toEqual({ unit: 'days', days: 5 });
    expect(countdownTo(at(2 * DAY), now)).toEqual({ unit: 'days', days: 2 });
  });
  it('hours and minutes under two days, minutes and seconds under an hour', () => {
    expect(countdownTo(at(2 * DAY - 1000), now)).toEqual({ unit: 'hours', hours: 47, minutes: 59 });
    expect(countdownTo(at(3600_000), now)).toEqual({ unit: 'hours', hours: 1, minutes: 0 });
    expect(countdownTo(at(3600_000 - 1), now)).toEqual({ unit: 'minutes', minutes: 59, seconds: 59 });
    expect(countdownTo(at(1500), now)).toEqual({ unit: 'minutes', minutes: 0, seconds: 1 });
  });
  it('has ended at the end itself and after', () => {
    expect(countdownTo(now, now)).toEqual({ unit: 'ended' });
    expect(countdownTo(at(-1), now)).toEqual({ unit: 'ended' });
    expect(countdownTo(at(999), now)).toEqual({ unit: 'minutes', minutes: 0, seconds: 0 });
  });
});
