import { describe, expect, it } from 'vitest';
import { SHOP_CURRENCY_DEFAULT } from '../constants.js';
import { amountToCents, centsToAmount, formatAmount, formatCents, formatMoney, formatMoneyCompact } from './money.js';

// Intl puts a no-break space between the currency code and the number, so the two never part at a line end.
const nb = (s: string) => s.replace(/ /g, '\u00a0');

describe('formatMoney (the one money formatter)', () => {
  it("writes the shop currency as Intl does for English, two decimals, thousands separated", () => {
    expect(SHOP_CURRENCY_DEFAULT).toBe('AED');
    expect(formatMoney(89.5)).toBe(nb('AED 89.50'));
    expect(formatMoney(3209.85)).toBe(nb('AED 3,209.85'));
    expect(formatMoney(9.999)).toBe(nb('AED 10.00'));
    expect(formatMoney('19.9')).toBe(nb('AED 19.90'));
    expect(formatMoney(-5)).toBe(nb('-AED 5.00'));
    expect(formatMoney(1234.5, 'AED', 'en')).toBe(nb('AED 1,234.50'));
  });

  it('never shows a dollar sign or another currency unless asked for that currency', () => {
    expect(formatMoney(12)).not.toMatch(/[$€£]|USD/);
    expect(formatMoney(12, 'EUR')).toBe('€12.00');
    for (const c of [undefined, null, '', 'dollars']) expect(formatMoney(12, c)).toBe(nb('AED 12.00'));
  });

  it('shows 0.00 for anything that is not a number, and never -0.00', () => {
    for (const v of [undefined, null, NaN, Infinity, 'abc', '', {}, []]) {
      expect(formatAmount(v)).toBe('0.00');
      expect(formatMoney(v)).toBe(nb('AED 0.00'));
    }
    expect(formatAmount(-0.001)).toBe('0.00');
    expect(formatMoney(-0.004)).toBe(nb('AED 0.00'));
  });

  it('formats cents as their major units', () => {
    expect(formatCents(3624)).toBe(nb('AED 36.24'));
    expect(formatCents(999)).toBe(nb('AED 9.99'));
  });

  it('reads back the cents it was given, across the whole range of amounts', () => {
    // every cent from -10.00 to 10.00, then amounts growing by a factor of 7 up to the product form's maximum
    const amounts = Array.from({ length: 2001 }, (_, i) => i - 1000);
    for (let c = 1001; c <= 1_000_000_000; c = c * 7 + 3) amounts.push(c, -c);
    for (const cents of amounts) {
      const text = formatCents(cents);
      expect(text.startsWith(cents < 0 ? '-AED\u00a0' : 'AED\u00a0')).toBe(true);
      expect(Math.round(Number(text.replace(/[^\d.]/g, '')) * 100)).toBe(Math.abs(cents));
    }
  });

  it('shortens amounts for chart axes', () => {
    expect(formatMoneyCompact(950)).toBe(nb('AED 950'));
    expect(formatMoneyCompact(1234.5, 'AED')).toBe(nb('AED 1.2K'));
    expect(formatMoneyCompact(3_450_000, 'AED')).toBe(nb('AED 3.5M'));
    expect(formatMoneyCompact('x', 'AED')).toBe(nb('AED 0'));
  });
});

describe('cents and major units', () => {
  it('converts between cents and major units', () => {
    expect(amountToCents(19.99)).toBe(1999);
    expect(amountToCents(1.005)).toBe(101);
    expect(amountToCents(-2.5)).toBe(-250);
    expect(amountToCents('x')).toBe(0);
    expect(centsToAmount(1999)).toBe(19.99);
  });
});

describe('money in Arabic and with the dirham sign', () => {
  it('writes the amount as the UAE writes it in Arabic, Latin digits unless Arabic-Indic are chosen', () => {
    expect(formatMoney(1234.5, 'AED', 'ar')).toContain('1,234.50');
    expect(formatMoney(1234.5, 'AED', 'ar')).toContain('د.إ.');
    expect(formatMoney(1234.5, 'AED', { locale: 'ar', digits: 'arab' })).toContain('١٬٢٣٤٫٥٠');
  });
  it('puts the dirham sign before the number when the switch is on, in both languages', () => {
    expect(formatMoney(89.5, 'AED', 'en', true)).toBe('\u20C3\u00a089.50');
    expect(formatMoney(-5, 'AED', 'ar', true)).toBe('-\u20C3\u00a05.00');
    expect(formatMoney(89.5, 'AED', 'en', false)).toBe(nb('AED 89.50'));
  });
});
