import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { startTestPayments, type TestPayments } from '../../../test/payments-fixtures.js';

// The ledger's cash side under a provider that misbehaves (issue 36 item 4, decision 0137): random card purchases
// (paid, declined, 3-D Secure passed or failed, abandoned) whose webhooks arrive duplicated, reordered, late or not at all,
// interleaved with the shopper's return and the expiry job. After every step: every posting balances, each purchase's
// money matches its payment (paid: sold and received in full; otherwise nothing), and the provider clearing account
// equals the platform's balance at the provider.
let t: TestContext;
let pay: TestPayments;
let productIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  pay = await startTestPayments(t);
  const vendorA = await signupVendor(t.app, 'Property Lamps LLC');
  const vendorB = await signupVendor(t.app, 'Property Rugs LLC');
  productIds = [
    (await makeProduct(t.app, { name: 'Property Lamp', priceCents: 4_250, stock: 100_000, vendorId: vendorA.vendor.id })).id,
    (await makeProduct(t.app, { name: 'Property Rug', priceCents: 19_999, stock: 100_000, vendorId: vendorB.vendor.id })).id,
    (await makeProduct(t.app, { name: 'Property Tray', priceCents: 1_050, stock: 100_000, vendorId: null })).id,
  ];
});
afterAll(async () => {
  await t.app.services.payments.stop();
  await t.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

type Outcome = 'paid' | 'declined' | 'threeDsPass' | 'threeDsFail' | 'abandoned';
const CARDS: Record<Outcome, string | null> = {
  paid: '4242424242424242', declined: '4000000000000002', threeDsPass: '4000002760003184', threeDsFail: '4000002760003184', abandoned: null,
};

async function invariants() {
  expect(await q('select posting, sum(amount_cents)::int8 as s from ledger_entries group by 1 having sum(amount_cents) <> 0')).toEqual([]);
  // each purchase's money matches its payment: a paid one sold and received in full, any other posts nothing
  const rows = await q<{ purchase_id: number; paid: boolean; receivable: string; clearing_in: string; total: number; n: string }>(`
    select a.purchase_id, a.sale_posted_at is not null as paid, p.total_cents as total,
      coalesce(sum(e.amount_cents) filter (where e.account = 'shopper_receivable'), 0)::int8 as receivable,
      coalesce(sum(e.amount_cents) filter (where e.account = 'provider_clearing' and e.kind = 'payment_received'), 0)::int8 as clearing_in,
      count(e.id)::int8 as n
    from payment_attempts a join purchases p on p.id = a.purchase_id left join ledger_entries e on e.purchase_id = a.purchase_id
    group by a.purchase_id, a.sale_posted_at, p.total_cents`);
  for (const r of rows) {
    if (r.paid) expect([Number(r.receivable), Number(r.clearing_in)]).toEqual([0, r.total]);
    else expect(Number(r.n)).toBe(0);
  }
  // the provider clearing account equals what the provider holds for the platform (available and pending)
  const [clearing] = await q<{ s: string }>(`select coalesce(sum(amount_cents), 0)::int8 as s from ledger_entries where account = 'provider_clearing'`);
  const balance = (await t.app.services.payments.provider.balance()).filter((b) => b.currency === 'AED').reduce((s, b) => s + b.available + b.pending, 0);
  expect(Number(clearing!.s)).toBe(balance);
}

async function place(lines: { product: number; qty: number }[]) {
  const res = await call(t.app, {
    method: 'POST', url: '/api/orders',
    body: {
      items: lines.map((l) => ({ product_id: productIds[l.product]!, quantity: l.qty })), payment_method: 'card',
      customer_info: { email: 'prop@example.test', name: 'Prop Shopper', phone: null }, shipping_address: { address: '1 Prop St', city: 'Dubai', country: 'UAE', zip: '0' },
    },
  });
  expect(res.status).toBe(201);
  return res.json as { order_number: string; payment: { pay_url: string; token: string } };
}

async function act(placed: Awaited<ReturnType<typeof place>>, outcome: Outcome, comesBack: boolean) {
  const card = CARDS[outcome];
  if (!card) return;
  const typed = await pay.typeCard(placed.payment.pay_url, card);
  if (outcome === 'threeDsPass' || outcome === 'threeDsFail') await pay.answer3ds(typed.location!, outcome === 'threeDsPass' ? 'complete' : 'fail');
  if (comesBack) await pay.state(placed.order_number, placed.payment.token);
}

describe('card payments under duplicated, reordered and missing webhooks', () => {
  it('keep the ledger balanced, each purchase matched to its payment and the clearing account equal to the provider balance', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({
          lines: fc.array(fc.record({ product: fc.integer({ min: 0, max: 2 }), qty: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 3 }),
          outcome: fc.constantFrom<Outcome>('paid', 'declined', 'threeDsPass', 'threeDsFail', 'abandoned'),
          comesBack: fc.boolean(),
        }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('in order', 'reversed', 'duplicated', 'dropped', 'late'),
        fc.boolean(),
        async (purchases, delivery, expireAfter) => {
          await pay.flush();
          pay.local.queue.hold();
          for (const p of purchases) await act(await place(p.lines), p.outcome, p.comesBack);
          const waiting = [...pay.local.queue.pending()];
          if (delivery === 'reversed') pay.local.queue.reorder('reverse');
          if (delivery === 'duplicated') for (const d of waiting) pay.local.queue.duplicate(d.id, 2);
          if (delivery === 'dropped') for (const d of waiting.filter((_, i) => i % 2 === 0)) pay.local.queue.drop(d.id);
          // late: the events arrive only after the time to pay has run out and the job has acted on what it read back
          if (delivery === 'late') await t.app.services.cardPayments.expiryJob.runOnce(new Date(Date.now() + (t.config.payments.waitMinutes + 1) * 60_000));
          pay.local.queue.release();
          await pay.flush();
          await invariants();
          if (expireAfter) {
            await t.app.services.cardPayments.expiryJob.runOnce(new Date(Date.now() + (t.config.payments.waitMinutes + 1) * 60_000));
            await pay.flush();
            await invariants();
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 240_000);
});
