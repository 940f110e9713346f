import { describe, expect, it } from 'vitest';
import { aftersalesPhrases } from './assistant.aftersales-phrases.js';
import { readable, unitsIn } from './assistant.aftersales-words.js';
import { OWN_ORDERS_AR } from './assistant.aftersales.js';

// Decision 0187: general behaviours for the causes the spent blind set (blind-2026-11-30.json, read in full) showed,
// each checked with wordings of our own, not the set's.

describe('a count said with the return request', () => {
  it.each([
    ['send back just one of the three mugs', 3, 1],
    ['I only want to return 2 of the 4 candles', 4, 2],
    ['return a single pack please, we kept the other', 2, 1],
    ['return one pack of the chews', 3, 1],
    ['أبغى أرجع حبة وحدة بس من الأكواب', 3, 1],
    ['ارجع ثنتين منها', 4, 2],
    ['رجع لي شمعة وحدة', 2, 1],
  ])('«%s» (%i left) → %i', (text, left, units) => {
    expect(unitsIn(text, left)).toBe(units);
  });
  it.each([
    ['return both candles', 2],
    ['return the mugs, they chipped', 3],
    ['ابي ارجع الاكواب كلها', 3],
    ['return 5 of them', 3],
  ])('«%s» (%i left) says no count of its own', (text, left) => {
    expect(unitsIn(text, left)).toBeNull();
  });
});

describe('the shopper own orders named in Arabic', () => {
  it.each(['شو طلباتي اللي قبل؟', 'ورني مشترياتي', 'أبي أشوف طلبياتي الأخيرة', 'عطني حالة طلبي'])('«%s» names them', (m) => {
    expect(OWN_ORDERS_AR.test(readable(m))).toBe(true);
  });
  it.each(['طلبات الشحن الدولي', 'أبي أطلب جوال'])('«%s» does not', (m) => {
    expect(OWN_ORDERS_AR.test(readable(m))).toBe(false);
  });
});

describe('a returns question names the window beside the seller who sets it', () => {
  it('one sentence in either language', () => {
    expect(aftersalesPhrases('en').policyReturnsOf('Amber Bags LLC', 21)).toMatch(/^Amber Bags LLC .*21 days/);
    expect(aftersalesPhrases('ar').policyReturnsOf('Amber Bags LLC', 21)).toMatch(/Amber Bags LLC.*21/);
  });
});
