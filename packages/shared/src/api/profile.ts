import { z } from 'zod';
import { GENDERS } from '../constants.js';

export { GENDERS };

const part = z.string().trim().max(200).default('');

/** Clients may send line1/line2/zip (the names the profile screen also accepts on read, spec §3). */
const ALTERNATE_ADDRESS_NAMES: Record<string, string> = { line1: 'address_line1', line2: 'address_line2', zip: 'postal_code' };
const withAlternateNames = (v: unknown) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const [alt, name] of Object.entries(ALTERNATE_ADDRESS_NAMES)) {
    if (out[name] === undefined && out[alt] !== undefined) out[name] = out[alt];
    delete out[alt];
  }
  return out;
};

/** PUT /api/profile (customer spec §5): dob/gender/phone null when empty; address parts empty strings. */
export const profileUpdateSchema = z.object({
  dob: z.iso.date({ error: 'Date of birth must be YYYY-MM-DD' }).nullable().optional(),
  gender: z.enum(GENDERS).nullable().optional(),
  phone: z.string().trim().max(40).nullable().optional(),
  address: z.preprocess(withAlternateNames, z
    .object({
      address_line1: part.optional(),
      address_line2: part.optional(),
      city: part.optional(),
      state: part.optional(),
      postal_code: z.string().trim().max(20).optional(),
      country: part.optional(),
    })
    .optional()),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const profileSchema = z.object({
  dob: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  phone: z.string().nullable(),
  address: z.object({
    address_line1: z.string(),
    address_line2: z.string(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    country: z.string(),
  }),
  /** True once the customer saved the profile (onboarding done). */
  onboarded: z.boolean().optional(),
});
export type Profile = z.infer<typeof profileSchema>;
