// Cash on delivery settled (issue 36 item 6, decision 0140): couriers, the cash they hold for the marketplace, their
// remittances (an admin's CSV import or the courier's own API push), refused deliveries and the card-only rule.
// Every amount is integer minor units (`*_cents`) except a remittance's records, which carry AED as the courier writes it.
import { z } from 'zod';

/** At most this many records in one remittance. */
export const COD_REMITTANCE_MAX_ROWS = 2000;
/** The refused deliveries after which checkout offers card only, unless an admin sets another number (0: never). */
export const COD_REFUSAL_THRESHOLD_DEFAULT = 2;
/** The ages of cash still with a courier, in days since delivery: 0–7, 8–30, 31 and more. */
export const COD_AGE_BUCKETS = ['d0_7', 'd8_30', 'd31_plus'] as const;
export type CodAgeBucket = (typeof COD_AGE_BUCKETS)[number];

export const courierSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_ar: z.string(),
  active: z.boolean(),
  /** Whether the courier has an API token (the token itself is shown once, when made). */
  has_token: z.boolean(),
});
export type Courier = z.infer<typeof courierSchema>;

export const courierCreateSchema = z.object({
  code: z.string().trim().min(2).max(20).regex(/^[A-Za-z0-9_-]+$/),
  name: z.string().trim().min(2).max(80),
  name_ar: z.string().trim().max(80).default(''),
});
export type CourierCreate = z.infer<typeof courierCreateSchema>;

/** A new API token for a courier: shown once; only its hash is kept. */
export const courierTokenSchema = z.object({ courier: courierSchema, token: z.string() });

/** One record of a remittance: the sub-order's number, the cash collected in AED ("125.50"), the day it was collected. */
export const remittanceRecordSchema = z.object({
  order_number: z.string().max(60),
  amount: z.union([z.string().max(20), z.number()]),
  date: z.string().max(20),
});
export type RemittanceRecord = z.infer<typeof remittanceRecordSchema>;

/** POST /api/courier/remittances — the courier's push, authenticated by its own token. */
export const courierRemittanceSchema = z.object({ records: z.array(remittanceRecordSchema).max(COD_REMITTANCE_MAX_ROWS) });

/** POST /api/admin/cod/remittances — an admin imports a courier's CSV file (order number, amount in AED, date). */
export const remittanceImportSchema = z.object({
  /** The courier the file is from: every row must be one of its sub-orders (null: each row's own courier). */
  courier_id: z.number().int().positive().nullable().default(null),
  csv: z.string().max(1_000_000),
});

export const remittanceLineSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  /** What the courier was to collect: the sub-order's total. */
  expected_cents: z.number().int(),
  collected_cents: z.number().int(),
  /** collected − expected: short is negative, over positive (posted to the differences account). */
  difference_cents: z.number().int(),
  collected_on: z.string(),
  /** Remitted before (by an earlier remittance): nothing posted again. */
  already_remitted: z.boolean(),
});

export const remittanceResultSchema = z.object({
  /** The remittance stored (null when every record had been remitted before). */
  remittance_id: z.number().int().nullable(),
  /** The very same remittance had been received before: nothing was posted. */
  duplicate: z.boolean(),
  currency: z.string(),
  posted: z.number().int(),
  expected_cents: z.number().int(),
  collected_cents: z.number().int(),
  difference_cents: z.number().int(),
  lines: z.array(remittanceLineSchema),
});
export type RemittanceResult = z.infer<typeof remittanceResultSchema>;

export const cashAgeSchema = z.object({ d0_7: z.number().int(), d8_30: z.number().int(), d31_plus: z.number().int() });

/** Cash to collect from one courier (null: sub-orders delivered with no courier recorded). */
export const courierCashSchema = z.object({
  courier_id: z.number().int().nullable(),
  name: z.string(),
  name_ar: z.string(),
  sub_orders: z.number().int(),
  total_cents: z.number().int(),
  buckets: cashAgeSchema,
  /** The oldest delivery still unremitted (ISO). */
  oldest_delivered_at: z.string().nullable(),
});

export const cashToCollectSchema = z.object({
  currency: z.string(),
  /** The ledger's courier_cash balance: cash delivered and not yet remitted. */
  total_cents: z.number().int(),
  buckets: cashAgeSchema,
  couriers: z.array(courierCashSchema),
  /** The differences account's balance: short remittances (positive, owed by couriers) net of over ones. */
  differences_cents: z.number().int(),
  refusal_threshold: z.number().int(),
});
export type CashToCollect = z.infer<typeof cashToCollectSchema>;

export const codSettingsSchema = z.object({
  /** Refused deliveries after which the shopper is offered card only (0: never). */
  refusal_threshold: z.number().int().min(0).max(50),
});
export type CodSettings = z.infer<typeof codSettingsSchema>;

/**
 * GET /api/cod/eligibility — whether checkout may offer cash on delivery to the signed-in shopper. It takes no e-mail:
 * answering for any address typed would tell anyone whose deliveries were refused; a guest learns it when placing.
 */
export const codEligibilitySchema = z.object({
  cod_allowed: z.boolean(),
  refusals: z.number().int(),
  threshold: z.number().int(),
});
export type CodEligibility = z.infer<typeof codEligibilitySchema>;

export const refusalSchema = z.object({ notes: z.string().trim().max(500).default('') });
