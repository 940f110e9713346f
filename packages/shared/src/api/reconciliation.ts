// Reconciliation (issue 36 item 7, decision 0143): the provider clearing account against the provider's balance
// transactions, the bank account against imported bank statements.
import { z } from 'zod';

export const RECONCILIATION_CAUSE_VALUES = ['missing_in_ledger', 'missing_at_provider', 'missing_in_statement', 'amount_differs', 'fee_differs'] as const;
export type ReconciliationCause = (typeof RECONCILIATION_CAUSE_VALUES)[number];

/** The bank statement CSV's header, in this order (decision 0143). */
export const BANK_STATEMENT_HEADER = ['date', 'amount', 'currency', 'reference', 'description'] as const;
/** At most this many characters in one imported statement (about 40,000 lines). */
export const BANK_STATEMENT_MAX_CHARS = 4_000_000;

export const reconciliationDifferenceSchema = z.object({
  id: z.number().int(),
  source: z.enum(['provider', 'bank']),
  cause: z.enum(RECONCILIATION_CAUSE_VALUES),
  /** charge, refund, adjustment, transfer, payout, … (provider); payout or other (bank). */
  kind: z.string(),
  /** The payment (pi_…), refund (re_…), balance transaction, or the bank line's reference. */
  reference: z.string(),
  currency: z.string(),
  their_amount_cents: z.number().int().nullable(),
  their_fee_cents: z.number().int().nullable(),
  our_amount_cents: z.number().int().nullable(),
  our_fee_cents: z.number().int().nullable(),
  detail: z.string().nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

export const reconciliationRunSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(['job', 'admin']),
  created_by_name: z.string().nullable(),
  status: z.enum(['running', 'done', 'failed']),
  provider: z.string().nullable(),
  provider_status: z.enum(['checked', 'unavailable']).nullable(),
  provider_error: z.string().nullable(),
  provider_items: z.number().int(),
  provider_totals: z.array(z.object({ type: z.string(), currency: z.string(), count: z.number().int(), amount_cents: z.number().int(), fee_cents: z.number().int(), net_cents: z.number().int() })),
  ledger_totals: z.array(z.object({ currency: z.string(), clearing_cents: z.number().int(), fees_cents: z.number().int(), bank_cents: z.number().int() })),
  bank_status: z.enum(['checked', 'no_statement']).nullable(),
  bank_lines: z.number().int(),
  bank_totals: z.array(z.object({ currency: z.string(), statement_cents: z.number().int(), ledger_cents: z.number().int() })),
  differences: z.number().int(),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

/** GET /api/admin/finance/reconciliation: the last run (null before the first) and its first differences. */
export const reconciliationSummarySchema = z.object({
  run: reconciliationRunSchema.nullable(),
  differences: z.array(reconciliationDifferenceSchema),
  statements: z.number().int(),
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummarySchema>;

export const bankStatementSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  lines: z.number().int(),
  imported_by_name: z.string(),
  imported_at: z.string(),
});
export type BankStatement = z.infer<typeof bankStatementSchema>;

/** POST /api/admin/finance/reconciliation/bank-statements: a statement's CSV text, as read from the file. */
export const bankStatementImportSchema = z.object({
  filename: z.string().trim().min(1).max(200),
  content: z.string().min(1).max(BANK_STATEMENT_MAX_CHARS),
});
export type BankStatementImport = z.infer<typeof bankStatementImportSchema>;
