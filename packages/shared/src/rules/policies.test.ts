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
    expect(SHOP_POLICIES.tax.text).toContain(`${(at.taxCents / at.subtotalCents) * 100}%`);
    expect(SHOP_POLICIES.payment.text).toMatch(/Credit\/Debit Card.*Cash on Delivery/);
    expect(SHOP_POLICIES.returns.text).toContain('14 days');
  });

  it('cover every topic and every order status', () => {
    for (const t of POLICY_TOPICS) expect(SHOP_POLICIES[t].topic).toBe(t);
    for (const s of ORDER_STATUSES) expect(ORDER_STATUS_EXPLAINED[s].length).toBeGreaterThan(0);
  });
});
