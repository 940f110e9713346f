import { and, eq, inArray, sql } from 'drizzle-orm';
import { INVOICE_ISSUE_MOMENTS, MARKETPLACE_SELLER_NAME, TAX_SETTING_KEYS, type InvoiceIssueMoment, type OrderStatus, type PaidBy } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import { allocateDocumentTax, categoryTaxCents, frozenShippingTax, grossCategorySplit, invoiceFormFor, isVatEmirate, lineAmounts, lineTaxCents, normaliseTrn, returnedLineAmounts, TAX_MODE_DEFAULT, type TaxCategory, type TaxMode, type VatEmirate } from '@souq/shared/rules/tax';
import { settings } from '../../db/schema/accounts.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import { taxDocumentCounters, taxDocuments, type TaxDocumentSnapshot } from '../../db/schema/tax.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db, Tx } from '../../platform/db.js';
import { notFound, unprocessable } from '../../platform/errors.js';
import { post } from '../ledger/ledger.post.js';
import { documentRoundingEntries } from '../ledger/ledger.postings.js';
import { vatHolderOf } from '../ledger/ledger.vat.js';

// Tax invoices and credit notes (decision 0099): numbered per issuer without gaps (a counter row locked FOR UPDATE in
// the issuing transaction), a frozen snapshot of every Art. 59/60 field, immutable once written (migration trigger).

type OrderRow = typeof orders.$inferSelect;
export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

/** The shop's tax settings as stored (settings table), with their defaults. */
export type StoredTaxSettings = { priceMode: TaxMode; invoiceOn: InvoiceIssueMoment; legalName: string; address: string; trn: string; emirate: VatEmirate | null };

export async function readTaxSettings(exec: Db | Tx): Promise<StoredTaxSettings> {
  const rows = await exec.select().from(settings).where(inArray(settings.key, Object.values(TAX_SETTING_KEYS)));
  const get = (k: string) => rows.find((r) => r.key === k)?.value ?? '';
  const mode = get(TAX_SETTING_KEYS.mode);
  const on = get(TAX_SETTING_KEYS.issueOn);
  return {
    priceMode: mode === 'exclusive' ? 'exclusive' : TAX_MODE_DEFAULT,
    invoiceOn: (INVOICE_ISSUE_MOMENTS as readonly string[]).includes(on) ? (on as InvoiceIssueMoment) : 'shipped',
    legalName: get(TAX_SETTING_KEYS.legalName) || MARKETPLACE_SELLER_NAME,
    address: get(TAX_SETTING_KEYS.address),
    trn: normaliseTrn(get(TAX_SETTING_KEYS.trn)) ?? '',
    // never a default emirate: an unset one is flagged by the VAT report, not silently put in Dubai (decision 0111)
    emirate: isVatEmirate(get(TAX_SETTING_KEYS.emirate)) ? (get(TAX_SETTING_KEYS.emirate) as VatEmirate) : null,
  };
}

/** 'marketplace' or 'vendor:{id}': who issues a sub-order's documents (its seller). */
export const issuerOf = (sellerVendorId: number | null) => (sellerVendorId === null ? 'marketplace' : `vendor:${sellerVendorId}`);

/** 'SQ-INV-000042', 'V7-CN-000003': the issuer's code, the series and the gapless sequence. */
export function documentNumber(issuer: string, kind: 'invoice' | 'credit_note', sequence: number): string {
  const code = issuer === 'marketplace' ? 'SQ' : `V${issuer.slice('vendor:'.length)}`;
  return `${code}-${kind === 'invoice' ? 'INV' : 'CN'}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The issuer's next number in a series, inside the caller's transaction: the counter row is created once, then
 * locked FOR UPDATE, so concurrent issuers queue on it; a rolled-back issue gives its number back with its row.
 */
export async function nextSequence(tx: Tx, issuer: string, series: 'invoice' | 'credit_note'): Promise<number> {
  await tx.insert(taxDocumentCounters).values({ issuer, series, lastNumber: 0 }).onConflictDoNothing();
  const [row] = await tx.select({ n: taxDocumentCounters.lastNumber }).from(taxDocumentCounters)
    .where(and(eq(taxDocumentCounters.issuer, issuer), eq(taxDocumentCounters.series, series))).for('update');
  const next = row!.n + 1;
  await tx.update(taxDocumentCounters).set({ lastNumber: next })
    .where(and(eq(taxDocumentCounters.issuer, issuer), eq(taxDocumentCounters.series, series)));
  return next;
}

const oneLine = (parts: (string | undefined | null)[]) => parts.map((p) => p?.trim()).filter(Boolean).join(', ');

/** A line's amounts for `quantity` of its units: the whole line as frozen, or a part with its tax by the same rule. */

type Parties = Pick<TaxDocumentSnapshot, 'supplier' | 'agent' | 'recipient'>;

async function partiesOf(tx: Tx, order: OrderRow, s: StoredTaxSettings): Promise<Parties> {
  const marketplace = { name: s.legalName, address: s.address, trn: s.trn || null };
  const addr = order.billingAddress ?? order.shippingAddress;
  const recipient = {
    name: order.buyerCompany || order.customerName,
    address: oneLine([addr.address, addr.zip, addr.city, addr.country]),
    trn: order.buyerTrn ?? null,
  };
  if (order.sellerVendorId === null) return { supplier: { ...marketplace, registered: Boolean(s.trn), emirate: s.emirate }, agent: null, recipient };
  const [v] = await tx.select().from(vendors).where(eq(vendors.id, order.sellerVendorId));
  const trn = normaliseTrn(v?.vatNumber ?? '');
  const registered = Boolean(v?.vatRegistered && v.isVerified && trn);
  return {
    supplier: {
      name: v?.companyName ?? '',
      address: v ? oneLine([v.address.street, v.address.postal_code, v.address.city, v.address.state, v.address.country]) : '',
      trn: registered ? trn : null,
      registered,
      emirate: v?.vatEmirate ?? null,
    },
    agent: marketplace,
    recipient,
  };
}

function titlesOf(kind: 'invoice' | 'credit_note', form: 'full' | 'simplified', registered: boolean) {
  // only a registrant issues tax invoices and tax credit notes; an unregistered seller's are plain commercial
  // documents that say no VAT is charged (decisions 0099, 0121)
  if (!registered) return kind === 'credit_note' ? { title: MSG.creditNoteTitle, titleAr: MSG.creditNoteTitleAr } : { title: MSG.invoiceTitle, titleAr: MSG.invoiceTitleAr };
  if (kind === 'credit_note') return { title: MSG.taxCreditNoteTitle, titleAr: MSG.taxCreditNoteTitleAr };
  return form === 'full' ? { title: MSG.taxInvoiceTitle, titleAr: MSG.taxInvoiceTitleAr } : { title: MSG.simplifiedTaxInvoiceTitle, titleAr: MSG.simplifiedTaxInvoiceTitleAr };
}

/**
 * A sale document whose supplier was not VAT-registered when it was issued (decision 0121): no VAT was charged on it
 * (its lines' rate is 0, the ledger posted no VAT), so it shows no tax title, category, rate or VAT amounts. A
 * commission document (it has a period) is the marketplace's own supply of a service and is left as issued.
 */
export const isPlainDocument = (s: Pick<TaxDocumentSnapshot, 'supplier' | 'period'>): boolean => !s.supplier.registered && !s.period;

/**
 * The titles a document is shown under. Its snapshot is immutable, and credit notes of unregistered sellers issued
 * before decision 0121 were stored as "Tax Credit Note": those are shown under the plain title their supplier could
 * lawfully use; every other document under the titles it was issued with.
 */
export function shownTitles(s: Pick<TaxDocumentSnapshot, 'supplier' | 'period' | 'original' | 'title' | 'titleAr'>): { title: string; titleAr: string } {
  if (!isPlainDocument(s)) return { title: s.title, titleAr: s.titleAr };
  return titlesOf(s.original ? 'credit_note' : 'invoice', 'simplified', false);
}

const noteOf = (p: Parties) => [
  p.agent ? MSG.invoiceAgentNote(p.agent.name) : null,
  p.supplier.registered ? null : MSG.notRegisteredNote,
].filter(Boolean).join(' ') || null;

async function insertDocument(tx: Tx, doc: Omit<typeof taxDocuments.$inferInsert, 'sequence' | 'number' | 'snapshot'> & { snapshot: Omit<TaxDocumentSnapshot, 'number'> }) {
  const sequence = await nextSequence(tx, doc.issuer, doc.kind);
  const number = documentNumber(doc.issuer, doc.kind, sequence);
  const [row] = await tx.insert(taxDocuments).values({ ...doc, sequence, number, snapshot: { ...doc.snapshot, number } }).returning();
  return row!;
}


type SaleLine = TaxDocumentSnapshot['lines'][number];
type Shipping = { netCents: number; taxCents: number; rateBps: number };

/**
 * A sale document's VAT by the PINT rule (EN 16931 BR-CO-17, decision 0142), from its lines and shipping as the sale
 * froze them (per-line VAT, decision 0098): per rate, what was paid (net + VAT of its lines and taxed shipping) is
 * split once (`grossCategorySplit`), the fils of difference shared over the lines by largest remainder on their frozen
 * rounding (`allocateDocumentTax`), each line's net its gross less its VAT; a rounding amount (±1 fil, BT-114) only
 * when no VAT splits that gross exactly, taken off the net of the category's largest line. What was paid never
 * changes: the lines' VAT moves against their net. `frozen` keeps the sale's VAT for the ledger (document-rounding).
 */
export function documentTax(frozenLines: readonly SaleLine[], shipping: Shipping) {
  const lines = frozenLines.map((l) => ({ ...l }));
  const ship = { ...shipping };
  let rounding = 0;
  const rates = [...new Set([...lines.map((l) => l.rateBps), ship.netCents + ship.taxCents ? ship.rateBps : 0].filter((r) => r > 0))];
  for (const rate of rates) {
    type Item = { grossCents: number; taxCents: number; set: (tax: number, less: number) => void };
    const items: Item[] = lines.filter((l) => l.rateBps === rate).map((l) => ({
      grossCents: l.netCents + l.taxCents, taxCents: l.taxCents,
      set: (tax, less) => { l.netCents = l.netCents + l.taxCents - tax - less; l.taxCents = tax; l.totalCents = l.netCents + tax; },
    }));
    if (ship.rateBps === rate && ship.netCents + ship.taxCents) items.push({
      grossCents: ship.netCents + ship.taxCents, taxCents: ship.taxCents,
      set: (tax, less) => { ship.netCents = ship.netCents + ship.taxCents - tax - less; ship.taxCents = tax; },
    });
    const split = grossCategorySplit(items.reduce((n, i) => n + i.grossCents, 0), rate);
    const taxes = allocateDocumentTax(items, rate, split.taxCents);
    // the rounding fil off the largest line's net (the first on a tie)
    const largest = items.reduce((best, it, i) => (it.grossCents > items[best]!.grossCents ? i : best), 0);
    items.forEach((it, i) => it.set(taxes[i]!, i === largest ? split.roundingCents : 0));
    rounding += split.roundingCents;
  }
  const taxCents = lines.reduce((n, l) => n + l.taxCents, 0) + ship.taxCents;
  const netCents = lines.reduce((n, l) => n + l.netCents, 0) + ship.netCents;
  const frozenTax = frozenLines.reduce((n, l) => n + l.taxCents, 0) + shipping.taxCents;
  return {
    lines, shipping: ship, totals: { netCents, taxCents, totalCents: netCents + taxCents + rounding },
    roundingCents: rounding,
    frozen: { taxCents: frozenTax, shippingCents: shipping.netCents, shippingTaxCents: shipping.taxCents },
  };
}

/**
 * The seller-funded part of a promotion on `units` of a line after `before` were documented (decision 0152, the
 * reduction of its supply): the units as they would have been at their price less the units as sold, by the rule
 * refunds and credit notes take units back with (`returnedLineAmounts`) — as priced, and net of VAT. Nothing for a
 * line sold at its price.
 */
function sellerDiscountOf(item: typeof orderItems.$inferSelect, before: number, units: number, taxIncluded: boolean): { discountCents?: number; allowanceNetCents?: number } {
  const full = item.unitPriceCents * item.quantity;
  if (full === item.lineTotalCents) return {};
  const atPrice = { ...item, lineTotalCents: full, taxCents: lineTaxCents(full, item.taxRateBps, taxIncluded ? 'inclusive' : 'exclusive') };
  const was = returnedLineAmounts(atPrice, before, units, taxIncluded);
  const is = returnedLineAmounts(item, before, units, taxIncluded);
  return { discountCents: was.totalCents - is.totalCents, allowanceNetCents: was.netCents - is.netCents };
}

/** The sale's shipping as a document froze it: the sale's own amounts, whether or not the document re-rounded them. */
const frozenShippingOf = (s: TaxDocumentSnapshot) => s.frozen ?? { taxCents: s.totals.taxCents, shippingCents: s.shippingCents, shippingTaxCents: s.shippingTaxCents ?? 0 };

/** The snapshot fields of a document's rounding: written only when they say something (older documents have none). */
function roundingFields(t: ReturnType<typeof documentTax>): Pick<TaxDocumentSnapshot, 'roundingCents' | 'frozen'> {
  // the lines move only when the category's VAT does (allocateDocumentTax), their net only with a rounding amount
  const changed = t.frozen.taxCents !== t.totals.taxCents || t.roundingCents !== 0;
  return { ...(t.roundingCents ? { roundingCents: t.roundingCents } : {}), ...(changed ? { frozen: t.frozen } : {}) };
}

/** Posts the document's VAT less the VAT its sale or refund posted (decision 0142), in the issuing transaction. */
async function postDocumentRounding(tx: Tx, doc: TaxDocumentRow, order: Pick<OrderRow, 'id' | 'sellerVendorId'>, frozenTaxCents: number) {
  const lines = documentRoundingEntries(order.sellerVendorId, await vatHolderOf(tx, order), doc.taxCents - frozenTaxCents, doc.kind);
  if (!lines.length) return;
  await post(tx, { kind: 'document-rounding', ref: doc.id, currency: doc.currency, lines, orderId: order.id, createdBy: null });
}

/**
 * The sub-order's invoice, in the caller's transaction (the status change that makes it due): issued once (a second
 * call answers the first). Orders placed before per-line VAT (their tax is not on their lines) get none.
 */
export async function issueInvoice(tx: Tx, orderId: number, at: Date = new Date()): Promise<TaxDocumentRow | null> {
  const [existing] = await tx.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  if (existing) return existing;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(MSG.orderNotFound);
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
  // the shipping's VAT (decision 0133) is the sub-order's tax less its lines'
  const linesTax = items.reduce((s, i) => s + i.taxCents, 0);
  const shipping = frozenShippingTax(order, linesTax);
  if (linesTax + shipping.taxCents !== order.taxCents) return null;
  const s = await readTaxSettings(tx);
  const parties = await partiesOf(tx, order, s);
  const form = parties.supplier.registered ? invoiceFormFor(order.buyerTrn, order.totalCents) : 'simplified';
  const frozenLines = items.map((i) => ({
    orderItemId: i.id,
    description: i.variantLabel ? `${i.productName} (${i.variantLabel})` : i.productName,
    quantity: i.quantity,
    unitPriceCents: i.unitPriceCents,
    category: i.taxCategory as TaxCategory,
    rateBps: i.taxRateBps,
    ...lineAmounts(i, i.quantity, order.taxIncluded),
    ...sellerDiscountOf(i, 0, i.quantity, order.taxIncluded),
  }));
  // the document's VAT by BR-CO-17 on what the shopper paid (decision 0142); the total never changes
  const t = documentTax(frozenLines, shipping);
  if (t.totals.totalCents !== order.totalCents) throw new Error(`invoice of sub-order ${orderId}: ${t.totals.totalCents} ≠ ${order.totalCents}`);
  const row = await insertDocument(tx, {
    issuer: issuerOf(order.sellerVendorId), kind: 'invoice', form, orderId, currency: order.currency,
    netCents: t.totals.netCents, taxCents: t.totals.taxCents, totalCents: order.totalCents, issuedAt: at,
    snapshot: {
      ...titlesOf('invoice', form, parties.supplier.registered), form, issuedAt: at.toISOString(), currency: order.currency, ...parties,
      orderNumber: order.orderNumber, lines: t.lines, shippingCents: t.shipping.netCents, shippingTaxCents: t.shipping.taxCents, shippingRateBps: shipping.rateBps,
      totals: t.totals, ...roundingFields(t), taxIncluded: order.taxIncluded, note: noteOf(parties),
      // the marketplace's share of promotions: paid toward the total, the supply (and its VAT) unchanged (decision 0149)
      ...(order.promotionPaidCents > 0 ? { prepaidCents: order.promotionPaidCents } : {}),
    },
  });
  await postDocumentRounding(tx, row, order, t.frozen.taxCents);
  return row;
}

/** What a credit note takes back: some units of some lines, or everything not yet credited (a cancellation). */
export type CreditNoteInput = {
  orderId: number;
  /** Units per order line; 'all' = every unit and the shipping not credited yet. */
  lines: { orderItemId: number; quantity: number }[] | 'all';
  /**
   * Shipping refunded with these lines, net of its VAT (fils; 'all' takes the shipping not yet credited); its VAT is
   * worked out here (decision 0133): the whole shipping's frozen VAT once all of it is credited.
   */
  shippingCents?: number;
  /**
   * The marketplace's share of a promotion on these units, given back to it (decision 0152): the credit note's
   * payment toward its total ('all' takes what the invoice had and no earlier credit note gave back).
   */
  prepaidCents?: number;
  reason: string;
};

/**
 * A Tax Credit Note (Art. 60) against the sub-order's invoice, in the caller's transaction (the refund's or the
 * cancellation's): original value, corrected value, the difference and its tax, the reason, the invoice it corrects.
 * Null when the sub-order has no invoice yet (nothing to correct); 422 when it would credit more units than invoiced.
 * The tax of a part of a line is computed by the rule the sale used (`lineAmounts`), so a refund posting the same
 * function's tax keeps the ledger equal to the documents.
 */
export async function issueCreditNote(tx: Tx, input: CreditNoteInput, at: Date = new Date()): Promise<TaxDocumentRow | null> {
  const [invoice] = await tx.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, input.orderId), eq(taxDocuments.kind, 'invoice')));
  if (!invoice) return null;
  const earlier = await tx.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, input.orderId), eq(taxDocuments.kind, 'credit_note')));
  const credited = new Map<number, number>();
  let shippingCredited = 0;
  let shippingTaxCredited = 0;
  for (const cn of earlier) {
    for (const l of cn.snapshot.lines) credited.set(l.orderItemId, (credited.get(l.orderItemId) ?? 0) + l.quantity);
    // as the sale froze them (decision 0142: a credit note's own rounding is not what the next one counts from)
    shippingCredited += frozenShippingOf(cn.snapshot).shippingCents;
    shippingTaxCredited += frozenShippingOf(cn.snapshot).shippingTaxCents;
  }
  const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId));
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, input.orderId)).orderBy(orderItems.id);
  // the shipping as the invoice charged it: net, VAT and rate (decision 0133)
  const invoicedShipping = frozenShippingOf(invoice.snapshot);
  const invoiced = { netCents: invoicedShipping.shippingCents, taxCents: invoicedShipping.shippingTaxCents, rateBps: invoice.snapshot.shippingRateBps ?? 0 };
  const wanted = input.lines === 'all'
    ? items.map((i) => ({ orderItemId: i.id, quantity: i.quantity - (credited.get(i.id) ?? 0) })).filter((l) => l.quantity > 0)
    : input.lines;
  const shippingCents = input.lines === 'all' ? invoiced.netCents - shippingCredited : input.shippingCents ?? 0;
  if (shippingCents < 0 || shippingCredited + shippingCents > invoiced.netCents) throw unprocessable(MSG.creditExceedsInvoice);
  // the shipping credited so far and now, less what was credited before: the whole VAT once the whole shipping is back
  const shippingCreditedAfter = shippingCredited + shippingCents;
  const shippingTaxAfter = shippingCreditedAfter === invoiced.netCents ? invoiced.taxCents : categoryTaxCents(shippingCreditedAfter, invoiced.rateBps);
  const shippingTaxCents = shippingCents === 0 ? 0 : shippingTaxAfter - shippingTaxCredited;
  const frozenLines = wanted.map((w) => {
    const item = items.find((i) => i.id === w.orderItemId);
    if (!item || w.quantity <= 0 || (credited.get(item.id) ?? 0) + w.quantity > item.quantity) throw unprocessable(MSG.creditExceedsInvoice);
    return {
      orderItemId: item.id,
      description: item.variantLabel ? `${item.productName} (${item.variantLabel})` : item.productName,
      quantity: w.quantity, unitPriceCents: item.unitPriceCents, category: item.taxCategory as TaxCategory, rateBps: item.taxRateBps,
      // after the units already credited, as the refund posts them: the credit notes' tax equals the ledger's
      ...returnedLineAmounts(item, credited.get(item.id) ?? 0, w.quantity, order!.taxIncluded),
      ...sellerDiscountOf(item, credited.get(item.id) ?? 0, w.quantity, order!.taxIncluded),
    };
  });
  if (!frozenLines.length && shippingCents === 0) return null;
  // its own VAT by BR-CO-17 on what is given back (decision 0142), as the invoice's; the refund gives back the frozen
  const t = documentTax(frozenLines, { netCents: shippingCents, taxCents: shippingTaxCents, rateBps: invoiced.rateBps });
  const { lines } = t;
  const { netCents, taxCents, totalCents } = t.totals;
  const before = earlier.reduce((acc, cn) => ({ total: acc.total - cn.totalCents, tax: acc.tax - cn.taxCents }), { total: invoice.totalCents, tax: invoice.taxCents });
  const snap = invoice.snapshot;
  const prepaidCents = input.lines === 'all'
    ? (snap.prepaidCents ?? 0) - earlier.reduce((n, cn) => n + (cn.snapshot.prepaidCents ?? 0), 0)
    : input.prepaidCents ?? 0;
  const row = await insertDocument(tx, {
    issuer: invoice.issuer, kind: 'credit_note', form: invoice.form, orderId: input.orderId, correctsId: invoice.id, currency: invoice.currency,
    netCents, taxCents, totalCents, issuedAt: at,
    snapshot: {
      ...titlesOf('credit_note', invoice.form, snap.supplier.registered), form: invoice.form, issuedAt: at.toISOString(), currency: invoice.currency,
      supplier: snap.supplier, agent: snap.agent, recipient: snap.recipient, orderNumber: snap.orderNumber, lines, shippingCents: t.shipping.netCents,
      shippingTaxCents: t.shipping.taxCents, shippingRateBps: invoiced.rateBps,
      totals: t.totals, ...roundingFields(t), taxIncluded: snap.taxIncluded, note: snap.note,
      ...(prepaidCents > 0 ? { prepaidCents } : {}),
      original: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString(), totalCents: invoice.totalCents, taxCents: invoice.taxCents },
      corrected: { totalCents: before.total - totalCents, taxCents: before.tax - taxCents },
      reason: input.reason,
    },
  });
  await postDocumentRounding(tx, row, order!, t.frozen.taxCents);
  return row;
}

const LIVE_ORDER: readonly OrderStatus[] = ['pending', 'confirmed', 'processing', 'shipped', 'delivered'];

/**
 * Whether a sub-order moving to `to` makes its invoice due (decision 0099): when it ships (or is delivered without a
 * recorded shipment), or, with the 'paid' setting, when it is paid: a card order (or one paid in full by store credit,
 * paid before it ships too) on confirmation, cash on delivery when delivered.
 */
export function invoiceDue(on: InvoiceIssueMoment, paymentMethod: PaidBy, to: OrderStatus): boolean {
  const at = LIVE_ORDER.indexOf(to);
  if (at < 0) return false;
  if (on === 'shipped') return at >= LIVE_ORDER.indexOf('shipped');
  return paymentMethod !== 'cod' ? at >= LIVE_ORDER.indexOf('confirmed') : to === 'delivered';
}

/**
 * The status change's tax documents, in its transaction: the invoice when it becomes due; a credit note for
 * everything not yet credited when an invoiced sub-order is cancelled (the ledger reverses the sale in full then).
 */
export async function documentsForStatus(tx: Tx, order: Pick<OrderRow, 'id' | 'paymentMethod'>, to: OrderStatus): Promise<void> {
  if (to === 'cancelled') {
    await issueCreditNote(tx, { orderId: order.id, lines: 'all', reason: MSG.creditReasonCancelled });
    return;
  }
  const s = await readTaxSettings(tx);
  if (invoiceDue(s.invoiceOn, order.paymentMethod, to)) await issueInvoice(tx, order.id);
}

/** Lists with the sub-order's number (for screens). */
export async function documentsWhere(exec: Db | Tx, where: ReturnType<typeof sql> | ReturnType<typeof eq>) {
  return exec.select().from(taxDocuments).where(where).orderBy(taxDocuments.id);
}
