// Vendor balances, payout accounts and batches, manual adjustments and the ledger browser (issue 24 items 5 and 7,
// decision 0095). Every amount is integer minor units (`*_cents`), every balance a SUM of ledger rows.
import { z } from 'zod';
import { LEDGER_ACCOUNTS, LEDGER_KINDS, PAYOUT_ACCOUNT_STATES, PAYOUT_FAILURE_CODES, PAYOUT_SKIP_REASONS, PAYOUT_STATUSES } from '../constants.js';
import { MSG } from '../messages.js';
import { normalizeIban, uaeIbanProblem } from '../rules/iban.js';
import { pageQuerySchema } from './common.js';
import { salesQuerySchema } from './reports.js';

/** A vendor's money as the ledger has it: held until the return windows close, available, paid out. */
export const vendorBalanceSchema = z.object({
  vendor_id: z.number().int(),
  currency: z.string(),
  /** Everything the marketplace owes the vendor now (held + available). */
  balance_cents: z.number().int(),
  /** Of sub-orders not delivered yet, or delivered less than the vendor's return window ago. */
  held_cents: z.number().int(),
  /**
   * What the next payout batch may pay (can be negative after a refund or a debit adjustment): out of the window, less
   * what goes by transfer to the vendor's connected account (decision 0147).
   */
  available_cents: z.number().int(),
  /**
   * Out of the window on card sub-orders paid by transfer to the vendor's connected account at the payment provider
   * (decision 0147): positive, due in the next transfers; negative, owed back on refunds after a transfer (netted
   * against the next transfers, or reversed). Zero without a connected account that receives transfers.
   */
  by_transfer_cents: z.number().int(),
  /** Sent in payouts (failed ones given back). */
  paid_cents: z.number().int(),
  return_window_days: z.number().int(),
  /** When the earliest held sub-order's window closes (null when nothing delivered is held). */
  next_release_at: z.string().nullable(),
});
export type VendorBalance = z.infer<typeof vendorBalanceSchema>;

/** The payout account: a UAE IBAN (AE + 21 digits, mod-97 checksum) and the account holder's name. */
export const payoutAccountStateSchema = z.enum(PAYOUT_ACCOUNT_STATES);
export const payoutAccountSchema = z.object({
  iban: z.string().nullable(),
  account_holder: z.string().nullable(),
  updated_at: z.string().nullable(),
  /** Null without an account; otherwise whether batches may pay it (decision 0125). */
  state: payoutAccountStateSchema.nullable(),
  /** Batches pay it from this moment on (once verified): a changed account waits PAYOUT_ACCOUNT_WAIT_DAYS. */
  payable_from: z.string().nullable(),
  verified_at: z.string().nullable(),
  /** When `failed`: the bank's reason of the payout that bounced. */
  failure_reason: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const ibanSchema = z
  .string({ error: MSG.ibanRequired })
  .transform(normalizeIban)
  .superRefine((v, ctx) => {
    const problem = uaeIbanProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem === 'format' ? MSG.ibanFormat : MSG.ibanChecksum });
  });

export const payoutAccountUpdateSchema = z.object({
  iban: ibanSchema,
  account_holder: z.string({ error: MSG.accountHolderRequired }).trim().min(2, { error: MSG.accountHolderRequired }).max(140),
});
export type PayoutAccountUpdate = z.infer<typeof payoutAccountUpdateSchema>;

export const ledgerAccountSchema = z.enum(LEDGER_ACCOUNTS);
export const ledgerKindSchema = z.enum(LEDGER_KINDS);

/** One ledger row as the screens show it. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  posting: z.string(),
  account: ledgerAccountSchema,
  vendor_id: z.number().int().nullable(),
  kind: ledgerKindSchema,
  amount_cents: z.number().int(),
  currency: z.string(),
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  payout_id: z.number().int().nullable(),
  memo: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** A calendar day that exists (Date.parse lets 2026-02-31 roll over into March). */
const realDay = (s: string) => { const t = Date.parse(`${s}T00:00:00Z`); return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s; };
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.dateInvalid }).refine(realDay, { error: MSG.dateInvalid });
const dayRange = { from: day.optional(), to: day.optional() };
const rangeOk = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

/** GET /api/vendor/earnings/entries: the vendor's own rows, newest first, by kind and day range. */
export const vendorEntriesQuerySchema = pageQuerySchema
  .extend({ kind: ledgerKindSchema.optional(), ...dayRange })
  .refine(rangeOk, { error: MSG.dateRangeInvalid, path: ['from'] });
export type VendorEntriesQuery = z.infer<typeof vendorEntriesQuerySchema>;

/** GET /api/admin/finance/ledger: every row, by account, kind, vendor and day range. */
export const ledgerQuerySchema = pageQuerySchema
  .extend({ account: ledgerAccountSchema.optional(), kind: ledgerKindSchema.optional(), vendor_id: z.coerce.number().int().positive().optional(), ...dayRange })
  .refine(rangeOk, { error: MSG.dateRangeInvalid, path: ['from'] });
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

/** GET /api/vendor/earnings/statement: a CSV of the vendor's rows over a day range (both required). */
export const statementQuerySchema = z
  .object({ from: day, to: day })
  .refine(rangeOk, { error: MSG.dateRangeInvalid, path: ['from'] });

export const payoutStatusSchema = z.enum(PAYOUT_STATUSES);
export const payoutFailureCodeSchema = z.enum(PAYOUT_FAILURE_CODES);

export const payoutSchema = z.object({
  id: z.number().int(),
  batch_id: z.number().int(),
  vendor_id: z.number().int(),
  vendor_name: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  iban: z.string(),
  account_holder: z.string(),
  /** The bank transfer's reference, also on the ledger rows. */
  reference: z.string(),
  status: payoutStatusSchema,
  failure_reason: z.string().nullable(),
  /** Set when failed: an account code (closed, invalid, name mismatch) marked the vendor's account failed. */
  failure_code: payoutFailureCodeSchema.nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutBatchSchema = z.object({
  id: z.number().int(),
  currency: z.string(),
  minimum_cents: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  total_cents: z.number().int(),
  payouts: z.array(payoutSchema),
  /** Vendors whose available balance reached the minimum but whose account may not be paid (decision 0125): not paid. */
  skipped: z.array(z.object({ vendor_id: z.number().int(), vendor_name: z.string(), available_cents: z.number().int(), reason: z.enum(PAYOUT_SKIP_REASONS) })),
});
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;

/** POST /api/admin/finance/payout-batches: the minimum defaults to PAYOUT_MINIMUM_CENTS. */
export const payoutBatchCreateSchema = z.object({
  minimum_cents: z.coerce.number().int().min(1, { error: MSG.payoutMinimumInvalid }).max(100_000_000, { error: MSG.payoutMinimumInvalid }).optional(),
});

/** An account code (closed, invalid, name mismatch) marks the vendor's account failed; without a code it is `other`. */
export const payoutFailSchema = z.object({
  reason: z.string({ error: MSG.reasonRequired }).trim().min(3, { error: MSG.reasonRequired }).max(500),
  code: payoutFailureCodeSchema.default('other'),
});

/** POST /api/admin/finance/adjustments: a signed amount (credit > 0 pays the vendor more, debit < 0 takes back). */
export const adjustmentCreateSchema = z.object({
  vendor_id: z.coerce.number().int().positive(),
  amount_cents: z.coerce
    .number()
    .int({ error: MSG.adjustmentAmountInvalid })
    .refine((n) => n !== 0 && Math.abs(n) <= 100_000_000, { error: MSG.adjustmentAmountInvalid }),
  reason: z.string({ error: MSG.reasonRequired }).trim().min(3, { error: MSG.reasonRequired }).max(500),
});
export type AdjustmentCreate = z.infer<typeof adjustmentCreateSchema>;

/** Every vendor's balance, for the Finance section. */
export const vendorBalanceRowSchema = vendorBalanceSchema.extend({
  vendor_name: z.string(),
  has_payout_account: z.boolean(),
  payout_account_state: payoutAccountStateSchema.nullable(),
  payout_payable_from: z.string().nullable(),
});
export type VendorBalanceRow = z.infer<typeof vendorBalanceRowSchema>;

/** GET /api/admin/finance/revenue: commission earned, reversed and net per UTC day (zero days included). */
export const revenueQuerySchema = salesQuerySchema;
export const financeRevenueSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  total_cents: z.number().int(),
  days: z.array(z.object({ date: z.string(), commission_cents: z.number().int(), reversed_cents: z.number().int(), net_cents: z.number().int() })),
});
export type FinanceRevenue = z.infer<typeof financeRevenueSchema>;
