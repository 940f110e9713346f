// UAE VAT: the shop's tax settings, a vendor's tax profile and tax documents (decisions 0098, 0099).
import { z } from 'zod';
import { INVOICE_ISSUE_MOMENTS } from '../constants.js';
import { MSG } from '../messages.js';
import { normaliseTrn, TAX_CATEGORIES, TAX_MODES } from '../rules/tax.js';

/** A TRN as typed (spaces or dashes allowed), normalised to its 15 digits; '' clears it. */
const trnInput = z.string().trim().max(40).transform((v, ctx) => {
  if (!v) return '';
  const trn = normaliseTrn(v);
  if (!trn) ctx.addIssue({ code: 'custom', message: MSG.trnInvalid });
  return trn ?? '';
});

/** GET/PUT /api/admin/tax-settings: price mode, when invoices are issued, and the marketplace's legal identity. */
export const taxSettingsSchema = z.object({
  price_mode: z.enum(TAX_MODES),
  invoice_on: z.enum(INVOICE_ISSUE_MOMENTS),
  legal_name: z.string(),
  address: z.string(),
  trn: z.string(),
  /** The marketplace charges VAT on its own sales (a valid TRN is set). */
  vat_registered: z.boolean(),
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
  note: z.string(),
});
export type VendorTaxProfile = z.infer<typeof vendorTaxProfileSchema>;

export const vendorTaxProfileUpdateSchema = z.object({ vat_registered: z.boolean(), trn: trnInput.optional().default('') })
  .refine((v) => !v.vat_registered || v.trn !== '', { error: MSG.trnRequired, path: ['trn'] });

/** One tax document as listed (the PDF has every field). */
export const taxDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['invoice', 'credit_note']),
  form: z.enum(['full', 'simplified']),
  title: z.string(),
  number: z.string(),
  order_id: z.number().int(),
  order_number: z.string(),
  supplier_name: z.string(),
  currency: z.string(),
  net: z.number(),
  tax: z.number(),
  total: z.number(),
  issued_at: z.string(),
  /** The invoice a credit note corrects. */
  corrects_number: z.string().nullable(),
});
export type TaxDocument = z.infer<typeof taxDocumentSchema>;

export const taxDocumentIdParams = z.object({ id: z.coerce.number().int().positive() });
export const taxCategorySchema = z.enum(TAX_CATEGORIES);
