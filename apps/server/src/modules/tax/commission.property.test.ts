import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRequestSchema } from '@souq/shared/api/orders';
import { categoryTaxCents, STANDARD_RATE_BPS } from '@souq/shared/rules/tax';
import { call, adminToken, createTestApp, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { refundEntries, refundStep, type RefundableSubOrder } from '../ledger/ledger.refunds.js';
import { issueCommissionDocuments } from './commission.documents.js';
import { periodBounds, periodOf } from './commission.period.js';

// Property (decision 0108): over random order histories — sales this month, refunds of random units in this month
// and the next two, the months invoiced in any order — each document's VAT is its commission × 5 % rounded once
// (BR-CO-17, decision 0120), the commission documents (invoices less credit notes) equal the ledger's commission and
// commission VAT to the fil (the documents' rounding posted with them), every credit note corrects the invoice of the month its
// sub-order was sold in, and running any month again issues nothing. The sales are posted by the real order service;
// the later refunds by the returns module's own posting functions (refundStep / refundEntries), dated in their month.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminToken(t.app, t.config);
  await call(t.app, {
    method: 'PUT', url: '/api/admin/tax-settings', token: admin,
    body: { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: 'Souq Marketplace FZ-LLC', address: 'Dubai, UAE', trn: '100000000000003' },
  });
});
afterAll(() => t.close());

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const P0 = periodOf(new Date());
const P1 = periodOf(new Date(periodBounds(P0).end.getTime() + 86_400_000));
const P2 = periodOf(new Date(periodBounds(P1).end.getTime() + 86_400_000));
const MONTHS = [P0, P1, P2];
const AFTER = new Date(periodBounds(P2).end.getTime() + 86_400_000);
let run = 0;

describe('commission documents equal the ledger (property)', () => {
  it('holds over random sales, refunds across months and any invoicing order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.record({ price: fc.integer({ min: 1, max: 250_000 }), qty: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.record({ order: fc.nat(), line: fc.nat(), units: fc.integer({ min: 1, max: 4 }), month: fc.integer({ min: 0, max: 2 }) }), { maxLength: 6 }),
        fc.constantFrom([0, 1, 2], [2, 1, 0], [1, 2, 0], [2, 0, 1]),
        fc.integer({ min: 0, max: 3_000 }),
        async (orders, refunds, monthOrder, bps) => {
          run += 1;
          const vendor = await signupVendor(t.app, `Property Vendor ${run}`);
          await q(`insert into commission_rates (key, rate_bps) values ($1, $2)`, [`vendor:${vendor.vendor.id}`, bps]);
          const subs: number[] = [];
          for (const lines of orders) {
            const products = [];
            for (const l of lines) products.push({ p: await makeProduct(t.app, { name: `P${run}`, priceCents: l.price, stock: 50, vendorId: vendor.vendor.id }), qty: l.qty });
            const request = orderRequestSchema.parse({
              items: products.map((x) => ({ product_id: x.p.id, quantity: x.qty })),
              customer_info: { name: 'Prop Shopper', email: 'prop@example.test', phone: null },
              shipping_address: { address: '1 Test St', city: 'Dubai', country: 'UAE', zip: '00000' }, payment_method: 'card',
            });
            subs.push((await t.app.services.orders.placeOrder(request, { userId: null })).order.sub_orders[0]!.id);
          }
          // refunds: each step the difference of cumulative totals, as the returns module posts it
          const returned = new Map<number, Map<number, number>>();
          for (const [i, r] of refunds.entries()) {
            const orderId = subs[r.order % subs.length]!;
            const [o] = await q<{ shipping_cents: number; tax_included: boolean; currency: string; purchase_id: number }>('select shipping_cents, tax_included, currency, purchase_id from orders where id = $1', [orderId]);
            const items = await q<{ id: number; quantity: number; unit_price_cents: number; line_total_cents: number; tax_rate_bps: number; tax_cents: number; commission_bps: number }>(
              'select id, quantity, unit_price_cents, line_total_cents, tax_rate_bps, tax_cents, commission_bps from order_items where order_id = $1 order by id', [orderId]);
            const line = items[r.line % items.length]!;
            const before = returned.get(orderId) ?? new Map<number, number>();
            const units = Math.min(r.units, line.quantity - (before.get(line.id) ?? 0));
            if (units <= 0) continue;
            const money: RefundableSubOrder = {
              vendorId: vendor.vendor.id, shippingCents: o!.shipping_cents, taxIncluded: o!.tax_included,
              lines: items.map((l) => ({ id: l.id, quantity: l.quantity, unitPriceCents: l.unit_price_cents, lineTotalCents: l.line_total_cents, taxRateBps: l.tax_rate_bps, taxCents: l.tax_cents, commissionBps: l.commission_bps })),
            };
            const step = refundStep(money, before, line.id, units);
            const after = new Map(before);
            after.set(line.id, (before.get(line.id) ?? 0) + units);
            returned.set(orderId, after);
            // this month's refunds now; a later month's on its second day (UAE time)
            const at = r.month === 0 ? new Date() : new Date(periodBounds(MONTHS[r.month]!).start.getTime() + 86_400_000);
            for (const e of refundEntries(vendor.vendor.id, step, { kind: 'receivable' })) {
              await q('insert into ledger_entries (posting, account, vendor_id, kind, amount_cents, currency, purchase_id, order_id, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
                [`prop:${run}:${i}`, e.account, e.vendorId, e.kind, e.amountCents, o!.currency, o!.purchase_id, orderId, at]);
            }
          }
          for (const m of monthOrder) await issueCommissionDocuments(t.database.db, MONTHS[m]!, { vendorId: vendor.vendor.id, at: AFTER });

          const docs = await q<{ id: number; kind: string; period: string; corrects_id: number | null; net_cents: number; tax_cents: number; snapshot: { original?: { number: string }; lines: { taxCents: number }[] } }>(
            `select id, kind, period, corrects_id, net_cents, tax_cents, snapshot from tax_documents where subject = 'commission' and vendor_id = $1 order by id`, [vendor.vendor.id]);
          const ledger = async (account: string) => Number((await q<{ s: string }>(
            `select coalesce(-sum(e.amount_cents), 0) as s from ledger_entries e join orders o on o.id = e.order_id where o.seller_vendor_id = $1 and e.account = $2`, [vendor.vendor.id, account]))[0]!.s);
          const net = (k: 'net_cents' | 'tax_cents') => docs.reduce((n, d) => n + (d.kind === 'invoice' ? d[k] : -d[k]), 0);
          // each document's VAT is its commission × 5 % rounded once (BR-CO-17), its lines adding up to it
          for (const d of docs) {
            expect(d.tax_cents).toBe(categoryTaxCents(d.net_cents, STANDARD_RATE_BPS));
            expect(d.snapshot.lines.reduce((n, l) => n + l.taxCents, 0)).toBe(d.tax_cents);
          }
          expect(net('tax_cents')).toBe(await ledger('commission_vat_payable'));
          expect(net('net_cents')).toBe(await ledger('commission_revenue'));
          // one invoice (the sales' month) when any commission was charged; every credit note corrects it
          const invoices = docs.filter((d) => d.kind === 'invoice');
          const [charged] = await q<{ n: string }>(`select count(*) as n from ledger_entries e join orders o on o.id = e.order_id
            where o.seller_vendor_id = $1 and e.account in ('commission_revenue', 'commission_vat_payable') and e.kind in ('commission', 'commission_vat')`, [vendor.vendor.id]);
          expect(invoices.map((d) => d.period)).toEqual(Number(charged!.n) > 0 ? [P0] : []);
          for (const cn of docs.filter((d) => d.kind === 'credit_note')) {
            expect(cn.corrects_id).toBe(invoices[0]!.id);
            expect(cn.snapshot.original?.number).toBeDefined();
          }
          // no two credit notes for the same invoice and month
          const keys = docs.filter((d) => d.kind === 'credit_note').map((d) => `${d.corrects_id}:${d.period}`);
          expect(new Set(keys).size).toBe(keys.length);
          // again, in any order: nothing new
          for (const m of [0, 1, 2]) expect(await issueCommissionDocuments(t.database.db, MONTHS[m]!, { vendorId: vendor.vendor.id, at: AFTER })).toEqual([]);
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
