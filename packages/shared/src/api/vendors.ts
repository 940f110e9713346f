import { z } from 'zod';
import { BUSINESS_TYPES } from '../constants.js';
import { MSG } from '../messages.js';
import { emailSchema } from './email.js';
import { hasArabicLetter } from '../rules/content-lang.js';

const text = (max: number) => z.string().trim().max(max);
const arabic = (max: number) => text(max).refine((v) => v === '' || hasArabicLetter(v), { error: MSG.arabicTextRequired });
const VENDOR_DESCRIPTION_MAX = 2000;

/** YYYY-MM-DD that is a real calendar date; '' or null clears it. */
const isoDate = z
  .union([z.literal(''), z.null(), z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use the format YYYY-MM-DD' })])
  .refine((v) => !v || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'Enter a valid date' })
  .transform((v) => (v ? v : null));

/** One of the spec's business types (vendor §9, admin §9), as the wizard's and the profile's select offer them. */
const businessType = z.string().trim().pipe(z.enum(BUSINESS_TYPES, { error: MSG.businessTypeInvalid(BUSINESS_TYPES) }));

/** http(s) URL or empty (vendor §5: website is a URL-type field, optional). */
const website = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), { error: 'Enter a valid website URL (https://…)' });

/**
 * PUT /api/vendors/{id}/profile — "JSON of the edited profile" (vendor §7). Every field is optional: absent fields
 * keep their value; unknown keys (id, documents, verification fields the screen echoes back) are ignored —
 * verification is changed only through the admin verification call.
 */
export const vendorProfileUpdateSchema = z.object({
  company_name: text(200).min(1, { error: 'Company name is required' }).optional(),
  contact_name: text(120).min(1, { error: 'Contact name is required' }).optional(),
  /** The store in Arabic beside the English (issue 26 item 5): optional; an Arabic field must hold Arabic letters. */
  company_name_ar: arabic(200).optional(),
  description: text(VENDOR_DESCRIPTION_MAX).optional(),
  description_ar: arabic(VENDOR_DESCRIPTION_MAX).optional(),
  email: emailSchema.optional(),
  phone: text(40).optional(),
  website: website.optional(),
  address: z
    .object({
      street: text(200).optional(),
      city: text(100).optional(),
      state: text(100).optional(),
      postal_code: text(20).optional(),
      country: text(100).optional(),
      coordinates: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
    })
    .optional(),
  // '' keeps a profile that never chose one (the select's empty option)
  business_type: z
    .string()
    .trim()
    .refine((v) => v === '' || (BUSINESS_TYPES as readonly string[]).includes(v), { error: MSG.businessTypeInvalid(BUSINESS_TYPES) })
    .optional(),
  industry: text(100).optional(),
  tax_id: text(60).optional(),
  vat_number: text(60).optional(),
  establishment_date: isoDate.optional(),
});
export type VendorProfileUpdate = z.infer<typeof vendorProfileUpdateSchema>;

// ---------- onboarding (vendor §2, §5, §7) ----------

const required = (label: string, max: number) => z.string({ error: `${label} is required` }).trim().min(1, { error: `${label} is required` }).max(max);
const optionalField = (max: number) => z.string().trim().max(max).optional().default('');

/**
 * The wizard's data, one schema for the client's step gating and the server's check of POST
 * /api/vendors/onboarding (vendor §5): step 1 company name, contact name, email, phone; step 2 street, city,
 * state; step 3 business type, industry, establishment date. Website, postal code, tax and VAT numbers are optional.
 */
export const vendorOnboardingSchema = z.object({
  company_name: required('Company name', 200),
  contact_name: required('Contact name', 120),
  email: z.string({ error: 'Email is required' }).trim().min(1, { error: 'Email is required' }).pipe(emailSchema),
  phone: required('Phone', 40),
  website: website.optional().default(''),
  address: z.object(
    {
      street: required('Street', 200),
      city: required('City', 100),
      state: required('State / Emirate', 100),
      postal_code: optionalField(20),
      country: z.string().trim().max(100).optional().default('').transform((v) => v || 'UAE'),
      coordinates: z
        .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
        .optional(),
    },
    { error: 'Address is required' },
  ),
  business_type: required('Business type', 100).pipe(businessType),
  industry: required('Industry', 100),
  tax_id: optionalField(60),
  vat_number: optionalField(60),
  establishment_date: isoDate.refine((v) => v !== null, { error: 'Establishment date is required' }),
  /** Admin onboarding on a vendor's behalf (admin §1): the vendor to onboard. Ignored for a vendor's own session. */
  vendor_id: z.coerce.number().int().positive().optional(),
});
export type VendorOnboardingInput = z.input<typeof vendorOnboardingSchema>;
export type VendorOnboarding = z.output<typeof vendorOnboardingSchema>;

/** The wizard's data steps and the fields each gates on (vendor §5); step 4 gates on the three documents. */
export const ONBOARDING_STEP_FIELDS = [
  ['company_name', 'contact_name', 'email', 'phone', 'website'],
  ['address.street', 'address.city', 'address.state'],
  ['business_type', 'industry', 'establishment_date', 'tax_id', 'vat_number'],
] as const;

/** The multipart file fields of the onboarding upload, one per required document (vendor §3, §5). */
export const VENDOR_DOCUMENT_FIELDS = ['trade_license', 'emirates_id_front', 'emirates_id_back'] as const;
export type VendorDocumentField = (typeof VENDOR_DOCUMENT_FIELDS)[number];
export const VENDOR_DOCUMENT_LABELS: Record<VendorDocumentField, string> = {
  trade_license: 'Trade license',
  emirates_id_front: 'Emirates ID (front)',
  emirates_id_back: 'Emirates ID (back)',
};
/** Accepted types by their bytes: trade licence PDF, JPG or PNG; Emirates ID JPG or PNG (vendor §5). */
export const VENDOR_DOCUMENT_MIME: Record<VendorDocumentField, readonly string[]> = {
  trade_license: ['application/pdf', 'image/jpeg', 'image/png'],
  emirates_id_front: ['image/jpeg', 'image/png'],
  emirates_id_back: ['image/jpeg', 'image/png'],
};
/** The `accept` attribute of each file input (names are only a hint; the server checks the bytes). */
export const VENDOR_DOCUMENT_ACCEPT: Record<VendorDocumentField, string> = {
  trade_license: '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png',
  emirates_id_front: '.jpg,.jpeg,.png,image/jpeg,image/png',
  emirates_id_back: '.jpg,.jpeg,.png,image/jpeg,image/png',
};

// ---------- admin vendor management (admin §2 Vendor verification, §4) ----------

export const VENDOR_STATUSES = ['verified', 'pending', 'incomplete', 'rejected'] as const;

/** GET /api/admin/vendors: paged; search matches company, contact or e-mail; exact derived status. */
export const adminVendorsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v), z.string().max(200).optional()),
  status: z.enum(VENDOR_STATUSES, { error: 'status must be one of: verified, pending, incomplete, rejected' }).optional(),
});
export type AdminVendorsQuery = z.infer<typeof adminVendorsQuerySchema>;

/** The Vendors section's stat cards (over every vendor). */
export const vendorStatsSchema = z.object({
  total: z.number().int(),
  verified: z.number().int(),
  pending: z.number().int(),
  incomplete: z.number().int(),
  rejected: z.number().int(),
});
export type VendorStats = z.infer<typeof vendorStatsSchema>;

/**
 * PUT /api/admin/vendors/{id}/verify: verify (is_verified true) or reject (false), only while the vendor is
 * Pending Review (admin §4), with optional notes the vendor sees.
 */
export const vendorVerifySchema = z.object({
  is_verified: z.boolean({ error: 'is_verified must be true (verify) or false (reject)' }),
  verification_notes: z.string().trim().max(2000, { error: 'Notes must be 2000 characters or less' }).optional().default(''),
});
export type VendorVerifyInput = z.input<typeof vendorVerifySchema>;

export const vendorDocumentParamSchema = z.object({
  id: z.coerce.number().int().positive(),
  type: z.enum(VENDOR_DOCUMENT_FIELDS, { error: 'Document type must be trade_license, emirates_id_front or emirates_id_back' }),
});

/** The wizard's field problems by dotted path ('address.street'), first message per field: the client's step gating. */
export function onboardingFieldErrors(values: unknown): Record<string, string> {
  const result = vendorOnboardingSchema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** A chosen file's problem before it is sent (size, and type by its declared type or name; the server reads the bytes). */
export function documentFileProblem(field: VendorDocumentField, file: { size: number; type: string; name: string }, maxBytes: number, messages: { tooLarge: string; wrongType: string }): string | null {
  if (file.size > maxBytes) return messages.tooLarge;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const byExt: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };
  const mime = VENDOR_DOCUMENT_MIME[field].includes(file.type) ? file.type : byExt[ext];
  return mime && VENDOR_DOCUMENT_MIME[field].includes(mime) ? null : messages.wrongType;
}
