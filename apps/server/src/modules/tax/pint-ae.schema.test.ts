import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { orderRequestSchema } from '@souq/shared/api/orders';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { pintViolations } from '../../../test/pint-ae-rules.js';
import { exportValidPintAe } from '../../../test/pint-ae-export.js';
import { itWithShared, sharedPath } from '../../../test/shared-assets.js';
import { UBL_FOLDER, ublSchemaErrors, ublSchemaFiles } from '../../../test/ubl-schemas.js';
import { issueCommissionDocuments } from './commission.documents.js';
import { periodBounds, periodOf } from './commission.period.js';
import { issueCreditNote } from './tax.documents.js';

// The PINT AE export (decisions 0108, 0120) against the OASIS UBL 2.1 schemas in ../shared/ubl-2.1 (Invoice and
// CreditNote), the validator first shown right on the release's own examples and wrong on broken ones; then Souq's
// documents: a B2B tax invoice with standard, zero-rated and exempt lines and shipping, its credit note, a commission
// invoice over several sub-orders and its credit note, each also against the PINT AE rules the export relies on.
const itUbl = itWithShared(UBL_FOLDER);

let t: TestContext;
const MARKETPLACE_TRN = '100000000000003';
const VENDOR_TRN = '100123456700003';
const BUYER_TRN = '100999888777666';
const PERIOD = periodOf(new Date());
const AFTER = new Date(periodBounds(PERIOD).end.getTime() + 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminToken(t.app, t.config);
  expect((await call(t.app, {
    method: 'PUT', url: '/api/admin/tax-settings', token: admin,
    body: { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: 'Souq Marketplace FZ-LLC', address: 'Office 4, Dubai Silicon Oasis, Dubai, UAE', trn: MARKETPLACE_TRN },
  })).status).toBe(200);
});
afterAll(() => t.close());

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const examples = () => fs.readdirSync(sharedPath(UBL_FOLDER, 'examples')).filter((f) => f.endsWith('.xml')).sort()
  .map((name) => ({ name, xml: fs.readFileSync(sharedPath(UBL_FOLDER, 'examples', name), 'utf8') }));

describe('the validator, on the OASIS release itself', () => {
  itUbl('loads every schema of the release and passes its own Invoice and CreditNote examples', async () => {
    const names = ublSchemaFiles().map((f) => f.fileName);
    expect(names).toEqual(expect.arrayContaining(['maindoc/UBL-Invoice-2.1.xsd', 'maindoc/UBL-CreditNote-2.1.xsd', 'common/UBL-CommonAggregateComponents-2.1.xsd']));
    const docs = examples();
    expect(docs.map((d) => d.name)).toEqual(expect.arrayContaining(['UBL-Invoice-2.1-Example.xml', 'UBL-CreditNote-2.1-Example.xml']));
    expect(await ublSchemaErrors(docs)).toEqual(docs.map(() => []));
  }, 60_000);

  itUbl('fails a document with an element renamed, removed, out of order, or an amount without its currency', async () => {
    const invoice = examples().find((d) => d.name === 'UBL-Invoice-2.1-Example.xml')!.xml;
    const credit = examples().find((d) => d.name === 'UBL-CreditNote-2.1-Example.xml')!.xml;
    const broken = [
      { name: 'renamed', xml: invoice.replace(/<cbc:IssueDate>([^<]*)<\/cbc:IssueDate>/, '<cbc:IssueDay>$1</cbc:IssueDay>') },
      // IssueDate is mandatory (minOccurs 1)
      { name: 'removed', xml: credit.replace(/<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, '') },
      { name: 'reordered', xml: invoice.replace(/(<cbc:ID>[^<]*<\/cbc:ID>)(\s*)(<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)/, '$3$2$1') },
      { name: 'no-currency', xml: invoice.replace(/(<cbc:PayableAmount) currencyID="[^"]*"/, '$1') },
    ];
    for (const b of broken) expect(b.xml, b.name).not.toBe(b.name === 'removed' ? credit : invoice);
    const errors = await ublSchemaErrors(broken);
    errors.forEach((e, i) => expect(e.length, broken[i]!.name).toBeGreaterThan(0));
    expect(errors[0]!.join(' ')).toContain('IssueDay');
  }, 60_000);
});

describe("Souq's PINT AE documents against the schemas and the rules", () => {
  itUbl('a B2B tax invoice and credit note, a commission invoice and credit note: schema-valid, the rules hold', async () => {
    const admin = await adminToken(t.app, t.config);
    const shopper = await signupCustomer(t.app, 'Huda Trading');
    const reg = await signupVendor(t.app, 'Registered Perfumes LLC');
    expect((await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: reg.token, body: { vat_registered: true, trn: VENDOR_TRN } })).status).toBe(200);
    await q('update vendors set is_verified = true where id = $1', [reg.vendor.id]);
    // a commission whose per-sale VAT rounding drifts (1.10 per sale at 10 %: 5.5 fils each), so the document's own
    // rounding is what the export shows
    await q(`insert into commission_rates (key, rate_bps) values ($1, 1000)`, [`vendor:${reg.vendor.id}`]);
    const scent = await makeProduct(t.app, { name: 'Amber & Musk "Eau" <50ml>', priceCents: 12_345, vendorId: reg.vendor.id });
    const dates = await makeProduct(t.app, { name: 'Medjool Dates 1kg', priceCents: 4_599, vendorId: reg.vendor.id });
    const course = await makeProduct(t.app, { name: 'Perfumery Course', priceCents: 50_000, vendorId: reg.vendor.id });
    const sweet = await makeProduct(t.app, { name: 'Date Sweet', priceCents: 1_100, vendorId: reg.vendor.id });
    await q(`update products set tax_category = 'zero' where id = $1`, [dates.id]);
    await q(`update products set tax_category = 'exempt' where id = $1`, [course.id]);
    const buy = async (items: { id: number; qty: number }[]) => (await t.app.services.orders.placeOrder(orderRequestSchema.parse({
      items: items.map((i) => ({ product_id: i.id, quantity: i.qty })),
      customer_info: { name: 'Huda Shopper', email: 'huda@example.test', phone: null, trn: BUYER_TRN, company: 'Huda Trading LLC' },
      shipping_address: { address: '9 Marina Walk', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'card',
    }), { userId: shopper.user.id })).order.sub_orders[0]!.id;
    const b2b = await buy([{ id: scent.id, qty: 3 }, { id: dates.id, qty: 2 }, { id: course.id, qty: 1 }]);
    await t.app.services.orders.setStatus(b2b, 'shipped');
    const sweets: number[] = [];
    for (let i = 0; i < 3; i++) sweets.push(await buy([{ id: sweet.id, qty: 1 }]));
    const [item] = await q<{ id: number }>('select id from order_items where order_id = $1 order by id limit 1', [b2b]);
    await t.database.db.transaction((tx) => issueCreditNote(tx, { orderId: b2b, lines: [{ orderItemId: item!.id, quantity: 1 }], reason: 'Damaged in transit' }));
    // a cancelled sweet: its commission reversed, so the month has a commission credit note too
    await t.app.services.orders.setStatus(sweets[0]!, 'cancelled');
    await issueCommissionDocuments(t.database.db, PERIOD, { vendorId: reg.vendor.id, at: AFTER });

    const docs = await q<{ id: number; number: string; kind: string; subject: string }>(
      `select id, number, kind, subject from tax_documents where (order_id = $1 or (subject = 'commission' and vendor_id = $2)) order by id`, [b2b, reg.vendor.id]);
    expect(docs.map((d) => [d.subject, d.kind])).toEqual([['sale', 'invoice'], ['sale', 'credit_note'], ['commission', 'invoice'], ['commission', 'credit_note']]);
    const exported = await exportValidPintAe(t.app, admin, docs);

    // and the checks can fail on them: a category's tax off by a fil (BR-CO-17), an element the schema does not know
    const commission = exported[2]!.xml;
    const offByOne = commission.replace(/(<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="AED">[\d.]+<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="AED">)(\d+)\.(\d{2})/,
      (_, head: string, units: string, cents: string) => `${head}${((Number(units) * 100 + Number(cents) + 1) / 100).toFixed(2)}`);
    expect(offByOne).not.toBe(commission);
    expect(pintViolations(offByOne)).toContain('BR-CO-17 tax of S 5% = taxable × rate');
    const unknown = commission.replace('<cbc:BuyerReference>', '<cbc:BuyerNote>x</cbc:BuyerNote>\n  <cbc:BuyerReference>');
    expect((await ublSchemaErrors([{ name: 'unknown', xml: unknown }]))[0]!.join(' ')).toContain('BuyerNote');
  }, 120_000);
});

describe('a promotion on the documents (decision 0152)', () => {
  itUbl("the seller's share as the price's allowance, the marketplace's as prepaid: schema-valid, the rules hold, VAT on the reduced supply", async () => {
    const admin = await adminToken(t.app, t.config);
    const shopper = await signupCustomer(t.app, 'Huda Promo Trading');
    const reg = await signupVendor(t.app, 'Registered Promo Perfumes LLC');
    expect((await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: reg.token, body: { vat_registered: true, trn: VENDOR_TRN } })).status).toBe(200);
    await q('update vendors set is_verified = true where id = $1', [reg.vendor.id]);
    const oud = await makeProduct(t.app, { name: 'Oud Oil 12ml', priceCents: 12_345, vendorId: reg.vendor.id });
    const day = 86_400_000;
    const camp = await call(t.app, {
      method: 'POST', url: '/api/admin/promotions', token: admin,
      body: { kind: 'coupon', name: 'Oud week', code: 'OUD-WEEK', percent_bps: 1500, funder: 'split', seller_percent: 50, starts_at: new Date(Date.now() - day).toISOString(), ends_at: new Date(Date.now() + day).toISOString() },
    });
    expect(camp.status, camp.body).toBe(201);
    expect((await call(t.app, { method: 'POST', url: `/api/vendor/campaigns/${camp.json.id}/opt-in`, token: reg.token, body: { product_ids: [oud.id] } })).status).toBe(200);
    const placed = await t.app.services.orders.placeOrder(orderRequestSchema.parse({
      items: [{ product_id: oud.id, quantity: 3 }], coupon_code: 'OUD-WEEK',
      customer_info: { name: 'Huda Shopper', email: 'huda@example.test', phone: null, trn: BUYER_TRN, company: 'Huda Trading LLC' },
      shipping_address: { address: '9 Marina Walk', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'cod',
    }), { userId: shopper.user.id });
    const sub = placed.order.sub_orders[0]!;
    // 15 % of 370.35 = 55.55 (rounded down): 27.78 the seller's (half up), 27.77 the marketplace's
    expect(sub).toMatchObject({ subtotal: 342.57, promotion_discount: 55.55, promotion_paid_amount: 27.77 });
    await t.app.services.orders.setStatus(sub.id, 'shipped');
    const [item] = await q<{ id: number; tax_cents: number }>('select id, tax_cents from order_items where order_id = $1', [sub.id]);
    // one unit back: a third of the reduced line, and a third of the marketplace's share (9.26) as the credit note's prepaid
    await t.database.db.transaction((tx) => issueCreditNote(tx, { orderId: sub.id, lines: [{ orderItemId: item!.id, quantity: 1 }], prepaidCents: 926, reason: 'Returned' }));
    const docs = await q<{ id: number; number: string; kind: string; tax_cents: number; snapshot: { prepaidCents?: number; lines: { discountCents?: number; allowanceNetCents?: number; taxCents: number }[] } }>(
      'select id, number, kind, tax_cents, snapshot from tax_documents where order_id = $1 order by id', [sub.id]);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    const [invoice, credit] = docs;
    expect(invoice!.snapshot.prepaidCents).toBe(2_777);
    expect(invoice!.snapshot.lines[0]).toMatchObject({ discountCents: 2_778, allowanceNetCents: 2_645 });
    // the invoice's VAT is on the supply after the seller's share only (the marketplace's share changes nothing)
    expect(invoice!.snapshot.lines[0]!.taxCents).toBe(item!.tax_cents);
    expect(credit!.snapshot).toMatchObject({ prepaidCents: 926, lines: [{ discountCents: 926 }] });
    const exported = await exportValidPintAe(t.app, admin, docs);
    expect(exported[0]!.xml).toContain('<cbc:PrepaidAmount currencyID="AED">27.77</cbc:PrepaidAmount>');
    expect(exported[0]!.xml).toMatch(/<cac:Price>[\s\S]*<cac:AllowanceCharge>\s*<cbc:ChargeIndicator>false<\/cbc:ChargeIndicator>\s*<cbc:Amount currencyID="AED">26.45<\/cbc:Amount>/);
    // a payable that ignores the prepaid amount breaks BR-CO-16
    const wrong = exported[0]!.xml.replace(/<cbc:PrepaidAmount currencyID="AED">27.77<\/cbc:PrepaidAmount>\s*/, '');
    expect(pintViolations(wrong)).toContain('BR-CO-16 payable');
  }, 120_000);
});
