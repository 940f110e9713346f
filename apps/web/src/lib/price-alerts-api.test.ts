import { describe, expect, it } from 'vitest';
import { dailyPrices } from './price-alerts-api';

describe('dailyPrices', () => {
  it('carries each price forward day by day, the last change of a day winning', () => {
    const h = {
      product_id: 1, currency: 'AED', days: 5, current_cents: 9_000,
      points: [
        { at: '2026-01-06T00:00:00.000Z', price_cents: 10_000 },
        { at: '2026-01-08T09:00:00.000Z', price_cents: 8_000 },
        { at: '2026-01-08T18:00:00.000Z', price_cents: 9_000 },
      ],
      lowest: { at: '2026-01-08T18:00:00.000Z', price_cents: 9_000 }, highest: { at: '2026-01-06T00:00:00.000Z', price_cents: 10_000 },
    };
    expect(dailyPrices(h, new Date('2026-01-10T12:00:00Z'))).toEqual([
      { date: '2026-01-06', value: 100 }, { date: '2026-01-07', value: 100 }, { date: '2026-01-08', value: 90 },
      { date: '2026-01-09', value: 90 }, { date: '2026-01-10', value: 90 },
    ]);
  });
});
