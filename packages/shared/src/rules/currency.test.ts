import { describe, expect, it } from 'vitest';
import { convertCents } from './currency.js';

describe('convertCents', () => {
  it('keeps the amount in the same currency', () => {
    expect(convertCents(1999, 'AED', 'AED')).toBe(1999);
  });
  it('converts at the configured rates and rounds to the cent', () => {
    expect(convertCents(10_000, 'USD', 'AED')).toBe(36_725);
    expect(convertCents(36_725, 'AED', 'USD')).toBe(10_000);
    expect(convertCents(999, 'GBP', 'AED')).toBe(4645); // 9.99 × 4.65 = 46.4535
    expect(convertCents(1000, 'EUR', 'USD')).toBe(1089); // 10 × 4.0 / 3.6725 = 10.892
  });
  it('refuses a currency without a rate', () => {
    expect(() => convertCents(100, 'JPY', 'AED')).toThrow(/No exchange rate/);
  });
});
