import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRequestSchema } from '@souq/shared/api/orders';
import { createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';

// Store credit under random sequences (decision 0141): shoppers earn credit (a delivered cash-on-delivery sub-order
// cancelled), spend it at checkout (any amount, sometimes more than they have, sometimes two purchases at once) and
// cancel purchases that used it. After every step: every posting balances, no shopper's store credit is below zero,
// and the balance is what a model of the steps says.
let t: TestContext;
let productIds: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const seller = await signupVendor(t.app, 'Property Credit LLC');
  productIds = [
    (await makeProduct(t.app, { name: 'Credit Mug', priceCents: 2_350, stock: 100_000, vendorId: seller.vendor.id })).id,
    (await makeProduct(t.app, { name: 'Credit Lamp', priceCents: 19_999, stock: 100_000, vendorId: seller.vendor.id })).id,
    (await makeProduct(t.app, { name: 'Credit Tea', priceCents: 1_205, stock: 100_000 })).id,
  ];
});
afterAll(() => t.close());

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

type Step =
  | { kind: 'earn'; product: number; quantity: number }
  | { kind: 'spend'; product: number; quantity: number; credit: number; card: boolean; twice: boolean }
  | { kind: 'cancel'; pick: number; deliverFirst: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('earn' as const), product: fc.nat(2), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    kind: fc.constant('spend' as const), product: fc.nat(2), quantity: fc.integer({ min: 1, max: 4 }),
    credit: fc.integer({ min: 1, max: 120_000 }), card: fc.boolean(), twice: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), deliverFirst: fc.boolean() }),
);

function request(productId: number, quantity: number, payment: 'card' | 'cod', creditCents?: number) {
  return orderRequestSchema.parse({
    items: [{ product_id: productId, quantity }],
    customer_info: { name: 'Prop Shopper', email: 'prop@example.test', phone: null },
    shipping_address: { address: '1 Prop Street', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' },
    payment_method: payment,
    ...(creditCents ? { store_credit_amount: creditCents / 100 } : {}),
  });
}

describe('store credit under random earn / spend / cancel sequences', () => {
  it('never goes below zero, every posting balances, and the balance is the model’s', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const shopper = await signupCustomer(t.app, 'Prop Shopper');
        const userId = shopper.user.id;
        const balance = () => t.app.services.refunds.myStoreCredit(userId).then((c) => c.balance_cents);
        let model = 0;
        for (const s of steps) {
          if (s.kind === 'earn') {
            const { order } = await t.app.services.orders.placeOrder(request(productIds[s.product]!, s.quantity, 'cod'), { userId });
            const sub = order.sub_orders[0]!;
            await t.app.services.orders.setStatus(sub.id, 'delivered');
            await t.app.services.orders.setStatus(sub.id, 'cancelled');
            model += Math.round(sub.total_amount * 100);
          } else if (s.kind === 'spend') {
            const tries = s.twice ? 2 : 1;
            const results = await Promise.allSettled(Array.from({ length: tries }, () =>
              t.app.services.orders.placeOrder(request(productIds[s.product]!, s.quantity, s.card ? 'card' : 'cod', s.credit), { userId, holdForPayment: true })));
            for (const r of results) {
              if (r.status === 'fulfilled') {
                model -= Math.round(r.value.order.store_credit_amount * 100);
              } else {
                // the only refusal: the credit no longer covers it
                expect(r.reason).toMatchObject({ status: 422 });
              }
            }
          } else {
            const live = await q<{ id: number; store_credit_cents: number; total_cents: number; payment_method: string; status: string }>(
              `select id, store_credit_cents, total_cents, payment_method, status from orders where user_id = $1 and status not in ('cancelled') order by id`, [userId]);
            if (!live.length) continue;
            const o = live[s.pick % live.length]!;
            if (o.status === 'awaiting_payment') continue;
            let cash = 0;
            if (s.deliverFirst && o.status !== 'delivered') {
              await t.app.services.orders.setStatus(o.id, 'delivered');
              if (o.payment_method === 'cod') cash = o.total_cents - o.store_credit_cents;
            }
            await t.app.services.orders.setStatus(o.id, 'cancelled');
            model += o.store_credit_cents + cash;
          }
          expect(await q('select posting, sum(amount_cents)::int8 from ledger_entries group by 1 having sum(amount_cents) <> 0')).toEqual([]);
          expect(await q(`select shopper_id from ledger_entries where account = 'shopper_store_credit' group by 1 having sum(amount_cents) > 0`)).toEqual([]);
          expect(await balance()).toBe(model);
        }
      }),
      { numRuns: Number(process.env.CREDIT_PROPERTY_RUNS ?? 25) },
    );
  }, 900_000);
});
