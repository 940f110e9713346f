// Store credit and bank-transfer refunds (issue 34 item 8, decision 0141). Money is integer minor units (`*_cents`).
import { z } from 'zod';
import { BANK_REFUND_STATUSES, LEDGER_KINDS } from '../constants.js';
import { MSG } from '../messages.js';
import { ibanSchema } from './payouts.js';
import { pageQuerySchema } from './common.js';

/** The account a bank-transfer refund is paid to: a UAE IBAN (format and mod-97 checksum, as payouts check it) and its holder. */
export const refundBankAccountSchema = z.object({
  iban: ibanSchema,
  account_holder: z.string({ error: MSG.accountHolderRequired }).trim().min(2, { error: MSG.accountHolderRequired }).max(140),
});
export type RefundBankAccount = z.input<typeof refundBankAccountSchema>;

/** One movement of a shopper's store credit: earned (+) by a refund or a cancellation, spent (−) at checkout. */
export const storeCreditMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** Positive: credit received; negative: credit spent. */
  amount_cents: z.number().int(),
  order_number: z.string().nullable(),
  created_at: z.string(),
});
/** GET /api/my/store-credit: the balance (minus the sum of the shopper's store-credit rows) and its latest movements. */
export const myStoreCreditSchema = z.object({
  balance_cents: z.number().int(),
  currency: z.string(),
  movements: z.array(storeCreditMovementSchema),
});
export type MyStoreCredit = z.infer<typeof myStoreCreditSchema>;

/** A refund owed by bank transfer and its transfer's state (the IBAN masked for anyone but its shopper and admins). */
export const bankRefundSchema = z.object({
  id: z.number().int(),
  shopper_id: z.number().int(),
  shopper_name: z.string(),
  order_id: z.number().int(),
  order_number: z.string(),
  return_id: z.number().int().nullable(),
  amount_cents: z.number().int(),
  currency: z.string(),
  iban: z.string(),
  account_holder: z.string(),
  status: z.enum(BANK_REFUND_STATUSES),
  batch_id: z.number().int().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type BankRefund = z.infer<typeof bankRefundSchema>;

export const adminBankRefundsQuerySchema = pageQuerySchema.extend({
  status: z.enum(BANK_REFUND_STATUSES).optional(),
  batch_id: z.coerce.number().int().positive().optional(),
});
export type AdminBankRefundsQuery = z.infer<typeof adminBankRefundsQuerySchema>;

/** A refunds batch: every refund owed when it was made, sent together. */
export const refundBatchSchema = z.object({
  id: z.number().int(),
  currency: z.string(),
  created_by_name: z.string(),
  created_at: z.string(),
  count: z.number().int(),
  total_cents: z.number().int(),
  paid_count: z.number().int(),
  failed_count: z.number().int(),
});
export type RefundBatch = z.infer<typeof refundBatchSchema>;

/** POST /api/admin/refunds/{id}/failed: the bank's reason (the shopper is shown it and asked for new details). */
export const bankRefundFailSchema = z.object({
  reason: z.string({ error: MSG.bankRefundFailureReasonRequired }).trim().min(1, { error: MSG.bankRefundFailureReasonRequired }).max(500),
});
