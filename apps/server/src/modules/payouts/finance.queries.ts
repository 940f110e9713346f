import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { payoutReference, STATEMENT_MAX_ROWS, type LedgerAccount, type LedgerKind, LEDGER_KIND_LABELS } from '@souq/shared/constants';
import { centsToAmount } from '@souq/shared/rules/money';
import type { FinanceRevenue, LedgerEntry, VendorBalanceRow } from '@souq/shared/api/payouts';
import type { SalesQuery } from '@souq/shared/api/reports';
import { ledgerEntries } from '../../db/schema/ledger.js';
import { orders } from '../../db/schema/orders.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db } from '../../platform/db.js';
import { badRequest, say } from '../../platform/errors.js';
import { rowsOf } from '../../platform/sql-rows.js';
import { resolveRange } from '../../platform/day-range.js';
import { toCsv } from '../../platform/csv.js';
import { balancesOf } from './balances.js';

// The Finance section's and the Earnings tab's read-outs (issue 24 items 5 and 7): every figure a SUM over ledger rows.

export type LedgerFilters = { account?: LedgerAccount; kind?: LedgerKind; vendor_id?: number; from?: string; to?: string };

const dayStart = (d: string) => new Date(`${d}T00:00:00.000Z`);
const dayAfter = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);

function whereOf(f: LedgerFilters): SQL | undefined {
  return and(
    f.account ? eq(ledgerEntries.account, f.account) : undefined,
    f.kind ? eq(ledgerEntries.kind, f.kind) : undefined,
    f.vendor_id !== undefined ? eq(ledgerEntries.vendorId, f.vendor_id) : undefined,
    f.from ? gte(ledgerEntries.createdAt, dayStart(f.from)) : undefined,
    f.to ? lt(ledgerEntries.createdAt, dayAfter(f.to)) : undefined,
  );
}

const columns = {
  e: ledgerEntries,
  orderNumber: orders.orderNumber,
};

const toEntry = (r: { e: typeof ledgerEntries.$inferSelect; orderNumber: string | null }): LedgerEntry => ({
  id: r.e.id, posting: r.e.posting, account: r.e.account, vendor_id: r.e.vendorId, kind: r.e.kind, amount_cents: Number(r.e.amountCents),
  currency: r.e.currency, order_id: r.e.orderId, order_number: r.orderNumber, payout_id: r.e.payoutId, memo: r.e.memo,
  created_at: r.e.createdAt.toISOString(),
});

export type FinanceQueries = ReturnType<typeof createFinanceQueries>;

export function createFinanceQueries(db: Db, currency: string) {
  async function page(where: SQL | undefined, p: { limit: number; offset: number }) {
    const [rows, [count]] = await Promise.all([
      db.select(columns).from(ledgerEntries).leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
        .where(where).orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id)).limit(p.limit).offset(p.offset),
      db.select({ n: sql<number>`count(*)::int8` }).from(ledgerEntries).where(where),
    ]);
    return { items: rows.map(toEntry), total: Number(count?.n ?? 0) };
  }

  return {
    /** The ledger browser: every row matching the filters, newest first. */
    ledger: (f: LedgerFilters, p: { limit: number; offset: number }) => page(whereOf(f), p),

    /** A vendor's own rows (its vendor_payable account only), newest first. */
    vendorEntries: (vendorId: number, f: Omit<LedgerFilters, 'account' | 'vendor_id'>, p: { limit: number; offset: number }) =>
      page(whereOf({ ...f, account: 'vendor_payable', vendor_id: vendorId }), p),

    async balance(vendorId: number) {
      const [b] = await balancesOf(db, [vendorId], currency);
      return b!;
    },

    /** Every vendor's balance with its name and whether it can be paid (has a payout account). */
    async balances(): Promise<VendorBalanceRow[]> {
      const [all, names] = await Promise.all([
        balancesOf(db, null, currency),
        db.select({ id: vendors.id, name: vendors.companyName, iban: vendors.payoutIban, state: vendors.payoutAccountState, payableFrom: vendors.payoutPayableFrom }).from(vendors),
      ]);
      const byId = new Map(names.map((n) => [n.id, n]));
      return all.map((b) => {
        const v = byId.get(b.vendor_id);
        return {
          ...b, vendor_name: v?.name ?? '', has_payout_account: !!v?.iban,
          // an account saved before verification existed counts as waiting for it (decision 0125)
          payout_account_state: v?.iban ? (v.state ?? 'pending_verification') : null,
          payout_payable_from: v?.iban ? (v.payableFrom?.toISOString() ?? null) : null,
        };
      });
    },

    /**
     * The marketplace's revenue per UTC day: commission earned and reversed, from the commission_revenue account
     * (credits are earnings, so the signs are flipped), every day of the range.
     */
    async revenue(q: SalesQuery): Promise<FinanceRevenue> {
      const range = resolveRange(q);
      const rows = await rowsOf<{ date: string; earned: number; reversed: number }>(db, sql`
        select to_char(d.day, 'YYYY-MM-DD') as date,
               coalesce(-sum(e.amount_cents) filter (where e.kind = 'commission'), 0)::int8 as earned,
               coalesce(sum(e.amount_cents) filter (where e.kind = 'commission_reversal'), 0)::int8 as reversed
        from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day)
          left join ledger_entries e on e.account = 'commission_revenue' and e.currency = ${currency}
            -- the series is of timestamps without zone: read them as UTC days whatever the session's time zone
            and e.created_at >= (d.day at time zone 'UTC') and e.created_at < ((d.day + interval '1 day') at time zone 'UTC')
        group by d.day order by d.day`);
      const days = rows.map((r) => ({
        date: r.date, commission_cents: Number(r.earned), reversed_cents: Number(r.reversed), net_cents: Number(r.earned) - Number(r.reversed),
      }));
      return { from: range.from, to: range.to, currency, total_cents: days.reduce((n, d) => n + d.net_cents, 0), days };
    },

    /**
     * A vendor's statement over a day range as CSV: the balance brought forward, every row of its account with the
     * running balance after it (amounts as the vendor reads them: money owed to it positive), the closing balance.
     */
    async statementCsv(vendorId: number, from: string, to: string): Promise<{ csv: string; rows: number }> {
      const start = dayStart(from);
      const end = dayAfter(to);
      const [[opening], [count]] = await Promise.all([
        rowsOf<{ cents: number }>(db, sql`select coalesce(-sum(amount_cents), 0)::int8 as cents from ledger_entries
          where account = 'vendor_payable' and vendor_id = ${vendorId} and currency = ${currency} and created_at < ${start.toISOString()}`),
        rowsOf<{ n: number }>(db, sql`select count(*)::int8 as n from ledger_entries
          where account = 'vendor_payable' and vendor_id = ${vendorId} and currency = ${currency}
            and created_at >= ${start.toISOString()} and created_at < ${end.toISOString()}`),
      ]);
      if (Number(count?.n ?? 0) > STATEMENT_MAX_ROWS) throw badRequest(say.statementTooLarge(STATEMENT_MAX_ROWS));
      const rows = await db.select(columns).from(ledgerEntries).leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
        .where(and(whereOf({ account: 'vendor_payable', vendor_id: vendorId, from, to }), eq(ledgerEntries.currency, currency)))
        .orderBy(ledgerEntries.createdAt, ledgerEntries.id);
      let running = Number(opening?.cents ?? 0);
      // numbers, not text: a text cell starting with '-' would be defused as a formula (csv.ts)
      const money = (c: number) => centsToAmount(c);
      const body = rows.map((r) => {
        const amount = -Number(r.e.amountCents);
        running += amount;
        return [r.e.createdAt.toISOString(), LEDGER_KIND_LABELS[r.e.kind], r.orderNumber, r.e.payoutId ? payoutReference(r.e.payoutId) : null, r.e.memo, money(amount), money(running)];
      });
      const csv = toCsv(['date', 'kind', 'order', 'payout_reference', 'note', `amount_${currency}`, `balance_${currency}`], [
        [`${from}T00:00:00.000Z`, 'Balance brought forward', null, null, null, null, money(Number(opening?.cents ?? 0))],
        ...body,
        [end.toISOString(), 'Closing balance', null, null, null, null, money(running)],
      ]);
      return { csv, rows: body.length };
    },
  };
}
