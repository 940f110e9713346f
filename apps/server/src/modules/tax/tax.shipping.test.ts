import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRequestSchema } from '@souq/shared/api/orders';
import type { VatReport } from '@souq/shared/api/vat-report';
import { SYSTEM_ACTOR } from '../../platform/audit.js';
import { call, type signupCustomer, type signupVendor, type TestContext } from '../../../test/harness.js';
import { BUYER_TRN, taxMarketplace, VENDOR_TRN } from '../../../test/tax-fixtures.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { pageTexts } from '../../../test/pdf-pages.js';
import { pintViolations } from '../../../test/pint-ae-rules.js';
import { itWithShared } from '../../../test/shared-assets.js';
import { UBL_FOLDER, ublSchemaErrors } from '../../../test/ubl-schemas.js';

// Issue 34 items 3 and 4, decision 0133, worked by hand: a registered and an unregistered seller each sell one 25.00
// item to a registrant buyer and each charge the default 9.99 shipping. The checkout total does not change (prices and
// shipping include VAT); the registered seller's shipping holds 0.48 of VAT, on its invoice and credit note as a
// standard-rated line, in Box 1 and as an S line of the PINT AE export (schema-valid); its payable is credited the VAT;
// the unregistered seller's shipping carries none and its documents say nothing of VAT.
let t: TestContext;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let reg: Awaited<ReturnType<typeof signupVendor>>;
let unreg: Awaited<ReturnType<typeof signupVendor>>;
const itUbl = itWithShared(UBL_FOLDER);

beforeAll(async () => {
  ({ t, admin, shopper, reg, unreg } = await taxMarketplace());
  // the registered seller declares its emirate, so its supplies land in a Box 1 line (decision 0111)
  expect((await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: reg.token, body: { vat_registered: true, trn: VENDOR_TRN, emirate: 'dubai' } })).status).toBe(200);
});
afterAll(() => t.close());

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
type Snap = { title: string; shippingCents: number; shippingTaxCents?: number; shippingRateBps?: number; totals: { netCents: number; taxCents: number; totalCents: number } };
const docsOf = (orderId: number) => q<{ id: number; kind: string; net_cents: number; tax_cents: number; total_cents: number; snapshot: Snap }>(
  'select id, kind, net_cents, tax_cents, total_cents, snapshot from tax_documents where order_id = $1 order by id', [orderId]);
const rowsOf = (orderId: number) => q<{ account: string; kind: string; amount_cents: number }>(
  `select account, kind, sum(amount_cents)::int as amount_cents from ledger_entries where order_id = $1 group by 1, 2 having sum(amount_cents) <> 0 order by 1, 2`, [orderId]);
const pdfText = async (id: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/tax-documents/${id}/pdf`, headers: { authorization: `Bearer ${admin}` } });
  expect(res.statusCode).toBe(200);
  return pageTexts(res.rawPayload).flat().join('\n');
};
const TAX_WORDS = /Tax Invoice|Tax Credit Note|Standard rate|Zero-rated|VAT rate|Total VAT|including VAT|TRN/;

let regSub = 0;
let unregSub = 0;

describe("shipping is a registered seller's taxable supply (issue 34 item 4, decision 0133)", () => {
  it('the checkout total stays 34.99 per seller; the registered one holds 1.19 + 0.48 of VAT, credited to its payable', async () => {
    const oud = await makeProduct(t.app, { name: 'Oud Sample', priceCents: 2_500, vendorId: reg.vendor.id });
    const bowl = await makeProduct(t.app, { name: 'Clay Cup', priceCents: 2_500, vendorId: unreg.vendor.id });
    const request = orderRequestSchema.parse({
      items: [{ product_id: oud.id, quantity: 1 }, { product_id: bowl.id, quantity: 1 }],
      customer_info: { name: 'Huda Shopper', email: 'huda@example.test', phone: null, trn: BUYER_TRN, company: 'Huda Trading LLC' },
      shipping_address: { address: '9 Marina Walk', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'card',
    });
    const quote = await call(t.app, { method: 'POST', url: '/api/orders/quote', body: { items: request.items } });
    const order = (await t.app.services.orders.placeOrder(request, { userId: shopper.user.id })).order;
    const byVendor = (v: number) => order.sub_orders.find((s) => s.vendor_id === v)!;
    regSub = byVendor(reg.vendor.id).id;
    unregSub = byVendor(unreg.vendor.id).id;
    // 25.00 incl. 1.19 and 9.99 incl. 0.48 (9.99 × 5/105 = 0.4757): the shopper pays what the shelf and the rule say
    expect([byVendor(reg.vendor.id).total_amount, byVendor(reg.vendor.id).shipping, byVendor(reg.vendor.id).tax]).toEqual([34.99, 9.99, 1.67]);
    expect([byVendor(unreg.vendor.id).total_amount, byVendor(unreg.vendor.id).shipping, byVendor(unreg.vendor.id).tax]).toEqual([34.99, 9.99, 0]);
    expect(quote.json.total).toBe(69.98);
    expect(quote.json.tax).toBe(1.67);
    // the registered seller is owed all of it less commission (10 %: 2.50) and its VAT (0.13): 34.99 − 2.63 = 32.36,
    // of which 1.67 VAT it declares; nothing is left in sales_tax_payable
    expect(await rowsOf(regSub)).toEqual([
      { account: 'commission_revenue', kind: 'commission', amount_cents: -250 },
      { account: 'commission_vat_payable', kind: 'commission_vat', amount_cents: -13 },
      { account: 'shopper_receivable', kind: 'sale', amount_cents: 3_499 },
      { account: 'vendor_payable', kind: 'commission', amount_cents: 250 },
      { account: 'vendor_payable', kind: 'commission_vat', amount_cents: 13 },
      { account: 'vendor_payable', kind: 'sale', amount_cents: -2_381 },
      { account: 'vendor_payable', kind: 'sales_tax', amount_cents: -167 },
      { account: 'vendor_payable', kind: 'shipping', amount_cents: -951 },
    ]);
    expect((await rowsOf(unregSub)).filter((r) => r.kind === 'sales_tax' || r.account === 'sales_tax_payable')).toEqual([]);
    const earnings = await call(t.app, { url: '/api/vendor/earnings', token: reg.token });
    expect(earnings.json).toMatchObject({ balance_cents: 3_236, held_cents: 3_236 });
  });

  it('invoices: the registered seller\'s shipping at 5 % (net 9.51, VAT 0.48), the unregistered seller\'s with no VAT and no tax words', async () => {
    await t.app.services.orders.setStatus(regSub, 'shipped');
    await t.app.services.orders.setStatus(unregSub, 'shipped');
    const [inv] = await docsOf(regSub);
    expect(inv).toMatchObject({ kind: 'invoice', net_cents: 2_381 + 951, tax_cents: 167, total_cents: 3_499 });
    expect(inv!.snapshot).toMatchObject({ shippingCents: 951, shippingTaxCents: 48, shippingRateBps: 500, totals: { netCents: 3_332, taxCents: 167, totalCents: 3_499 } });
    const regPdf = await pdfText(inv!.id);
    // the shipping row: its category under the label, 5 %, net, VAT and gross
    expect(regPdf).toMatch(/Shipping\s+Standard rate \(5%\)/);
    for (const figure of ['9.51', '0.48', '9.99', '1.67', '34.99']) expect(regPdf).toContain(figure);

    const [plain] = await docsOf(unregSub);
    expect(plain).toMatchObject({ kind: 'invoice', net_cents: 3_499, tax_cents: 0, total_cents: 3_499 });
    expect(plain!.snapshot).toMatchObject({ shippingCents: 999, shippingTaxCents: 0, shippingRateBps: 0 });
    const plainPdf = await pdfText(plain!.id);
    expect(plainPdf).toContain('Shipping');
    expect(plainPdf).not.toMatch(TAX_WORDS);
    expect(plain!.snapshot.title).not.toMatch(/Tax/);
  });

  it('the VAT report puts the taxed shipping in Box 1 (1b) and the untaxed shipping outside the boxes', async () => {
    const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
    const r = (await call(t.app, { url: `/api/admin/reports/vat?from=${today}&to=${today}`, token: admin })).json as VatReport;
    const vendor = r.issuers.find((i) => i.vendor_id === reg.vendor.id)!;
    const plain = r.issuers.find((i) => i.vendor_id === unreg.vendor.id)!;
    expect(vendor.boxes).toMatchObject({ box1_standard_cents: 3_332, box1_vat_cents: 167 });
    expect(vendor.box1_emirates.filter((e) => e.net_cents)).toEqual([{ emirate: 'dubai', box: '1b', net_cents: 3_332, tax_cents: 167 }]);
    expect(vendor.shipping_cents).toBe(0);
    expect(vendor.reconciliation).toMatchObject({ documents_tax_cents: 167, ledger_tax_cents: 167, difference_cents: 0 });
    expect(plain.boxes.box8_total_cents).toBe(0);
    expect(plain.shipping_cents).toBe(999);
    // the documents' totals are the categories plus the untaxed shipping, to the fil
    for (const f of [vendor, plain]) expect(f.totals.net_cents).toBe(f.categories.reduce((n, c) => n + c.net_cents, 0) + f.shipping_cents);
  });

  itUbl('PINT AE: the shipping is an S 5 % line of the invoice and of the credit note; both schema-valid, the rules hold', async () => {
    await t.app.services.orders.setStatus(regSub, 'delivered');
    const [line] = await q<{ id: number }>('select id from order_items where order_id = $1', [regSub]);
    // the whole sub-order comes back: the shipping is refunded with it, VAT included
    const ret = await t.app.services.returns.request(shopper.user.id, { order_id: regSub, line_id: line!.id, units: 1, reason: 'damaged' }, SYSTEM_ACTOR);
    await t.app.services.returns.approve(ret.id, { vendorId: reg.vendor.id }, '', SYSTEM_ACTOR);
    const received = await t.app.services.returns.receive(ret.id, { vendorId: reg.vendor.id }, false, SYSTEM_ACTOR);
    expect(received.refund).toMatchObject({ total_cents: 3_499, goods_cents: 2_381, tax_cents: 167, shipping_cents: 951 });
    const [, cn] = await docsOf(regSub);
    expect(cn).toMatchObject({ kind: 'credit_note', net_cents: 3_332, tax_cents: 167, total_cents: 3_499 });
    expect(cn!.snapshot).toMatchObject({ title: 'Tax Credit Note', shippingCents: 951, shippingTaxCents: 48, shippingRateBps: 500 });
    // the seller's VAT and balance back to zero with the documents
    const payable = (await rowsOf(regSub)).filter((r) => r.account === 'vendor_payable');
    expect(payable.find((r) => r.kind === 'sales_tax')).toBeUndefined(); // 167 credited, 167 debited back
    expect(payable.reduce((n, r) => n + r.amount_cents, 0)).toBe(0);

    const exported = [];
    for (const d of await docsOf(regSub)) {
      const res = await call(t.app, { url: `/api/admin/tax-documents/${d.id}/pint-ae`, token: admin });
      expect(res.status).toBe(200);
      exported.push({ name: String(d.id), xml: res.body as string });
    }
    expect(await ublSchemaErrors(exported)).toEqual([[], []]);
    for (const e of exported) {
      expect(pintViolations(e.xml)).toEqual([]);
      expect(e.xml).not.toContain('AllowanceCharge');
      const shipping = e.xml.split(/<cac:(?:Invoice|CreditNote)Line>/).find((l) => l.includes('<cbc:Name>Shipping</cbc:Name>'))!;
      expect(shipping).toMatch(/<cbc:LineExtensionAmount currencyID="AED">9\.51<\/cbc:LineExtensionAmount>/);
      expect(shipping).toMatch(/<cbc:TaxAmount currencyID="AED">0\.48<\/cbc:TaxAmount>/);
      expect(shipping).toMatch(/<cbc:ID>S<\/cbc:ID>\s*<cbc:Percent>5<\/cbc:Percent>/);
      expect(e.xml).toMatch(/<cbc:TaxableAmount currencyID="AED">33\.32<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="AED">1\.67<\/cbc:TaxAmount>/);
    }
  }, 120_000);
});
