import { createRequire } from 'node:module';
import type bwipjsModule from 'bwip-js';
import { CARRIER_NAMES, SHIPPING_LABEL_LABELS as L, type CarrierCode } from '@souq/shared/rules/shipping';
import type { LabelParty, LabelSnapshot } from '../../db/schema/shipping.js';
import { arabicPdf, rtlWords } from '../tax/tax.pdf.js';

// A parcel's label (decision 0150): 4×6 in (288 × 432 pt, the thermal printers' A6-sized roll), the waybill as a Code
// 128 barcode drawn as vector bars (scannable at any print resolution), the cash to collect when there is some, and
// sender and receiver under English and Arabic headings. The same PDF library and Arabic font handling as the tax
// documents (decision 0099): PDFKit, Noto Sans Arabic shaped by fontkit, words placed right to left.

export const LABEL_SIZE_PT = [288, 432] as const;

/** bwip-js is loaded on the first label, from node_modules, not bundled (decision 0189; as PDFKit in tax.pdf.ts). */
let bwip: typeof bwipjsModule | null = null;
const bwipjs = () => (bwip ??= createRequire(import.meta.url)('bwip-js') as typeof bwipjsModule);

/** The waybill's Code 128 bars and spaces, in modules, starting with a bar (bwip-js's encoder, checksum included). */
export function code128Modules(text: string): number[] {
  const [sym] = bwipjs().raw('code128', text, {}) as unknown as { sbs: number[] }[];
  return sym!.sbs;
}

/** Arabic text the label may lay out right to left (names with Latin letters or digits are shown in the Latin line). */
function arabicOrNull(text: string): string[] | null {
  if (!text.trim()) return null;
  try {
    return rtlWords(text);
  } catch {
    return null;
  }
}

export function renderShippingLabel(input: { carrier: CarrierCode; waybill: string; kind: 'outbound' | 'return'; label: LabelSnapshot; formatMoney: (cents: number) => string }): Promise<Buffer> {
  const { label } = input;
  const { doc, done } = arabicPdf({ size: [...LABEL_SIZE_PT], margin: 12, info: { Title: `${CARRIER_NAMES[input.carrier][0]} ${input.waybill}`, Author: 'Souq' } });
  const left = 12;
  const right = LABEL_SIZE_PT[0] - 12;
  const width = right - left;

  const arabicWords = (words: string[], end: number, y: number, size: number, strong = false) => {
    doc.font(strong ? 'ar-bold' : 'ar').fontSize(size).fillColor('#000');
    const space = doc.widthOfString(' ');
    let x = end;
    for (const word of words) {
      x -= doc.widthOfString(word);
      doc.text(word, x, y, { lineBreak: false });
      x -= space;
    }
  };
  // `inset`: a heading inside a box keeps off its border
  const heading = (pair: readonly [string, string], y: number, size = 8, inset = 0) => {
    doc.font('Helvetica-Bold').fontSize(size).fillColor('#000').text(pair[0].toUpperCase(), left + inset, y, { lineBreak: false });
    arabicWords(rtlWords(pair[1]), right - inset, y - 3, size, true);
  };
  const rule = (y: number) => doc.moveTo(left, y).lineTo(right, y).lineWidth(0.8).stroke('#000');

  // carrier and service
  const [carrierEn, carrierAr] = CARRIER_NAMES[input.carrier];
  doc.font('Helvetica-Bold').fontSize(16).text(carrierEn, left, 12, { lineBreak: false });
  arabicWords(rtlWords(carrierAr), right, 8, 14, true);
  doc.font('Helvetica').fontSize(8).text(`${label.service}  ·  ${L.order[0]} ${label.orderNumber}`, left, 32, { lineBreak: false });
  if (input.kind === 'return') arabicWords(rtlWords(L.returnParcel[1]), right, 28, 8, true);
  rule(46);

  // the waybill's barcode: 1.1 pt per module, 70 pt tall, quiet zones of 10 modules
  const modules = code128Modules(input.waybill);
  const total = modules.reduce((n, m) => n + m, 0);
  const unit = Math.min(1.4, (width - 20) / total);
  let x = left + (width - total * unit) / 2;
  const barTop = 54;
  modules.forEach((m, i) => {
    if (i % 2 === 0) doc.rect(x, barTop, m * unit, 70).fill('#000');
    x += m * unit;
  });
  doc.font('Helvetica-Bold').fontSize(12).text(input.waybill, left, barTop + 74, { width, align: 'center', lineBreak: false });
  heading(L.waybill, barTop + 92, 7);
  rule(162);

  const party = (pair: readonly [string, string], p: LabelParty, y: number, size: number) => {
    heading(pair, y);
    let line = y + 12;
    doc.font('Helvetica-Bold').fontSize(size).fillColor('#000').text(p.name, left, line, { width: width * 0.62, lineBreak: false, ellipsis: true });
    const ar = arabicOrNull(p.nameAr);
    if (ar) arabicWords(ar, right, line - 3, size, true);
    line += size + 4;
    doc.font('Helvetica').fontSize(size - 2);
    for (const l of [...p.lines, `${p.city}, ${p.country}`, p.phone].filter(Boolean)) {
      doc.text(l, left, line, { width, lineBreak: false, ellipsis: true });
      line += size;
    }
    return line;
  };
  let y = party(L.from, label.sender, 170, 9);
  rule(y + 4);
  y = party(L.to, label.receiver, y + 10, 12);
  rule(y + 6);

  // the money at the door
  const boxTop = Math.max(y + 12, 340);
  if (label.codCents > 0) {
    doc.rect(left, boxTop, width, 48).lineWidth(2).stroke('#000');
    heading(L.cod, boxTop + 6, 9, 6);
    doc.font('Helvetica-Bold').fontSize(20).text(input.formatMoney(label.codCents), left, boxTop + 20, { width, align: 'center', lineBreak: false });
  } else {
    heading(L.prepaid, boxTop + 6, 11);
  }
  doc.font('Helvetica').fontSize(7).text(`${L.pieces[0]}: ${label.pieces}  ·  ${(label.weightGrams / 1000).toFixed(2)} kg  ·  ${label.description}`, left, LABEL_SIZE_PT[1] - 24, { width, lineBreak: false, ellipsis: true });
  doc.end();
  return done;
}
