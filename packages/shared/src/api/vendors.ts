import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max);

/** YYYY-MM-DD that is a real calendar date; '' or null clears it. */
const isoDate = z
  .union([z.literal(''), z.null(), z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use the format YYYY-MM-DD' })])
  .refine((v) => !v || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'Enter a valid date' })
  .transform((v) => (v ? v : null));

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
  email: z.string().trim().toLowerCase().pipe(z.email({ error: 'Enter a valid email address' })).optional(),
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
  business_type: text(100).optional(),
  industry: text(100).optional(),
  tax_id: text(60).optional(),
  vat_number: text(60).optional(),
  establishment_date: isoDate.optional(),
});
export type VendorProfileUpdate = z.infer<typeof vendorProfileUpdateSchema>;
