// A shopper's address book (issue 40 item 6, decision 0151): structured UAE addresses, one of them the default.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { normaliseMakani, normaliseUaePhone, UAE_EMIRATES, withinUae } from '../rules/uae-address.js';

/** At most this many saved addresses per shopper. */
export const ADDRESS_BOOK_MAX = 20;

const text = (max: number) => z.string().trim().max(max);
const coordinate = z.number({ error: 'Latitude and longitude are numbers' }).finite();

/**
 * The fields of a UAE address as a form sends them. The phone is normalised to +971…; the Makani number to its ten
 * digits (blank = none); latitude and longitude together or not at all, inside the UAE.
 */
export const uaeAddressFieldsSchema = z.strictObject({
  name: text(120).min(1, { error: MSG.nameRequired }),
  phone: z.string().max(40).transform((v, ctx) => {
    const phone = normaliseUaePhone(v);
    if (!phone) ctx.addIssue({ code: 'custom', message: MSG.addressPhoneInvalid });
    return phone ?? '';
  }),
  emirate: z.enum(UAE_EMIRATES, { error: MSG.emirateInvalid }),
  area: text(100).min(1, { error: MSG.addressAreaRequired }),
  street: text(200).min(1, { error: MSG.addressStreetRequired }),
  flat: text(60).optional().default(''),
  landmark: text(200).optional().default(''),
  makani: z.string().max(20).nullable().optional().transform((v, ctx) => {
    if (v == null || v.trim() === '') return null;
    const makani = normaliseMakani(v);
    if (!makani) ctx.addIssue({ code: 'custom', message: MSG.addressMakaniInvalid });
    return makani;
  }),
  latitude: coordinate.nullable().optional().transform((v) => v ?? null),
  longitude: coordinate.nullable().optional().transform((v) => v ?? null),
}).superRefine((v, ctx) => {
  if ((v.latitude === null) !== (v.longitude === null)) ctx.addIssue({ code: 'custom', message: MSG.addressPinIncomplete, path: ['longitude'] });
  else if (v.latitude !== null && v.longitude !== null && !withinUae(v.latitude, v.longitude)) {
    ctx.addIssue({ code: 'custom', message: MSG.addressPinOutsideUae, path: ['latitude'] });
  }
});
export type UaeAddressFields = z.output<typeof uaeAddressFieldsSchema>;
export type UaeAddressFieldsInput = z.input<typeof uaeAddressFieldsSchema>;

/** A structured address as stored and answered (an order's snapshot has the same fields). */
export const uaeAddressSchema = z.object({
  name: z.string(), phone: z.string(), emirate: z.enum(UAE_EMIRATES), area: z.string(), street: z.string(), flat: z.string(), landmark: z.string(),
  makani: z.string().nullable(), latitude: z.number().nullable(), longitude: z.number().nullable(),
});

/** POST /api/my/addresses and PUT /api/my/addresses/:id: the fields, a label ('Home'), and whether it is the default. */
export const addressInputSchema = z.strictObject({
  label: text(40).optional().default(''),
  is_default: z.boolean().optional(),
  address: uaeAddressFieldsSchema,
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const savedAddressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  is_default: z.boolean(),
  address: uaeAddressSchema,
  updated_at: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;
