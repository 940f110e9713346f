import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRequestSchema } from '@souq/shared/api/orders';
import type { TaxDocument } from '@souq/shared/api/tax';
import { MSG } from '@souq/shared/messages';
import { call, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { BUYER_TRN, MARKETPLACE_TRN, taxMarketplace, VENDOR_TRN } from '../../../test/tax-fixtures.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { parsePint, pintViolations } from '../../../test/pint-ae-rules.js';
import { pageCount } from '../../../test/pdf-pages.js';
import type { Actor } from '../../platform/audit.js';
import { issueCreditNote } from './tax.documents.js';
import { issueCommissionDocuments } from './commission.documents.js';
import { periodBounds, periodOf } from './commission.period.js';

// Commission invoices and credit notes from the ledger, and the PINT AE export (decision 0108), on the real services.
let t: TestContext;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let reg: Awaited<ReturnType<typeof signupVendor>>;
let unreg: Awaited<ReturnType<typeof signupVendor>>;
const ACTOR: Actor = { userId: null, role: 'admin', name: 'Test admin', ip: null };
const now = new Date();
const PERIOD = periodOf(now);
/** A moment once the current month has ended: the month may be invoiced then. */
const AFTER = new Date(periodBounds(PERIOD).end.getTime() + 86_400_000);

beforeAll(async () => {
  ({ t, admin, shopper, reg, unreg } = await taxMarketplace());
});
afterAll(() => t.close());

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
async function buy(lines: { productId: number; quantity: number }[], opts: { userId?: number | null; trn?: string } = {}) {
  const request = orderRequestSchema.parse({
    items: lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })),
    customer_info: { name: 'Huda Shopper', email: 'huda@example.test', phone: null, ...(opts.trn ? { trn: opts.trn, company: 'Huda Trading LLC' } : {}) },
    shipping_address: { address: '9 Marina Walk', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' },
    payment_method: 'card',
  });
  return (await t.app.services.orders.placeOrder(request, { userId: opts.userId ?? null })).order;
}
type DocRow = { id: number; kind: string; subject: string; number: string; vendor_id: number; period: string; corrects_id: number | null; net_cents: number; tax_cents: number; total_cents: number; snapshot: Record<string, unknown> };
const commissionDocs = (vendorId: number) =>
  q<DocRow>(`select id, kind, subject, number, vendor_id, period, corrects_id, net_cents, tax_cents, total_cents, snapshot from tax_documents where subject = 'commission' and vendor_id = $1 order by id`, [vendorId]);
/** What the ledger holds for a vendor's sub-orders on one marketplace account (positive = charged to the vendor). */
async function ledgerCharged(vendorId: number, account: 'commission_revenue' | 'commission_vat_payable') {
  const [r] = await q<{ s: string }>(`select coalesce(-sum(e.amount_cents), 0) as s from ledger_entries e join orders o on o.id = e.order_id where o.seller_vendor_id = $1 and e.account = $2`, [vendorId, account]);
  return Number(r!.s);
}
/** The documents' net effect: invoices less credit notes. */
const documented = (docs: DocRow[], k: 'net_cents' | 'tax_cents') => docs.reduce((n, d) => n + (d.kind === 'invoice' ? d[k] : -d[k]), 0);

/** The entries of a stored ZIP (method 0, as `zipStore` writes it). */
function unzipStored(buf: Buffer): { name: string; data: string }[] {
  const out: { name: string; data: string }[] = [];
  let at = 0;
  while (buf.readUInt32LE(at) === 0x04034b50) {
    const size = buf.readUInt32LE(at + 18);
    const nameLen = buf.readUInt16LE(at + 26);
    const extra = buf.readUInt16LE(at + 28);
    const name = buf.subarray(at + 30, at + 30 + nameLen).toString('utf8');
    const start = at + 30 + nameLen + extra;
    out.push({ name, data: buf.subarray(start, start + size).toString('utf8') });
    at = start + size;
  }
  return out;
}

let regInvoice: DocRow;
let regCredit: DocRow;
let unregInvoice: DocRow;

describe('commission invoices from the ledger (decision 0108)', () => {
  it("issues each vendor a month's tax invoice and a credit note for the commission reversed, equal to the ledger to the fil", async () => {
    const oud = await makeProduct(t.app, { name: 'Oud Oil 12ml', priceCents: 21_000, vendorId: reg.vendor.id });
    const bowl = await makeProduct(t.app, { name: 'Clay Bowl', priceCents: 3_333, vendorId: unreg.vendor.id });
    const first = await buy([{ productId: oud.id, quantity: 2 }, { productId: bowl.id, quantity: 3 }], { userId: shopper.user.id });
    for (const s of first.sub_orders) await t.app.services.orders.setStatus(s.id, 'shipped');
    const cancelled = (await buy([{ productId: oud.id, quantity: 1 }])).sub_orders[0]!;
    await t.app.services.orders.setStatus(cancelled.id, 'cancelled');

    // the month is still open: the admin's action refuses it, nothing is written
    await expect(t.app.services.tax.issueCommission({ period: PERIOD }, ACTOR, now)).rejects.toMatchObject({ status: 422 });
    expect(await commissionDocs(reg.vendor.id)).toEqual([]);

    const run = await t.app.services.tax.issueCommission({ period: PERIOD }, ACTOR, AFTER);
    expect(run.issued.map((d) => [d.subject, d.kind, d.vendor_id, d.period])).toEqual([
      ['commission', 'invoice', reg.vendor.id, PERIOD], ['commission', 'credit_note', reg.vendor.id, PERIOD], ['commission', 'invoice', unreg.vendor.id, PERIOD],
    ]);
    [regInvoice, regCredit] = await commissionDocs(reg.vendor.id) as [DocRow, DocRow];
    [unregInvoice] = await commissionDocs(unreg.vendor.id) as [DocRow];
    // the marketplace's own gapless series, full tax invoices
    expect(regInvoice.number).toMatch(/^SQ-INV-\d{6}$/);
    expect(regCredit.number).toMatch(/^SQ-CN-\d{6}$/);
    expect(Number(unregInvoice.number.slice(-6))).toBe(Number(regInvoice.number.slice(-6)) + 1);
    const bounds = periodBounds(PERIOD);
    expect(regInvoice.snapshot).toMatchObject({
      title: MSG.taxInvoiceTitle, titleAr: MSG.taxInvoiceTitleAr, form: 'full', orderNumber: PERIOD, period: { from: bounds.from, to: bounds.to },
      supplier: { name: 'Souq Marketplace FZ-LLC', trn: MARKETPLACE_TRN, registered: true }, agent: null,
      recipient: { name: 'Registered Perfumes LLC', trn: VENDOR_TRN },
    });
    // an unregistered vendor receives the invoice without a TRN
    expect(unregInvoice.snapshot).toMatchObject({ recipient: { name: 'Small Crafts Studio', trn: null } });
    // one line per sub-order, each with the commission and VAT its sale posted (10 % default; 5 % VAT on it)
    const regLines = regInvoice.snapshot.lines as { orderItemId: number; netCents: number; taxCents: number; rateBps: number }[];
    expect(regLines.map((l) => l.orderItemId)).toEqual([first.sub_orders[0]!.id, cancelled.id]);
    expect(regLines.map((l) => [l.netCents, l.taxCents, l.rateBps])).toEqual([[4_200, 210, 500], [2_100, 105, 500]]);
    expect([regInvoice.net_cents, regInvoice.tax_cents, regInvoice.total_cents]).toEqual([6_300, 315, 6_615]);
    // the cancelled sub-order's commission comes back on a credit note chained to the invoice (Art. 60 fields)
    expect(regCredit.corrects_id).toBe(regInvoice.id);
    expect([regCredit.net_cents, regCredit.tax_cents, regCredit.total_cents]).toEqual([2_100, 105, 2_205]);
    expect(regCredit.snapshot).toMatchObject({
      title: MSG.taxCreditNoteTitle, original: { number: regInvoice.number, totalCents: 6_615, taxCents: 315 },
      corrected: { totalCents: 4_410, taxCents: 210 }, reason: MSG.commissionCreditReason(PERIOD),
    });
    // the ledger's commission and its VAT equal the documents', to the fil, for each vendor
    for (const v of [reg.vendor.id, unreg.vendor.id]) {
      const docs = await commissionDocs(v);
      expect(documented(docs, 'tax_cents')).toBe(await ledgerCharged(v, 'commission_vat_payable'));
      expect(documented(docs, 'net_cents')).toBe(await ledgerCharged(v, 'commission_revenue'));
    }
    // running the month again (the job on another instance, a second click) issues nothing
    expect((await t.app.services.tax.issueCommission({ period: PERIOD }, ACTOR, AFTER)).issued).toEqual([]);
    expect(await t.app.services.commissionJob.runOnce(AFTER)).toBe(0);
    expect((await commissionDocs(reg.vendor.id)).length).toBe(2);
    // immutable once issued
    await expect(q('update tax_documents set total_cents = 0 where id = $1', [regInvoice.id])).rejects.toThrow(/immutable/);
    await expect(q('delete from tax_documents where id = $1', [regCredit.id])).rejects.toThrow(/immutable/);
    // the admin's action was audited with what it issued
    const [audit] = await q<{ changes: { issued: { after: string } } }>(`select changes from audit_log where action = 'commission.issue' order by id limit 1`);
    expect(audit!.changes.issued.after).toContain(regInvoice.number);
  });

  it('renders the commission documents as PDF with the period and both parties', async () => {
    for (const d of [regInvoice, regCredit]) {
      const pdf = await t.app.services.tax.pdf(d.id, { vendorId: reg.vendor.id });
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.filename).toBe(`${d.number}.pdf`);
      // issue 34 item 6: a page per cell once the table reached the foot of the first page
      expect(pageCount(pdf.bytes)).toBe(1);
      if (process.env.COMMISSION_PDF_DIR) await fs.writeFile(path.join(process.env.COMMISSION_PDF_DIR, pdf.filename), pdf.bytes);
    }
  });

  it('routes: admin only to issue and list, a vendor reads only its own, a shopper none; bad input is a 400', async () => {
    const issue = (token: string | undefined, body: unknown) => call(t.app, { method: 'POST', url: '/api/admin/commission-documents/issue', token, body });
    expect((await issue(undefined, { period: '2020-01' })).status).toBe(401);
    expect((await issue(reg.token, { period: '2020-01' })).status).toBe(403);
    expect((await issue(shopper.token, { period: '2020-01' })).status).toBe(403);
    for (const bad of [{}, { period: '2020-13' }, { period: '2020-1' }, { period: 202001 }, { period: '2020-01', vendor_id: -1 }, { period: '2020-01', vendor_id: 'x' }, { period: '0000-01' }, { period: '2020-01', vendor_id: 1e20 }]) {
      expect((await issue(admin, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await issue(admin, { period: PERIOD })).status).toBe(422); // not ended yet
    expect((await issue(admin, { period: '2099-01' })).status).toBe(422);
    expect((await issue(admin, { period: '2020-01', vendor_id: 999_999 })).status).toBe(404);
    const empty = await issue(admin, { period: '2020-01' });
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ period: '2020-01', issued: [] });

    const list = await call(t.app, { url: `/api/admin/commission-documents?period=${PERIOD}`, token: admin });
    expect((list.json as TaxDocument[]).map((d) => d.number).sort()).toEqual([regInvoice.number, regCredit.number, unregInvoice.number].sort());
    expect((await call(t.app, { url: '/api/admin/commission-documents?period=nope', token: admin })).status).toBe(400);
    expect((await call(t.app, { url: '/api/admin/commission-documents?vendor_id=99999999999', token: admin })).status).toBe(400);
    expect((await call(t.app, { url: '/api/admin/commission-documents', token: reg.token })).status).toBe(403);

    const own = await call(t.app, { url: '/api/vendor/commission-documents', token: reg.token });
    expect((own.json as TaxDocument[]).map((d) => d.number)).toEqual([regCredit.number, regInvoice.number]);
    expect((own.json as TaxDocument[])[1]).toMatchObject({ subject: 'commission', order_id: null, recipient_name: 'Registered Perfumes LLC', supplier_name: 'Souq Marketplace FZ-LLC', pint_ae: true, corrects_number: null });
    expect((await call(t.app, { url: '/api/vendor/commission-documents', token: unreg.token })).json).toMatchObject([{ number: unregInvoice.number, pint_ae: false }]);
    expect((await call(t.app, { url: '/api/vendor/commission-documents', token: shopper.token })).status).toBe(403);

    // PDFs: its vendor and an admin; another vendor and any shopper get a 404
    expect((await call(t.app, { url: `/api/vendor/tax-documents/${regInvoice.id}/pdf`, token: reg.token })).status).toBe(200);
    expect((await call(t.app, { url: `/api/admin/tax-documents/${regInvoice.id}/pdf`, token: admin })).status).toBe(200);
    expect((await call(t.app, { url: `/api/vendor/tax-documents/${regInvoice.id}/pdf`, token: unreg.token })).status).toBe(404);
    expect((await call(t.app, { url: `/api/my/tax-documents/${regInvoice.id}/pdf`, token: shopper.token })).status).toBe(404);
    expect((await call(t.app, { url: `/api/vendor/tax-documents/${regInvoice.id}/pint-ae`, token: unreg.token })).status).toBe(404);
    expect((await call(t.app, { url: `/api/my/tax-documents/${regInvoice.id}/pint-ae`, token: shopper.token })).status).toBe(404);
    expect((await call(t.app, { url: '/api/vendor/tax-documents/abc/pint-ae', token: reg.token })).status).toBe(400);
  });
});

describe('commission VAT rounded once per document (BR-CO-17, decision 0120)', () => {
  it("rounds the month's VAT on its total, shares it over the lines, and posts the fils the sub-orders' own rounding gave", async () => {
    // four sub-orders of 11.00 at 10 %: 1.10 commission each, whose 5 % (5.5 fils) each sale rounds up to 6 fils
    const v = await signupVendor(t.app, 'Rounding Sweets LLC');
    await q(`insert into commission_rates (key, rate_bps) values ($1, 1000)`, [`vendor:${v.vendor.id}`]);
    const sweet = await makeProduct(t.app, { name: 'Date Sweet', priceCents: 1_100, vendorId: v.vendor.id });
    for (let i = 0; i < 4; i++) await buy([{ productId: sweet.id, quantity: 1 }]);
    expect(await ledgerCharged(v.vendor.id, 'commission_vat_payable')).toBe(24);
    const [invoice] = await issueCommissionDocuments(t.database.db, PERIOD, { vendorId: v.vendor.id, at: AFTER });
    // 4.40 × 5 % = 22 fils, not 24; the lines add up to it, the larger shares to the earlier lines on a tie
    expect([invoice!.netCents, invoice!.taxCents, invoice!.totalCents]).toEqual([440, 22, 462]);
    expect(invoice!.snapshot.lines.map((l) => l.taxCents)).toEqual([6, 6, 5, 5]);
    // the ledger follows the document: −2 fils of commission VAT back to the vendor, in one balanced posting
    expect(await ledgerCharged(v.vendor.id, 'commission_vat_payable')).toBe(22);
    const rounding = await q<{ account: string; vendor_id: number | null; kind: string; amount_cents: string; memo: string }>(
      `select account, vendor_id, kind, amount_cents, memo from ledger_entries where posting = $1 order by account`, [`commission-rounding:${invoice!.id}`]);
    expect(rounding.map((r) => [r.account, r.vendor_id, r.kind, Number(r.amount_cents), r.memo])).toEqual([
      ['commission_vat_payable', null, 'commission_vat', 2, PERIOD], ['vendor_payable', v.vendor.id, 'commission_vat', -2, PERIOD],
    ]);
    // issuing again writes nothing, and the rounding is never invoiced as the next month's commission
    expect(await issueCommissionDocuments(t.database.db, PERIOD, { vendorId: v.vendor.id, at: AFTER })).toEqual([]);
    const next = periodOf(new Date(AFTER.getTime() + 40 * 86_400_000));
    expect(await issueCommissionDocuments(t.database.db, next, { vendorId: v.vendor.id, at: AFTER })).toEqual([]);
  });
});

describe('PINT AE export (decision 0108)', () => {
  it('exports a commission invoice and credit note that parse back to the same totals and pass the rules', async () => {
    for (const d of [regInvoice, regCredit]) {
      const res = await call(t.app, { url: `/api/vendor/tax-documents/${d.id}/pint-ae`, token: reg.token });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('application/xml');
      expect(pintViolations(res.body)).toEqual([]);
      const p = parsePint(res.body);
      expect(p.kind).toBe(d.kind === 'invoice' ? 'Invoice' : 'CreditNote');
      expect([p.totals.taxExclusive, p.totals.tax, p.totals.payable]).toEqual([d.net_cents, d.tax_cents, d.total_cents]);
      expect(p.breakdown).toEqual([{ code: 'S', percent: 5, taxable: d.net_cents, tax: d.tax_cents, exemptionReason: '' }]);
      expect(res.body).toContain(`<cbc:EndpointID schemeID="0235">${MARKETPLACE_TRN}</cbc:EndpointID>`);
      expect(res.body).toContain(`<cbc:CompanyID>${VENDOR_TRN}</cbc:CompanyID>`);
    }
    const credit = (await call(t.app, { url: `/api/admin/tax-documents/${regCredit.id}/pint-ae`, token: admin })).body;
    expect(credit).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(credit).toMatch(new RegExp(`<cac:BillingReference>\\s*<cac:InvoiceDocumentReference>\\s*<cbc:ID>${regInvoice.number}</cbc:ID>`));
    // an unregistered vendor (no TRN) is not a PINT AE buyer
    const noTrn = await call(t.app, { url: `/api/admin/tax-documents/${unregInvoice.id}/pint-ae`, token: admin });
    expect(noTrn.status).toBe(422);
    expect(noTrn.json).toMatchObject({ error: MSG.pintNotBusiness });
  });

  it("exports a shopper's B2B invoice (standard, zero-rated, exempt lines, shipping) and its credit note; a consumer's is a 422", async () => {
    const scent = await makeProduct(t.app, { name: 'Amber & Musk "Eau" <50ml>', priceCents: 12_345, vendorId: reg.vendor.id });
    const dates = await makeProduct(t.app, { name: 'Medjool Dates 1kg', priceCents: 4_599, vendorId: reg.vendor.id });
    const course = await makeProduct(t.app, { name: 'Perfumery Course', priceCents: 50_000, vendorId: reg.vendor.id });
    await q(`update products set tax_category = 'zero' where id = $1`, [dates.id]);
    await q(`update products set tax_category = 'exempt' where id = $1`, [course.id]);
    const b2b = (await buy([{ productId: scent.id, quantity: 3 }, { productId: dates.id, quantity: 2 }, { productId: course.id, quantity: 1 }], { userId: shopper.user.id, trn: BUYER_TRN })).sub_orders[0]!;
    const consumer = (await buy([{ productId: scent.id, quantity: 1 }], { userId: shopper.user.id })).sub_orders[0]!;
    await t.app.services.orders.setStatus(b2b.id, 'shipped');
    await t.app.services.orders.setStatus(consumer.id, 'shipped');
    const [item] = await q<{ id: number }>('select id from order_items where order_id = $1 order by id limit 1', [b2b.id]);
    await t.database.db.transaction((tx) => issueCreditNote(tx, { orderId: b2b.id, lines: [{ orderItemId: item!.id, quantity: 1 }], reason: 'Damaged in transit' }));
    const docs = await q<{ id: number; kind: string; net_cents: number; tax_cents: number; total_cents: number; snapshot: { shippingCents: number } }>(
      'select id, kind, net_cents, tax_cents, total_cents, snapshot from tax_documents where order_id = $1 order by id', [b2b.id]);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    for (const d of docs) {
      const res = await call(t.app, { url: `/api/my/tax-documents/${d.id}/pint-ae`, token: shopper.token });
      expect(res.status).toBe(200);
      expect(pintViolations(res.body)).toEqual([]);
      const p = parsePint(res.body);
      expect([p.totals.taxExclusive, p.totals.tax, p.totals.payable]).toEqual([d.net_cents, d.tax_cents, d.total_cents]);
      // the name's markup characters travel escaped and come back as typed
      expect(res.body).toContain('Amber &amp; Musk &quot;Eau&quot; &lt;50ml&gt;');
    }
    const invoice = parsePint((await call(t.app, { url: `/api/vendor/tax-documents/${docs[0]!.id}/pint-ae`, token: reg.token })).body);
    const shipping = docs[0]!.snapshot.shippingCents;
    expect(invoice.breakdown.map((b) => [b.code, b.percent])).toEqual([['E', 0], ['S', 5], ['Z', 0]]);
    expect(invoice.breakdown.find((b) => b.code === 'Z')!.taxable).toBe(9_198 + shipping);
    expect(invoice.breakdown.find((b) => b.code === 'E')).toMatchObject({ taxable: 50_000, tax: 0, exemptionReason: 'Exempt from VAT' });
    expect(invoice.totals.charges).toBe(shipping);
    // a consumer's simplified invoice has no buyer TRN: not B2B
    const [cons] = await q<{ id: number }>('select id from tax_documents where order_id = $1', [consumer.id]);
    expect((await call(t.app, { url: `/api/my/tax-documents/${cons!.id}/pint-ae`, token: shopper.token })).status).toBe(422);
    const other = await signupCustomer(t.app, 'Omar Other');
    expect((await call(t.app, { url: `/api/my/tax-documents/${docs[0]!.id}/pint-ae`, token: other.token })).status).toBe(404);
  });

  it('bulk-exports every B2B document of a period as a ZIP of XML files that all pass', async () => {
    const day = now.toISOString().slice(0, 10);
    expect((await call(t.app, { url: `/api/admin/pint-ae/export?from=${day}&to=${day}`, token: reg.token })).status).toBe(403);
    expect((await call(t.app, { url: `/api/admin/pint-ae/export?from=${day}&to=2000-01-01`, token: admin })).status).toBe(400);
    expect((await call(t.app, { url: '/api/admin/pint-ae/export?from=2026-02-30&to=2026-03-01', token: admin })).status).toBe(400);
    expect((await call(t.app, { url: '/api/admin/pint-ae/export?from=x&to=y', token: admin })).status).toBe(400);
    const res = await t.app.inject({ url: `/api/admin/pint-ae/export?from=${day}&to=${AFTER.toISOString().slice(0, 10)}`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipStored(res.rawPayload);
    const [expected] = await q<{ n: string }>(`select count(*) as n from tax_documents where snapshot->'supplier'->>'trn' is not null and snapshot->'recipient'->>'trn' is not null`);
    expect(files.length).toBe(Number(expected!.n));
    expect(res.headers['x-document-count']).toBe(String(files.length));
    expect(files.map((f) => f.name)).toEqual(expect.arrayContaining([`${regInvoice.number}.xml`, `${regCredit.number}.xml`]));
    expect(files.map((f) => f.name)).not.toContain(`${unregInvoice.number}.xml`);
    for (const f of files) expect(pintViolations(f.data), f.name).toEqual([]);
  });
});

describe('the rule checker can fail', () => {
  it('reports wrong totals, a wrong order and a missing TRN', async () => {
    const xml = (await call(t.app, { url: `/api/admin/tax-documents/${regInvoice.id}/pint-ae`, token: admin })).body;
    expect(pintViolations(xml)).toEqual([]);
    const wrongTotal = xml.replace(/<cbc:PayableAmount currencyID="AED">[\d.]+</, '<cbc:PayableAmount currencyID="AED">1.00<');
    expect(pintViolations(wrongTotal)).toContain('BR-CO-16 payable');
    const swapped = xml.replace(/(<cbc:ID>SQ-INV-\d+<\/cbc:ID>)\s*(<cbc:UUID>[^<]+<\/cbc:UUID>)\s*(<cbc:IssueDate>[^<]+<\/cbc:IssueDate>)/, '$1$3$2');
    expect(pintViolations(swapped).some((v) => v.includes('out of order'))).toBe(true);
    const noTrn = xml.replace(`<cbc:EndpointID schemeID="0235">${VENDOR_TRN}</cbc:EndpointID>`, '<cbc:EndpointID schemeID="0235"></cbc:EndpointID>');
    expect(pintViolations(noTrn)).toContain('AccountingCustomerParty EndpointID is a TRN (scheme 0235)');
    const wrongTaxable = xml.replace(/<cbc:TaxableAmount currencyID="AED">[\d.]+</, '<cbc:TaxableAmount currencyID="AED">0.01<');
    expect(pintViolations(wrongTaxable)).toContain('BR-S-08 taxable amount of S 5%');
  });
});

describe('issueCommissionDocuments directly', () => {
  it('skips a month without commission', async () => {
    expect(await issueCommissionDocuments(t.database.db, '2021-02', { at: AFTER })).toEqual([]);
  });
});
