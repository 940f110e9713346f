import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../test/admin-fixtures.js';
import { categoryTaxCents } from '@souq/shared/rules/tax';
import type { TaxDocumentSnapshot } from '../../db/schema/tax.js';

// Issue 25 item 8, "inclusive rounding across many lines", through the real order statement and invoice: each line's
// tax is checked against the exact fraction total × 5/105 worked out here in BigInt (not with the product's rule), and
// the document's VAT is its net × 5 % rounded once (BR-CO-17, decision 0142), the lines adding up to it, and the
// ledger's VAT is the document's.
let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

/** total × 500 / 10,500 rounded half up, in exact integer arithmetic. */
const exactInclusiveTax = (total: number) => {
  const num = BigInt(total) * 500n;
  const den = 10_500n;
  return Number((num * 2n + den) / (den * 2n));
};

describe('VAT-inclusive rounding across many lines (decision 0098)', () => {
  it('60 lines of awkward prices: each line within half a fil of exact; the invoice rounds once (BR-CO-17), its lines add up to it, the ledger follows', async () => {
    const v = await signupVendor(t.app, 'Many Lines Trading LLC');
    await t.database.query(`update vendors set vat_registered = true, vat_number = '100123456700003', is_verified = true where id = $1`, [v.vendor.id]);
    // prices that land on and around the half fil: 1, 10, 11, 21, 105, 2,101, 3,333 … and quantities 1–4
    const prices = Array.from({ length: 60 }, (_, i) => [1, 10, 11, 21, 105, 2_101, 3_333, 1_999, 7, 999_99][i % 10]! + i * 37);
    const products = [];
    for (const [i, price] of prices.entries()) products.push(await makeProduct(t.app, { name: `Line item ${i + 1}`, priceCents: price, vendorId: v.vendor.id }));
    const sub = await placeOrder(t.app, products.map((p, i) => ({ productId: p.id, quantity: (i % 4) + 1 })));
    await t.app.services.orders.setStatus(sub.id, 'shipped');

    const items = await t.database.query<{ line_total_cents: number; tax_cents: number; tax_rate_bps: number }>(
      'select line_total_cents, tax_cents, tax_rate_bps from order_items where order_id = $1 order by id', [sub.id]);
    expect(items.length).toBe(60);
    let drift = 0;
    for (const [i, it] of items.entries()) {
      expect(it.line_total_cents, `line ${i + 1}`).toBe(prices[i]! * ((i % 4) + 1));
      expect(it.tax_rate_bps).toBe(500);
      expect(it.tax_cents, `line ${i + 1}`).toBe(exactInclusiveTax(it.line_total_cents));
      const exact = (it.line_total_cents * 500) / 10_500;
      expect(Math.abs(it.tax_cents - exact)).toBeLessThanOrEqual(0.5);
      drift += it.tax_cents - exact;
    }
    // per-line rounding at the sale: the order keeps the lines' sum, however far that is from the tax of the whole
    const lineTax = items.reduce((s, i) => s + i.tax_cents, 0);
    expect(Math.abs(drift)).toBeLessThanOrEqual(30);

    const [inv] = await t.database.query<{ net_cents: number; tax_cents: number; total_cents: number; snapshot: TaxDocumentSnapshot }>(
      `select net_cents, tax_cents, total_cents, snapshot from tax_documents where order_id = $1 and kind = 'invoice'`, [sub.id]);
    const [order] = await t.database.query<{ total_cents: number; tax_cents: number; shipping_cents: number }>('select total_cents, tax_cents, shipping_cents from orders where id = $1', [sub.id]);
    expect(order!.tax_cents).toBe(lineTax);
    // the invoice's VAT is BR-CO-17 on what was paid (decision 0142): its net × 5 % rounded once, exactly
    const paid = order!.total_cents;
    expect(inv!.total_cents).toBe(paid);
    expect(inv!.tax_cents).toBe(categoryTaxCents(inv!.net_cents, 500));
    expect(inv!.net_cents + inv!.tax_cents + (inv!.snapshot.roundingCents ?? 0)).toBe(paid);
    // here the lines' per-line rounding came 2 fils under (991.56 against 991.58): the document gives them to the two
    // lines furthest under their exact share
    expect(inv!.tax_cents - lineTax).toBe(2);
    expect(inv!.snapshot.frozen?.taxCents).toBe(lineTax);
    expect(inv!.snapshot.lines.reduce((s, l) => s + l.taxCents, 0)).toBe(inv!.tax_cents);
    expect(inv!.snapshot.lines.every((l) => l.netCents + l.taxCents === l.totalCents)).toBe(true);
    // every line within a fil of its exact share, and at most two lines moved
    for (const [i, l] of inv!.snapshot.lines.entries()) expect(Math.abs(l.taxCents - (items[i]!.line_total_cents * 500) / 10_500), `line ${i + 1}`).toBeLessThan(1);
    expect(inv!.snapshot.lines.filter((l, i) => l.taxCents !== items[i]!.tax_cents).length).toBe(2);
    expect(inv!.snapshot.lines.reduce((s, l) => s + l.netCents, 0) + inv!.snapshot.shippingCents).toBe(inv!.net_cents);
    expect(order!.total_cents).toBe(items.reduce((s, i) => s + i.line_total_cents, 0) + order!.shipping_cents);
    // the ledger's VAT is the document's: the sale's frozen VAT and the document's rounding posting
    const [ledger] = await t.database.query<{ s: string }>(`select (-sum(amount_cents))::text as s from ledger_entries where order_id = $1 and (account = 'sales_tax_payable' or (account = 'vendor_payable' and kind = 'sales_tax'))`, [sub.id]);
    expect(Number(ledger!.s)).toBe(inv!.tax_cents);
  });
});
