import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { TAX_DOCUMENT_LABELS as L } from '@souq/shared/rules/tax';
import type { TaxDocumentSnapshot } from '../../db/schema/tax.js';
import { pageCount, pageTexts } from '../../../test/pdf-pages.js';
import { renderTaxDocumentPdf } from './tax.pdf.js';

// Long documents through the real renderer (issue 34 item 6): a month's commission invoice carries a line per sub-order,
// so it runs to many pages; rows flow to the next page only when the next one does not fit, under the table's header.

const PARTIES = {
  supplier: { name: 'Souq Marketplace FZ-LLC', address: 'Office 4, Dubai Silicon Oasis, Dubai, UAE', trn: '100000000000003', registered: true },
  agent: null,
  recipient: { name: 'Registered Perfumes LLC', address: '12 Al Wasl Road, 00000, Dubai, Dubai, United Arab Emirates', trn: '100123456700003' },
};

/** A sub-order's number as orders.service.ts makes one: 'SQ-261014-7KX4M-2'. */
const orderNumber = (i: number) => `SQ-261014-${(36 ** 4 + i * 7919).toString(36).toUpperCase().slice(-5)}-${(i % 3) + 1}`;

/** A commission invoice shaped as commission.documents.ts writes one, with `n` sub-orders charged. */
function commissionInvoice(n: number): TaxDocumentSnapshot {
  const lines = Array.from({ length: n }, (_, i) => {
    const net = 4_200 + 37 * i;
    const tax = Math.round(net * 0.05);
    return { orderItemId: i + 1, description: MSG.commissionLine(orderNumber(i)), quantity: 1, unitPriceCents: net, category: 'standard', rateBps: 500, netCents: net, taxCents: tax, totalCents: net + tax };
  });
  const sum = (k: 'netCents' | 'taxCents' | 'totalCents') => lines.reduce((s, l) => s + l[k], 0);
  return {
    title: MSG.taxInvoiceTitle, titleAr: MSG.taxInvoiceTitleAr, form: 'full', number: 'MP-INV-000042', issuedAt: '2026-11-01T08:00:00.000Z', currency: 'AED',
    ...PARTIES, orderNumber: '2026-10', period: { from: '2026-10-01', to: '2026-10-31' }, lines, shippingCents: 0,
    totals: { netCents: sum('netCents'), taxCents: sum('taxCents'), totalCents: sum('totalCents') }, taxIncluded: false, note: MSG.commissionInvoiceNote('2026-10'),
  };
}

const HEADER = L.description[0];
const rowsOn = (page: string[]) => page.filter((s) => s.startsWith('Marketplace commission on order')).length;

describe('tax document PDF pagination', () => {
  it('a 14-line commission invoice is one page, every line and the totals on it', async () => {
    const pdf = await renderTaxDocumentPdf(commissionInvoice(14));
    expect(pageCount(pdf)).toBe(1);
    const [page] = pageTexts(pdf);
    expect(rowsOn(page!)).toBe(14);
    expect(page).toContain(L.totalGross[0]);
  });

  it('a 200-line commission invoice fills its pages, repeats the header on each and keeps the totals with the last rows', async () => {
    const pdf = await renderTaxDocumentPdf(commissionInvoice(200));
    if (process.env.TAX_PDF_DIR) await fs.writeFile(`${process.env.TAX_PDF_DIR}/commission-200.pdf`, pdf);
    const pages = pageTexts(pdf);
    expect(pages.length).toBe(pageCount(pdf));
    // every line drawn exactly once, in order
    const drawn = pages.flat().filter((s) => s.startsWith('Marketplace commission on order'));
    expect(drawn).toEqual(commissionInvoice(200).lines.map((l) => l.description));
    // a continuation page holds as many rows as a full one: the count follows from the rows a page takes, not a guess
    const perPage = rowsOn(pages[1]!);
    expect(perPage).toBeGreaterThan(rowsOn(pages[0]!));
    const last = pages.at(-1)!;
    const middle = pages.slice(1, -1).map(rowsOn);
    // the pages between are full, but the one before the last gives up its last row when the totals need company
    const pushed = rowsOn(last) === 1 && middle.at(-1) === perPage - 1;
    middle.forEach((rows, i) => expect(rows).toBe(pushed && i === middle.length - 1 ? perPage - 1 : perPage));
    expect(rowsOn(last)).toBeLessThanOrEqual(perPage);
    expect(pages.length).toBe(1 + Math.ceil((200 - rowsOn(pages[0]!)) / perPage) + (pushed ? 1 : 0));
    expect(pages.length).toBeLessThanOrEqual(10);
    pages.forEach((page, i) => {
      expect(page.length).toBeGreaterThan(0);
      // on every page after the first, the table's header comes before the first row
      if (i > 0) expect(page.indexOf(HEADER)).toBeGreaterThanOrEqual(0);
      if (i > 0) expect(page.indexOf(HEADER)).toBeLessThan(page.findIndex((s) => s.startsWith('Marketplace commission on order')));
      // and every page says which of how many it is
      expect(page).toContain(`${L.page[0]} ${i + 1} ${L.of[0]} ${pages.length}`);
    });
    // the totals close the last page, after at least one of the rows
    expect(rowsOn(last)).toBeGreaterThan(0);
    expect(last.indexOf(L.totalGross[0])).toBeGreaterThan(last.lastIndexOf(commissionInvoice(200).lines.at(-1)!.description));
    expect(pages.slice(0, -1).some((p) => p.includes(L.totalGross[0]))).toBe(false);
  });
  it('a long credit note keeps its six closing figures and its reason together, after its last row', async () => {
    const invoice = commissionInvoice(90);
    const credit: TaxDocumentSnapshot = {
      ...invoice, title: MSG.taxCreditNoteTitle, titleAr: MSG.taxCreditNoteTitleAr, number: 'MP-CN-000007', note: null,
      original: { number: invoice.number, issuedAt: invoice.issuedAt, totalCents: invoice.totals.totalCents * 2, taxCents: invoice.totals.taxCents * 2 },
      corrected: { totalCents: invoice.totals.totalCents, taxCents: invoice.totals.taxCents }, reason: MSG.commissionCreditReason('2026-10'),
    };
    const pages = pageTexts(await renderTaxDocumentPdf(credit));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flat().filter((t) => t.startsWith('Marketplace commission on order'))).toEqual(invoice.lines.map((l) => l.description));
    const last = pages.at(-1)!;
    for (const label of [L.totalNet, L.totalTax, L.totalGross, L.originalValue, L.correctedValue, L.difference]) {
      expect(last.indexOf(label[0])).toBeGreaterThan(last.lastIndexOf(invoice.lines.at(-1)!.description));
    }
    pages.slice(1).forEach((page) => expect(page.indexOf(HEADER)).toBeGreaterThan(page.indexOf(`${credit.title} ${credit.number}`)));
  });

  it('whatever the line count, nothing spills past a page: each continuation page opens with the title and the header', async () => {
    // A spill would be a page PDFKit added by itself, without our title and header on it. The counts sit on either side
    // of where a page fills (17 lines and the totals fit the first page, 20 lines without them, 30 a continuation page):
    // from 18 lines the last one goes over with the totals.
    const counts = new Set<number>();
    for (const n of [1, 14, 17, 18, 20, 21, 22, 46, 47, 51, 52, 70]) {
      const pages = pageTexts(await renderTaxDocumentPdf(commissionInvoice(n)));
      counts.add(pages.length);
      pages.slice(1).forEach((page) => {
        expect(page[0]).toBe(`${MSG.taxInvoiceTitle} MP-INV-000042`);
        expect(page[1]).toBe(HEADER);
        expect(rowsOn(page)).toBeGreaterThan(0);
      });
      expect(pages.flat().filter((t) => t.startsWith('Marketplace commission on order')).length).toBe(n);
      expect(pages.at(-1)).toContain(L.totalGross[0]);
      // one page needs no number; more say which of how many
      expect(pages.flat().some((t) => t.startsWith(`${L.page[0]} `))).toBe(pages.length > 1);
    }
    expect([...counts].sort()).toEqual([1, 2, 3]);
  });
});
