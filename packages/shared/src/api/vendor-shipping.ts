// A vendor's own shipping rule and return window (issue 24 items 2 and 5; decisions 0086, 0096).
import { z } from 'zod';
import { FREE_SHIPPING_THRESHOLD_CENTS, RETURN_WINDOW_DAYS_DEFAULT, SHIPPING_FEE_CENTS } from '../constants.js';
import { MSG } from '../messages.js';
import { CUTOFF_TIME_PATTERN, HANDLING_DAYS_MAX } from '../rules/delivery-promise.js';

/** Upper bounds: a fee above 1,000.00 or a threshold above 100,000.00 is a typo, not a rule. */
export const SHIPPING_FEE_MAX_CENTS = 100_000;
export const FREE_SHIPPING_ABOVE_MAX_CENTS = 10_000_000;
export const RETURN_WINDOW_MAX_DAYS = 365;
/** A delivery estimate beyond 60 business days is a typo, not a promise. */
export const DELIVERY_DAYS_MAX = 60;

const cents = (max: number, label: string) =>
  z.number({ error: `${label} must be an amount in fils` }).int({ error: `${label} must be whole fils` })
    .min(0, { error: `${label} cannot be negative` }).max(max, { error: `${label} is at most ${(max / 100).toLocaleString('en')}` });

const deliveryDays = (label: string) =>
  z.number({ error: `${label} must be a number of business days` }).int({ error: `${label} must be whole days` })
    .min(0, { error: `${label} cannot be negative` }).max(DELIVERY_DAYS_MAX, { error: `${label} is at most ${DELIVERY_DAYS_MAX} business days` });

/**
 * GET/PUT /api/vendor/shipping. `shipping_fee_cents` / `free_shipping_above_cents` null = the marketplace's default
 * rule (`default_rule`), which checkout applies to this vendor's part; free shipping is for a part whose subtotal is
 * strictly above the threshold. The return window counts days from delivery.
 */
export const vendorShippingSchema = z.object({
  shipping_fee_cents: z.number().int().nullable(),
  free_shipping_above_cents: z.number().int().nullable(),
  return_window_days: z.number().int(),
  /** Business days from shipping to delivery under this rule (decision 0107); both null = no estimate given. */
  delivery_min_days: z.number().int().nullable(),
  delivery_max_days: z.number().int().nullable(),
  /** The delivery promise's dispatch rule (decision 0151): business days to hand an order over, and the Dubai time after which an order counts from the next business day. */
  handling_days: z.number().int(),
  cutoff_time: z.string(),
  default_rule: z.object({ fee_cents: z.number().int(), free_above_cents: z.number().int(), return_window_days: z.number().int() }),
});
export type VendorShipping = z.infer<typeof vendorShippingSchema>;

/** PUT body: every field required (null = back to the default), so one form saves one rule. Unknown keys refused. */
export const vendorShippingUpdateSchema = z.strictObject({
  shipping_fee_cents: cents(SHIPPING_FEE_MAX_CENTS, 'Shipping fee').nullable(),
  free_shipping_above_cents: cents(FREE_SHIPPING_ABOVE_MAX_CENTS, 'Free-shipping threshold').nullable(),
  return_window_days: z.number({ error: 'Return window must be a number of days' }).int({ error: 'Return window must be whole days' })
    .min(0, { error: 'Return window cannot be negative' }).max(RETURN_WINDOW_MAX_DAYS, { error: `Return window is at most ${RETURN_WINDOW_MAX_DAYS} days` }),
  /** The delivery estimate (decision 0107): left out = unchanged (older clients save the rule without it), null = none. */
  delivery_min_days: deliveryDays('Fastest delivery').nullable().optional(),
  delivery_max_days: deliveryDays('Slowest delivery').nullable().optional(),
  /** The dispatch rule of the delivery promise (decision 0151): left out = unchanged. */
  handling_days: z.number({ error: 'Handling time must be a number of business days' }).int({ error: 'Handling time must be whole days' })
    .min(0, { error: 'Handling time cannot be negative' }).max(HANDLING_DAYS_MAX, { error: `Handling time is at most ${HANDLING_DAYS_MAX} business days` }).optional(),
  cutoff_time: z.string().regex(CUTOFF_TIME_PATTERN, { error: MSG.cutoffTimeInvalid }).optional(),
}).refine((v) => (v.delivery_min_days == null) === (v.delivery_max_days == null), {
  error: 'Give both the fastest and the slowest delivery, or neither', path: ['delivery_max_days'],
}).refine((v) => v.delivery_min_days == null || v.delivery_max_days == null || v.delivery_min_days <= v.delivery_max_days, {
  error: 'The slowest delivery cannot be faster than the fastest', path: ['delivery_max_days'],
});
export type VendorShippingUpdate = z.infer<typeof vendorShippingUpdateSchema>;

export const DEFAULT_VENDOR_SHIPPING_RULE = { fee_cents: SHIPPING_FEE_CENTS, free_above_cents: FREE_SHIPPING_THRESHOLD_CENTS, return_window_days: RETURN_WINDOW_DAYS_DEFAULT };
