import { eq, sql } from 'drizzle-orm';
import { DEFAULT_COMMISSION_BPS } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import type { CommissionRate, CommissionRates, CommissionRateUpdate, LedgerCheck } from '@souq/shared/api/ledger';
import { commissionRates } from '../../db/schema/ledger.js';
import type { Db } from '../../platform/db.js';
import type { Actor, AuditLog } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import { rowsOf } from '../../platform/sql-rows.js';

export type LedgerService = ReturnType<typeof createLedgerService>;

export const STATEMENT_PAGE_SIZE = 50;
/** A vendor's statement page: its vendor_payable rows (credit negative = owed to the vendor), newest first. */
export type StatementPage = {
  entries: { id: number; posting: string; kind: string; amount_cents: number; currency: string; order_id: number | null; purchase_id: number | null; created_at: string }[];
  next_cursor: number | null;
};

type RateTarget = { scope: 'default' } | { scope: 'category'; category: string } | { scope: 'vendor'; vendor_id: number };

/** The rate's key in commission_rates (decision 0087). */
export const rateKey = (t: RateTarget): string =>
  t.scope === 'default' ? 'default' : t.scope === 'category' ? `category:${t.category}` : `vendor:${t.vendor_id}`;

function toRate(r: { key: string; rateBps: number; updatedAt: Date }): CommissionRate {
  const [scope, ...rest] = r.key.split(':');
  const value = rest.join(':');
  return {
    scope: scope as CommissionRate['scope'],
    category: scope === 'category' ? value : null,
    vendor_id: scope === 'vendor' ? Number(value) : null,
    rate_bps: r.rateBps,
    updated_at: r.updatedAt.toISOString(),
  };
}

/**
 * Commission rates (set by admins, audited) and the ledger's read-outs (decision 0087). Entries are written only by
 * the orders module, in the transaction of their cause; every figure here is a SUM over them.
 */
export function createLedgerService(deps: { db: Db; audit: AuditLog; vendorExists: (id: number) => Promise<boolean> }) {
  const { db } = deps;
  return {
    async rates(): Promise<CommissionRates> {
      const rows = await db.select().from(commissionRates).orderBy(commissionRates.key);
      const def = rows.find((r) => r.key === 'default');
      return { default_bps: def?.rateBps ?? DEFAULT_COMMISSION_BPS, rates: rows.map(toRate) };
    },

    /** Sets one rate with its audit entry in one transaction; a vendor that does not exist is a 404, nothing written. */
    async setRate(input: CommissionRateUpdate, actor: Actor): Promise<CommissionRate> {
      if (input.scope === 'vendor' && !(await deps.vendorExists(input.vendor_id))) throw notFound(MSG.vendorNotFound);
      const key = rateKey(input);
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(commissionRates).where(eq(commissionRates.key, key)).for('update');
        const [row] = await tx
          .insert(commissionRates)
          .values({ key, rateBps: input.rate_bps })
          .onConflictDoUpdate({ target: commissionRates.key, set: { rateBps: input.rate_bps, updatedAt: new Date() } })
          .returning();
        await deps.audit.record(tx, {
          actor, action: 'commission.set', target: { type: 'commission', id: key },
          changes: { rate_bps: { before: before?.rateBps ?? null, after: input.rate_bps } },
        });
        return toRate(row!);
      });
    },

    /** Removes a category's or vendor's rate (404 when none is set), audited; the less specific rate applies again. */
    async deleteRate(target: RateTarget, actor: Actor): Promise<void> {
      const key = rateKey(target);
      await db.transaction(async (tx) => {
        const [gone] = await tx.delete(commissionRates).where(eq(commissionRates.key, key)).returning();
        if (!gone) throw notFound(MSG.commissionRateNotFound);
        await deps.audit.record(tx, {
          actor, action: 'commission.delete', target: { type: 'commission', id: key },
          changes: { rate_bps: { before: gone.rateBps, after: null } },
        });
      });
    },

    /** The ledger adds up: its total per currency (zero when every posting balanced) and every account's balance. */
    async check(): Promise<LedgerCheck> {
      const [totals, accounts, [count]] = await Promise.all([
        rowsOf<{ currency: string; total_cents: number }>(db, sql`select currency, sum(amount_cents)::int8 as total_cents from ledger_entries group by currency order by currency`),
        rowsOf<{ account: string; vendor_id: number | null; currency: string; balance_cents: number }>(db, sql`
          select account, vendor_id, currency, sum(amount_cents)::int8 as balance_cents
          from ledger_entries group by account, vendor_id, currency order by account, vendor_id nulls first, currency`),
        rowsOf<{ n: number }>(db, sql`select count(*)::int8 as n from ledger_entries`),
      ]);
      const t = totals.map((r) => ({ currency: r.currency, total_cents: Number(r.total_cents) }));
      return {
        entries: Number(count?.n ?? 0),
        totals: t,
        balanced: t.every((r) => r.total_cents === 0),
        accounts: accounts.map((a) => ({ ...a, balance_cents: Number(a.balance_cents) })),
      };
    },

    /**
     * What the marketplace owes a vendor now: the credit balance of its vendor_payable account (sales and shipping
     * less commission and its VAT, less refunds plus reversed commission), a SUM of its rows.
     */
    /**
     * A vendor's balance per currency (what the marketplace owes it): −Σ of its vendor_payable rows. The account is a
     * literal, not a parameter, so the planner matches the partial index ledger_entries_vendor_statement_idx and
     * answers from the index alone (bench:ledger: 1,000,000 entries).
     */
    async vendorBalance(vendorId: number): Promise<{ currency: string; balance_cents: number; entries: number }[]> {
      const rows = await rowsOf<{ currency: string; balance_cents: string; entries: string }>(db, sql`
        select currency, (-sum(amount_cents))::text as balance_cents, count(*)::text as entries
        from ledger_entries where account = 'vendor_payable' and vendor_id = ${vendorId} group by currency order by currency`);
      return rows.map((r) => ({ currency: r.currency, balance_cents: Number(r.balance_cents), entries: Number(r.entries) }));
    },

    /**
     * One page of a vendor's statement, newest first, after `cursor` (the last id of the previous page; null = the
     * first page): keyset paging on the same partial index, so a deep page costs what the first does.
     */
    async statementPage(vendorId: number, cursor: number | null, limit = STATEMENT_PAGE_SIZE): Promise<StatementPage> {
      // ids and amounts are bigint, read as text; the order is the column's (ledger_entries.id), not the text alias's
      const rows = await rowsOf<{ id: string; posting: string; kind: string; amount_cents: string; currency: string; order_id: number | null; purchase_id: number | null; created_at: Date }>(db, sql`
        select id::text, posting, kind, amount_cents::text, currency, order_id, purchase_id, created_at
        from ledger_entries where account = 'vendor_payable' and vendor_id = ${vendorId}${cursor === null ? sql`` : sql` and id < ${cursor}::int8`}
        order by ledger_entries.id desc limit ${limit + 1}`);
      const page = rows.slice(0, limit).map((r) => ({
        id: Number(r.id), posting: r.posting, kind: r.kind, amount_cents: Number(r.amount_cents), currency: r.currency,
        order_id: r.order_id, purchase_id: r.purchase_id, created_at: new Date(r.created_at).toISOString(),
      }));
      return { entries: page, next_cursor: rows.length > limit ? page[page.length - 1]!.id : null };
    },

    async vendorBalanceCents(vendorId: number, currency: string): Promise<number> {
      const [row] = await rowsOf<{ cents: number | null }>(db, sql`
        select -sum(amount_cents)::int8 as cents from ledger_entries where account = 'vendor_payable' and vendor_id = ${vendorId} and currency = ${currency}`);
      return Number(row?.cents ?? 0);
    },
  };
}
