import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import bidiFactory from 'bidi-js';
import { TAX_CATEGORY_LABELS, TAX_DOCUMENT_LABELS as L, type TaxCategory } from '@souq/shared/rules/tax';
import type { TaxDocumentSnapshot } from '../../db/schema/tax.js';

// A tax document as PDF (decision 0099): every Art. 59/60 field from the frozen snapshot, labels in English and Arabic.
// Latin text uses the PDF base font; Arabic uses Noto Sans Arabic (OFL, assets/fonts), shaped by fontkit (joining
// forms, ligatures; an RTL run is laid out right to left), its direction checked with bidi-js.

const here = path.dirname(fileURLToPath(import.meta.url));
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
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${s.title} ${s.number}`, Author: s.agent?.name ?? s.supplier.name } });
  const { regular, bold } = arabicFonts();
  doc.registerFont('ar', regular);
  doc.registerFont('ar-bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const left = 40;
  const width = doc.page.width - 80;
  const right = left + width;

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
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#0f172a').text(s.title, left, 40, { width: width / 2 });
  arabic(s.titleAr, right, 34, 18, true);
  let y = 76;
  const field = (pair: readonly [string, string], value: string) => {
    bilingual(pair, y);
    doc.font('Helvetica').fontSize(10).fillColor('#0f172a').text(value, left, y + 12, { width });
    y = doc.y + 6;
  };
  field(L.number, s.number);
  field(L.date, s.issuedAt.slice(0, 10));
  // a commission document (decision 0108) covers a month, not one order
  if (s.period) field(L.period, `${s.period.from} – ${s.period.to}`);
  else field(L.order, s.orderNumber);
  const party = (pair: readonly [string, string], p: { name: string; address: string; trn: string | null }) => {
    field(pair, [p.name, p.address, p.trn ? `${L.trn[0]}: ${p.trn}` : null].filter(Boolean).join('\n'));
  };
  party(L.supplier, s.supplier);
  if (s.agent) party(L.agent, s.agent);
  party(L.recipient, s.recipient);
  if (s.original) {
    field(L.original, `${s.original.number} (${s.original.issuedAt.slice(0, 10)})`);
    if (s.reason) field(L.reason, s.reason);
  }

  // lines
  y += 6;
  const cols = [
    { key: L.description, w: 0.3, align: 'left' as const },
    { key: L.quantity, w: 0.06, align: 'right' as const },
    { key: L.unitPrice, w: 0.13, align: 'right' as const },
    { key: L.rate, w: 0.1, align: 'right' as const },
    { key: L.net, w: 0.14, align: 'right' as const },
    { key: L.tax, w: 0.12, align: 'right' as const },
    { key: L.total, w: 0.15, align: 'right' as const },
  ];
  const row = (cells: string[], fontOf: (i: number) => string, size: number, dy = 0) => {
    let x = left;
    let h = 0;
    cells.forEach((c, i) => {
      const w = cols[i]!.w * width;
      doc.font(fontOf(i)).fontSize(size).text(c, x + 2, y + dy, { width: w - 4, align: cols[i]!.align });
      h = Math.max(h, doc.y - y);
      x += w;
    });
    y += h + 4;
  };
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#cbd5e1').stroke();
  y += 4;
  row(cols.map((c) => c.key[0]), () => 'Helvetica-Bold', 8);
  {
    // the Arabic column heads, each ending where its column's text ends (right-aligned columns) or starts (RTL)
    let x = left;
    for (const c of cols) {
      arabic(c.key[1], x + c.w * width - 2, y - 3, 8);
      x += c.w * width;
    }
    y += 14;
  }
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 4;
  for (const l of s.lines) {
    row([
      `${l.description}\n${TAX_CATEGORY_LABELS[l.category as TaxCategory] ?? l.category}`, String(l.quantity), money(l.unitPriceCents, s.currency),
      rate(l.rateBps), money(l.netCents, s.currency), money(l.taxCents, s.currency), money(l.totalCents, s.currency),
    ], () => 'Helvetica', 9);
  }
  if (s.shippingCents) {
    row([L.shipping[0], '', '', rate(0), money(s.shippingCents, s.currency), money(0, s.currency), money(s.shippingCents, s.currency)], () => 'Helvetica', 9);
  }
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 8;

  // totals, then the credit note's correction (Art. 60)
  const total = (pair: readonly [string, string], cents: number, strong = false) => {
    bilingual(pair, y, 10, strong);
    // the amount between the two labels, clear of both
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('#0f172a').text(money(cents, s.currency), left + width * 0.35, y, { width: width * 0.25, align: 'right' });
    y += 22;
  };
  total(L.totalNet, s.totals.netCents);
  total(L.totalTax, s.totals.taxCents);
  total(L.totalGross, s.totals.totalCents, true);
  if (s.original && s.corrected) {
    total(L.originalValue, s.original.totalCents);
    total(L.correctedValue, s.corrected.totalCents);
    total(L.difference, s.totals.totalCents, true);
  }
  if (s.note) doc.font('Helvetica').fontSize(8).fillColor('#475569').text(s.note, left, y + 4, { width });
  doc.end();
  return done;
}
