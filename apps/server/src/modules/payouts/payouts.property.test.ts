import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { adminToken, call, createTestApp, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../test/admin-fixtures.js';

// The money invariants of decision 0095 under random sequences of sales, cancellations, deliveries whose return
// window closes, payout batches (some failing, some paid) and manual adjustments.
let t: TestContext;
let admin: string;
const vendorIds: number[] = [];
const productIds: number[] = [];
const IBAN = 'AE070331234567890123456';

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  for (const name of ['Prop One LLC', 'Prop Two LLC', 'Prop Three LLC']) {
    const v = await signupVendor(t.app, name);
    vendorIds.push(v.vendor.id);
    // the third vendor has no payout account: batches skip it
    if (name !== 'Prop Three LLC') {
      await call(t.app, { method: 'PUT', url: `/api/vendors/${v.vendor.id}/payout-account`, token: v.token, body: { iban: IBAN, account_holder: name } });
      await call(t.app, { method: 'POST', url: `/api/admin/finance/payout-accounts/${v.vendor.id}/verify`, token: admin });
    }
  }
  for (const [i, price] of [4_999, 12_345, 27_500, 999, 60_000].entries()) {
    productIds.push((await makeProduct(t.app, { name: `Prop Product ${i}`, priceCents: price, stock: 100_000, vendorId: vendorIds[i % 3]! })).id);
  }
  productIds.push((await makeProduct(t.app, { name: 'Prop House Product', priceCents: 2_000, stock: 100_000 })).id);
});
afterAll(() => t.close());

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const ADMIN = { userId: null, role: 'admin' as const, name: 'Prop Admin', ip: '127.0.0.1' };

/** What a vendor is owed worked out without the ledger: its live sub-orders' sales less commission and its VAT. */
async function salesLessCommission(vendorId: number): Promise<number> {
  const subs = await q<{ id: number; status: string; subtotal_cents: number; shipping_cents: number }>(
    'select id, status, subtotal_cents, shipping_cents from orders where seller_vendor_id = $1', [vendorId]);
  let total = 0;
  for (const s of subs) {
    if (s.status === 'cancelled') continue; // sold, refunded in full, commission reversed: nets to zero
    const lines = await q<{ line_total_cents: number; commission_bps: number }>('select line_total_cents, commission_bps from order_items where order_id = $1', [s.id]);
    const commission = lines.reduce((n, l) => n + Math.round((l.line_total_cents * l.commission_bps) / 10_000), 0);
    total += s.subtotal_cents + s.shipping_cents - commission - Math.round(commission * 0.05);
  }
  return total;
}

describe('vendor balances under random money movements', () => {
  it('keep the ledger balanced and each balance = sales − commission − refunds + reversed commission − payouts + adjustments', async () => {
    const adjustments = new Map<number, number>();
    // weighted so that money reaches the payout steps: sales and deliveries come more often than the rest
    const step = fc.oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('buy' as const), lines: fc.array(fc.record({ p: fc.nat(productIds.length - 1), n: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 4 }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('deliver' as const), pick: fc.nat(), daysAgo: fc.integer({ min: 0, max: 30 }) }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('batch' as const), minimum: fc.integer({ min: 1, max: 50_000 }) }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(), fail: fc.boolean() }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('adjust' as const), vendor: fc.nat(2), cents: fc.integer({ min: -20_000, max: 20_000 }).filter((n) => n !== 0) }) },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'buy') {
            await placeOrder(t.app, s.lines.map((l) => ({ productId: productIds[l.p]!, quantity: l.n })));
          } else if (s.kind === 'cancel') {
            const live = await q<{ id: number }>(`select id from orders where status <> 'cancelled' and purchase_id is not null order by id`);
            if (live.length) await t.app.services.orders.setStatus(live[s.pick % live.length]!.id, 'cancelled');
          } else if (s.kind === 'deliver') {
            const open = await q<{ id: number }>(`select id from orders where status not in ('cancelled', 'delivered') order by id`);
            if (open.length) {
              const id = open[s.pick % open.length]!.id;
              await t.app.services.orders.setStatus(id, 'delivered');
              await q(`update orders set delivered_at = now() - make_interval(days => $2) where id = $1`, [id, s.daysAgo]);
            }
          } else if (s.kind === 'batch') {
            const before = new Map((await t.app.services.finance.balances()).map((b) => [b.vendor_id, b]));
            const res = await call(t.app, { method: 'POST', url: '/api/admin/finance/payout-batches', token: admin, body: { minimum_cents: s.minimum } });
            expect([201, 422]).toContain(res.status);
            if (res.status === 201) {
              for (const p of res.json.payouts) {
                // all of the available money, never more, never nothing or less than nothing
                expect(p.amount_cents).toBe(before.get(p.vendor_id)!.available_cents);
                expect(p.amount_cents).toBeGreaterThanOrEqual(s.minimum);
                expect((await t.app.services.finance.balance(p.vendor_id)).available_cents).toBe(0);
              }
              expect(res.json.payouts.some((p: { vendor_id: number }) => p.vendor_id === vendorIds[2])).toBe(false);
            }
          } else if (s.kind === 'settle') {
            const pending = await q<{ id: number }>(`select id from payouts where status = 'pending' order by id`);
            if (pending.length) {
              const id = pending[s.pick % pending.length]!.id;
              if (s.fail) await t.app.services.payouts.markFailed(id, 'Bank returned it', ADMIN);
              else await t.app.services.payouts.markPaid(id, ADMIN);
            }
          } else {
            const vendorId = vendorIds[s.vendor]!;
            await t.app.services.payouts.adjust({ vendor_id: vendorId, amount_cents: s.cents, reason: 'Property adjustment' }, ADMIN);
            adjustments.set(vendorId, (adjustments.get(vendorId) ?? 0) + s.cents);
          }

          expect(await q('select posting, currency, sum(amount_cents)::int8 from ledger_entries group by 1, 2 having sum(amount_cents) <> 0')).toEqual([]);
          expect(await q('select 1 from payouts where amount_cents <= 0')).toEqual([]);
          for (const v of vendorIds) {
            const [paid] = await q<{ s: number }>(`select coalesce(sum(amount_cents), 0)::int as s from payouts where vendor_id = $1 and status <> 'failed'`, [v]);
            const b = await t.app.services.finance.balance(v);
            expect(b.balance_cents).toBe((await salesLessCommission(v)) - paid!.s + (adjustments.get(v) ?? 0));
            expect(b.paid_cents).toBe(paid!.s);
            expect(b.held_cents + b.available_cents).toBe(b.balance_cents);
          }
          // money in transit is exactly the pending payouts
          const [[clearing], [pendingSum]] = await Promise.all([
            q<{ s: number }>(`select coalesce(-sum(amount_cents), 0)::int as s from ledger_entries where account = 'payouts_clearing'`),
            q<{ s: number }>(`select coalesce(sum(amount_cents), 0)::int as s from payouts where status = 'pending'`),
          ]);
          expect(clearing!.s).toBe(pendingSum!.s);
        }
      }),
      { numRuns: 40 },
    );
    // the runs did move money: payouts were made, some paid and some failed, adjustments posted
    const [seen] = await q<{ paid: number; failed: number; pending: number; adjustments: number }>(`select
      count(*) filter (where status = 'paid')::int as paid, count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where status = 'pending')::int as pending,
      (select count(*)::int from ledger_entries where kind = 'adjustment') as adjustments from payouts`);
    expect(seen!.paid).toBeGreaterThan(0);
    expect(seen!.failed).toBeGreaterThan(0);
    expect(seen!.adjustments).toBeGreaterThan(0);
  }, 300_000);
});
