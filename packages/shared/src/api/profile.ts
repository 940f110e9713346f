import { z } from 'zod';
import { GENDERS } from '../constants.js';

export { GENDERS };

const part = z.string().trim().max(200).default('');

/** PUT /api/profile (customer spec §5): dob/gender/phone null when empty; address parts empty strings. */
export const profileUpdateSchema = z.object({
  dob: z.iso.date({ error: 'Date of birth must be YYYY-MM-DD' }).nullable().optional(),
  gender: z.enum(GENDERS).nullable().optional(),
  phone: z.string().trim().max(40).nullable().optional(),
  address: z
    .object({
      address_line1: part.optional(),
      address_line2: part.optional(),
      city: part.optional(),
      state: part.optional(),
      postal_code: z.string().trim().max(20).optional(),
      country: part.optional(),
    })
    .optional(),
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
});
export type Profile = z.infer<typeof profileSchema>;
