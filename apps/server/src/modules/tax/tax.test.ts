import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRequestSchema } from '@souq/shared/api/orders';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { expectAdminOnly, makeProduct } from '../../../test/admin-fixtures.js';
import { issueCreditNote } from './tax.documents.js';

// Tax invoices and credit notes (decision 0099) on VAT-inclusive orders (decision 0098), through the real services.
let t: TestContext;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let other: Awaited<ReturnType<typeof signupCustomer>>;
let reg: Awaited<ReturnType<typeof signupVendor>>;
let unreg: Awaited<ReturnType<typeof signupVendor>>;
const MARKETPLACE_TRN = '100000000000003';
const VENDOR_TRN = '100123456700003';
const BUYER_TRN = '100999888777666';

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  shopper = await signupCustomer(t.app, 'Huda Shopper');
  other = await signupCustomer(t.app, 'Omar Other');
  reg = await signupVendor(t.app, 'Registered Perfumes LLC');
  unreg = await signupVendor(t.app, 'Small Crafts Studio');
  const settings = await call(t.app, {
    method: 'PUT', url: '/api/admin/tax-settings', token: admin,
    body: { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: 'Souq Marketplace FZ-LLC', address: 'Office 4, Dubai Silicon Oasis, Dubai, UAE', trn: MARKETPLACE_TRN },
  });
  expect(settings.status).toBe(200);
  const profile = await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: reg.token, body: { vat_registered: true, trn: '100-1234-5670-0003' } });
  expect(profile.json).toMatchObject({ vat_registered: true, trn: VENDOR_TRN, verified: false, charges_vat: false });
  // the admin verifies the vendor with its documents (the KYC step): from now on its standard-rated lines carry VAT
  await t.database.query('update vendors set is_verified = true where id = $1', [reg.vendor.id]);
});
afterAll(() => t.close());

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
type Line = { productId: number; quantity: number };
async function buy(lines: Line[], opts: { userId?: number | null; trn?: string; company?: string; payment?: 'card' | 'cod' } = {}) {
  const request = orderRequestSchema.parse({
    items: lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })),
    customer_info: { name: 'Huda Shopper', email: 'huda@example.test', phone: null, ...(opts.trn ? { trn: opts.trn, company: opts.company ?? 'Huda Trading LLC' } : {}) },
    shipping_address: { address: '9 Marina Walk', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' },
    payment_method: opts.payment ?? 'card',
  });
  return (await t.app.services.orders.placeOrder(request, { userId: opts.userId ?? null })).order;
}
const docsOf = (orderId: number) => q<{ id: number; issuer: string; kind: string; form: string; sequence: number; number: string; net_cents: number; tax_cents: number; total_cents: number; snapshot: Record<string, unknown> }>(
  'select id, issuer, kind, form, sequence, number, net_cents, tax_cents, total_cents, snapshot from tax_documents where order_id = $1 order by id', [orderId]);
/** The VAT the ledger holds for a sub-order: the marketplace's on sales_tax_payable, a vendor's on its payable (decision 0133). */
const ledgerTax = async (orderId: number) => 0 - Number((await q<{ s: string }>(`select coalesce(sum(amount_cents), 0) as s from ledger_entries where order_id = $1
  and (account = 'sales_tax_payable' or (account = 'vendor_payable' and kind = 'sales_tax'))`, [orderId]))[0]!.s);

describe('tax invoices per sub-order (decision 0099)', () => {
  it('a registered and an unregistered vendor: a tax invoice with the VAT inside the price, and an invoice without VAT that says so', async () => {
    const oud = await makeProduct(t.app, { name: 'Oud Oil 12ml', priceCents: 21_000, vendorId: reg.vendor.id });
    const dates = await makeProduct(t.app, { name: 'Medjool Dates 1kg', priceCents: 4_500, vendorId: reg.vendor.id });
    await q(`update products set tax_category = 'zero' where id = $1`, [dates.id]);
    const bowl = await makeProduct(t.app, { name: 'Clay Bowl', priceCents: 3_000, vendorId: unreg.vendor.id });
    const purchase = await buy([{ productId: oud.id, quantity: 1 }, { productId: dates.id, quantity: 2 }, { productId: bowl.id, quantity: 1 }], { userId: shopper.user.id });
    const [regSub, unregSub] = purchase.sub_orders;
    // 210.00 incl. VAT 10.00; the dates are zero-rated; the unregistered vendor charges none
    expect([regSub!.tax, regSub!.total_amount, unregSub!.tax, unregSub!.total_amount]).toEqual([10, 300, 0, 39.99]);
    expect(purchase.tax_included).toBe(true);
    expect(await docsOf(regSub!.id)).toEqual([]); // not yet: issued when it ships

    await t.app.services.orders.setStatus(regSub!.id, 'shipped');
    await t.app.services.orders.setStatus(unregSub!.id, 'shipped');
    const [inv] = await docsOf(regSub!.id);
    expect(inv).toMatchObject({ issuer: `vendor:${reg.vendor.id}`, kind: 'invoice', form: 'simplified', tax_cents: 1_000, total_cents: 30_000, net_cents: 29_000 });
    expect(inv!.snapshot).toMatchObject({
      title: MSG.simplifiedTaxInvoiceTitle, titleAr: MSG.simplifiedTaxInvoiceTitleAr, orderNumber: regSub!.order_number,
      supplier: { name: 'Registered Perfumes LLC', trn: VENDOR_TRN, registered: true },
      agent: { name: 'Souq Marketplace FZ-LLC', trn: MARKETPLACE_TRN },
      recipient: { name: 'Huda Shopper', trn: null },
      lines: [
        { description: 'Oud Oil 12ml', quantity: 1, unitPriceCents: 21_000, category: 'standard', rateBps: 500, netCents: 20_000, taxCents: 1_000, totalCents: 21_000 },
        { description: 'Medjool Dates 1kg', quantity: 2, unitPriceCents: 4_500, category: 'zero', rateBps: 0, netCents: 9_000, taxCents: 0, totalCents: 9_000 },
      ],
      totals: { netCents: 29_000, taxCents: 1_000, totalCents: 30_000 },
    });
    const [plain] = await docsOf(unregSub!.id);
    expect(plain).toMatchObject({ issuer: `vendor:${unreg.vendor.id}`, kind: 'invoice', tax_cents: 0, total_cents: 3_999 });
    expect(plain!.snapshot).toMatchObject({ title: MSG.invoiceTitle, supplier: { trn: null, registered: false } });
    expect(String(plain!.snapshot.note)).toContain(MSG.notRegisteredNote);
    // the ledger's tax is the documents' tax, to the fil
    expect([await ledgerTax(regSub!.id), await ledgerTax(unregSub!.id)]).toEqual([1_000, 0]);
    // shipping again (or delivering) issues nothing more
    await t.app.services.orders.setStatus(regSub!.id, 'delivered');
    expect((await docsOf(regSub!.id)).length).toBe(1);
  });

  it('full or simplified on both sides of AED 10,000 for a registrant buyer; a consumer always gets a simplified one', async () => {
    const at = await makeProduct(t.app, { name: 'Gold Bangle', priceCents: 1_000_000 });
    const above = await makeProduct(t.app, { name: 'Gold Bangle Plus', priceCents: 1_000_001 });
    const b2bAt = (await buy([{ productId: at.id, quantity: 1 }], { trn: BUYER_TRN })).sub_orders[0]!;
    const b2bAbove = (await buy([{ productId: above.id, quantity: 1 }], { trn: BUYER_TRN })).sub_orders[0]!;
    const consumerAbove = (await buy([{ productId: above.id, quantity: 1 }])).sub_orders[0]!;
    expect([b2bAt.total_amount, b2bAbove.total_amount]).toEqual([10_000, 10_000.01]);
    for (const o of [b2bAt, b2bAbove, consumerAbove]) await t.app.services.orders.setStatus(o.id, 'shipped');
    const forms = await Promise.all([b2bAt, b2bAbove, consumerAbove].map(async (o) => (await docsOf(o.id))[0]!));
    expect(forms.map((d) => [d.issuer, d.form, (d.snapshot as { title: string }).title])).toEqual([
      ['marketplace', 'simplified', MSG.simplifiedTaxInvoiceTitle],
      ['marketplace', 'full', MSG.taxInvoiceTitle],
      ['marketplace', 'simplified', MSG.simplifiedTaxInvoiceTitle],
    ]);
    expect(forms[1]!.snapshot).toMatchObject({ recipient: { name: 'Huda Trading LLC', trn: BUYER_TRN }, agent: null, supplier: { trn: MARKETPLACE_TRN } });
  });

  it('numbers each issuer gaplessly: 64 sub-orders shipping at once get 1..64, no gap, no duplicate', async () => {
    const vendor = await signupVendor(t.app, 'Concurrent Sweets LLC');
    await q(`update vendors set vat_registered = true, vat_number = $2, is_verified = true where id = $1`, [vendor.vendor.id, VENDOR_TRN]);
    const p = await makeProduct(t.app, { name: 'Kunafa Box', priceCents: 5_250, stock: 500, vendorId: vendor.vendor.id });
    const subs: number[] = [];
    for (let i = 0; i < 64; i++) subs.push((await buy([{ productId: p.id, quantity: 1 }])).sub_orders[0]!.id);
    const results = await Promise.allSettled(subs.map((id) => t.app.services.orders.setStatus(id, 'shipped')));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const rows = await q<{ sequence: number; number: string }>(`select sequence, number from tax_documents where issuer = $1 and kind = 'invoice' order by sequence`, [`vendor:${vendor.vendor.id}`]);
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(64);
    expect(rows[0]!.number).toBe(`V${vendor.vendor.id}-INV-000001`);
  });

  it('is immutable: UPDATE and DELETE are refused', async () => {
    const [doc] = await q<{ id: number }>('select id from tax_documents limit 1');
    await expect(q('update tax_documents set total_cents = 0 where id = $1', [doc!.id])).rejects.toThrow(/immutable/);
    await expect(q('delete from tax_documents where id = $1', [doc!.id])).rejects.toThrow(/immutable/);
  });

  it('a partial credit note and a cancellation after invoicing: Art. 60 fields, chained to the invoice, the ledger tax equal to the documents', async () => {
    const p = await makeProduct(t.app, { name: 'Saffron Tin', priceCents: 3_333, vendorId: reg.vendor.id });
    const sub = (await buy([{ productId: p.id, quantity: 3 }])).sub_orders[0]!;
    await t.app.services.orders.setStatus(sub.id, 'shipped');
    const [inv] = await docsOf(sub.id);
    const [item] = await q<{ id: number; tax_cents: number }>('select id, tax_cents from order_items where order_id = $1', [sub.id]);
    expect(inv!.tax_cents).toBe(item!.tax_cents); // 99.99 incl. → 4.76
    // one unit back (the returns helper's refund calls this): 33.33 incl. → 1.59
    const partial = await t.database.db.transaction((tx) => issueCreditNote(tx, { orderId: sub.id, lines: [{ orderItemId: item!.id, quantity: 1 }], reason: 'Damaged in transit' }));
    expect(partial).toMatchObject({ kind: 'credit_note', issuer: `vendor:${reg.vendor.id}`, correctsId: inv!.id, totalCents: 3_333, taxCents: 159, netCents: 3_174 });
    expect(partial!.snapshot).toMatchObject({
      title: MSG.taxCreditNoteTitle, reason: 'Damaged in transit',
      original: { number: inv!.number, totalCents: inv!.total_cents, taxCents: inv!.tax_cents },
      corrected: { totalCents: inv!.total_cents - 3_333, taxCents: inv!.tax_cents - 159 },
    });
    // more units than are left: 422, nothing written
    await expect(t.database.db.transaction((tx) => issueCreditNote(tx, { orderId: sub.id, lines: [{ orderItemId: item!.id, quantity: 3 }], reason: 'x' }))).rejects.toMatchObject({ status: 422 });
    // cancelled after invoicing (an admin): the rest is credited, the whole invoice is then corrected to zero
    await t.app.services.orders.setStatus(sub.id, 'cancelled');
    const docs = await docsOf(sub.id);
    expect(docs.map((d) => [d.kind, d.sequence > 0])).toEqual([['invoice', true], ['credit_note', true], ['credit_note', true]]);
    const rest = docs[2]!;
    expect(rest.snapshot).toMatchObject({ reason: MSG.creditReasonCancelled, corrected: { totalCents: 0, taxCents: 0 } });
    expect(rest.total_cents + 3_333).toBe(inv!.total_cents);
    expect(rest.tax_cents + 159).toBe(inv!.tax_cents);
    expect(await ledgerTax(sub.id)).toBe(0); // the sale's VAT reversed in full, as the documents net to zero
  });

  it("issues on payment with the 'paid' setting: a card order when confirmed", async () => {
    await call(t.app, { method: 'PUT', url: '/api/admin/tax-settings', token: admin, body: { price_mode: 'inclusive', invoice_on: 'paid', legal_name: 'Souq Marketplace FZ-LLC', address: 'Dubai', trn: MARKETPLACE_TRN } });
    const p = await makeProduct(t.app, { name: 'Prayer Mat', priceCents: 8_400 });
    const card = (await buy([{ productId: p.id, quantity: 1 }], { payment: 'card' })).sub_orders[0]!;
    const cod = (await buy([{ productId: p.id, quantity: 1 }], { payment: 'cod' })).sub_orders[0]!;
    await t.app.services.orders.setStatus(card.id, 'confirmed');
    await t.app.services.orders.setStatus(cod.id, 'confirmed');
    expect([(await docsOf(card.id)).length, (await docsOf(cod.id)).length]).toEqual([1, 0]);
    await t.app.services.orders.setStatus(cod.id, 'delivered');
    expect((await docsOf(cod.id)).length).toBe(1);
    await call(t.app, { method: 'PUT', url: '/api/admin/tax-settings', token: admin, body: { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: 'Souq Marketplace FZ-LLC', address: 'Dubai', trn: MARKETPLACE_TRN } });
  });

  it("keeps exclusive mode for shops outside the UAE: the tax is added on top", async () => {
    await call(t.app, { method: 'PUT', url: '/api/admin/tax-settings', token: admin, body: { price_mode: 'exclusive', invoice_on: 'shipped', legal_name: 'Souq', address: 'Dubai', trn: MARKETPLACE_TRN } });
    const p = await makeProduct(t.app, { name: 'Brass Tray', priceCents: 10_000 });
    const o = (await buy([{ productId: p.id, quantity: 1 }])).sub_orders[0]!;
    expect(o).toMatchObject({ subtotal: 100, tax: 5, total_amount: 105, tax_included: false });
    await t.app.services.orders.setStatus(o.id, 'shipped');
    expect((await docsOf(o.id))[0]).toMatchObject({ net_cents: 10_000, tax_cents: 500, total_cents: 10_500 });
    expect(await ledgerTax(o.id)).toBe(500);
    await call(t.app, { method: 'PUT', url: '/api/admin/tax-settings', token: admin, body: { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: 'Souq Marketplace FZ-LLC', address: 'Office 4, Dubai Silicon Oasis, Dubai, UAE', trn: MARKETPLACE_TRN } });
  });
});

describe('tax routes', () => {
  it("the vendor sets a product's tax category in its product form (default standard); a bad one is a 400", async () => {
    const made = await call(t.app, { method: 'POST', url: '/api/products', token: reg.token, body: { name: 'Date Syrup', price_cents: 2_000, tax_category: 'zero' } });
    expect(made.status).toBe(201);
    expect((await q<{ tax_category: string }>('select tax_category from products where id = $1', [made.json.product.id]))[0]!.tax_category).toBe('zero');
    const plain = await call(t.app, { method: 'POST', url: '/api/products', token: reg.token, body: { name: 'Oud Chips', price_cents: 2_000 } });
    expect((await q<{ tax_category: string }>('select tax_category from products where id = $1', [plain.json.product.id]))[0]!.tax_category).toBe('standard');
    const edit = await call(t.app, { method: 'PUT', url: `/api/products/${plain.json.product.id}`, token: reg.token, body: { tax_category: 'exempt' } });
    expect([edit.status, edit.json.product.tax_category]).toEqual([200, 'exempt']);
    expect((await call(t.app, { method: 'PUT', url: `/api/products/${plain.json.product.id}`, token: reg.token, body: { tax_category: 'luxury' } })).status).toBe(400);
  });

  it('shopper, vendor and admin each download only what is theirs (401/403/404), as PDF', async () => {
    const p = await makeProduct(t.app, { name: 'Rose Water', priceCents: 2_625, vendorId: reg.vendor.id });
    const sub = (await buy([{ productId: p.id, quantity: 2 }], { userId: shopper.user.id })).sub_orders[0]!;
    await t.app.services.orders.setStatus(sub.id, 'shipped');
    const mine = await call(t.app, { url: '/api/my/tax-documents', token: shopper.token });
    expect(mine.status).toBe(200);
    const doc = mine.json.find((d: { order_id: number }) => d.order_id === sub.id);
    expect(doc).toMatchObject({ kind: 'invoice', supplier_name: 'Registered Perfumes LLC', tax: 2.5, total: 52.5, currency: 'AED' });
    expect((await call(t.app, { url: '/api/my/tax-documents', token: other.token })).json.some((d: { order_id: number }) => d.order_id === sub.id)).toBe(false);
    expect((await call(t.app, { url: '/api/my/tax-documents' })).status).toBe(401);
    expect((await call(t.app, { url: '/api/my/tax-documents', token: reg.token })).status).toBe(403);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/my/tax-documents/${doc.id}/pdf`, headers: { authorization: `Bearer ${shopper.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await fs.mkdir('/tmp/souq-vat', { recursive: true });
    await fs.writeFile('/tmp/souq-vat/invoice.pdf', pdf.rawPayload);
    expect((await call(t.app, { url: `/api/my/tax-documents/${doc.id}/pdf`, token: other.token })).status).toBe(404);
    expect((await call(t.app, { url: '/api/my/tax-documents/999999/pdf', token: shopper.token })).status).toBe(404);
    expect((await call(t.app, { url: '/api/my/tax-documents/abc/pdf', token: shopper.token })).status).toBe(400);

    const vendorList = await call(t.app, { url: `/api/vendor/orders/${sub.id}/tax-documents`, token: reg.token });
    expect(vendorList.json.map((d: { id: number }) => d.id)).toEqual([doc.id]);
    expect((await call(t.app, { url: `/api/vendor/orders/${sub.id}/tax-documents`, token: unreg.token })).status).toBe(404);
    expect((await call(t.app, { url: `/api/vendor/tax-documents/${doc.id}/pdf`, token: unreg.token })).status).toBe(404);
    expect((await call(t.app, { url: `/api/vendor/tax-documents/${doc.id}/pdf`, token: reg.token })).status).toBe(200);
    expect((await call(t.app, { url: `/api/vendor/tax-documents/${doc.id}/pdf`, token: shopper.token })).status).toBe(403);
    expect((await call(t.app, { url: `/api/admin/orders/${sub.id}/tax-documents`, token: admin })).json.length).toBe(1);
    expect((await call(t.app, { url: `/api/admin/tax-documents/${doc.id}/pdf`, token: admin })).status).toBe(200);
    expect((await call(t.app, { url: '/api/admin/orders/999999/tax-documents', token: admin })).status).toBe(404);
  });

  it('admin-only settings; bad TRNs and a registrant without one are 400 with nothing written', async () => {
    const failures = await expectAdminOnly(t.app, { customer: shopper.token, vendor: reg.token }, [
      { method: 'GET', url: '/api/admin/tax-settings' },
      { method: 'PUT', url: '/api/admin/tax-settings', body: { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: 'X', address: 'Y', trn: '' } },
      { method: 'GET', url: '/api/admin/tax-documents/1/pdf' },
    ]);
    expect(failures).toEqual([]);
    const before = await q('select key, value from settings order by key');
    const audits = await q(`select count(*)::int as n from audit_log where action in ('tax.settings', 'vendor.taxProfile')`);
    for (const body of [
      { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: 'X', address: 'Y', trn: '200000000000003' },
      { price_mode: 'sometimes', invoice_on: 'shipped', legal_name: 'X', address: 'Y', trn: '' },
      { price_mode: 'inclusive', invoice_on: 'never', legal_name: 'X', address: 'Y', trn: '' },
      { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: '', address: 'Y', trn: '' },
    ]) expect((await call(t.app, { method: 'PUT', url: '/api/admin/tax-settings', token: admin, body })).status, JSON.stringify(body)).toBe(400);
    for (const body of [{ vat_registered: true }, { vat_registered: true, trn: '12345' }, { vat_registered: true, trn: '1001234567000031' }, { vat_registered: 'yes' }]) {
      const res = await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: unreg.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: unreg.token, body: { vat_registered: true } })).json.error ?? '').toBeTruthy();
    expect((await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', body: { vat_registered: false } })).status).toBe(401);
    expect((await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: shopper.token, body: { vat_registered: false } })).status).toBe(403);
    expect(await q('select key, value from settings order by key')).toEqual(before);
    expect(await q(`select count(*)::int as n from audit_log where action in ('tax.settings', 'vendor.taxProfile')`)).toEqual(audits);
    expect((await q<{ vat_registered: boolean }>('select vat_registered from vendors where id = $1', [unreg.vendor.id]))[0]!.vat_registered).toBe(false);
  });
});
