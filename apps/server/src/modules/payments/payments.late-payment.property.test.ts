import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { deliverAs, drainLate, placeCardPurchase, startTestCheckout, weather, type TestCheckout } from '../../../test/payments-fixtures.js';

// Cards paid on Checkout.com's hosted page before and after Souq gave their purchase up (decisions 0179, 0185), under
// webhooks duplicated, reordered and days late, with manual capture (the default: a late authorisation is voided) and
// automatic capture (a late charge is booked and refunded in full). After every run: every posting balances; a
// purchase sold was received in full and its stock is gone; a purchase given up has no sale, owes and is owed nothing,
// and its stock is back; at Checkout.com none of its payments is left authorised or charged without its refund; and the
// provider clearing account equals the platform's balance at Checkout.com.
type Step = 'none' | 'fail' | 'pay';
type Plan = { units: number; before: Step; after: Exclude<Step, 'fail'> };

describe.each(['manual', 'automatic'] as const)('card payments on a hosted page after the give-up, capture %s', (capture) => {
  let t: TestContext;
  let pay: TestCheckout;
  let shopper: Awaited<ReturnType<typeof signupCustomer>>;
  let productId = 0;
  let key = 0;

  beforeAll(async () => {
    t = await createTestApp({ payments: { ...testConfig().payments, provider: 'checkout', capture } });
    pay = await startTestCheckout(t);
    shopper = await signupCustomer(t.app, 'Late Property Shopper');
    const vendor = await signupVendor(t.app, 'Late Property Lanterns LLC');
    productId = (await makeProduct(t.app, { name: 'Late Property Lantern', priceCents: 3_750, stock: 100_000, vendorId: vendor.vendor.id })).id;
  });
  afterAll(async () => {
    await t.app.services.payments.stop();
    await t.close();
  });

  const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
  const stock = async () => (await q<{ stock: number }>('select stock from products where id = $1', [productId]))[0]!.stock;

  async function invariants(sold: number) {
    expect(await q('select posting from ledger_entries group by 1 having sum(amount_cents) <> 0')).toEqual([]);
    const rows = await q<{ purchase_id: number; number: string; total: number; sold: boolean; given_up: boolean; receivable: string; clearing_in: string; payable: string; placed: string }>(`
      select a.purchase_id, p.purchase_number as number, p.total_cents as total, a.sale_posted_at is not null as sold, a.expired_at is not null as given_up,
        coalesce(sum(e.amount_cents) filter (where e.account = 'shopper_receivable'), 0)::int8 as receivable,
        coalesce(sum(e.amount_cents) filter (where e.account = 'provider_clearing' and e.kind = 'payment_received'), 0)::int8 as clearing_in,
        count(e.id) filter (where e.account = 'vendor_payable')::int8 as payable,
        count(e.id) filter (where e.kind = 'sale')::int8 as placed
      from payment_attempts a join purchases p on p.id = a.purchase_id left join ledger_entries e on e.purchase_id = a.purchase_id
      group by a.purchase_id, p.purchase_number, p.total_cents, a.sale_posted_at, a.expired_at`);
    for (const r of rows) {
      // every purchase is decided by now: sold (and, captured at once or right after the release, received in full) or given up
      expect(r.sold !== r.given_up, `purchase ${r.number} sold or given up`).toBe(true);
      expect(Number(r.receivable), `purchase ${r.number}: shopper owes nothing`).toBe(0);
      if (r.sold) expect(Number(r.clearing_in), `purchase ${r.number} received`).toBe(r.total);
      else expect([Number(r.payable), Number(r.placed)], `purchase ${r.number} never sold`).toEqual([0, 0]);
      // at Checkout.com: a given-up purchase's payments neither held nor kept; a sold one's captured once, for its total
      const ids = (await q<{ id: string }>(`select distinct payload->'data'->>'id' as id from payment_events where payload->'data'->>'reference' = $1 and payload->'data'->>'id' like 'pay\\_%'`, [r.number])).map((x) => x.id);
      const payments = await Promise.all(ids.map((id) => t.app.services.payments.provider.getPayment(id)));
      for (const p of payments) {
        expect(p.status, `payment ${p.id} of ${r.number} not left authorised`).not.toBe('authorized');
        if (!r.sold) expect(p.amountRefunded, `payment ${p.id} of given-up ${r.number} given back`).toBe(p.amountCaptured);
      }
      if (r.sold) expect(payments.filter((p) => p.amountCaptured > 0).map((p) => p.amountCaptured - p.amountRefunded)).toEqual([r.total]);
    }
    expect(await stock()).toBe(100_000 - sold);
    const [clearing] = await q<{ s: string }>(`select coalesce(sum(amount_cents), 0)::int8 as s from ledger_entries where account = 'provider_clearing'`);
    const balance = (await t.app.services.payments.provider.balance()).filter((b) => b.currency === 'AED').reduce((s, b) => s + b.available + b.pending, 0);
    expect(Number(clearing!.s)).toBe(balance);
  }

  let soldUnits = 0;
  it('leave nothing held, nothing owed, the stock where the sales say, and the ledger equal to Checkout.com', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({
          units: fc.integer({ min: 1, max: 3 }),
          before: fc.constantFrom<Step>('none', 'fail', 'pay'),
          after: fc.constantFrom<Plan['after']>('none', 'pay'),
        }), { minLength: 1, maxLength: 3 }),
        weather,
        fc.boolean(),
        async (plans, w, deliverBeforeGiveUp) => {
          const placed = [];
          for (const plan of plans) {
            const res = await placeCardPurchase(t, { ...shopper, name: 'Late Property Shopper' }, productId, { quantity: plan.units, key: `late-property-${capture}-${(key += 1)}` });
            expect(res.status).toBe(201);
            placed.push({ plan, payUrl: res.json.payment.pay_url as string });
          }
          // before the time runs out: nothing typed, a card failing 3-D Secure, or a card paid
          for (const p of placed) {
            if (p.plan.before !== 'none') await pay.payOnPage(p.payUrl, '4242 4242 4242 4242', p.plan.before === 'pay' ? 'complete' : 'fail');
          }
          if (deliverBeforeGiveUp) await deliverAs(pay, w);
          // the time to pay runs out: the job reads each open purchase back, releases what was paid, gives up the rest
          await t.app.services.cardPayments.expiryJob.runOnce(new Date(Date.now() + (t.config.payments.waitMinutes + 1) * 60_000));
          // the hosted page still takes a card after the give-up
          for (const p of placed) {
            if (p.plan.before !== 'pay' && p.plan.after === 'pay') await pay.payOnPage(p.payUrl, '4242 4242 4242 4242');
          }
          await deliverAs(pay, w);
          expect(await drainLate(pay)).toBe(true);
          await pay.flush();
          soldUnits += placed.reduce((n, p) => n + (p.plan.before === 'pay' ? p.plan.units : 0), 0);
          await invariants(soldUnits);
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);
});
