import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRequestSchema } from '@souq/shared/api/orders';
import { MSG } from '@souq/shared/messages';
import { TAX_CATEGORY_LABELS } from '@souq/shared/rules/tax';
import { call, type signupCustomer, type signupVendor, type TestContext } from '../../../test/harness.js';
import { BUYER_TRN, MARKETPLACE_TRN, taxMarketplace, VENDOR_TRN } from '../../../test/tax-fixtures.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { pageTexts } from '../../../test/pdf-pages.js';
import { issueCreditNote } from './tax.documents.js';

// Issue 34 item 4, decision 0121: a seller that is not VAT-registered issues plain commercial documents. Its invoice
// and credit note never say "Tax Invoice" / "Tax Credit Note" (nor their Arabic), never label a line with a VAT
// category, rate or VAT amount and print no TRN; a registered seller's documents in the same order still do.
let t: TestContext;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let reg: Awaited<ReturnType<typeof signupVendor>>;
let unreg: Awaited<ReturnType<typeof signupVendor>>;

beforeAll(async () => {
  ({ t, admin, shopper, reg, unreg } = await taxMarketplace());
});
afterAll(() => t.close());

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
type Dto = { id: number; kind: string; title: string; tax: number; total: number; pint_ae: boolean; charges_vat: boolean; order_id: number };
type Snapshot = { title: string; titleAr: string; lines: { category: string; rateBps: number; taxCents: number }[] };

/** Everything a reader sees of a sub-order's documents: the list's titles, the stored titles and the PDFs' text. */
async function seen(orderId: number, vendorToken: string) {
  // the shopper's list is newest first: read in issue order like the others
  const mine = ((await call(t.app, { url: '/api/my/tax-documents', token: shopper.token })).json as Dto[]).filter((d) => d.order_id === orderId).sort((a, b) => a.id - b.id);
  const vendor = (await call(t.app, { url: `/api/vendor/orders/${orderId}/tax-documents`, token: vendorToken })).json as Dto[];
  const adminList = (await call(t.app, { url: `/api/admin/orders/${orderId}/tax-documents`, token: admin })).json as Dto[];
  const snapshots = (await q<{ snapshot: Snapshot }>('select snapshot from tax_documents where order_id = $1 order by id', [orderId])).map((r) => r.snapshot);
  const pdfs: string[] = [];
  for (const d of mine) {
    const res = await t.app.inject({ method: 'GET', url: `/api/my/tax-documents/${d.id}/pdf`, headers: { authorization: `Bearer ${shopper.token}` } });
    expect(res.statusCode).toBe(200);
    pdfs.push(pageTexts(res.rawPayload).flat().join('\n'));
  }
  return { mine, vendor, adminList, snapshots, pdfs, titles: [...mine, ...vendor, ...adminList].map((d) => d.title) };
}

const TAX_WORDS = /Tax Invoice|Tax Credit Note|Standard rate|Zero-rated|VAT rate|Total VAT|including VAT|TRN/;

describe("an unregistered seller's documents (issue 34 item 4, decision 0121)", () => {
  it('are a plain Invoice and Credit Note with no VAT labels or TRN, while the registered seller in the same order keeps its tax documents', async () => {
    const oud = await makeProduct(t.app, { name: 'Oud Oil 12ml', priceCents: 21_000, vendorId: reg.vendor.id });
    const bowl = await makeProduct(t.app, { name: 'Clay Bowl', priceCents: 3_999, vendorId: unreg.vendor.id });
    // both standard-rated products; the buyer is a registrant, so the registered seller's invoice goes out as PINT AE
    const request = orderRequestSchema.parse({
      items: [{ product_id: oud.id, quantity: 2 }, { product_id: bowl.id, quantity: 3 }],
      customer_info: { name: 'Huda Shopper', email: 'huda@example.test', phone: null, trn: BUYER_TRN, company: 'Huda Trading LLC' },
      shipping_address: { address: '9 Marina Walk', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' },
      payment_method: 'card',
    });
    const order = (await t.app.services.orders.placeOrder(request, { userId: shopper.user.id })).order;
    const regSub = order.sub_orders.find((s) => s.tax > 0)!;
    const unregSub = order.sub_orders.find((s) => s.id !== regSub.id)!;
    // no VAT is computed on the unregistered seller's goods: the total is what the shopper pays, nothing in it is tax
    expect([unregSub.tax, unregSub.total_amount, regSub.tax]).toEqual([0, 119.97, 20]);
    for (const s of [regSub, unregSub]) await t.app.services.orders.setStatus(s.id, 'shipped');
    // one unit back from each, then the rest cancelled: two credit notes each
    for (const s of [regSub, unregSub]) {
      const [item] = await q<{ id: number }>('select id from order_items where order_id = $1', [s.id]);
      await t.database.db.transaction((tx) => issueCreditNote(tx, { orderId: s.id, lines: [{ orderItemId: item!.id, quantity: 1 }], reason: 'Damaged in transit' }));
      await t.app.services.orders.setStatus(s.id, 'cancelled');
    }

    const plain = await seen(unregSub.id, unreg.token);
    expect(plain.mine.map((d) => [d.kind, d.title, d.tax])).toEqual([['invoice', MSG.invoiceTitle, 0], ['credit_note', MSG.creditNoteTitle, 0], ['credit_note', MSG.creditNoteTitle, 0]]);
    expect(plain.titles.length).toBe(9);
    for (const title of plain.titles) expect(title).not.toMatch(/Tax/);
    expect(plain.snapshots.map((s) => [s.title, s.titleAr])).toEqual([
      [MSG.invoiceTitle, MSG.invoiceTitleAr], [MSG.creditNoteTitle, MSG.creditNoteTitleAr], [MSG.creditNoteTitle, MSG.creditNoteTitleAr],
    ]);
    for (const s of plain.snapshots) {
      expect(s.titleAr).not.toMatch(/ضريبي/);
      expect(s.lines.every((l) => l.rateBps === 0 && l.taxCents === 0)).toBe(true);
    }
    expect(plain.pdfs.length).toBe(3);
    for (const text of plain.pdfs) {
      expect(text).not.toMatch(TAX_WORDS);
      expect(text).not.toContain(MARKETPLACE_TRN);
      expect(text).not.toContain(BUYER_TRN);
      expect(text).toContain('Clay Bowl');
      expect(text).toContain('Amount');
    }
    expect(plain.pdfs[0]).toMatch(/^Invoice$/m);
    expect(plain.pdfs[1]).toMatch(/^Credit Note$/m);
    expect(plain.pdfs[0]).toContain('AED 119.97'); // the line and the total: what the shopper paid
    // not a tax invoice, so never exported as a PINT AE one, even to a registrant buyer
    expect(plain.mine.every((d) => !d.pint_ae && !d.charges_vat)).toBe(true);
    const pint = await call(t.app, { url: `/api/my/tax-documents/${plain.mine[0]!.id}/pint-ae`, token: shopper.token });
    expect([pint.status, pint.json?.error]).toEqual([422, MSG.pintNotBusiness]);
    // and the ledger holds no VAT for it
    const [ledger] = await q<{ n: string }>(`select count(*) as n from ledger_entries where order_id = $1 and account = 'sales_tax_payable' and amount_cents <> 0`, [unregSub.id]);
    expect(Number(ledger!.n)).toBe(0);

    const taxed = await seen(regSub.id, reg.token);
    expect(taxed.mine.map((d) => [d.kind, d.title])).toEqual([['invoice', MSG.simplifiedTaxInvoiceTitle], ['credit_note', MSG.taxCreditNoteTitle], ['credit_note', MSG.taxCreditNoteTitle]]);
    expect(taxed.snapshots.map((s) => s.titleAr)).toEqual([MSG.simplifiedTaxInvoiceTitleAr, MSG.taxCreditNoteTitleAr, MSG.taxCreditNoteTitleAr]);
    for (const text of taxed.pdfs) {
      expect(text).toContain(TAX_CATEGORY_LABELS.standard);
      expect(text).toContain('Total VAT');
      expect(text).toContain(VENDOR_TRN);
    }
    expect(taxed.pdfs[0]).toContain('Simplified Tax Invoice');
    expect(taxed.pdfs[1]).toContain('Tax Credit Note');
    expect(taxed.mine[0]!.pint_ae).toBe(true);
    expect(taxed.mine.every((d) => d.charges_vat)).toBe(true);
    expect((await call(t.app, { url: `/api/my/tax-documents/${taxed.mine[0]!.id}/pint-ae`, token: shopper.token })).status).toBe(200);
  });

  it('a credit note stored as "Tax Credit Note" before decision 0121 is listed and printed as a Credit Note', async () => {
    const bowl = await makeProduct(t.app, { name: 'Palm Basket', priceCents: 2_500, vendorId: unreg.vendor.id });
    const request = orderRequestSchema.parse({
      items: [{ product_id: bowl.id, quantity: 1 }],
      customer_info: { name: 'Huda Shopper', email: 'huda@example.test', phone: null },
      shipping_address: { address: '9 Marina Walk', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' },
      payment_method: 'card',
    });
    const sub = (await t.app.services.orders.placeOrder(request, { userId: shopper.user.id })).order.sub_orders[0]!;
    await t.app.services.orders.setStatus(sub.id, 'shipped');
    await t.app.services.orders.setStatus(sub.id, 'cancelled');
    // the old wording, as earlier releases wrote it (a new row: the stored documents are immutable)
    await q(
      `insert into tax_documents (issuer, kind, form, sequence, number, order_id, corrects_id, currency, net_cents, tax_cents, total_cents, snapshot, issued_at, subject)
       select issuer, kind, form, sequence + 1000, number || '-OLD', order_id, corrects_id, currency, net_cents, tax_cents, total_cents,
              jsonb_set(jsonb_set(snapshot, '{title}', to_jsonb($2::text)), '{titleAr}', to_jsonb($3::text)), issued_at, subject
       from tax_documents where order_id = $1 and kind = 'credit_note'`,
      [sub.id, MSG.taxCreditNoteTitle, MSG.taxCreditNoteTitleAr],
    );
    const shown = await seen(sub.id, unreg.token);
    expect(shown.snapshots.map((s) => s.title)).toEqual([MSG.invoiceTitle, MSG.creditNoteTitle, MSG.taxCreditNoteTitle]);
    expect(shown.mine.map((d) => d.title)).toEqual([MSG.invoiceTitle, MSG.creditNoteTitle, MSG.creditNoteTitle]);
    for (const text of shown.pdfs) expect(text).not.toMatch(TAX_WORDS);
    expect(shown.pdfs[2]).toMatch(/^Credit Note$/m);
  });
});
