import { TAX_RATE, type EMIRATES } from '../constants.js';

// UAE VAT (issue 25, decision 0098): a product's tax category, a seller's registration and the shop's price mode
// decide each line's tax. ONE rule, used by the server's quote and order statement, the agents' checkout and the web.

/** Federal Decree-Law No. 8 of 2017: standard-rated (Art. 3), zero-rated (Art. 45), exempt (Art. 46). */
export const TAX_CATEGORIES = ['standard', 'zero', 'exempt'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];
export const TAX_CATEGORY_DEFAULT: TaxCategory = 'standard';
export const TAX_CATEGORY_LABELS: Record<TaxCategory, string> = {
  standard: `Standard rate (${Math.round(TAX_RATE * 100)}%)`,
  zero: 'Zero-rated (0%)',
  exempt: 'Exempt',
};
/** The UBL/PINT AE tax category code of each (S/Z/E). */
export const TAX_CATEGORY_CODES: Record<TaxCategory, 'S' | 'Z' | 'E'> = { standard: 'S', zero: 'Z', exempt: 'E' };

/**
 * The seven emirates in the order of the VAT 201 return's Box 1 (1a Abu Dhabi … 1g Fujairah). A registrant reports a
 * standard-rated supply under the emirate of its establishment most closely connected to the supply (decision 0111).
 */
export const VAT_EMIRATES = ['abu_dhabi', 'dubai', 'sharjah', 'ajman', 'umm_al_quwain', 'ras_al_khaimah', 'fujairah'] as const;
export type VatEmirate = (typeof VAT_EMIRATES)[number];
/** Each emirate's line of Box 1. */
export const VAT_EMIRATE_BOXES: Record<VatEmirate, string> = {
  abu_dhabi: '1a', dubai: '1b', sharjah: '1c', ajman: '1d', umm_al_quwain: '1e', ras_al_khaimah: '1f', fujairah: '1g',
};
/** English names as the return prints them (the CSV; screens translate their own). */
export const VAT_EMIRATE_NAMES: Record<VatEmirate, (typeof EMIRATES)[number]> = {
  abu_dhabi: 'Abu Dhabi', dubai: 'Dubai', sharjah: 'Sharjah', ajman: 'Ajman', umm_al_quwain: 'Umm Al Quwain', ras_al_khaimah: 'Ras Al Khaimah', fujairah: 'Fujairah',
};
export const isVatEmirate = (v: unknown): v is VatEmirate => typeof v === 'string' && (VAT_EMIRATES as readonly string[]).includes(v);
/** The code of an address's emirate as the address forms store it ('Abu Dhabi'), or null for anything else. */
export function emirateOfAddress(state: string | undefined | null): VatEmirate | null {
  return VAT_EMIRATES.find((e) => VAT_EMIRATE_NAMES[e] === state?.trim()) ?? null;
}

/** 5 % in basis points; the rate of a standard-rated line. */
export const STANDARD_RATE_BPS = Math.round(TAX_RATE * 10_000);

/**
 * 'inclusive' (the UAE default, Executive Regulation Art. 27(1): declared prices include the tax): the price shown is
 * the price paid and the tax is extracted from it. 'exclusive': the tax is added on top (shops outside the UAE).
 */
export const TAX_MODES = ['inclusive', 'exclusive'] as const;
export type TaxMode = (typeof TAX_MODES)[number];
export const TAX_MODE_DEFAULT: TaxMode = 'inclusive';

/** A line's rate: 0 unless its seller is registered and the product standard-rated. */
export function lineRateBps(category: TaxCategory, sellerRegistered: boolean): number {
  return sellerRegistered && category === 'standard' ? STANDARD_RATE_BPS : 0;
}

/**
 * The tax of one line total, rounded half up to the fil in integer arithmetic (no float drift):
 * inclusive: total × r / (1 + r); exclusive: total × r. Exact to within ±0.5 fils.
 */
export function lineTaxCents(lineTotalCents: number, rateBps: number, mode: TaxMode): number {
  if (rateBps <= 0 || lineTotalCents === 0) return 0;
  const den = mode === 'inclusive' ? 10_000 + rateBps : 10_000;
  const sign = lineTotalCents < 0 ? -1 : 1;
  const num = Math.abs(lineTotalCents) * rateBps;
  // round(num / den) half up: floor((2·num + den) / (2·den))
  return sign * Math.floor((2 * num + den) / (2 * den));
}

/**
 * A document's tax in one VAT category (EN 16931 BR-CO-17, kept by PINT AE): its taxable base × rate, rounded half up
 * to the fil once, on the category's total, never the sum of separately rounded line taxes.
 */
// (+ 0: a negative base under half a fil rounds to 0, not −0)
export const categoryTaxCents = (baseCents: number, rateBps: number): number => lineTaxCents(baseCents, rateBps, 'exclusive') + 0;

/**
 * The category's tax shared out over its lines so they add up to it exactly (largest remainder): each line gets the
 * whole fils of its exact share (base × rate), and the fils left over go one each to the lines with the largest
 * fractions, the earlier line first on a tie, so the same document always allocates the same way. Integer arithmetic.
 */
export function allocateCategoryTax(bases: readonly number[], rateBps: number): number[] {
  const total = categoryTaxCents(bases.reduce((n, b) => n + b, 0), rateBps);
  const shares = bases.map((b, i) => {
    const num = b * rateBps;
    const whole = Math.floor(num / 10_000);
    return { i, whole, rest: num - whole * 10_000 };
  });
  // the rounded total lies between the sum of the floors and that sum + the number of lines (each floor < 1 fil short)
  let left = total - shares.reduce((n, s) => n + s.whole, 0);
  const out = shares.map((s) => s.whole);
  for (const s of [...shares].sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (left <= 0) break;
    out[s.i]! += 1;
    left -= 1;
  }
  return out;
}

/**
 * A sale document's VAT in one category when what was paid for it is fixed (decision 0142): the shopper paid `gross`
 * (net + VAT, whatever the price mode), and EN 16931 BR-CO-17 wants the category's VAT to be its taxable amount × rate
 * rounded once, exactly: T = round((gross − T) × rate). At most one T satisfies it (the right side falls as T grows).
 * When none does (at 5 %, a gross ≡ 10 fils mod 21: T = ⌊gross/21⌋ leaves a taxable amount whose tax is half a fil
 * more), the VAT is the nearest one and the fil that makes the sum what was paid is the document's rounding amount
 * (EN 16931 BT-114, "Rounding amount", PayableRoundingAmount): net + VAT + rounding = gross. Integer arithmetic.
 */
export function grossCategorySplit(grossCents: number, rateBps: number): { netCents: number; taxCents: number; roundingCents: number } {
  if (rateBps <= 0 || grossCents === 0) return { netCents: grossCents, taxCents: 0, roundingCents: 0 };
  const t0 = lineTaxCents(grossCents, rateBps, 'inclusive');
  for (const t of [t0, t0 - 1, t0 + 1]) if (categoryTaxCents(grossCents - t, rateBps) === t) return { netCents: grossCents - t, taxCents: t, roundingCents: 0 };
  // no exact split of the gross: the VAT of the gross as extracted, the net one fil off, that fil the rounding amount
  for (const r of [1, -1, 2, -2]) {
    for (const t of [t0, t0 - 1, t0 + 1]) if (categoryTaxCents(grossCents - t - r, rateBps) === t) return { netCents: grossCents - t - r, taxCents: t, roundingCents: r };
  }
  /* c8 ignore next */
  throw new Error(`no BR-CO-17 split of ${grossCents} at ${rateBps} bps`);
}

/**
 * A category's document VAT shared over its lines (decision 0142) when each line already carries a VAT frozen at the
 * sale (`frozen`, per-line rounding, decision 0098): the fils by which the document's VAT (`total`) differs from their
 * sum are given (or taken) one each to the lines whose frozen VAT is furthest below (or above) their exact share of
 * the gross (gross × rate / (1 + rate)), the earlier line first on a tie: largest remainder on the frozen roundings,
 * so a document whose VAT already matches keeps every line as frozen and the lines always add up to the category.
 */
export function allocateDocumentTax(lines: readonly { grossCents: number; taxCents: number }[], rateBps: number, total: number): number[] {
  const out = lines.map((l) => l.taxCents);
  let left = total - out.reduce((n, t) => n + t, 0);
  if (left === 0 || !lines.length) return out;
  // the exact share's shortfall, scaled by (10,000 + rate) to stay in integers: gross × rate − tax × (10,000 + rate)
  const order = lines.map((l, i) => ({ i, short: l.grossCents * rateBps - l.taxCents * (10_000 + rateBps) }))
    .sort((a, b) => (left > 0 ? b.short - a.short : a.short - b.short) || a.i - b.i);
  const step = left > 0 ? 1 : -1;
  for (let k = 0; left !== 0; k = (k + 1) % order.length) {
    out[order[k]!.i]! += step;
    left -= step;
  }
  return out;
}

/**
 * The VAT frozen on a sub-order's shipping (decision 0133), from what the sub-order stored: its tax less its lines',
 * when that is the shipping's VAT at the standard rate by the sale's rule; otherwise none (an unregistered seller, free
 * shipping, a sub-order placed before shipping was taxed or before per-line VAT). Net is the shipping less that VAT
 * when prices included it.
 */
export function frozenShippingTax(o: { shippingCents: number; taxCents: number; taxIncluded: boolean }, linesTaxCents: number) {
  const rest = o.taxCents - linesTaxCents;
  const taxed = rest > 0 && rest === lineTaxCents(o.shippingCents, STANDARD_RATE_BPS, o.taxIncluded ? 'inclusive' : 'exclusive');
  const taxCents = taxed ? rest : 0;
  return { rateBps: taxed ? STANDARD_RATE_BPS : 0, taxCents, netCents: o.shippingCents - (o.taxIncluded ? taxCents : 0) };
}

/** A sale line as frozen: what a part of it is worth is worked out from these. */
export type TaxedLine = { quantity: number; unitPriceCents: number; lineTotalCents: number; taxRateBps: number; taxCents: number };

/**
 * Some units of a sale line: their net, tax and total (decision 0098). The whole line is its frozen amounts; a part is
 * its units at the unit price with the tax by the sale's rule.
 */
export function lineAmounts(item: TaxedLine, quantity: number, taxIncluded: boolean) {
  if (quantity <= 0) return { netCents: 0, taxCents: 0, totalCents: 0 };
  // a part of the line in proportion to its total, half up: its units' price for a line at its price, and what was paid
  // for them after the seller's share of a promotion (decision 0152) for one that had one
  const gross = quantity >= item.quantity ? item.lineTotalCents : Math.round((item.lineTotalCents * quantity) / item.quantity);
  const tax = quantity >= item.quantity ? item.taxCents : lineTaxCents(gross, item.taxRateBps, taxIncluded ? 'inclusive' : 'exclusive');
  const net = taxIncluded ? gross - tax : gross;
  return { netCents: net, taxCents: tax, totalCents: net + tax };
}

/**
 * The next `units` of a line once `before` have been given back: what all of them are worth less what the earlier ones
 * were. Refunds and credit notes both take a line back this way, so however its units come back the refunds add up to
 * the sale exactly and the ledger's tax equals the credit notes' (decisions 0094, 0099).
 */
export function returnedLineAmounts(item: TaxedLine, before: number, units: number, taxIncluded: boolean) {
  const after = lineAmounts(item, before + units, taxIncluded);
  const earlier = lineAmounts(item, before, taxIncluded);
  return { netCents: after.netCents - earlier.netCents, taxCents: after.taxCents - earlier.taxCents, totalCents: after.totalCents - earlier.totalCents };
}

/**
 * A Tax Registration Number: 15 digits; UAE TRNs start with 100. Returns the digits (spaces and dashes a vendor may
 * type removed) or null when it is not one.
 */
export function normaliseTrn(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^100\d{12}$/.test(digits) ? digits : null;
}

/** Amount at or under which a registrant recipient may still get a simplified tax invoice (Exec. Reg. Art. 60(7)). */
export const SIMPLIFIED_INVOICE_LIMIT_CENTS = 1_000_000;

/**
 * Full or simplified (Executive Regulation Art. 59(6)/(7), decision 0099): simplified when the recipient is not a
 * registrant, or is one and the invoice is at most AED 10,000; a full tax invoice otherwise.
 */
export function invoiceFormFor(recipientTrn: string | null | undefined, totalCents: number): 'full' | 'simplified' {
  if (!recipientTrn) return 'simplified';
  return totalCents <= SIMPLIFIED_INVOICE_LIMIT_CENTS ? 'simplified' : 'full';
}

/** Shown where an operator or a vendor makes a tax choice (issue 25). */
export const TAX_ADVICE_NOTE =
  'This is not tax advice. The rules applied are from the UAE VAT Decree-Law and its Executive Regulation (Art. 27, 59, 60); check your setup with a tax adviser.';

/** A tax document's field labels, English and Arabic (the PDF prints both; Executive Regulation Art. 59/60 fields). */
export const TAX_DOCUMENT_LABELS = {
  number: ['Number', 'الرقم'],
  date: ['Date of issue', 'تاريخ الإصدار'],
  order: ['Order', 'الطلب'],
  period: ['Period', 'الفترة'],
  supplier: ['Supplier', 'المورد'],
  agent: ['Issued by (agent)', 'صادرة عن الوكيل'],
  recipient: ['Recipient', 'المستلم'],
  trn: ['TRN', 'رقم التسجيل الضريبي'],
  description: ['Description', 'الوصف'],
  quantity: ['Qty', 'الكمية'],
  unitPrice: ['Unit price', 'سعر الوحدة'],
  rate: ['VAT rate', 'نسبة الضريبة'],
  net: ['Net', 'الصافي'],
  tax: ['VAT', 'الضريبة'],
  total: ['Total', 'الإجمالي'],
  // the line column of an unregistered seller's document, which has no net, rate or VAT (decision 0121)
  amount: ['Amount', 'المبلغ'],
  shipping: ['Shipping', 'الشحن'],
  totalNet: ['Total excluding VAT', 'الإجمالي غير شامل الضريبة'],
  totalTax: ['Total VAT', 'إجمالي الضريبة'],
  totalGross: ['Total including VAT', 'الإجمالي شامل الضريبة'],
  // a sale document's rounding amount (EN 16931 BT-114, decision 0142)
  rounding: ['Rounding', 'فرق التقريب'],
  // promotions (decision 0152): the seller's share reduces a line; the marketplace's is a payment toward the total
  sellerDiscount: ['Seller discount (promotion)', 'خصم البائع (عرض ترويجي)'],
  prepaid: ['Paid by Souq (promotion)', 'مدفوع من سوق (عرض ترويجي)'],
  amountDue: ['Amount due', 'المبلغ المستحق'],
  original: ['Original invoice', 'الفاتورة الأصلية'],
  originalValue: ['Original value', 'القيمة الأصلية'],
  correctedValue: ['Corrected value', 'القيمة المصححة'],
  difference: ['Difference', 'الفرق'],
  reason: ['Reason', 'السبب'],
  // a long document's footer: "Page 2 of 7", "صفحة 2 من 7" (the numbers placed between the words by the renderer)
  page: ['Page', 'صفحة'],
  of: ['of', 'من'],
} as const;
