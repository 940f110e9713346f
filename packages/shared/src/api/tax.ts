// UAE VAT: the shop's tax settings, a vendor's tax profile and tax documents (decisions 0098, 0099).
import { z } from 'zod';
import { INVOICE_ISSUE_MOMENTS } from '../constants.js';
import { MSG } from '../messages.js';
import { normaliseTrn, TAX_CATEGORIES, TAX_MODES, VAT_EMIRATES } from '../rules/tax.js';

/** A TRN as typed (spaces or dashes allowed), normalised to its 15 digits; '' clears it. */
const trnInput = z.string().trim().max(40).transform((v, ctx) => {
  if (!v) return '';
  const trn = normaliseTrn(v);
  if (!trn) ctx.addIssue({ code: 'custom', message: MSG.trnInvalid });
  return trn ?? '';
});

/** One of the seven emirates (decision 0111). */
const emirateInput = z.enum(VAT_EMIRATES, { error: MSG.emirateInvalid });

/** GET/PUT /api/admin/tax-settings: price mode, when invoices are issued, and the marketplace's legal identity. */
export const taxSettingsSchema = z.object({
  price_mode: z.enum(TAX_MODES),
  invoice_on: z.enum(INVOICE_ISSUE_MOMENTS),
  legal_name: z.string(),
  address: z.string(),
  trn: z.string(),
  /** The marketplace charges VAT on its own sales (a valid TRN is set). */
  vat_registered: z.boolean(),
  /** The emirate of its establishment: its Box 1 line (decision 0111); null until the admin sets it. */
  emirate: z.enum(VAT_EMIRATES).nullable(),
  /** "This is not tax advice" (issue 25), for the screen where the operator chooses. */
  note: z.string(),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

export const taxSettingsUpdateSchema = z.object({
  price_mode: z.enum(TAX_MODES),
  invoice_on: z.enum(INVOICE_ISSUE_MOMENTS),
  legal_name: z.string().trim().min(1, { error: 'Enter the legal name' }).max(200),
  address: z.string().trim().min(1, { error: 'Enter the address' }).max(500),
  trn: trnInput,
  /** Omitted: the stored emirate stays (clients older than decision 0111). */
  emirate: emirateInput.optional(),
});
export type TaxSettingsUpdate = z.input<typeof taxSettingsUpdateSchema>;

/** GET/PUT /api/vendor/tax-profile: registered or not; the TRN is required when registered. */
export const vendorTaxProfileSchema = z.object({
  vat_registered: z.boolean(),
  trn: z.string(),
  /** An admin has verified the vendor (with its documents); only then are its lines taxed. */
  verified: z.boolean(),
  /** VAT is charged on its standard-rated sales now. */
  charges_vat: z.boolean(),
  /** The emirate of the establishment its supplies are made from: its Box 1 line (decision 0111); null = not set. */
  emirate: z.enum(VAT_EMIRATES).nullable(),
  note: z.string(),
});
export type VendorTaxProfile = z.infer<typeof vendorTaxProfileSchema>;

export const vendorTaxProfileUpdateSchema = z.object({
  vat_registered: z.boolean(),
  trn: trnInput.optional().default(''),
  /** Omitted: the stored emirate stays. */
  emirate: emirateInput.optional(),
})
  .refine((v) => !v.vat_registered || v.trn !== '', { error: MSG.trnRequired, path: ['trn'] });

/** One tax document as listed (the PDF has every field). */
export const taxDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['invoice', 'credit_note']),
  form: z.enum(['full', 'simplified']),
  title: z.string(),
  number: z.string(),
  /** 'sale': a sub-order's document; 'commission': the marketplace's commission to a vendor for a month (decision 0108). */
  subject: z.enum(['sale', 'commission']),
  /** The sub-order of a sale document; null on a commission document. */
  order_id: z.number().int().nullable(),
  /** The sub-order's number, or the month of a commission document ('2026-10'). */
  order_number: z.string(),
  supplier_name: z.string(),
  recipient_name: z.string(),
  /** The vendor a commission document is addressed to. */
  vendor_id: z.number().int().nullable(),
  period: z.string().nullable(),
  currency: z.string(),
  net: z.number(),
  tax: z.number(),
  total: z.number(),
  issued_at: z.string(),
  /** The invoice a credit note corrects. */
  corrects_number: z.string().nullable(),
  /** Business-to-business (the seller and the buyer both have a TRN): exports as PINT AE UBL XML. */
  pint_ae: z.boolean(),
  /**
   * False on an unregistered seller's plain invoice or credit note (decision 0121): no VAT was charged, so screens show
   * its total only, not a "VAT 0.00" line.
   */
  charges_vat: z.boolean(),
});

const periodString = z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, { error: MSG.periodInvalid });
/** A vendor id as the database holds it (int4). */
const vendorIdInput = z.number().int().positive().max(2_147_483_647);

/** POST /api/admin/commission-documents/issue: a month that has ended, every vendor or one. */
export const commissionIssueSchema = z.object({ period: periodString, vendor_id: vendorIdInput.optional() });
export const commissionIssueResultSchema = z.object({ period: z.string(), issued: z.array(taxDocumentSchema) });
export type CommissionIssueResult = z.infer<typeof commissionIssueResultSchema>;

/** GET /api/admin/commission-documents: filters. */
export const commissionListQuerySchema = z.object({ period: periodString.optional(), vendor_id: z.coerce.number().pipe(vendorIdInput).optional() });

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date YYYY-MM-DD' })
  // a real day: 2026-02-30 would otherwise roll over to March
  .refine((d) => { const at = new Date(`${d}T00:00:00Z`); return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === d; }, { error: 'Use a date YYYY-MM-DD' });
/** GET /api/admin/pint-ae/export: every B2B document issued in [from, to] (days in UTC). */
export const pintExportQuerySchema = z.object({ from: isoDay, to: isoDay }).refine((q) => q.from <= q.to, { error: MSG.dateRangeInvalid, path: ['to'] });
export type TaxDocument = z.infer<typeof taxDocumentSchema>;

export const taxDocumentIdParams = z.object({ id: z.coerce.number().int().positive() });
export const taxCategorySchema = z.enum(TAX_CATEGORIES);
