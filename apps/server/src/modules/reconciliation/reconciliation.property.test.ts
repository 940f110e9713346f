import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationSummary } from '@souq/shared/api/reconciliation';
import { adminToken, call, createTestApp, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { payPlaced, startTestPayments, type TestPayments } from '../../../test/payments-fixtures.js';
import { post, type PostingLine } from '../ledger/ledger.post.js';
import { cardRefundEntries, cashInEntries } from '../payments/payments.postings.js';

// Reconciliation's two promises (decision 0143), for random histories: whatever sequence of card purchases (one or
// two sellers) and cancellations refunded to the card Souq went through, the provider and the ledger reconcile to zero;
// and any one discrepancy put in afterwards — a capture or a fee booked wrong, a payment only the ledger has, a refund
// made only at the provider — is reported exactly once, with its cause and its reference. Each discrepancy is then
// corrected (a counter-posting, or the refund booked) and the next history starts from zero again.
let t: TestContext;
let pay: TestPayments;
let admin: string;
let productIds: number[] = [];
let stray = 0;

beforeAll(async () => {
  t = await createTestApp();
  pay = await startTestPayments(t);
  admin = await adminToken(t.app, t.config);
  const a = await signupVendor(t.app, 'Prop Recon Lamps LLC');
  const b = await signupVendor(t.app, 'Prop Recon Rugs LLC');
  productIds = [
    (await makeProduct(t.app, { name: 'Prop Recon Lamp', priceCents: 4_250, stock: 100_000, vendorId: a.vendor.id })).id,
    (await makeProduct(t.app, { name: 'Prop Recon Rug', priceCents: 19_999, stock: 100_000, vendorId: b.vendor.id })).id,
  ];
});
afterAll(async () => {
  await t.app.services.payments.stop();
  await t.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

async function reconcile(): Promise<ReconciliationSummary> {
  const run = await call(t.app, { method: 'POST', url: '/api/admin/finance/reconciliation/runs', token: admin });
  expect(run.status, run.body).toBe(201);
  return (await call(t.app, { url: '/api/admin/finance/reconciliation', token: admin })).json;
}

async function purchase(lines: { product: number; qty: number }[], cancel: boolean[]) {
  const res = await call(t.app, {
    method: 'POST', url: '/api/orders',
    body: {
      items: lines.map((l) => ({ product_id: productIds[l.product]!, quantity: l.qty })), payment_method: 'card',
      customer_info: { email: 'prop-recon@example.test', name: 'Prop Recon', phone: null }, shipping_address: { address: '1 Prop St', city: 'Dubai', country: 'UAE', zip: '0' },
    },
  });
  expect(res.status).toBe(201);
  await payPlaced(pay, res.json);
  const subs = await q<{ id: number }>('select id from orders where purchase_id = $1 order by id', [res.json.order.id]);
  const refundsBefore = (await q<{ n: number }>('select count(*)::int as n from payment_refunds where posted_at is not null'))[0]!.n;
  let cancelled = 0;
  for (const [i, s] of subs.entries()) {
    if (!cancel[i]) continue;
    const r = await call(t.app, { method: 'PUT', url: `/api/admin/orders/${s.id}/status`, token: admin, body: { status: 'cancelled' } });
    expect(r.status).toBe(200);
    cancelled += 1;
    // the refund to the card follows the cancellation's commit: wait for it before the next step
    for (let k = 0; k < 100; k++) {
      const n = (await q<{ n: number }>('select count(*)::int as n from payment_refunds where posted_at is not null'))[0]!.n;
      if (n >= refundsBefore + cancelled) break;
      await new Promise((w) => setTimeout(w, 20));
    }
  }
}

async function postStray(lines: PostingLine[], memo: string, kind: 'payment' | 'payment-refund' = 'payment') {
  stray += 1;
  await t.database.db.transaction((tx) => post(tx, { kind, ref: `prop-stray:${stray}`, lines, currency: 'AED', memo, createdBy: null }));
}
const negate = (lines: PostingLine[]) => lines.map((l) => ({ ...l, amountCents: -l.amountCents }));

type Injection = 'capture_booked_wrong' | 'fee_booked_wrong' | 'ledger_only_payment' | 'provider_only_refund';

describe('reconciliation of random card histories', () => {
  it('is zero after any sequence of captures and card refunds, and reports any one injected discrepancy exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({
          lines: fc.array(fc.record({ product: fc.integer({ min: 0, max: 1 }), qty: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 2 }),
          cancel: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
        }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom<Injection>('capture_booked_wrong', 'fee_booked_wrong', 'ledger_only_payment', 'provider_only_refund'),
        fc.integer({ min: 1, max: 999 }),
        fc.nat(),
        async (history, injection, cents, pick) => {
          for (const p of history) await purchase(p.lines, p.cancel);
          await pay.flush();
          const clean = await reconcile();
          expect(clean.run!.differences, JSON.stringify(clean.differences)).toBe(0);

          // one discrepancy, on any captured payment so far
          const payments = await q<{ pi: string }>('select provider_payment_id as pi from payment_attempts where cash_posted_at is not null order by id');
          const target = payments[pick % payments.length]!;
          let expected: { cause: string; kind: string; reference: string };
          let fix: () => Promise<void>;
          if (injection === 'capture_booked_wrong') {
            const lines = cashInEntries({ capturedCents: cents, feeCents: 0 });
            await postStray(lines, target.pi);
            expected = { cause: 'amount_differs', kind: 'charge', reference: target.pi };
            fix = () => postStray(negate(lines), target.pi);
          } else if (injection === 'fee_booked_wrong') {
            const lines = cashInEntries({ capturedCents: 0, feeCents: cents });
            await postStray(lines, target.pi);
            expected = { cause: 'fee_differs', kind: 'charge', reference: target.pi };
            fix = () => postStray(negate(lines), target.pi);
          } else if (injection === 'ledger_only_payment') {
            const ghost = `pi_propghost${stray + 1}`;
            const lines = cashInEntries({ capturedCents: cents, feeCents: Math.min(cents - 1, 100) });
            await postStray(lines, ghost);
            expected = { cause: 'missing_at_provider', kind: 'charge', reference: ghost };
            fix = () => postStray(negate(lines), ghost);
          } else {
            // what is left to refund at the provider (staff-booked refunds of earlier runs included)
            const left = await Promise.all(payments.map(async (p) => {
              const at = await t.app.services.payments.provider.getPayment(p.pi);
              return { pi: p.pi, left: at.amountCaptured - at.amountRefunded };
            }));
            const refundable = left.filter((p) => p.left > 0);
            if (!refundable.length) return;
            const on = refundable[pick % refundable.length]!;
            const amount = Math.min(cents, on.left);
            const refund = await t.app.services.payments.provider.refund({ paymentId: on.pi, amount, idempotencyKey: `prop-recon-${stray}-${amount}-${on.pi}` });
            await pay.flush();
            expected = { cause: 'missing_in_ledger', kind: 'refund', reference: refund.id };
            // staff book it: the refund's posting, as the payments module would have made it
            fix = () => postStray(cardRefundEntries(amount), refund.id, 'payment-refund');
          }
          const found = await reconcile();
          expect(found.run!.differences, JSON.stringify(found.differences)).toBe(1);
          expect(found.differences[0]).toMatchObject({ source: 'provider', ...expected });
          await fix();
          expect((await reconcile()).run!.differences).toBe(0);
        },
      ),
      { numRuns: 10 },
    );
  }, 300_000);
});
