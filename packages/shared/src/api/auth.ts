import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { emailSchema as email } from './email.js';
import { MSG } from '../messages.js';

const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort })
  .max(200);

export const signupRequestSchema = z.object({
  name: z.string().trim().min(1, { error: MSG.nameRequired }).max(120),
  email,
  password,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** The login form also sends `name` (spec §7); it is accepted and ignored. */
export const loginRequestSchema = z.object({
  name: z.string().optional(),
  email: z.string().trim().toLowerCase().min(1, { error: MSG.emailRequired }),
  password: z.string().min(1, { error: MSG.passwordRequired }).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userRoleSchema = z.enum(['user', 'vendor', 'admin']);
export type UserRole = z.infer<typeof userRoleSchema>;

export const publicUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  created_at: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: publicUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

const vendorAddressInput = z
  .union([
    z.string().trim().max(500),
    z.object({
      street: z.string().trim().max(200).optional(),
      city: z.string().trim().max(100).optional(),
      state: z.string().trim().max(100).optional(),
      postal_code: z.string().trim().max(20).optional(),
      country: z.string().trim().max(100).optional(),
    }),
  ])
  .optional();

export const vendorSignupRequestSchema = z.object({
  company_name: z.string().trim().min(1, { error: MSG.companyNameRequired }).max(200),
  contact_name: z.string().trim().min(1, { error: MSG.contactNameRequired }).max(120),
  email,
  password,
  phone: z.string().trim().max(40).optional().default(''),
  address: vendorAddressInput,
});
export type VendorSignupRequest = z.infer<typeof vendorSignupRequestSchema>;

export const vendorLoginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, { error: MSG.emailRequired }),
  password: z.string().min(1, { error: MSG.passwordRequired }).max(200),
});

export const fileRefSchema = z.object({ id: z.string(), url: z.string(), name: z.string(), mime_type: z.string() }).nullable();

export const vendorAddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }),
});
export type VendorAddress = z.infer<typeof vendorAddressSchema>;

export const vendorSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  company_name: z.string(),
  /** The store's Arabic name, and its description in both languages ('' when none): issue 26 item 5. */
  company_name_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string(),
  address: vendorAddressSchema,
  business_type: z.string(),
  industry: z.string(),
  tax_id: z.string(),
  vat_number: z.string(),
  establishment_date: z.string().nullable(),
  license_file: fileRefSchema,
  trade_license: fileRefSchema,
  emirates_id_front: fileRefSchema,
  emirates_id_back: fileRefSchema,
  other_documents: z.array(fileRefSchema.unwrap()),
  is_verified: z.boolean(),
  verification_status: z.enum(['verified', 'pending', 'incomplete', 'rejected']),
  verification_date: z.string().nullable(),
  verified_by: z.string().nullable(),
  verification_notes: z.string().nullable(),
  created_at: z.string(),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorAuthResponseSchema = z.object({ token: z.string(), vendor: vendorSchema });
export type VendorAuthResponse = z.infer<typeof vendorAuthResponseSchema>;

/** An empty code is just a wrong code: the gate answers 'Invalid access code' for both (admin spec §2). */
export const adminAccessRequestSchema = z.object({ code: z.string().trim().max(200).default('') });
export const adminAccessResponseSchema = z.object({ token: z.string() });

export const meResponseSchema = z.object({ user: publicUserSchema, vendor: vendorSchema.nullable() });

/**
 * A signed-in person's language and, in Arabic, digits (issue 26 items 2 and 4, decision 0105): their pages, the API's
 * error texts, their e-mails and push texts follow it. `digits` left out keeps the saved one (Latin when none).
 */
export const languageChoiceSchema = z.object({
  locale: z.enum(['en', 'ar']),
  digits: z.enum(['latn', 'arab']).optional(),
});
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;
export const languageSchema = z.object({
  /** null: never chosen (the browser's language and the cookie decide) */
  locale: z.enum(['en', 'ar']).nullable(),
  digits: z.enum(['latn', 'arab']),
});
export type Language = z.infer<typeof languageSchema>;
