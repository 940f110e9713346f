// Commission rates and the ledger's read-outs (decision 0087).
import { z } from 'zod';

/** One commission rate: the default, a category's or a vendor's, in basis points (1000 = 10 %). */
export const commissionRateSchema = z.object({
  scope: z.enum(['default', 'category', 'vendor']),
  /** The category's name (scope category). */
  category: z.string().nullable(),
  /** The vendor's id (scope vendor). */
  vendor_id: z.number().int().nullable(),
  rate_bps: z.number().int(),
  updated_at: z.string(),
});
export type CommissionRate = z.infer<typeof commissionRateSchema>;

/** GET /api/admin/commission: every rate set, and the default in force (the built-in one when none is set). */
export const commissionRatesSchema = z.object({ default_bps: z.number().int(), rates: z.array(commissionRateSchema) });
export type CommissionRates = z.infer<typeof commissionRatesSchema>;

const bps = z.coerce.number().int().min(0, { error: 'Enter a rate between 0 and 100 %' }).max(10_000, { error: 'Enter a rate between 0 and 100 %' });

/** PUT /api/admin/commission: set one rate (most specific wins: vendor, then category, then default). */
export const commissionRateUpdateSchema = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('default'), rate_bps: bps }),
  z.object({ scope: z.literal('category'), category: z.string().trim().min(1, { error: 'Enter a category' }).max(100), rate_bps: bps }),
  z.object({ scope: z.literal('vendor'), vendor_id: z.coerce.number().int().positive(), rate_bps: bps }),
]);
export type CommissionRateUpdate = z.infer<typeof commissionRateUpdateSchema>;

/** DELETE /api/admin/commission: remove a category's or a vendor's rate (the next less specific one applies). */
export const commissionRateDeleteSchema = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('category'), category: z.string().trim().min(1).max(100) }),
  z.object({ scope: z.literal('vendor'), vendor_id: z.coerce.number().int().positive() }),
]);

/** GET /api/admin/finance/ledger-check: the ledger's balance per currency (zero when every posting balanced). */
export const ledgerCheckSchema = z.object({
  entries: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), total_cents: z.number().int() })),
  balanced: z.boolean(),
  accounts: z.array(z.object({ account: z.string(), vendor_id: z.number().int().nullable(), currency: z.string(), balance_cents: z.number().int() })),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;
