import { createHash } from 'node:crypto';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { BankStatement, ReconciliationDifference, ReconciliationRun, ReconciliationSummary } from '@souq/shared/api/reconciliation';
import { reconciliationBankLines, reconciliationBankStatements, reconciliationDifferences, reconciliationRuns } from '../../db/schema/reconciliation.js';
import type { Database, Db } from '../../platform/db.js';
import type { Actor, AuditLog } from '../../platform/audit.js';
import { conflict, say } from '../../platform/errors.js';
import { periodicJob } from '../../platform/periodic-job.js';
import type { PaymentProvider } from '../payments/payments.provider.js';
import { parseBankStatement } from './bank-statement.js';
import { BANK_DIFFERENCES_SQL, compareProvider, createProviderSide, LEDGER_PROVIDER_SIDE_SQL, type Item, type ProviderDifference } from './reconciliation.match.js';

/**
 * Reconciliation (issue 36 item 7, decision 0143): what the ledger says against what the provider and the bank say.
 * The provider's balance movements are read page by page (Stripe's `GET /v1/balance_transactions`, newest first,
 * `starting_after`) into a hash map per item, matched with one aggregate of the ledger's provider clearing and fee rows
 * (reconciliation.match.ts); one SQL statement matches the imported bank statements with the ledger's bank rows. Every
 * difference is stored with its cause. Runs daily (the job looks hourly whether a day has passed) and on the admin's
 * button; one at a time per instance.
 */
type RunRow = typeof reconciliationRuns.$inferSelect;
export type ReconciliationService = ReturnType<typeof createReconciliationService>;

/** Rows per insert (differences, statement lines). */
const STORE_BATCH = 2_000;
const PAGE = 100;
const DAY_MS = 86_400_000;
/** Differences the summary carries (the rest are counted). */
const SUMMARY_DIFFERENCES = 200;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toRun(r: RunRow): ReconciliationRun {
  return {
    id: r.id, trigger: r.trigger, created_by_name: r.createdByName, status: r.status, provider: r.provider, provider_status: r.providerStatus,
    provider_error: r.providerError, provider_items: r.providerItems, provider_totals: r.providerTotals, ledger_totals: r.ledgerTotals,
    bank_status: r.bankStatus, bank_lines: r.bankLines, bank_totals: r.bankTotals, differences: r.differences, error: r.error,
    started_at: r.startedAt.toISOString(), finished_at: iso(r.finishedAt), duration_ms: r.durationMs,
  };
}

export function createReconciliationService(deps: {
  db: Db;
  database: Pick<Database, 'query' | 'background'>;
  audit: AuditLog;
  /** The provider, or null when none is running (the provider side is then reported unavailable). */
  provider: () => PaymentProvider | null;
  log: (msg: string) => void;
}) {
  const { db, database } = deps;

  /** Reads every balance movement from the provider, page after page, into the provider side's hash map. */
  async function readProvider(provider: PaymentProvider) {
    const side = createProviderSide();
    let after: string | undefined;
    let n = 0;
    for (;;) {
      const page = await provider.balanceMovements({ limit: PAGE, ...(after ? { startingAfter: after } : {}) });
      side.add(page.items);
      n += page.items.length;
      if (!page.hasMore || !page.items.length) break;
      after = page.items[page.items.length - 1]!.id;
    }
    return { side, n };
  }

  /**
   * The ledger side of the provider's items and the provider accounts' balances, in one scan (on the embedded
   * database's background lane); the bank account's balance from its own few rows.
   */
  async function ledgerSide(): Promise<{ items: Item[]; totals: RunRow['ledgerTotals'] }> {
    const rows = await database.background(() => database.query<{ kind: string; ref: string; currency: string; amount: string; fee: string; clearing: string; posting: string }>(LEDGER_PROVIDER_SIDE_SQL));
    const bank = await database.query<{ currency: string; bank: string }>(`select currency, sum(amount_cents)::int8 as bank from ledger_entries where account = 'bank' group by 1`);
    const totals = new Map<string, { currency: string; clearing_cents: number; fees_cents: number; bank_cents: number }>();
    const of = (c: string) => totals.get(c) ?? (totals.set(c, { currency: c, clearing_cents: 0, fees_cents: 0, bank_cents: 0 }), totals.get(c)!);
    const items: Item[] = [];
    for (const r of rows) {
      const fee = Number(r.fee);
      items.push({ kind: r.kind, ref: r.ref, currency: r.currency, amount: Number(r.amount), fee, detail: r.posting });
      const t = of(r.currency);
      t.clearing_cents += Number(r.clearing);
      t.fees_cents += fee;
    }
    for (const b of bank) of(b.currency).bank_cents = Number(b.bank);
    return { items, totals: [...totals.values()].sort((x, y) => x.currency.localeCompare(y.currency)) };
  }

  /** The provider side's differences, written in batches of one statement each. */
  async function storeProviderDifferences(runId: number, diffs: readonly ProviderDifference[]) {
    for (let i = 0; i < diffs.length; i += STORE_BATCH) {
      await db.insert(reconciliationDifferences).values(diffs.slice(i, i + STORE_BATCH).map((d) => ({
        runId, source: 'provider' as const, cause: d.cause, kind: d.kind, reference: d.reference, currency: d.currency,
        theirAmountCents: d.theirAmount, theirFeeCents: d.theirFee, ourAmountCents: d.ourAmount, ourFeeCents: d.ourFee, detail: d.detail.slice(0, 500),
      })));
    }
  }

  async function bankTotals(): Promise<RunRow['bankTotals']> {
    const rows = await database.query<{ currency: string; statement: string; ledger: string }>(
      `with w as (select min(starts_on) as f, max(ends_on) as t from reconciliation_bank_statements),
       s as (select currency, sum(amount_cents)::int8 as amount from reconciliation_bank_lines group by 1),
       l as (select e.currency, sum(e.amount_cents)::int8 as amount from ledger_entries e, w where e.account = 'bank' and e.created_at::date between w.f and w.t group by 1)
       select coalesce(s.currency, l.currency) as currency, coalesce(s.amount, 0)::int8 as statement, coalesce(l.amount, 0)::int8 as ledger
       from s full join l on l.currency = s.currency order by 1`,
    );
    return rows.map((r) => ({ currency: r.currency, statement_cents: Number(r.statement), ledger_cents: Number(r.ledger) }));
  }

  /** One reconciliation, start to end; the run's row says how it went (a failure is recorded, then thrown). */
  async function run(trigger: 'job' | 'admin', actor: Actor | null): Promise<ReconciliationRun> {
    const started = Date.now();
    const [row] = await db.insert(reconciliationRuns).values({ trigger, createdBy: actor?.userId ?? null, createdByName: actor?.name ?? null }).returning();
    const id = row!.id;
    try {
      let provider: PaymentProvider | null = null;
      try {
        provider = deps.provider();
      } catch {
        provider = null;
      }
      const patch: Partial<RunRow> = { provider: provider?.name ?? null };
      let read: Awaited<ReturnType<typeof readProvider>> | null = null;
      if (!provider) {
        patch.providerStatus = 'unavailable';
        patch.providerError = 'no payment provider is running';
      } else {
        try {
          read = await readProvider(provider);
        } catch (err) {
          patch.providerStatus = 'unavailable';
          patch.providerError = err instanceof Error ? err.message : String(err);
        }
      }
      const ours = await ledgerSide();
      patch.ledgerTotals = ours.totals;
      if (read) {
        patch.providerStatus = 'checked';
        patch.providerItems = read.n;
        patch.providerTotals = read.side.totals();
        await storeProviderDifferences(id, compareProvider(read.side.items, ours.items));
      }
      const [{ statements }] = (await db.select({ statements: count() }).from(reconciliationBankStatements)) as [{ statements: number }];
      if (statements > 0) {
        patch.bankStatus = 'checked';
        const [{ lines }] = (await db.select({ lines: count() }).from(reconciliationBankLines)) as [{ lines: number }];
        patch.bankLines = lines;
        patch.bankTotals = await bankTotals();
        await database.background(() => database.query(BANK_DIFFERENCES_SQL, [id]));
      } else patch.bankStatus = 'no_statement';
      const [{ n }] = (await db.select({ n: count() }).from(reconciliationDifferences).where(eq(reconciliationDifferences.runId, id))) as [{ n: number }];
      const [done] = await db.update(reconciliationRuns)
        .set({ ...patch, differences: n, status: 'done', finishedAt: new Date(), durationMs: Date.now() - started })
        .where(eq(reconciliationRuns.id, id)).returning();
      if (n) deps.log(`reconciliation: run ${id} found ${n} difference(s)`);
      return toRun(done!);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db.update(reconciliationRuns).set({ status: 'failed', error: message, finishedAt: new Date(), durationMs: Date.now() - started }).where(eq(reconciliationRuns.id, id));
      throw err;
    }
  }

  let running: Promise<ReconciliationRun> | null = null;
  /** One run at a time: a button pressed while the job runs gets that run. */
  function runOnce(trigger: 'job' | 'admin', actor: Actor | null): Promise<ReconciliationRun> {
    running ??= run(trigger, actor).finally(() => {
      running = null;
    });
    return running;
  }

  /** The daily job: it looks every hour and runs when the last finished run is a day old (or there is none). */
  const dailyJob = periodicJob('reconciliation', async (now: Date) => {
    const [last] = await db.select({ at: reconciliationRuns.startedAt }).from(reconciliationRuns)
      .where(eq(reconciliationRuns.status, 'done')).orderBy(desc(reconciliationRuns.startedAt)).limit(1);
    if (last && now.getTime() - last.at.getTime() < DAY_MS) return null;
    return runOnce('job', null);
  }, { everyMs: 60 * 60_000, log: deps.log });

  const toDifference = (d: typeof reconciliationDifferences.$inferSelect): ReconciliationDifference => ({
    id: d.id, source: d.source, cause: d.cause, kind: d.kind, reference: d.reference, currency: d.currency,
    their_amount_cents: d.theirAmountCents, their_fee_cents: d.theirFeeCents, our_amount_cents: d.ourAmountCents, our_fee_cents: d.ourFeeCents, detail: d.detail,
  });

  return {
    dailyJob,

    /** The admin's button: a run now, audited. */
    async runNow(actor: Actor): Promise<ReconciliationRun> {
      const r = await runOnce('admin', actor);
      await deps.audit.record(db, { actor, action: 'reconciliation.run', target: { type: 'reconciliation_run', id: r.id }, changes: { differences: { before: null, after: r.differences } } });
      return r;
    },

    /** The last run (finished or failed) and its first differences. */
    async summary(): Promise<ReconciliationSummary> {
      const [last] = await db.select().from(reconciliationRuns).where(sql`${reconciliationRuns.status} <> 'running'`).orderBy(desc(reconciliationRuns.id)).limit(1);
      const [{ statements }] = (await db.select({ statements: count() }).from(reconciliationBankStatements)) as [{ statements: number }];
      if (!last) return { run: null, differences: [], statements };
      const diffs = await db.select().from(reconciliationDifferences).where(eq(reconciliationDifferences.runId, last.id)).orderBy(asc(reconciliationDifferences.id)).limit(SUMMARY_DIFFERENCES);
      return { run: toRun(last), differences: diffs.map(toDifference), statements };
    },

    /** Imports a bank statement CSV (decision 0143): each line kept, once per content; audited. */
    async importStatement(input: { filename: string; content: string }, actor: Actor): Promise<BankStatement> {
      const lines = parseBankStatement(input.content);
      const sha256 = createHash('sha256').update(input.content).digest('hex');
      const dates = lines.map((l) => l.bookedOn).sort();
      return db.transaction(async (tx) => {
        const [st] = await tx.insert(reconciliationBankStatements).values({
          filename: input.filename, sha256, startsOn: dates[0]!, endsOn: dates[dates.length - 1]!, lines: lines.length, importedBy: actor.userId, importedByName: actor.name,
        }).onConflictDoNothing().returning();
        if (!st) throw conflict(say.bankStatementDuplicate);
        for (let i = 0; i < lines.length; i += STORE_BATCH) {
          await tx.insert(reconciliationBankLines).values(lines.slice(i, i + STORE_BATCH).map((l) => ({ statementId: st.id, ...l })));
        }
        await deps.audit.record(tx, { actor, action: 'bank_statement.import', target: { type: 'bank_statement', id: st.id }, changes: { lines: { before: null, after: lines.length }, filename: { before: null, after: input.filename } } });
        return { id: st.id, filename: st.filename, starts_on: st.startsOn, ends_on: st.endsOn, lines: st.lines, imported_by_name: st.importedByName, imported_at: st.importedAt.toISOString() };
      });
    },

    async statements(): Promise<BankStatement[]> {
      const rows = await db.select().from(reconciliationBankStatements).orderBy(desc(reconciliationBankStatements.id)).limit(100);
      return rows.map((st) => ({ id: st.id, filename: st.filename, starts_on: st.startsOn, ends_on: st.endsOn, lines: st.lines, imported_by_name: st.importedByName, imported_at: st.importedAt.toISOString() }));
    },
  };
}
