import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { vendors } from './vendors.js';
import type { VatEmirate } from '@souq/shared/rules/tax';

/**
 * Each issuer's next document number (decision 0099): one row per issuer ('vendor:{id}' or 'marketplace') and
 * series, locked FOR UPDATE in the issuing transaction, so numbers are gapless and never repeat.
 */
export const taxDocumentCounters = pgTable('tax_document_counters', {
  issuer: text('issuer').notNull(),
  series: text('series').notNull(),
  lastNumber: integer('last_number').notNull().default(0),
}, (t) => [uniqueIndex('tax_document_counters_key').on(t.issuer, t.series)]);

/** What a tax document says, frozen when issued: every Art. 59 (invoice) or Art. 60 (credit note) field. */
export type TaxDocumentSnapshot = {
  title: string;
  titleAr: string;
  form: 'full' | 'simplified';
  number: string;
  issuedAt: string;
  currency: string;
  /**
   * `emirate`: the emirate of the supplier's establishment when the document was issued (decision 0111), its Box 1 line;
   * absent on documents issued before it, null when the supplier had not declared it.
   */
  supplier: { name: string; address: string; trn: string | null; registered: boolean; emirate?: VatEmirate | null };
  agent: { name: string; address: string; trn: string | null } | null;
  recipient: { name: string; address: string; trn: string | null };
  /** The sub-order's number; on a commission document, the period's label ('2026-10'). */
  orderNumber: string;
  /** Commission documents (decision 0108): the month they cover, Dubai time, as dates 'YYYY-MM-DD' (to inclusive). */
  period?: { from: string; to: string };
  /** Structured country codes for the PINT AE export (ISO 3166-1 alpha-2); absent on documents issued before it. */
  countries?: { supplier: string; recipient: string };
  /** `orderItemId`: the order line of a sale document; on a commission document the sub-order the line charges. */
  lines: {
    orderItemId: number; description: string; quantity: number; unitPriceCents: number; category: string; rateBps: number; netCents: number; taxCents: number; totalCents: number;
    /**
     * The seller-funded part of a promotion on the line (decision 0152), a reduction of its supply: `discountCents` as
     * priced (what the screen and PDF show), `allowanceNetCents` net of VAT (the UBL price allowance). Absent: none.
     */
    discountCents?: number;
    allowanceNetCents?: number;
  }[];
  /** The shipping, net of its VAT (before decision 0133 it carried none, so net = what was charged). */
  shippingCents: number;
  /** The shipping's VAT and rate (decision 0133): a registered seller's delivery at 5 %; absent = 0 (older documents). */
  shippingTaxCents?: number;
  shippingRateBps?: number;
  /** `totalCents` is what was paid (or given back): net + VAT + `roundingCents` (decision 0142). */
  totals: { netCents: number; taxCents: number; totalCents: number };
  /**
   * A sale document's rounding amount (EN 16931 BT-114, decision 0142): ±1 fil when no VAT makes net × rate rounded
   * equal the VAT on what was paid (BR-CO-17); absent = 0 (and on every document issued before that decision).
   */
  roundingCents?: number;
  /**
   * A sale document's VAT as the sale froze it, line by line (decision 0098), when the document's VAT, rounded once per
   * category (BR-CO-17, decision 0142), differs from it: the ledger posted the frozen VAT with the sale or the refund,
   * and the difference with the document (posting `document-rounding`). Absent when they agree, and on older documents.
   */
  frozen?: { taxCents: number; shippingCents: number; shippingTaxCents: number };
  taxIncluded: boolean;
  /**
   * The marketplace-funded part of promotions (decision 0152): a payment toward the total by the marketplace on the
   * shopper's behalf, not a reduction of the supply (UBL PrepaidAmount). Absent: none.
   */
  prepaidCents?: number;
  note: string | null;
  /** Credit notes: the invoice corrected and why (Art. 60). */
  original?: { number: string; issuedAt: string; totalCents: number; taxCents: number };
  /** The invoice's value after this and every earlier credit note (Art. 60: corrected value). */
  corrected?: { totalCents: number; taxCents: number };
  reason?: string;
};

/**
 * Tax invoices and credit notes (decision 0099), immutable once issued (a trigger refuses UPDATE and DELETE). The
 * issuer is the seller (a vendor, the marketplace as its disclosed agent) or the marketplace for its own sales.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    issuer: text('issuer').notNull(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    /** 'sale': a sub-order's document (0099); 'commission': the marketplace's commission to a vendor for a month (0108). */
    subject: text('subject', { enum: ['sale', 'commission'] }).notNull().default('sale'),
    form: text('form', { enum: ['full', 'simplified'] }).notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    /** The sub-order of a sale document; null on a commission document. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** The vendor a commission document is addressed to (its recipient). */
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    /** The month a commission document covers ('2026-10'): one invoice per vendor and month, one credit note per invoice and month. */
    period: text('period'),
    /** The invoice a credit note corrects. */
    correctsId: integer('corrects_id'),
    currency: text('currency').notNull(),
    netCents: integer('net_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    snapshot: jsonb('snapshot').$type<TaxDocumentSnapshot>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_issuer_number_key').on(t.issuer, t.kind, t.sequence),
    index('tax_documents_order_idx').on(t.orderId),
    uniqueIndex('tax_documents_one_invoice_per_order').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    check('tax_documents_sequence_positive', sql`${t.sequence} > 0`),
    check('tax_documents_subject_shape', sql`(${t.subject} = 'sale' and ${t.orderId} is not null) or (${t.subject} = 'commission' and ${t.orderId} is null and ${t.vendorId} is not null and ${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')`),
    // idempotent per vendor and month: a second run of the month finds these and issues nothing
    uniqueIndex('tax_documents_one_commission_invoice').on(t.vendorId, t.period).where(sql`${t.subject} = 'commission' and ${t.kind} = 'invoice'`),
    uniqueIndex('tax_documents_one_commission_credit').on(t.correctsId, t.period).where(sql`${t.subject} = 'commission' and ${t.kind} = 'credit_note'`),
    index('tax_documents_vendor_idx').on(t.vendorId).where(sql`${t.vendorId} is not null`),
  ],
);
