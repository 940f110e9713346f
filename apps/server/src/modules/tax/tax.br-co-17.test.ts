import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRequestSchema } from '@souq/shared/api/orders';
import type { VatReport } from '@souq/shared/api/vat-report';
import { categoryTaxCents } from '@souq/shared/rules/tax';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { exportValidPintAe } from '../../../test/pint-ae-export.js';
import { itWithShared } from '../../../test/shared-assets.js';
import { UBL_FOLDER } from '../../../test/ubl-schemas.js';
import type { TaxDocumentSnapshot } from '../../db/schema/tax.js';
import { issueCommissionDocuments } from './commission.documents.js';
import { periodBounds, periodOf } from './commission.period.js';
import { SYSTEM_ACTOR } from '../../platform/audit.js';

// Decision 0142: EN 16931 BR-CO-17 (kept by PINT AE), exactly, on EVERY document a realistic month produces: a
// registered seller's 41-line B2B tax invoice with shipping and its credit note, simplified invoices and the credit
// notes of their cancellations, the marketplace's own invoices, and a 200-line commission invoice with its credit note.
// Per document and rate: VAT = taxable amount × rate rounded once, the lines adding up to it; and the ledger's VAT
// (the sales' frozen VAT plus each document's rounding posting) equals the documents', sub-order by sub-order.
let t: TestContext;
let admin: string;
let vendorId = 0;
const PERIOD = periodOf(new Date());
const AFTER = new Date(periodBounds(PERIOD).end.getTime() + 86_400_000);
const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const subs = { b2b: 0, many: [] as number[], market: [] as number[] };

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  expect((await call(t.app, {
    method: 'PUT', url: '/api/admin/tax-settings', token: admin,
    body: { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: 'Souq Marketplace FZ-LLC', address: 'Dubai Silicon Oasis, Dubai', trn: '100000000000003', emirate: 'dubai' },
  })).status).toBe(200);
  const shopper = await signupCustomer(t.app, 'Noura Many Lines');
  const reg = await signupVendor(t.app, 'Two Hundred Orders LLC');
  vendorId = reg.vendor.id;
  expect((await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: reg.token, body: { vat_registered: true, trn: '100123456700003', emirate: 'dubai' } })).status).toBe(200);
  await q('update vendors set is_verified = true where id = $1', [vendorId]);
  // 7.5 %: every sale's commission VAT rounds on its own, so the month's document rounds once on the total
  await q(`insert into commission_rates (key, rate_bps) values ($1, 750)`, [`vendor:${vendorId}`]);
  // awkward prices around the half fil, three tax categories
  const products = [];
  for (let i = 0; i < 40; i++) {
    products.push(await makeProduct(t.app, { name: `Item ${i + 1}`, priceCents: [1, 10, 11, 21, 105, 2_101, 3_333, 1_999, 7, 9_999][i % 10]! + i * 41, stock: 10_000, vendorId }));
  }
  await q(`update products set tax_category = 'zero' where id = any($1::int[])`, [[products[3]!.id, products[17]!.id]]);
  await q(`update products set tax_category = 'exempt' where id = $1`, [products[25]!.id]);
  // in every consumer cart, so each of the 200 sub-orders charges a commission (a line of the commission invoice)
  const filler = await makeProduct(t.app, { name: 'Gift Wrap', priceCents: 2_345, stock: 10_000, vendorId });
  const house = [await makeProduct(t.app, { name: 'House Lamp', priceCents: 12_310, stock: 1_000 }), await makeProduct(t.app, { name: 'House Mat', priceCents: 4_321, stock: 1_000 })];
  const buy = async (items: { id: number; qty: number }[], buyer?: { trn: string; company: string }) => (await t.app.services.orders.placeOrder(orderRequestSchema.parse({
    items: items.map((i) => ({ product_id: i.id, quantity: i.qty })),
    customer_info: { name: 'Noura Buyer', email: 'noura@example.test', phone: null, ...buyer },
    shipping_address: { address: '3 Creek Road', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'card',
  }), { userId: shopper.user.id })).order.sub_orders;

  // a business buyer's 41-line order (a full tax invoice, B2B: exported as PINT AE), partly credited
  // (over AED 10,000 with an oud chest, so a full tax invoice, not a simplified one: Executive Regulation Art. 59(7))
  const chest = await makeProduct(t.app, { name: 'Oud Chest', priceCents: 1_050_005, stock: 10, vendorId });
  subs.b2b = (await buy([...products.map((p, i) => ({ id: p.id, qty: (i % 4) + 1 })), { id: chest.id, qty: 1 }], { trn: '100999888777666', company: 'Noura Trading LLC' }))[0]!.id;
  await t.app.services.orders.setStatus(subs.b2b, 'shipped');
  const lines = await q<{ id: number }>('select id from order_items where order_id = $1 order by id', [subs.b2b]);
  await t.app.services.orders.setStatus(subs.b2b, 'delivered');
  // two returns received: each a refund and its credit note, in one transaction
  for (const [line, units] of [[lines[0]!, 1], [lines[9]!, 2]] as const) {
    const ret = await t.app.services.returns.request(shopper.user.id, { order_id: subs.b2b, line_id: line.id, units, reason: 'damaged' }, SYSTEM_ACTOR);
    await t.app.services.returns.approve(ret.id, { vendorId }, '', SYSTEM_ACTOR);
    await t.app.services.returns.receive(ret.id, { vendorId }, false, SYSTEM_ACTOR);
  }
  // 200 consumers' sub-orders of one to three lines: some shipped (simplified invoices), some of those cancelled
  // (credit notes), some cancelled before shipping, and with them three sales of the marketplace's own
  for (let i = 0; i < 200; i++) {
    const cart = [{ id: filler.id, qty: 1 }, { id: products[(i * 7) % 40]!.id, qty: (i % 3) + 1 }, ...(i % 2 ? [{ id: products[(i * 11 + 5) % 40]!.id, qty: 1 }] : [])];
    const placed = await buy(i < 3 ? [...cart, { id: house[i % 2]!.id, qty: i + 1 }] : cart);
    subs.many.push(placed.find((s) => s.vendor_id === vendorId)!.id);
    if (i < 3) subs.market.push(placed.find((s) => s.vendor_id === null)!.id);
  }
  for (const [i, id] of subs.many.entries()) {
    if (i % 10 === 0) await t.app.services.orders.setStatus(id, 'shipped');
    if (i % 30 === 0) await t.app.services.orders.setStatus(id, 'cancelled');
    if (i % 50 === 7) await t.app.services.orders.setStatus(id, 'cancelled');
  }
  for (const id of subs.market) await t.app.services.orders.setStatus(id, 'shipped');
  await issueCommissionDocuments(t.database.db, PERIOD, { vendorId, at: AFTER });
}, 600_000);
afterAll(() => t.close());

type Doc = { id: number; number: string; kind: 'invoice' | 'credit_note'; subject: string; order_id: number | null; net_cents: number; tax_cents: number; total_cents: number; snapshot: TaxDocumentSnapshot };
const allDocs = () => q<Doc>('select id, number, kind, subject, order_id, net_cents, tax_cents, total_cents, snapshot from tax_documents order by id');

/** Per rate: its taxable amount (lines' net and taxed shipping) and its VAT, as the document carries them. */
function categories(s: TaxDocumentSnapshot) {
  const by = new Map<number, { taxable: number; tax: number; lines: number }>();
  const add = (rate: number, net: number, tax: number) => {
    const c = by.get(rate) ?? { taxable: 0, tax: 0, lines: 0 };
    by.set(rate, { taxable: c.taxable + net, tax: c.tax + tax, lines: c.lines + 1 });
  };
  for (const l of s.lines) add(l.rateBps, l.netCents, l.taxCents);
  if ((s.shippingRateBps ?? 0) > 0) add(s.shippingRateBps!, s.shippingCents, s.shippingTaxCents ?? 0);
  return by;
}

describe('BR-CO-17 on every document of a realistic month (decision 0142)', () => {
  it('every invoice and credit note: VAT = taxable × rate rounded once per category, lines adding up, totals = what was paid', async () => {
    const docs = await allDocs();
    const commission = docs.filter((d) => d.subject === 'commission');
    // the commission invoice: the 200 consumers' sub-orders and the business order; its credit note: the 11 cancelled
    // and the business order's returns
    expect(commission.map((d) => [d.kind, d.snapshot.lines.length])).toEqual([['invoice', 201], ['credit_note', 7 + 4 + 1]]);
    const kinds = new Set(docs.map((d) => `${d.subject}:${d.kind}:${d.snapshot.form}`));
    expect([...kinds].sort()).toEqual(['commission:credit_note:full', 'commission:invoice:full', 'sale:credit_note:full', 'sale:credit_note:simplified', 'sale:invoice:full', 'sale:invoice:simplified']);
    let rounded = 0;
    for (const d of docs) {
      const cats = categories(d.snapshot);
      for (const [rate, c] of cats) expect(c.tax, `${d.number} at ${rate} bps`).toBe(categoryTaxCents(c.taxable, rate));
      expect([...cats.values()].reduce((n, c) => n + c.tax, 0), d.number).toBe(d.tax_cents);
      expect(d.snapshot.lines.every((l) => l.netCents + l.taxCents === l.totalCents), d.number).toBe(true);
      expect(d.net_cents + d.tax_cents + (d.snapshot.roundingCents ?? 0), d.number).toBe(d.total_cents);
      expect(Math.abs(d.snapshot.roundingCents ?? 0)).toBeLessThanOrEqual(1);
      if (d.snapshot.frozen) rounded += 1;
    }
    // some documents did need their own rounding (the sales' per-line VAT summed differently)
    expect(rounded).toBeGreaterThan(0);
    // what was paid never moved: a sale invoice's total is its sub-order's
    for (const d of docs.filter((x) => x.subject === 'sale' && x.kind === 'invoice')) {
      const [o] = await q<{ total_cents: number }>('select total_cents from orders where id = $1', [d.order_id]);
      expect(d.total_cents, d.number).toBe(o!.total_cents);
    }
  });

  it('the ledger says what the documents say: each sub-order\'s VAT, and the commission VAT of the month', async () => {
    const docs = await allDocs();
    for (const id of [subs.b2b, ...subs.many, ...subs.market]) {
      const mine = docs.filter((d) => d.order_id === id);
      if (!mine.length) continue;
      const documents = mine.reduce((n, d) => n + (d.kind === 'invoice' ? d.tax_cents : -d.tax_cents), 0);
      const [ledger] = await q<{ s: string }>(`select coalesce(-sum(amount_cents), 0)::text as s from ledger_entries where order_id = $1
        and (account = 'sales_tax_payable' or (account = 'vendor_payable' and kind = 'sales_tax'))`, [id]);
      expect(Number(ledger!.s), `sub-order ${id}`).toBe(documents);
    }
    const commission = docs.filter((d) => d.subject === 'commission');
    const documented = commission.reduce((n, d) => n + (d.kind === 'invoice' ? d.tax_cents : -d.tax_cents), 0);
    const [vat] = await q<{ posted: string; all: string }>(`select
        coalesce(-sum(amount_cents) filter (where posting not like 'commission-rounding:%'), 0)::text as posted,
        coalesce(-sum(amount_cents), 0)::text as all from ledger_entries where account = 'commission_vat_payable'`);
    expect(Number(vat!.all)).toBe(documented);
    // the figures: the commission invoice's VAT as the sales posted it (each on its own commission) and as issued
    const invoice = commission.find((d) => d.kind === 'invoice')!;
    const [perSale] = await q<{ s: string }>(`select coalesce(-sum(amount_cents), 0)::text as s from ledger_entries
      where account = 'commission_vat_payable' and kind = 'commission_vat' and posting like 'placed:%'`);
    expect(invoice.tax_cents).toBe(categoryTaxCents(invoice.net_cents, 500));
    expect({ net: invoice.net_cents, perSale: Number(perSale!.s), document: invoice.tax_cents }).toEqual(FIGURES);
    expect(Number(vat!.posted)).not.toBe(documented);
  });

  itWithShared(UBL_FOLDER)('the B2B documents export as PINT AE: schema-valid, BR-CO-17 and the totals rules hold', async () => {
    const docs = (await allDocs()).filter((d) => d.snapshot.supplier.trn && d.snapshot.recipient.trn);
    expect(docs.length).toBe(5);
    await exportValidPintAe(t.app, admin, docs);
  }, 120_000);

  it('the VAT report adds up: totals = net + VAT + rounding, no difference with the ledger', async () => {
    const r = (await call(t.app, { url: `/api/admin/reports/vat?from=${today}&to=${today}`, token: admin })).json as VatReport;
    const docs = (await allDocs()).filter((d) => d.subject === 'sale');
    expect(r.total.totals.total_cents).toBe(r.total.totals.net_cents + r.total.totals.tax_cents + r.total.totals.rounding_cents);
    expect(r.total.totals.rounding_cents).toBe(docs.reduce((n, d) => n + (d.kind === 'invoice' ? 1 : -1) * (d.snapshot.roundingCents ?? 0), 0));
    for (const i of r.issuers) expect(i.reconciliation.difference_cents, i.issuer).toBe(0);
  });
});

// the month's commission 2,237.35: the sales' VAT, each on its own commission, adds up to 111.95; the invoice's, rounded
// once, is 111.87 (2,237.35 × 5 % = 111.8675), the 8 fils posted back to the vendor with it
const FIGURES = { net: 223_735, perSale: 11_195, document: 11_187 };
