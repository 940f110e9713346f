import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { STANDARD_RATE_BPS, allocateCategoryTax, normaliseTrn } from '@souq/shared/rules/tax';
import { MSG } from '@souq/shared/messages';
import { ledgerEntries } from '../../db/schema/ledger.js';
import { orders } from '../../db/schema/orders.js';
import { taxDocuments, type TaxDocumentSnapshot } from '../../db/schema/tax.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db, Tx } from '../../platform/db.js';
import { post, postingId } from '../ledger/ledger.post.js';
import { commissionRoundingEntries } from '../ledger/ledger.postings.js';
import { documentNumber, nextSequence, readTaxSettings, type TaxDocumentRow } from './tax.documents.js';
import { periodBounds, periodOf } from './commission.period.js';

// Commission invoices and credit notes (issue 25 item 5, decision 0108): the marketplace's own supply to each vendor,
// computed from the ledger's commission_revenue and commission_vat_payable rows of one month. A document's VAT is its
// commission × 5 % rounded once (BR-CO-17, decision 0120), shared over its lines by largest remainder; the fils by
// which that differs from the sub-orders' VAT as posted are posted with the document ('commission-rounding'), so the
// ledger's commission VAT still equals the documents' to the fil.

/** One sub-order's commission and its VAT as the ledger holds them for a month (fils, positive = charged). */
export type CommissionLine = { orderId: number; orderNumber: string; orderCurrency: string; commissionCents: number; vatCents: number };

/** What a month's ledger holds for one vendor: commission charged (sales) and commission reversed (refunds, cancellations). */
export type CommissionFigures = { vendorId: number; charged: CommissionLine[]; reversed: CommissionLine[] };

/**
 * The month's commission rows grouped per vendor (the sub-order's seller), sub-order, account and kind. Sales credit
 * commission_revenue / commission_vat_payable (negative), reversals debit them (positive).
 */
export async function commissionFigures(exec: Db | Tx, period: string, vendorId?: number): Promise<CommissionFigures[]> {
  const { start, end } = periodBounds(period);
  const rows = await exec
    .select({
      vendorId: orders.sellerVendorId, orderId: ledgerEntries.orderId, orderNumber: orders.orderNumber, currency: ledgerEntries.currency,
      account: ledgerEntries.account, kind: ledgerEntries.kind, cents: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(and(
      inArray(ledgerEntries.account, ['commission_revenue', 'commission_vat_payable']),
      gte(ledgerEntries.createdAt, start), lt(ledgerEntries.createdAt, end),
      isNotNull(orders.sellerVendorId),
      // a document's own rounding is not a month's commission to invoice again
      sql`${ledgerEntries.posting} not like ${`${postingId('commission-rounding', '')}%`}`,
      vendorId === undefined ? undefined : eq(orders.sellerVendorId, vendorId),
    ))
    .groupBy(orders.sellerVendorId, ledgerEntries.orderId, orders.orderNumber, ledgerEntries.currency, ledgerEntries.account, ledgerEntries.kind);
  const byVendor = new Map<number, { charged: Map<number, CommissionLine>; reversed: Map<number, CommissionLine> }>();
  for (const r of rows) {
    const v = byVendor.get(r.vendorId!) ?? { charged: new Map(), reversed: new Map() };
    byVendor.set(r.vendorId!, v);
    const reversal = r.kind === 'commission_reversal';
    const side = reversal ? v.reversed : v.charged;
    const line = side.get(r.orderId!) ?? { orderId: r.orderId!, orderNumber: r.orderNumber, orderCurrency: r.currency, commissionCents: 0, vatCents: 0 };
    side.set(r.orderId!, line);
    // charged = −credit; reversed = debit
    const cents = reversal ? Number(r.cents) : -Number(r.cents);
    if (r.account === 'commission_revenue') line.commissionCents += cents;
    else line.vatCents += cents;
  }
  const nonZero = (m: Map<number, CommissionLine>) => [...m.values()].filter((l) => l.commissionCents || l.vatCents).sort((a, b) => a.orderId - b.orderId);
  return [...byVendor.entries()].sort(([a], [b]) => a - b).map(([id, v]) => ({ vendorId: id, charged: nonZero(v.charged), reversed: nonZero(v.reversed) }));
}

const oneLine = (parts: (string | undefined | null)[]) => parts.map((p) => p?.trim()).filter(Boolean).join(', ');

async function partiesFor(tx: Tx, vendorId: number): Promise<Pick<TaxDocumentSnapshot, 'supplier' | 'agent' | 'recipient'>> {
  const s = await readTaxSettings(tx);
  const [v] = await tx.select().from(vendors).where(eq(vendors.id, vendorId));
  const trn = normaliseTrn(v?.vatNumber ?? '');
  // the vendor's TRN only once an admin has verified it, as on its own sales (decision 0098)
  const registered = Boolean(v?.vatRegistered && v.isVerified && trn);
  return {
    supplier: { name: s.legalName, address: s.address, trn: s.trn || null, registered: Boolean(s.trn), emirate: s.emirate },
    agent: null,
    recipient: {
      name: v?.companyName ?? '',
      address: v ? oneLine([v.address.street, v.address.postal_code, v.address.city, v.address.state, v.address.country]) : '',
      trn: registered ? trn : null,
    },
  };
}

/** The document's lines: each sub-order's commission, and its share of the commission's VAT rounded once (BR-CO-17). */
function linesOf(lines: CommissionLine[]): TaxDocumentSnapshot['lines'] {
  const vat = allocateCategoryTax(lines.map((l) => l.commissionCents), STANDARD_RATE_BPS);
  return lines.map((l, i) => ({
    orderItemId: l.orderId,
    description: MSG.commissionLine(l.orderNumber),
    quantity: 1,
    unitPriceCents: l.commissionCents,
    category: 'standard',
    rateBps: STANDARD_RATE_BPS,
    netCents: l.commissionCents,
    taxCents: vat[i]!,
    totalCents: l.commissionCents + vat[i]!,
  }));
}

/**
 * Posts the document's VAT less what its sub-orders posted (decision 0120), in the issuing transaction, on the first
 * sub-order it covers (so a sub-order's rows still name their vendor) and with the document's month as memo (the VAT
 * report matches ledger rows to documents by month).
 */
async function postRounding(tx: Tx, doc: TaxDocumentRow, vendorId: number, figures: CommissionLine[]): Promise<void> {
  const posted = figures.reduce((n, l) => n + l.vatCents, 0);
  const lines = commissionRoundingEntries(vendorId, doc.taxCents - posted, doc.kind);
  if (!lines.length) return;
  await post(tx, { kind: 'commission-rounding', ref: doc.id, currency: doc.currency, lines, orderId: figures[0]!.orderId, memo: doc.period, createdBy: null });
}

const sum = (lines: TaxDocumentSnapshot['lines'], k: 'netCents' | 'taxCents' | 'totalCents') => lines.reduce((n, l) => n + l[k], 0);

async function insertCommissionDocument(tx: Tx, doc: {
  kind: 'invoice' | 'credit_note'; vendorId: number; period: string; correctsId: number | null; currency: string; at: Date;
  snapshot: Omit<TaxDocumentSnapshot, 'number'>;
}): Promise<TaxDocumentRow> {
  // the marketplace's own series: the same gapless counter as its invoices for its own sales
  const sequence = await nextSequence(tx, 'marketplace', doc.kind);
  const number = documentNumber('marketplace', doc.kind, sequence);
  const t = doc.snapshot.totals;
  const [row] = await tx.insert(taxDocuments).values({
    issuer: 'marketplace', kind: doc.kind, subject: 'commission', form: 'full', sequence, number, orderId: null, vendorId: doc.vendorId,
    period: doc.period, correctsId: doc.correctsId, currency: doc.currency, netCents: t.netCents, taxCents: t.taxCents, totalCents: t.totalCents,
    snapshot: { ...doc.snapshot, number }, issuedAt: doc.at,
  }).returning();
  return row!;
}

const commissionInvoiceOf = async (tx: Tx, vendorId: number, period: string) =>
  (await tx.select().from(taxDocuments).where(and(eq(taxDocuments.subject, 'commission'), eq(taxDocuments.kind, 'invoice'),
    eq(taxDocuments.vendorId, vendorId), eq(taxDocuments.period, period))))[0];

/**
 * The month's commission invoice for one vendor, in the caller's transaction (which holds the vendor's row lock):
 * the existing one when already issued; none when the month charged no commission.
 */
async function invoiceFor(tx: Tx, vendorId: number, period: string, at: Date, issued: TaxDocumentRow[]): Promise<TaxDocumentRow | null> {
  const existing = await commissionInvoiceOf(tx, vendorId, period);
  if (existing) return existing;
  const [figures] = await commissionFigures(tx, period, vendorId);
  if (!figures?.charged.length) return null;
  const lines = linesOf(figures.charged);
  const bounds = periodBounds(period);
  const totals = { netCents: sum(lines, 'netCents'), taxCents: sum(lines, 'taxCents'), totalCents: sum(lines, 'totalCents') };
  const row = await insertCommissionDocument(tx, {
    kind: 'invoice', vendorId, period, correctsId: null, currency: figures.charged[0]!.orderCurrency, at,
    snapshot: {
      title: MSG.taxInvoiceTitle, titleAr: MSG.taxInvoiceTitleAr, form: 'full', issuedAt: at.toISOString(), currency: figures.charged[0]!.orderCurrency,
      ...(await partiesFor(tx, vendorId)), orderNumber: period, period: { from: bounds.from, to: bounds.to }, lines, shippingCents: 0, totals,
      taxIncluded: false, note: MSG.commissionInvoiceNote(period),
    },
  });
  await postRounding(tx, row, vendorId, figures.charged);
  issued.push(row);
  return row;
}

/**
 * The commission documents of one vendor for one month, in one transaction under the vendor's row lock (two runs at
 * once — the monthly job on two instances, an admin's click — queue there, and the second finds the first's rows):
 * - the invoice for the commission charged in the month;
 * - for the commission reversed in the month, one credit note per invoice it corrects: each reversed sub-order's
 *   commission was charged in the month of its sale, whose invoice is issued first if it is missing.
 * Answers the documents issued now (none when everything was already issued: idempotent).
 */
export async function issueCommissionDocumentsForVendor(db: Db, vendorId: number, period: string, at: Date = new Date()): Promise<TaxDocumentRow[]> {
  return db.transaction(async (tx) => {
    await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendorId)).for('update');
    const issued: TaxDocumentRow[] = [];
    await invoiceFor(tx, vendorId, period, at, issued);
    const [figures] = await commissionFigures(tx, period, vendorId);
    if (!figures?.reversed.length) return issued;
    // the month each reversed sub-order's commission was charged in: its first commission row
    const saleMonths = await tx.select({ orderId: ledgerEntries.orderId, first: sql<string>`min(${ledgerEntries.createdAt})` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'commission_revenue'), eq(ledgerEntries.kind, 'commission'), inArray(ledgerEntries.orderId, figures.reversed.map((l) => l.orderId))))
      .groupBy(ledgerEntries.orderId);
    const monthOf = new Map(saleMonths.map((r) => [r.orderId!, periodOf(new Date(r.first))]));
    const groups = new Map<string, CommissionLine[]>();
    for (const l of figures.reversed) {
      const p = monthOf.get(l.orderId) ?? period;
      groups.set(p, [...(groups.get(p) ?? []), l]);
    }
    for (const [salePeriod, reversed] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const invoice = await invoiceFor(tx, vendorId, salePeriod, at, issued);
      // a reversal without any commission charged before it cannot happen in a balanced ledger; nothing to correct
      if (!invoice) continue;
      const [already] = await tx.select({ id: taxDocuments.id }).from(taxDocuments).where(and(eq(taxDocuments.subject, 'commission'),
        eq(taxDocuments.kind, 'credit_note'), eq(taxDocuments.correctsId, invoice.id), eq(taxDocuments.period, period)));
      if (already) continue;
      const earlier = await tx.select({ total: taxDocuments.totalCents, tax: taxDocuments.taxCents }).from(taxDocuments)
        .where(and(eq(taxDocuments.kind, 'credit_note'), eq(taxDocuments.correctsId, invoice.id)));
      const lines = linesOf(reversed);
      const totals = { netCents: sum(lines, 'netCents'), taxCents: sum(lines, 'taxCents'), totalCents: sum(lines, 'totalCents') };
      const before = earlier.reduce((acc, e) => ({ total: acc.total - e.total, tax: acc.tax - e.tax }), { total: invoice.totalCents, tax: invoice.taxCents });
      const bounds = periodBounds(period);
      const note = await insertCommissionDocument(tx, {
        kind: 'credit_note', vendorId, period, correctsId: invoice.id, currency: invoice.currency, at,
        snapshot: {
          title: MSG.taxCreditNoteTitle, titleAr: MSG.taxCreditNoteTitleAr, form: 'full', issuedAt: at.toISOString(), currency: invoice.currency,
          ...(await partiesFor(tx, vendorId)), orderNumber: period, period: { from: bounds.from, to: bounds.to }, lines, shippingCents: 0, totals,
          taxIncluded: false, note: null,
          original: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString(), totalCents: invoice.totalCents, taxCents: invoice.taxCents },
          corrected: { totalCents: before.total - totals.totalCents, taxCents: before.tax - totals.taxCents },
          reason: MSG.commissionCreditReason(period),
        },
      });
      await postRounding(tx, note, vendorId, reversed);
      issued.push(note);
    }
    return issued;
  });
}

/** Every vendor's commission documents for a month (or one vendor's), vendor by vendor, each in its own transaction. */
export async function issueCommissionDocuments(db: Db, period: string, opts: { vendorId?: number; at?: Date } = {}): Promise<TaxDocumentRow[]> {
  const vendorIds = (await commissionFigures(db, period, opts.vendorId)).map((f) => f.vendorId);
  const issued: TaxDocumentRow[] = [];
  for (const id of vendorIds) issued.push(...(await issueCommissionDocumentsForVendor(db, id, period, opts.at)));
  return issued;
}
