import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, formatAmount, formatCents, formatCurrency, formatCurrencyCompact, formatMoney } from './money.js';

describe('money', () => {
  it('shows two decimals with a dollar sign', () => {
    expect(formatMoney(12)).toBe('$12.00');
    expect(formatMoney(9.999)).toBe('$10.00');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('19.9')).toBe('$19.90');
    expect(formatMoney(-5)).toBe('-$5.00');
  });

  it('shows 0.00 for anything that is not a number', () => {
    for (const v of [undefined, null, NaN, Infinity, 'abc', '', {}, []]) expect(formatAmount(v)).toBe('0.00');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatAmount(-0.001)).toBe('0.00');
  });

  it('converts between cents and major units', () => {
    expect(amountToCents(19.99)).toBe(1999);
    expect(amountToCents(1.005)).toBe(101);
    expect(amountToCents(-2.5)).toBe(-250);
    expect(amountToCents('x')).toBe(0);
    expect(centsToAmount(1999)).toBe(19.99);
    expect(formatCents(3624)).toBe('$36.24');
    expect(formatCurrency(1299, 'AED')).toBe('AED 1,299.00');
  });

  it('shortens amounts for chart axes', () => {
    expect(formatCurrencyCompact(950, 'AED')).toBe('AED 950');
    expect(formatCurrencyCompact(1234.5, 'AED')).toBe('AED 1.2K');
    expect(formatCurrencyCompact(12_000, 'USD')).toBe('USD 12K');
    expect(formatCurrencyCompact(3_450_000, 'AED')).toBe('AED 3.5M');
    expect(formatCurrencyCompact('x', 'AED')).toBe('AED 0');
  });
});
