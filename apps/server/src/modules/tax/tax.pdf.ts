import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type PDFDocumentClass from 'pdfkit';
import bidiFactory from 'bidi-js';
import { TAX_CATEGORY_LABELS, TAX_DOCUMENT_LABELS as L, type TaxCategory } from '@souq/shared/rules/tax';
import type { TaxDocumentSnapshot } from '../../db/schema/tax.js';
import { isPlainDocument, shownTitles } from './tax.documents.js';

// A tax document as PDF (decision 0099): every Art. 59/60 field from the frozen snapshot, labels in English and Arabic.
// Latin text uses the PDF base font; Arabic uses Noto Sans Arabic (OFL, assets/fonts), shaped by fontkit (joining
// forms, ligatures; an RTL run is laid out right to left), its direction checked with bidi-js. Long documents paginate
// (decision 0118).

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * PDFKit (with fontkit, its Unicode tables and Brotli dictionary) is loaded on the first document, from node_modules,
 * not bundled (decision 0189): in the bundle its ~3 MB of source stayed in the heap for the process's life and its
 * module set-up ran at every start, for documents most processes never make.
 */
let pdfkit: typeof PDFDocumentClass | null = null;
const PDFDocument = () => (pdfkit ??= createRequire(import.meta.url)('pdfkit') as typeof PDFDocumentClass);
/** assets/fonts from src/modules/tax, dist/modules/tax or the bundle: the first folder up that holds it. */
function fontsDir(): string {
  for (let dir = here; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'assets', 'fonts');
    if (fs.existsSync(path.join(candidate, 'NotoSansArabic-Regular.ttf'))) return candidate;
  }
  throw new Error('tax.pdf: assets/fonts/NotoSansArabic-Regular.ttf not found');
}
let fonts: { regular: Buffer; bold: Buffer } | null = null;
const arabicFonts = () => (fonts ??= { regular: fs.readFileSync(path.join(fontsDir(), 'NotoSansArabic-Regular.ttf')), bold: fs.readFileSync(path.join(fontsDir(), 'NotoSansArabic-Bold.ttf')) });

/** PDFKit's font objects of a document, and the parsed font each one wraps (PDFKit's own fields). */
type FontSlot = { font: unknown; constructor: new (doc: unknown, font: unknown, id: string) => unknown } & Record<string, unknown>;
type FontDocument = PDFKit.PDFDocument & { _fontFamilies: Record<string, unknown>; _fontCount: number; _font: FontSlot };
/** What a standard font (AFM metrics) holds besides its document and id: copied, never the probe's PDF objects. */
const STANDARD_FIELDS = ['name', 'font', 'ascender', 'descender', 'bbox', 'lineGap', 'xHeight', 'capHeight'] as const;
export const PDF_FONTS = ['Helvetica', 'Helvetica-Bold', 'ar', 'ar-bold'] as const;
let parsed: { name: string; slot: FontSlot; embedded: boolean }[] | null = null;

/**
 * Gives a new document its fonts without parsing them again. PDFKit parses a registered font file (fontkit) and a
 * standard font's metrics (AFM) for every document, and fontkit decodes the Arabic font's shaping tables again on its
 * first use in each: most of a 4×6 label's time (decision 0160's profile). The parsed fonts are read-only once
 * loaded, so one per process serves every document; each document still gets PDFKit's own font object around it
 * (its subset, widths and layout cache), made as PDFKit makes them.
 */
function withParsedFonts(doc: PDFKit.PDFDocument) {
  if (!parsed) {
    const probe = new (PDFDocument())({ autoFirstPage: false }) as FontDocument;
    const { regular, bold } = arabicFonts();
    probe.registerFont('ar', regular);
    probe.registerFont('ar-bold', bold);
    parsed = PDF_FONTS.map((name) => {
      probe.font(name);
      return { name, slot: probe._font, embedded: name.startsWith('ar') };
    });
  }
  const d = doc as FontDocument;
  for (const { name, slot, embedded } of parsed) {
    const id = `F${(d._fontCount += 1)}`;
    d._fontFamilies[name] = embedded
      ? new slot.constructor(doc, slot.font, id)
      : Object.assign(Object.create(Object.getPrototypeOf(slot) as object) as object, Object.fromEntries(STANDARD_FIELDS.map((k) => [k, slot[k]])), { document: doc, id });
  }
}

/**
 * A PDF with the Arabic fonts registered ('ar', 'ar-bold') and its bytes collected: `done` resolves once `doc.end()`
 * was called. Tax documents and shipping labels both start here.
 */
export function arabicPdf(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  // no default font of PDFKit's own making: the document is given the fonts parsed once (below), Helvetica first
  const doc = new (PDFDocument())({ ...options, font: null as unknown as string });
  withParsedFonts(doc);
  doc.font('Helvetica');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  return { doc, done };
}

// the package is CommonJS: under NodeNext its default import is typed as the module, at run time it is the factory
type BidiApi = { getEmbeddingLevels(text: string): { paragraphs: { level: number }[]; levels: Uint8Array } };
const bidi = (bidiFactory as unknown as () => BidiApi)();

/**
 * An Arabic label's words in visual order, right to left: PDFKit lays words out left to right and fontkit reverses
 * only within a run, so each word (one RTL run, shaped with its joining forms) is placed by us. Every character must
 * be at an odd (RTL) level or a space between such words: labels mixing in Latin text or digits are refused.
 */
export function rtlWords(text: string): string[] {
  const { levels } = bidi.getEmbeddingLevels(text);
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== ' ' && levels[i]! % 2 !== 1) throw new Error(`tax.pdf: not a right-to-left label: ${text}`);
  }
  return text.split(' ').filter(Boolean);
}

const money = (cents: number, currency: string) => `${currency} ${(cents / 100).toFixed(2)}`;
const rate = (bps: number) => `${(bps / 100).toFixed(bps % 100 ? 2 : 0)}%`;

/** Renders a document's snapshot; resolves to the PDF's bytes. */
export function renderTaxDocumentPdf(s: TaxDocumentSnapshot): Promise<Buffer> {
  // an unregistered seller's document charges no VAT: no tax title, category, rate or VAT column (decision 0121)
  const plain = isPlainDocument(s);
  const { title, titleAr } = shownTitles(s);
  // pages are buffered so that each can say "Page N of M" once M is known
  const { doc, done } = arabicPdf({ size: 'A4', margin: 40, bufferPages: true, info: { Title: `${title} ${s.number}`, Author: s.agent?.name ?? s.supplier.name } });

  const left = 40;
  const top = 40;
  const width = doc.page.width - 80;
  const right = left + width;
  // Content stops above the footer's line. PDFKit starts a new page by itself when text is drawn past the bottom
  // margin, and then again for every later cell placed at our own y (issue 34: 127 pages for 14 lines), so every
  // block is measured first and breaks the page itself before it would cross this line.
  const bottom = doc.page.height - 40 - 18;

  /** Arabic ending at `end`: its words placed right to left, each shaped by fontkit. */
  const arabic = (text: string, end: number, y: number, size: number, strong = false) => {
    doc.font(strong ? 'ar-bold' : 'ar').fontSize(size);
    const space = doc.widthOfString(' ');
    let x = end;
    for (const word of rtlWords(text)) {
      x -= doc.widthOfString(word);
      doc.text(word, x, y, { lineBreak: false });
      x -= space;
    }
  };
  /** English at the start, Arabic at the end of the same line. */
  const bilingual = (pair: readonly [string, string], y: number, size = 9, strong = false) => {
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(size).fillColor('#334155').text(pair[0], left, y, { width: width / 2, lineBreak: false });
    arabic(pair[1], right, y - 3, size, strong);
  };

  // title
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#0f172a').text(title, left, top, { width: width / 2 });
  arabic(titleAr, right, top - 6, 18, true);
  let y = 76;
  const field = (pair: readonly [string, string], value: string) => {
    doc.font('Helvetica').fontSize(10);
    const h = 12 + doc.heightOfString(value, { width });
    if (y + h > bottom) continuePage(false);
    bilingual(pair, y);
    doc.font('Helvetica').fontSize(10).fillColor('#0f172a').text(value, left, y + 12, { width });
    y = doc.y + 6;
  };

  // the lines' table: its columns, the header drawn at the top of every page it runs over
  // At 8 pt a commission line ("Marketplace commission on order SQ-261014-WWWWW-9", 211 pt at its widest) fits the
  // description on one line and a line amount up to AED 99999.99 its column: a row is two lines, a page about thirty.
  // A plain document keeps the same columns (so it paginates the same) with the rate, net and VAT heads left empty.
  const NONE = ['', ''] as const;
  const cols = [
    { key: L.description, w: 0.42, align: 'left' as const },
    { key: L.quantity, w: 0.045, align: 'right' as const },
    { key: L.unitPrice, w: 0.11, align: 'right' as const },
    // wide enough for its Arabic head, "نسبة الضريبة" (41 pt at 8 pt), clear of the unit price's
    { key: plain ? NONE : L.rate, w: 0.09, align: 'right' as const },
    { key: plain ? NONE : L.net, w: 0.11, align: 'right' as const },
    { key: plain ? NONE : L.tax, w: 0.1, align: 'right' as const },
    { key: plain ? L.amount : L.total, w: 0.125, align: 'right' as const },
  ];
  const ROW_SIZE = 8;
  type Row = { cells: string[]; font: string; size: number };
  const rowHeight = (r: Row) =>
    4 + Math.max(...r.cells.map((c, i) => doc.font(r.font).fontSize(r.size).heightOfString(c, { width: cols[i]!.w * width - 4, align: cols[i]!.align })));
  const drawRow = (r: Row) => {
    const h = rowHeight(r);
    let x = left;
    doc.fillColor('#0f172a');
    r.cells.forEach((c, i) => {
      const w = cols[i]!.w * width;
      doc.font(r.font).fontSize(r.size).text(c, x + 2, y, { width: w - 4, align: cols[i]!.align });
      x += w;
    });
    y += h;
  };
  const tableHeader = () => {
    doc.moveTo(left, y).lineTo(right, y).strokeColor('#cbd5e1').stroke();
    y += 4;
    drawRow({ cells: cols.map((c) => c.key[0]), font: 'Helvetica-Bold', size: 8 });
    // the Arabic column heads under the English ones: ending where a right-aligned column's text ends, starting where
    // the description's does (at its far end it ran into the quantity's head and read as one phrase)
    let x = left;
    for (const c of cols) {
      const end = c.align === 'left' ? x + 2 + doc.font('ar').fontSize(8).widthOfString(c.key[1]) : x + c.w * width - 2;
      if (c.key[1]) arabic(c.key[1], end, y - 3, 8);
      x += c.w * width;
    }
    y += 14;
    doc.moveTo(left, y).lineTo(right, y).stroke();
    y += 4;
  };
  /** A new page that names the document again; inside the table, its header comes first. */
  function continuePage(inTable: boolean) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text(`${title} ${s.number}`, left, top, { width: width / 2, lineBreak: false });
    arabic(titleAr, right, top - 4, 11, true);
    y = top + 26;
    if (inTable) tableHeader();
  }

  field(L.number, s.number);
  field(L.date, s.issuedAt.slice(0, 10));
  // a commission document (decision 0108) covers a month, not one order
  if (s.period) field(L.period, `${s.period.from} – ${s.period.to}`);
  else field(L.order, s.orderNumber);
  const party = (pair: readonly [string, string], p: { name: string; address: string; trn: string | null }) => {
    field(pair, [p.name, p.address, p.trn ? `${L.trn[0]}: ${p.trn}` : null].filter(Boolean).join('\n'));
  };
  // a plain document prints no TRN at all: none is the supplier's, and the agent's or the buyer's would make it read
  // as a tax document
  const noTrn = <P extends { trn: string | null }>(p: P): P => (plain ? { ...p, trn: null } : p);
  party(L.supplier, noTrn(s.supplier));
  if (s.agent) party(L.agent, noTrn(s.agent));
  party(L.recipient, noTrn(s.recipient));
  if (s.original) {
    field(L.original, `${s.original.number} (${s.original.issuedAt.slice(0, 10)})`);
    if (s.reason) field(L.reason, s.reason);
  }

  // totals, then the credit note's correction (Art. 60), then the note: one block, measured before the last row
  // a plain document's total is what was paid (or credited), with no VAT in it: one line, not net/VAT/gross
  const totals: [readonly [string, string], number, boolean][] = plain
    ? [[L.total, s.totals.totalCents, true]]
    : [[L.totalNet, s.totals.netCents, false], [L.totalTax, s.totals.taxCents, false],
      // the fil no VAT could split exactly (decision 0142), between the VAT and what was paid
      ...(s.roundingCents ? [[L.rounding, s.roundingCents, false] as [readonly [string, string], number, boolean]] : []),
      [L.totalGross, s.totals.totalCents, true]];
  // the marketplace's share of promotions (decision 0152): paid toward the total, so the VAT above is unchanged by it
  if (s.prepaidCents) totals.push([L.prepaid, -s.prepaidCents, false], [L.amountDue, s.totals.totalCents - s.prepaidCents, true]);
  if (s.original && s.corrected) {
    totals.push([L.originalValue, s.original.totalCents, false], [L.correctedValue, s.corrected.totalCents, false], [L.difference, s.totals.totalCents, true]);
  }
  const noteHeight = s.note ? 4 + doc.font('Helvetica').fontSize(8).heightOfString(s.note, { width }) : 0;
  const closing = 8 + totals.length * 22 + noteHeight;

  // the seller's share of a promotion, a reduction of the line's supply (decision 0152), printed under its name
  const discounted = (l: (typeof s.lines)[number]) => (l.discountCents ? `\n${L.sellerDiscount[0]}: -${money(l.discountCents, s.currency)}` : '');
  const rows: Row[] = s.lines.map((l) => ({
    cells: plain
      ? [`${l.description}${discounted(l)}`, String(l.quantity), money(l.unitPriceCents, s.currency), '', '', '', money(l.totalCents, s.currency)]
      : [
        `${l.description}\n${TAX_CATEGORY_LABELS[l.category as TaxCategory] ?? l.category}${discounted(l)}`, String(l.quantity), money(l.unitPriceCents, s.currency),
        rate(l.rateBps), money(l.netCents, s.currency), money(l.taxCents, s.currency), money(l.totalCents, s.currency),
      ],
    font: 'Helvetica', size: ROW_SIZE,
  }));
  if (s.shippingCents) {
    rows.push({
      cells: plain
        ? [L.shipping[0], '', '', '', '', '', money(s.shippingCents, s.currency)]
        // its VAT (decision 0133; older documents charged none)
        : [(s.shippingRateBps ?? 0) > 0 ? `${L.shipping[0]}\n${TAX_CATEGORY_LABELS.standard}` : L.shipping[0], '', '', rate(s.shippingRateBps ?? 0), money(s.shippingCents, s.currency), money(s.shippingTaxCents ?? 0, s.currency), money(s.shippingCents + (s.shippingTaxCents ?? 0), s.currency)],
      font: 'Helvetica', size: ROW_SIZE,
    });
  }
  y += 6;
  // the header with at least one row under it, never alone at a page's foot
  if (y + 40 + (rows[0] ? rowHeight(rows[0]) : 0) > bottom) continuePage(false);
  tableHeader();
  rows.forEach((r, i) => {
    // a row goes to the next page only when it does not fit; the last one also takes the totals with it
    const need = rowHeight(r) + (i === rows.length - 1 ? closing : 0);
    if (y + need > bottom) continuePage(true);
    drawRow(r);
  });
  if (y + closing > bottom) continuePage(false); // no rows at all: the totals alone
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#cbd5e1').stroke();
  y += 8;
  for (const [pair, cents, strong] of totals) {
    bilingual(pair, y, 10, strong);
    // the amount between the two labels, clear of both
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('#0f172a').text(money(cents, s.currency), left + width * 0.35, y, { width: width * 0.25, align: 'right' });
    y += 22;
  }
  if (s.note) doc.font('Helvetica').fontSize(8).fillColor('#475569').text(s.note, left, y + 4, { width });

  // "Page N of M" at each page's foot once there is more than one, in both languages like every other label
  const { start, count } = doc.bufferedPageRange();
  if (count > 1) {
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      // the foot lies below the bottom margin: without this PDFKit would take the text there for a page overflow
      doc.page.margins.bottom = 0;
      const fy = doc.page.height - 40 - 8;
      const n = String(i - start + 1);
      const m = String(count);
      doc.font('Helvetica').fontSize(8).fillColor('#64748b').text(`${L.page[0]} ${n} ${L.of[0]} ${m}`, left, fy, { lineBreak: false });
      // right to left: the word, its number, "of", the count; the numbers in the Latin font
      let x = right;
      for (const [token, isNumber] of [[L.page[1], false], [n, true], [L.of[1], false], [m, true]] as const) {
        if (isNumber) {
          doc.font('Helvetica').fontSize(8);
          x -= doc.widthOfString(token);
          doc.text(token, x, fy, { lineBreak: false });
        } else {
          doc.font('ar').fontSize(8);
          x -= doc.widthOfString(token);
          arabic(token, x + doc.widthOfString(token), fy - 3, 8);
        }
        x -= doc.font('Helvetica').fontSize(8).widthOfString(' ');
      }
    }
  }
  doc.end();
  return done;
}
