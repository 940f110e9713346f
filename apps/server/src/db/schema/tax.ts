import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';

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
  supplier: { name: string; address: string; trn: string | null; registered: boolean };
  agent: { name: string; address: string; trn: string | null } | null;
  recipient: { name: string; address: string; trn: string | null };
  orderNumber: string;
  lines: { orderItemId: number; description: string; quantity: number; unitPriceCents: number; category: string; rateBps: number; netCents: number; taxCents: number; totalCents: number }[];
  shippingCents: number;
  totals: { netCents: number; taxCents: number; totalCents: number };
  taxIncluded: boolean;
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
    form: text('form', { enum: ['full', 'simplified'] }).notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
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
  ],
);
