import { describe, expect, it } from 'vitest';
import { bpsToPercent, effectiveRate, percentToBps } from './commission.js';

const rates = {
  default_bps: 1000,
  rates: [
    { scope: 'default' as const, category: null, vendor_id: null, rate_bps: 1000, updated_at: '' },
    { scope: 'category' as const, category: 'Laptops', vendor_id: null, rate_bps: 600, updated_at: '' },
    { scope: 'vendor' as const, category: null, vendor_id: 7, rate_bps: 800, updated_at: '' },
  ],
};

describe('commission rate in force (most specific wins)', () => {
  it('takes the vendor rate over the category rate over the default; the marketplace pays none', () => {
    expect(effectiveRate(rates, 7, 'Laptops')).toEqual({ bps: 800, source: 'vendor' });
    expect(effectiveRate(rates, 3, 'Laptops')).toEqual({ bps: 600, source: 'category' });
    expect(effectiveRate(rates, 3, 'Books')).toEqual({ bps: 1000, source: 'default' });
    expect(effectiveRate(rates, 3, null)).toEqual({ bps: 1000, source: 'default' });
    expect(effectiveRate(rates, null, 'Laptops')).toEqual({ bps: 0, source: 'marketplace' });
  });
  it('converts percentages both ways and refuses what is not 0–100 with two decimals', () => {
    expect(bpsToPercent(1000)).toBe('10%');
    expect(bpsToPercent(650)).toBe('6.5%');
    expect(bpsToPercent(1234)).toBe('12.34%');
    expect(percentToBps('12.5')).toBe(1250);
    expect(percentToBps('12,5 %')).toBe(1250);
    expect(percentToBps('0')).toBe(0);
    expect(percentToBps('100')).toBe(10_000);
    for (const bad of ['', '-1', '100.01', '101', '1.234', 'ten', '1e2']) expect(percentToBps(bad), bad).toBeNull();
  });
});
