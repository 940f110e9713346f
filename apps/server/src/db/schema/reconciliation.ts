import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

// The reconciliation module's tables (issue 36 item 7, decision 0143): each run and the differences it found, and the
// bank statements an admin imported with their lines. It reads the ledger; it writes none of it.

export const RECONCILIATION_CAUSES = ['missing_in_ledger', 'missing_at_provider', 'missing_in_statement', 'amount_differs', 'fee_differs'] as const;

/** One reconciliation: what was compared, the totals each side holds, and how many differences were found. */
export const reconciliationRuns = pgTable('reconciliation_runs', {
  id: serial('id').primaryKey(),
  trigger: text('trigger', { enum: ['job', 'admin'] }).notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name'),
  status: text('status', { enum: ['running', 'done', 'failed'] }).notNull().default('running'),
  /** The provider side: checked, or why not (no provider, a provider without a balance list, an error). */
  provider: text('provider'),
  providerStatus: text('provider_status', { enum: ['checked', 'unavailable'] }),
  providerError: text('provider_error'),
  providerItems: integer('provider_items').notNull().default(0),
  /** The provider's movements per type (charge, refund, adjustment, transfer, payout, …): count, gross, fee, net. */
  providerTotals: jsonb('provider_totals').$type<{ type: string; currency: string; count: number; amount_cents: number; fee_cents: number; net_cents: number }[]>().notNull().default([]),
  /** The ledger at the run: provider clearing and provider fees balances, per currency. */
  ledgerTotals: jsonb('ledger_totals').$type<{ currency: string; clearing_cents: number; fees_cents: number; bank_cents: number }[]>().notNull().default([]),
  /** The bank side: checked against the imported statements, or no statement yet. */
  bankStatus: text('bank_status', { enum: ['checked', 'no_statement'] }),
  bankLines: integer('bank_lines').notNull().default(0),
  bankTotals: jsonb('bank_totals').$type<{ currency: string; statement_cents: number; ledger_cents: number }[]>().notNull().default([]),
  differences: integer('differences').notNull().default(0),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  durationMs: integer('duration_ms'),
}, (t) => [index('reconciliation_runs_started_idx').on(t.startedAt)]);

/**
 * A difference a run found, with its cause. `their_*` is the provider's or the bank statement's figure, `our_*` the
 * ledger's (null where that side has nothing).
 */
export const reconciliationDifferences = pgTable(
  'reconciliation_differences',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: integer('run_id').notNull().references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['provider', 'bank'] }).notNull(),
    cause: text('cause', { enum: RECONCILIATION_CAUSES }).notNull(),
    /** What it is: charge, refund, adjustment, transfer, payout (provider), payout or other (bank). */
    kind: text('kind').notNull(),
    /** The matching key: the payment (pi_…), the refund (re_…), the balance transaction, the payout reference. */
    reference: text('reference').notNull(),
    currency: text('currency').notNull(),
    theirAmountCents: bigint('their_amount_cents', { mode: 'number' }),
    theirFeeCents: bigint('their_fee_cents', { mode: 'number' }),
    ourAmountCents: bigint('our_amount_cents', { mode: 'number' }),
    ourFeeCents: bigint('our_fee_cents', { mode: 'number' }),
    /** A bank line's text, a provider movement's ids. */
    detail: text('detail'),
  },
  (t) => [index('reconciliation_differences_run_idx').on(t.runId, t.id)],
);

/** A bank statement an admin imported (CSV, decision 0143), once per content (sha256). */
export const reconciliationBankStatements = pgTable(
  'reconciliation_bank_statements',
  {
    id: serial('id').primaryKey(),
    filename: text('filename').notNull(),
    sha256: text('sha256').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    lines: integer('lines').notNull(),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    importedByName: text('imported_by_name').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reconciliation_bank_statements_sha_key').on(t.sha256), check('reconciliation_bank_statements_period', sql`${t.startsOn} <= ${t.endsOn}`)],
);

/** One line of an imported statement: money in positive, money out negative, with the payout it names (SOUQ-PO-…). */
export const reconciliationBankLines = pgTable(
  'reconciliation_bank_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    statementId: integer('statement_id').notNull().references(() => reconciliationBankStatements.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    bookedOn: date('booked_on').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    /** The payout the reference names (parsed at import; not a foreign key: a bank may name one Souq does not have). */
    payoutId: integer('payout_id'),
  },
  (t) => [uniqueIndex('reconciliation_bank_lines_line_key').on(t.statementId, t.lineNo), index('reconciliation_bank_lines_payout_idx').on(t.payoutId)],
);
