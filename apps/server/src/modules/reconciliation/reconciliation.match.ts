// The matching of reconciliation (decision 0143) as set-based SQL: one statement per side compares every item at once
// (a full join of two aggregates), and writes its differences with their causes. Nothing here runs per row.

/**
 * The provider side. The provider's movements staged for the run are grouped by what Souq knows them by — a charge by
 * its payment (the PaymentIntent the capture posting names in its memo), a refund (and its failure) by the refund id
 * — and compared with the ledger's provider clearing and provider fee rows grouped by their posting's memo. Any other
 * movement (a dispute's adjustment, a transfer, a payout) has nothing in the ledger yet and is a difference by itself.
 * Parameters: $1 the run.
 */
export const PROVIDER_DIFFERENCES_SQL = `
with p as (
  select
    case when type in ('charge', 'payment') then 'charge' when type in ('refund', 'refund_failure', 'payment_refund') then 'refund' else type end as kind,
    case when type in ('charge', 'payment') then coalesce(payment_id, source, txn_id) when type in ('refund', 'refund_failure', 'payment_refund') then coalesce(source, txn_id) else txn_id end as ref,
    currency, sum(amount_cents)::int8 as amount, sum(fee_cents)::int8 as fee, string_agg(txn_id, ' ' order by txn_id) as txns
  from reconciliation_provider_items where run_id = $1
  group by 1, 2, 3
  -- what nets to nothing (a refund and its failure; a posting and its reversal) is no item on either side
  having sum(amount_cents) <> 0 or sum(fee_cents) <> 0
), l as (
  select
    case when posting like 'payment:%' then 'charge' else 'refund' end as kind, memo as ref, currency,
    coalesce(sum(amount_cents) filter (where account = 'provider_clearing' and kind in ('payment_received', 'card_refund')), 0)::int8 as amount,
    coalesce(sum(amount_cents) filter (where account = 'provider_fees'), 0)::int8 as fee,
    min(posting) as posting
  from ledger_entries
  where account in ('provider_clearing', 'provider_fees') and (posting like 'payment:%' or posting like 'payment-refund:%')
  group by 1, 2, 3
  having coalesce(sum(amount_cents) filter (where account = 'provider_clearing' and kind in ('payment_received', 'card_refund')), 0) <> 0
    or coalesce(sum(amount_cents) filter (where account = 'provider_fees'), 0) <> 0
), m as (
  select coalesce(p.kind, l.kind) as kind, coalesce(p.ref, l.ref, '') as ref, coalesce(p.currency, l.currency) as currency,
    p.amount as their_amount, p.fee as their_fee, l.amount as our_amount, l.fee as our_fee,
    case
      when l.kind is null then 'missing_in_ledger'
      when p.kind is null then 'missing_at_provider'
      when p.amount <> l.amount then 'amount_differs'
      when p.fee <> l.fee then 'fee_differs'
    end as cause,
    coalesce(p.txns, l.posting) as detail
  from p full join l on l.kind = p.kind and l.ref = p.ref and l.currency = p.currency
)
insert into reconciliation_differences (run_id, source, cause, kind, reference, currency, their_amount_cents, their_fee_cents, our_amount_cents, our_fee_cents, detail)
select $1, 'provider', cause, kind, ref, currency, their_amount, their_fee, our_amount, our_fee, detail
from m where cause is not null
order by kind, ref`;

/**
 * The bank side. Every imported statement line is grouped by the payout its reference names (a line naming none is
 * its own item) and compared with the ledger's bank rows grouped by payout. A payout the ledger paid is missing from
 * the statements only when it was paid within the statements' period (an older one was never on them).
 * Parameters: $1 the run.
 */
export const BANK_DIFFERENCES_SQL = `
with w as (select min(starts_on) as f, max(ends_on) as t from reconciliation_bank_statements),
s as (
  select payout_id, case when payout_id is null then 'line:' || id else 'payout:' || payout_id end as grp,
    min(reference) as ref, currency, sum(amount_cents)::int8 as amount, string_agg(description, ' | ' order by id) as detail
  from reconciliation_bank_lines
  group by 1, 2, 4
), l as (
  select payout_id, currency, sum(amount_cents)::int8 as amount, min(created_at) as at
  from ledger_entries where account = 'bank'
  group by 1, 2
), m as (
  select case when coalesce(s.payout_id, l.payout_id) is null then 'other' else 'payout' end as kind,
    coalesce(s.ref, 'SOUQ-PO-' || lpad(l.payout_id::text, greatest(6, length(l.payout_id::text)), '0'), 'bank') as ref, coalesce(s.currency, l.currency) as currency,
    s.amount as their_amount, l.amount as our_amount, s.detail,
    case
      when l.currency is null then 'missing_in_ledger'
      when s.currency is null then case when l.at::date between w.f and w.t then 'missing_in_statement' end
      when s.amount <> l.amount then 'amount_differs'
    end as cause
  from s full join l on l.payout_id = s.payout_id and l.currency = s.currency
  cross join w
)
insert into reconciliation_differences (run_id, source, cause, kind, reference, currency, their_amount_cents, our_amount_cents, detail)
select $1, 'bank', cause, kind, ref, currency, their_amount, our_amount, detail
from m where cause is not null
order by kind, ref`;
