// The VAT report for a period (issue 25 item 7, decision 0109): per issuer (each vendor, the marketplace for its own
// sales) and for the marketplace as a whole, from the tax documents, reconciled against the ledger.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { VAT_EMIRATES } from '../rules/tax.js';

/** A calendar day that exists (Date.parse lets 2026-02-31 roll over into March). */
const realDay = (s: string) => { const t = Date.parse(`${s}T00:00:00Z`); return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s; };
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.dateInvalid }).refine(realDay, { error: MSG.dateInvalid });

/** The longest period one report covers (a VAT return period is a quarter or a month; a year leaves room). */
export const VAT_REPORT_MAX_DAYS = 366;

/** GET /api/admin/reports/vat, /api/vendor/vat-summary (and their .csv): both days inclusive, in UAE time. */
export const vatReportQuerySchema = z.object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { error: MSG.dateRangeInvalid, path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < VAT_REPORT_MAX_DAYS, { error: MSG.dateRangeInvalid, path: ['to'] });
export type VatReportQuery = z.infer<typeof vatReportQuerySchema>;

/**
 * Where a line's supply goes: standard-rated (5 %), zero-rated, exempt (a registered supplier's), or outside the
 * return altogether (a supplier not registered charges no VAT and files none).
 */
export const VAT_REPORT_CATEGORIES = ['standard', 'zero', 'exempt', 'not_registered'] as const;
export type VatReportCategory = (typeof VAT_REPORT_CATEGORIES)[number];

const cents = z.number().int();

/** Supplies in the period: invoiced, credited (credit notes) and net, each value before VAT and its VAT. */
const vatFlowsSchema = z.object({
  invoiced_net_cents: cents,
  invoiced_tax_cents: cents,
  credited_net_cents: cents,
  credited_tax_cents: cents,
  net_cents: cents,
  tax_cents: cents,
});

/** One category's supplies in the period. */
export const vatCategoryRowSchema = z.object({ category: z.enum(VAT_REPORT_CATEGORIES), ...vatFlowsSchema.shape });
export type VatCategoryRow = z.infer<typeof vatCategoryRowSchema>;

/**
 * The boxes of the FTA's VAT 201 return that a marketplace's documents fill, net of credit notes: Box 1 (standard-rated
 * supplies, = 1a–1g exactly) and its VAT, Box 4 (zero-rated supplies), Box 5 (exempt supplies). Box 8 totals them.
 * Standard-rated supplies of an issuer without an emirate are in none of them (`box1_not_set`, decision 0111).
 */
export const vat201BoxesSchema = z.object({
  box1_standard_cents: cents,
  box1_vat_cents: cents,
  box4_zero_rated_cents: cents,
  box5_exempt_cents: cents,
  box8_total_cents: cents,
  box8_vat_cents: cents,
});
export type Vat201Boxes = z.infer<typeof vat201BoxesSchema>;

/** One line of Box 1: an emirate (1a Abu Dhabi … 1g Fujairah), its standard-rated supplies and their VAT (decision 0111). */
export const vatEmirateRowSchema = z.object({
  emirate: z.enum(VAT_EMIRATES),
  box: z.string(),
  net_cents: cents,
  tax_cents: cents,
});
export type VatEmirateRow = z.infer<typeof vatEmirateRowSchema>;

/**
 * The documents' VAT against the ledger's, as at the end of the period, over the sub-orders invoiced by then: every
 * invoice less every credit note issued by then, against their VAT rows posted by then (the
 * marketplace's on `sales_tax_payable`, a vendor's on its payable as kind `sales_tax`, decision 0133). `difference`
 * is zero when all is well. VAT the ledger holds on sub-orders not invoiced yet (sold, not shipped) is shown apart:
 * it is due on a later return, not a difference.
 */
export const vatReconciliationSchema = z.object({
  documents_tax_cents: cents,
  ledger_tax_cents: cents,
  difference_cents: cents,
  uninvoiced_ledger_tax_cents: cents,
});
export type VatReconciliation = z.infer<typeof vatReconciliationSchema>;

/** The marketplace's own commission to vendors (decision 0108): a standard-rated supply of services, part of its Box 1. */
export const vatCommissionSchema = vatFlowsSchema;
export type VatCommission = z.infer<typeof vatCommissionSchema>;

export const vatFiguresSchema = z.object({
  invoices: z.number().int(),
  credit_notes: z.number().int(),
  categories: z.array(vatCategoryRowSchema),
  /**
   * Untaxed shipping on the documents, net of credit notes, outside the boxes: an unregistered seller's, and any on
   * documents from before decision 0133. A registered seller's shipping is a standard-rated supply in the categories.
   */
  shipping_cents: cents,
  boxes: vat201BoxesSchema,
  /** Box 1 by emirate, always the seven lines in the return's order; their sum is Box 1 to the fils. */
  box1_emirates: z.array(vatEmirateRowSchema),
  /**
   * Standard-rated supplies whose issuer had no emirate (not on the document, not declared since): outside Box 1 until
   * the issuer declares its emirate, and flagged; never put in an emirate by default.
   */
  box1_not_set: z.object({ net_cents: cents, tax_cents: cents }),
  /** Of the standard-rated supplies, the marketplace's commission invoices less its commission credit notes. */
  commission: vatCommissionSchema,
  /**
   * The documents' own totals, net of credit notes (= the categories + shipping, to the fils); total = net + VAT +
   * rounding, the sale documents' rounding amounts (the fil no VAT could split exactly, decision 0142).
   */
  totals: z.object({ net_cents: cents, tax_cents: cents, rounding_cents: cents, total_cents: cents }),
  reconciliation: vatReconciliationSchema,
  /**
   * The commission documents' VAT against the ledger's `commission_vat_payable` rows, as at the end of the period: the
   * rows of each vendor's month whose commission documents were issued by then; the rows of months not invoiced yet
   * (the current month, or a month the job has not reached) are shown apart.
   */
  commission_reconciliation: vatReconciliationSchema,
});
export type VatFigures = z.infer<typeof vatFiguresSchema>;

export const vatIssuerSchema = vatFiguresSchema.extend({
  /** 'marketplace' or 'vendor:{id}'. */
  issuer: z.string(),
  vendor_id: z.number().int().nullable(),
  name: z.string(),
  /** The TRN on its latest document in the period (null: not registered). */
  trn: z.string().nullable(),
});
export type VatIssuer = z.infer<typeof vatIssuerSchema>;

export const vatReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  issuers: z.array(vatIssuerSchema),
  /** Every issuer together (the admin's report; a vendor's summary has itself only). */
  total: vatFiguresSchema,
  note: z.string(),
});
export type VatReport = z.infer<typeof vatReportSchema>;
