import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../constants.js';
import { computeTotals } from './pricing.js';
import { ORDER_STATUS_EXPLAINED, POLICY_TOPICS, SHOP_POLICIES } from './policies.js';

describe('shop policies', () => {
  it('quote the amounts the checkout charges', () => {
    // 50.00 exactly pays shipping, 50.01 does not: the policy's two amounts are the pricing rule's
    const at = computeTotals([{ unitPriceCents: 5000, quantity: 1 }]);
    const above = computeTotals([{ unitPriceCents: 5001, quantity: 1 }]);
    expect(SHOP_POLICIES.shipping.text).toContain('above AED\u00a050.00');
    expect(SHOP_POLICIES.shipping.text).toContain(`AED\u00a0${(at.shippingCents / 100).toFixed(2)}`);
    expect(above.shippingCents).toBe(0);
    // the rate, included in the price: 50.00 holds 50.00 × 5/105 = 2.38 of VAT and costs 50.00; the shipping too
    // (decision 0133): 9.99 holds 0.48
    const goodsTax = at.taxCents - at.shippingTaxCents;
    expect(SHOP_POLICIES.tax.text).toContain(`${Math.round((goodsTax / (at.subtotalCents - goodsTax)) * 100)}%`);
    expect(SHOP_POLICIES.tax.text).toContain(`${Math.round((at.shippingTaxCents / (at.shippingCents - at.shippingTaxCents)) * 100)}%`);
    expect(at.totalCents).toBe(at.subtotalCents + at.shippingCents);
    expect(SHOP_POLICIES.tax.text).toContain('Prices and shipping fees include VAT');
    expect(SHOP_POLICIES.payment.text).toMatch(/Credit\/Debit Card.*Cash on Delivery/);
    expect(SHOP_POLICIES.returns.text).toContain('14 days');
  });

  it('cover every topic and every order status', () => {
    for (const t of POLICY_TOPICS) expect(SHOP_POLICIES[t].topic).toBe(t);
    for (const s of ORDER_STATUSES) expect(ORDER_STATUS_EXPLAINED[s].length).toBeGreaterThan(0);
  });
});
