import { sql } from 'drizzle-orm';
import type { VendorBalance } from '@souq/shared/api/payouts';
import type { PayoutAccountState, PayoutSkipReason } from '@souq/shared/constants';
import type { Db, Tx } from '../../platform/db.js';
import { rowsOf } from '../../platform/sql-rows.js';

// A vendor's balance, held, available and paid (decision 0095): every figure one SUM over its vendor_payable rows.
// A row that belongs to a sub-order is held while that sub-order is not delivered or its return window (the vendor's
// return_window_days after delivered_at) is still open, or while a courier still holds its cash on delivery (decision
// 0140: its courier_cash rows do not sum to zero); every other row (payouts, their reversals, adjustments) and
// the rows of sub-orders whose window closed are available. Ledger sign: credits (owed to the vendor) are negative.

type BalanceRow = { vendor_id: number; balance: number; held: number; by_transfer: number; paid: number; window_days: number; next_release: Date | string | null };

/** `at`: the moment return windows are judged at (the runtime's clock, for the transfers' plan); the database's now() by default. */
export const balanceSql = (vendorIds: readonly number[] | null, currency: string, at: Date | null = null) => {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  return sql`
  with cash_out as (
    -- cash-on-delivery sub-orders whose cash a courier still holds (decision 0140): held however long ago delivered
    select order_id from ledger_entries where account = 'courier_cash' and currency = ${currency}
    group by order_id having sum(amount_cents) <> 0
  ), by_transfer as (
    -- card sub-orders paid through the provider of a vendor whose connected account receives transfers (decision 0147):
    -- their money goes by transfer, not in a payout batch
    select o.id as order_id from orders o
    join payment_attempts pa on pa.purchase_id = o.purchase_id and pa.cash_posted_at is not null
    join seller_accounts sa on sa.vendor_id = coalesce(o.seller_vendor_id, o.vendor_id) and sa.provider = pa.provider
      and sa.transfers_enabled and sa.payout_failure is null
    union
    -- a transfer on its way (not answered yet: sent again under its key) is that money's, whatever the account's state
    -- now: counted as the batch's while the account is paused, it was paid by bank and then by the transfer
    select order_id from seller_transfers where status = 'requested'
  )
  select v.id as vendor_id, v.return_window_days as window_days,
         coalesce(-sum(e.amount_cents), 0)::int8 as balance,
         coalesce(-sum(e.amount_cents) filter (
           where e.order_id is not null
             and (o.delivered_at is null or o.delivered_at + make_interval(days => v.return_window_days) > ${now}
                  or co.order_id is not null)), 0)::int8 as held,
         coalesce(-sum(e.amount_cents) filter (
           where bt.order_id is not null and o.delivered_at is not null
             and o.delivered_at + make_interval(days => v.return_window_days) <= ${now}), 0)::int8 as by_transfer,
         coalesce(sum(e.amount_cents) filter (where e.kind in ('payout', 'payout_reversal')), 0)::int8 as paid,
         min(o.delivered_at + make_interval(days => v.return_window_days))
           filter (where o.delivered_at + make_interval(days => v.return_window_days) > ${now}) as next_release
  from vendors v
  left join ledger_entries e on e.account = 'vendor_payable' and e.vendor_id = v.id and e.currency = ${currency}
  left join orders o on o.id = e.order_id
  left join cash_out co on co.order_id = e.order_id
  left join by_transfer bt on bt.order_id = e.order_id
  ${vendorIds ? sql`where v.id = any(${sql.raw(`'{${vendorIds.map(Number).join(',')}}'`)}::int[])` : sql``}
  group by v.id
  order by v.id`;
};

const toBalance = (r: BalanceRow, currency: string): VendorBalance => {
  const balance = Number(r.balance);
  const held = Number(r.held);
  const byTransfer = Number(r.by_transfer);
  return {
    vendor_id: Number(r.vendor_id),
    currency,
    balance_cents: balance,
    held_cents: held,
    // what goes by transfer is not the batch's; what is owed back on the transfer side is netted there, not here
    available_cents: balance - held - Math.max(byTransfer, 0),
    by_transfer_cents: byTransfer,
    paid_cents: Number(r.paid),
    return_window_days: Number(r.window_days),
    next_release_at: r.next_release === null ? null : new Date(r.next_release).toISOString(),
  };
};

/** The balances of the given vendors (every vendor when null), in vendor id order; read inside `exec`'s snapshot. */
export async function balancesOf(exec: Db | Tx, vendorIds: readonly number[] | null, currency: string): Promise<VendorBalance[]> {
  const rows = await rowsOf<BalanceRow>(exec as Db, balanceSql(vendorIds, currency));
  return rows.map((r) => toBalance(r, currency));
}

export type LockedVendor = {
  id: number; company_name: string; payout_iban: string | null; payout_account_holder: string | null;
  payout_account_state: PayoutAccountState | null;
  /** The account's waiting days are over (by the database's clock; true when it has none). */
  payout_wait_over: boolean;
};

/**
 * Locks the vendors' rows (in id order, so two writers never wait on each other in a circle) until the transaction
 * ends. Every writer that takes money out of a vendor's available balance (a payout, a debit adjustment) holds this
 * lock while it reads the balance and posts, so two of them can never both spend the same money (decision 0095).
 */
export async function lockVendors(tx: Tx, vendorIds: readonly number[]): Promise<LockedVendor[]> {
  if (!vendorIds.length) return [];
  return rowsOf<LockedVendor>(tx as unknown as Db, sql`
    select id, company_name, payout_iban, payout_account_holder, payout_account_state,
           coalesce(payout_payable_from <= now(), true) as payout_wait_over
    from vendors
    where id = any(${sql.raw(`'{${vendorIds.map(Number).join(',')}}'`)}::int[]) order by id for update`);
}

/** Why a batch may not pay this vendor's account now (decision 0125), or null when it may. */
export function skipReasonOf(v: LockedVendor): PayoutSkipReason | null {
  if (!v.payout_iban || !v.payout_account_holder) return 'no_iban';
  if (v.payout_account_state === 'failed') return 'account_failed';
  if (v.payout_account_state !== 'verified') return 'unverified';
  if (!v.payout_wait_over) return 'waiting';
  return null;
}
