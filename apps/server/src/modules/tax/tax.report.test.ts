import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VatFigures, VatReport } from '@souq/shared/api/vat-report';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { expectAdminOnly, makeProduct, placeOrder } from '../../../test/admin-fixtures.js';
import { periodBounds } from './tax.report.js';

// The VAT report (decision 0109) over orders of a registered vendor, an unregistered one and the marketplace itself,
// a partial return with its credit note, a sub-order not yet invoiced and one cancelled before shipping. Every box is
// checked to the fils against figures worked out by hand from the rule of decision 0098.
let t: TestContext;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let reg: Awaited<ReturnType<typeof signupVendor>>;
let unreg: Awaited<ReturnType<typeof signupVendor>>;
const MARKETPLACE_TRN = '100000000000003';
const VENDOR_TRN = '100123456700003';
/** Today in UAE time: the documents issued by this test fall in it. */
const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
const yesterday = new Date(Date.now() + 4 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
const shippingOf = async (ids: number[]) => Number((await t.database.query<{ s: string }>('select coalesce(sum(shipping_cents), 0)::text as s from orders where id = any($1)', [ids]))[0]!.s);

const subs: Record<'reg' | 'unreg' | 'market' | 'waiting' | 'cancelled', number> = { reg: 0, unreg: 0, market: 0, waiting: 0, cancelled: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  shopper = await signupCustomer(t.app, 'Mariam Buyer');
  reg = await signupVendor(t.app, 'Al Noor Spices LLC');
  unreg = await signupVendor(t.app, 'Henna Corner');
  expect((await call(t.app, {
    method: 'PUT', url: '/api/admin/tax-settings', token: admin,
    body: { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: 'Souq Marketplace FZ-LLC', address: 'Dubai Silicon Oasis, Dubai', trn: MARKETPLACE_TRN, emirate: 'dubai' },
  })).status).toBe(200);
  expect((await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: reg.token, body: { vat_registered: true, trn: VENDOR_TRN, emirate: 'sharjah' } })).status).toBe(200);
  // the admin's KYC verification (with the documents) makes the TRN count
  await t.database.query('update vendors set is_verified = true where id = $1', [reg.vendor.id]);

  const saffron = await makeProduct(t.app, { name: 'Saffron 1g', priceCents: 3_333, vendorId: reg.vendor.id });
  const dates = await makeProduct(t.app, { name: 'Ajwa Dates', priceCents: 4_500, vendorId: reg.vendor.id });
  const course = await makeProduct(t.app, { name: 'Spice Course Voucher', priceCents: 1_250, vendorId: reg.vendor.id });
  await t.database.query(`update products set tax_category = 'zero' where id = $1`, [dates.id]);
  await t.database.query(`update products set tax_category = 'exempt' where id = $1`, [course.id]);
  const henna = await makeProduct(t.app, { name: 'Henna Cones', priceCents: 3_000, vendorId: unreg.vendor.id });
  const book = await makeProduct(t.app, { name: 'Arabic Calligraphy Book', priceCents: 21_000 });

  const first = await placeOrder(t.app, [
    { productId: saffron.id, quantity: 3 }, { productId: dates.id, quantity: 2 }, { productId: course.id, quantity: 1 },
    { productId: henna.id, quantity: 1 }, { productId: book.id, quantity: 1 },
  ], { userId: shopper.user.id });
  const bySeller = (v: number | null) => first.purchase.sub_orders.find((s) => s.vendor_id === v)!.id;
  subs.reg = bySeller(reg.vendor.id);
  subs.unreg = bySeller(unreg.vendor.id);
  subs.market = bySeller(null);
  for (const id of [subs.reg, subs.unreg, subs.market]) {
    await t.app.services.orders.setStatus(id, 'shipped');
    await t.app.services.orders.setStatus(id, 'delivered');
  }
  subs.waiting = (await placeOrder(t.app, [{ productId: saffron.id, quantity: 1 }])).id; // sold, not shipped: no invoice yet
  subs.cancelled = (await placeOrder(t.app, [{ productId: saffron.id, quantity: 2 }])).id;
  await t.app.services.orders.setStatus(subs.cancelled, 'cancelled'); // before shipping: no document, the ledger nets to zero

  // one of the three saffron units comes back: a refund and its Tax Credit Note in one transaction
  const [line] = await t.database.query<{ id: number }>('select id from order_items where order_id = $1 and product_name = $2', [subs.reg, 'Saffron 1g']);
  const asked = await call(t.app, { method: 'POST', url: '/api/my/returns', token: shopper.token, body: { order_id: subs.reg, line_id: line!.id, units: 1, reason: 'damaged' } });
  expect(asked.status).toBe(201);
  expect((await call(t.app, { method: 'POST', url: `/api/vendor/returns/${asked.json.id}/approve`, token: reg.token, body: {} })).status).toBe(200);
  expect((await call(t.app, { method: 'POST', url: `/api/vendor/returns/${asked.json.id}/receive`, token: reg.token, body: { restock: false } })).status).toBe(200);
});
afterAll(() => t.close());

const category = (f: VatFigures, c: string) => f.categories.find((r) => r.category === c)!;

describe('the VAT report (decision 0109)', () => {
  it('per issuer and in total: categories, the 201 boxes net of the credit note, to the fils, and a zero difference with the ledger', async () => {
    const res = await call(t.app, { url: `/api/admin/reports/vat?from=${today}&to=${today}`, token: admin });
    expect(res.status).toBe(200);
    const r = res.json as VatReport;
    expect(r.issuers.map((i) => i.issuer)).toEqual(['marketplace', `vendor:${reg.vendor.id}`, `vendor:${unreg.vendor.id}`]);
    const [market, vendor, plain] = r.issuers;

    // registered vendor: saffron 3 × 33.33 = 99.99 incl. VAT 4.76 (net 95.23); one unit back = 33.33 incl. VAT 1.59 (net 31.74)
    expect(vendor).toMatchObject({ name: 'Al Noor Spices LLC', trn: VENDOR_TRN, invoices: 1, credit_notes: 1 });
    expect(category(vendor!, 'standard')).toEqual({ category: 'standard', invoiced_net_cents: 9_523, invoiced_tax_cents: 476, credited_net_cents: 3_174, credited_tax_cents: 159, net_cents: 6_349, tax_cents: 317 });
    expect(category(vendor!, 'zero')).toMatchObject({ net_cents: 9_000, tax_cents: 0 });
    expect(category(vendor!, 'exempt')).toMatchObject({ net_cents: 1_250, tax_cents: 0 });
    expect(vendor!.boxes).toEqual({ box1_standard_cents: 6_349, box1_vat_cents: 317, box4_zero_rated_cents: 9_000, box5_exempt_cents: 1_250, box8_total_cents: 16_599, box8_vat_cents: 317 });
    // not invoiced yet: the waiting sub-order's 33.33 (VAT 1.59) and its shipping 9.99 (VAT 0.48, decision 0133),
    // credited to the vendor's payable (decision 0133) and counted from there
    expect(vendor!.reconciliation).toEqual({ documents_tax_cents: 317, ledger_tax_cents: 317, difference_cents: 0, uninvoiced_ledger_tax_cents: 159 + 48 });
    // Box 1 in the emirate of its establishment (Sharjah, 1c), the credit note there too (decision 0111)
    expect(vendor!.box1_emirates.filter((e) => e.net_cents || e.tax_cents)).toEqual([{ emirate: 'sharjah', box: '1c', net_cents: 6_349, tax_cents: 317 }]);
    expect(vendor!.box1_not_set).toEqual({ net_cents: 0, tax_cents: 0 });

    // unregistered vendor: its supplies stay outside every box; its document carries no VAT
    expect(plain).toMatchObject({ name: 'Henna Corner', trn: null, invoices: 1, credit_notes: 0 });
    expect(category(plain!, 'not_registered')).toMatchObject({ net_cents: 3_000, tax_cents: 0 });
    expect(plain!.boxes).toEqual({ box1_standard_cents: 0, box1_vat_cents: 0, box4_zero_rated_cents: 0, box5_exempt_cents: 0, box8_total_cents: 0, box8_vat_cents: 0 });

    // the marketplace's own sale: 210.00 incl. VAT 10.00
    expect(market).toMatchObject({ name: 'Souq Marketplace FZ-LLC', trn: MARKETPLACE_TRN });
    expect(market!.boxes).toMatchObject({ box1_standard_cents: 20_000, box1_vat_cents: 1_000 });
    expect(market!.box1_emirates.filter((e) => e.net_cents || e.tax_cents)).toEqual([{ emirate: 'dubai', box: '1b', net_cents: 20_000, tax_cents: 1_000 }]);
    // no commission document yet (the month is open): its VAT waits in the ledger, not a difference
    expect(market!.commission_reconciliation).toMatchObject({ documents_tax_cents: 0, ledger_tax_cents: 0, difference_cents: 0 });
    expect(market!.commission_reconciliation.uninvoiced_ledger_tax_cents).toBeGreaterThan(0);

    expect(r.total.boxes).toEqual({ box1_standard_cents: 26_349, box1_vat_cents: 1_317, box4_zero_rated_cents: 9_000, box5_exempt_cents: 1_250, box8_total_cents: 36_599, box8_vat_cents: 1_317 });
    expect(r.total.reconciliation).toEqual({ documents_tax_cents: 1_317, ledger_tax_cents: 1_317, difference_cents: 0, uninvoiced_ledger_tax_cents: 159 + 48 });
    expect([r.total.invoices, r.total.credit_notes]).toEqual([3, 1]);
    expect(r.total.box1_emirates.map((e) => e.box)).toEqual(['1a', '1b', '1c', '1d', '1e', '1f', '1g']);
    expect(r.total.box1_emirates.filter((e) => e.net_cents || e.tax_cents).map((e) => [e.box, e.net_cents, e.tax_cents])).toEqual([['1b', 20_000, 1_000], ['1c', 6_349, 317]]);

    // the categories and the shipping add up to the documents' own totals, to the fils
    const shipping = await shippingOf([subs.reg, subs.unreg, subs.market]);
    expect(r.total.shipping_cents).toBe(shipping);
    const net = r.total.categories.reduce((s, c) => s + c.net_cents, 0) + r.total.shipping_cents;
    const tax = r.total.categories.reduce((s, c) => s + c.tax_cents, 0);
    expect(r.total.totals).toEqual({ net_cents: net, tax_cents: tax, rounding_cents: r.total.totals.rounding_cents, total_cents: net + tax + r.total.totals.rounding_cents });
    expect(r.total.totals.total_cents).toBe(9_999 + 9_000 + 1_250 + 3_000 + 21_000 + shipping - 3_333);
  });

  it('shows a difference when the ledger and the documents disagree', async () => {
    // an adjustment posted straight to sales_tax_payable on an invoiced sub-order, as a faulty posting would be
    await t.database.query(`insert into ledger_entries (posting, account, kind, amount_cents, currency, order_id) values
      ('test:drift', 'sales_tax_payable', 'adjustment', -7, 'AED', $1), ('test:drift', 'marketplace_adjustments', 'adjustment', 7, 'AED', $1)`, [subs.market]);
    const r = (await call(t.app, { url: `/api/admin/reports/vat?from=${today}&to=${today}`, token: admin })).json as VatReport;
    expect(r.issuers[0]!.reconciliation).toMatchObject({ documents_tax_cents: 1_000, ledger_tax_cents: 1_007, difference_cents: -7 });
    expect(r.total.reconciliation.difference_cents).toBe(-7);
    await t.database.query(`insert into ledger_entries (posting, account, kind, amount_cents, currency, order_id) values
      ('test:drift-back', 'sales_tax_payable', 'adjustment', 7, 'AED', $1), ('test:drift-back', 'marketplace_adjustments', 'adjustment', -7, 'AED', $1)`, [subs.market]);
    expect(((await call(t.app, { url: `/api/admin/reports/vat?from=${today}&to=${today}`, token: admin })).json as VatReport).total.reconciliation.difference_cents).toBe(0);
  });

  it('an earlier period has no documents, and a period is read in UAE days', async () => {
    const r = (await call(t.app, { url: `/api/admin/reports/vat?from=${yesterday}&to=${yesterday}`, token: admin })).json as VatReport;
    expect(r.issuers).toEqual([]);
    expect(r.total.boxes.box8_total_cents).toBe(0);
    const b = periodBounds({ from: '2026-01-01', to: '2026-03-31' });
    expect([b.start.toISOString(), b.end.toISOString()]).toEqual(['2025-12-31T20:00:00.000Z', '2026-03-31T20:00:00.000Z']);
  });

  it("a vendor sees its own summary only; CSV for both; admin-only report; bad periods are a 400", async () => {
    const mine = (await call(t.app, { url: `/api/vendor/vat-summary?from=${today}&to=${today}`, token: reg.token })).json as VatReport;
    expect(mine.issuers.map((i) => i.issuer)).toEqual([`vendor:${reg.vendor.id}`]);
    expect(mine.total.boxes).toEqual(mine.issuers[0]!.boxes);
    expect(mine.total.reconciliation).toEqual({ documents_tax_cents: 317, ledger_tax_cents: 317, difference_cents: 0, uninvoiced_ledger_tax_cents: 159 + 48 });
    const theirs = (await call(t.app, { url: `/api/vendor/vat-summary?from=${today}&to=${today}`, token: unreg.token })).json as VatReport;
    expect(theirs.issuers.map((i) => i.issuer)).toEqual([`vendor:${unreg.vendor.id}`]);
    expect(theirs.total.reconciliation.documents_tax_cents).toBe(0);

    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/reports/vat.csv?from=${today}&to=${today}`, headers: { authorization: `Bearer ${admin}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`${today},${today},all,All issuers,,box,1 standard-rated supplies,263.49,13.17`);
    expect(csv.body).toContain(`${today},${today},all,All issuers,,box,1b standard-rated supplies in Dubai,200.00,10.00`);
    expect(csv.body).toContain(`${today},${today},all,All issuers,,box,1c standard-rated supplies in Sharjah,63.49,3.17`);
    expect(csv.body).toContain(`${today},${today},all,All issuers,,outside the boxes,"standard-rated supplies, emirate not set",0.00,0.00`);
    expect(csv.body).toContain(`vendor:${reg.vendor.id},Al Noor Spices LLC,${VENDOR_TRN},reconciliation,difference,0.00,`);
    const vcsv = await t.app.inject({ method: 'GET', url: `/api/vendor/vat-summary.csv?from=${today}&to=${today}`, headers: { authorization: `Bearer ${reg.token}` } });
    expect(vcsv.statusCode).toBe(200);
    expect(vcsv.body).not.toContain('Henna Corner');
    expect(vcsv.body).not.toContain('marketplace');

    expect(await expectAdminOnly(t.app, { customer: shopper.token, vendor: reg.token }, [
      { method: 'GET', url: `/api/admin/reports/vat?from=${today}&to=${today}` },
      { method: 'GET', url: `/api/admin/reports/vat.csv?from=${today}&to=${today}` },
    ])).toEqual([]);
    expect((await call(t.app, { url: `/api/vendor/vat-summary?from=${today}&to=${today}`, token: shopper.token })).status).toBe(403);
    expect((await call(t.app, { url: `/api/vendor/vat-summary?from=${today}&to=${today}` })).status).toBe(401);
    for (const qs of ['', `from=${today}`, 'from=2026-02-31&to=2026-03-01', 'from=2026-03-02&to=2026-03-01', 'from=2025-01-01&to=2026-03-01']) {
      expect((await call(t.app, { url: `/api/admin/reports/vat?${qs}`, token: admin })).status, qs).toBe(400);
    }
  });
});

describe('the TRN in the KYC review', () => {
  it('the admin reads a vendor’s declared TRN; verifying the vendor records the TRN it vouches for in the audit entry', async () => {
    const v = await signupVendor(t.app, 'Pearl Diving Tours');
    expect((await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: v.token, body: { vat_registered: true, trn: '100-5555-4444-3332' } })).status).toBe(200);
    // its three KYC documents are on file: Pending Review
    for (const doc of ['trade_license', 'emirates_id_front', 'emirates_id_back']) {
      const [f] = await t.database.query<{ id: string }>(`insert into files (storage_key, original_name, mime_type, size_bytes, sha256, visibility)
        values ($1, $2, 'application/pdf', 10, 'x', 'private') returning id`, [`test/${v.vendor.id}/${doc}`, `${doc}.pdf`]);
      await t.database.query('insert into vendor_documents (vendor_id, doc_type, file_id) values ($1, $2, $3)', [v.vendor.id, doc, f!.id]);
    }
    const url = `/api/admin/vendors/${v.vendor.id}/tax-profile`;
    expect((await call(t.app, { url, token: admin })).json).toMatchObject({ vat_registered: true, trn: '100555544443332', verified: false, charges_vat: false });
    expect((await call(t.app, { url, token: v.token })).status).toBe(403);
    expect((await call(t.app, { url })).status).toBe(401);
    expect((await call(t.app, { url: '/api/admin/vendors/999999/tax-profile', token: admin })).status).toBe(404);

    expect((await call(t.app, { method: 'PUT', url: `/api/admin/vendors/${v.vendor.id}/verify`, token: admin, body: { is_verified: true, verification_notes: 'TRN matches the VAT certificate' } })).status).toBe(200);
    expect((await call(t.app, { url, token: admin })).json).toMatchObject({ verified: true, charges_vat: true });
    const [entry] = await t.database.query<{ changes: Record<string, { before: unknown; after: unknown }> }>(
      `select changes from audit_log where action = 'vendor.verify' and target_id = $1 order by id desc limit 1`, [String(v.vendor.id)]);
    expect(entry!.changes.trn_verified).toEqual({ before: null, after: '100555544443332' });
  });
});
