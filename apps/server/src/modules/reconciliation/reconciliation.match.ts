// The matching of reconciliation (decision 0143), set-based: the provider side as two hash maps joined in memory (the
// provider's list read once, page by page; the ledger in one aggregate), the bank side as one SQL statement (a full join
// of two aggregates) that writes its differences with their causes. Nothing here queries per item.
import type { BalanceMovement } from '../payments/payments.provider.js';

/** A provider-side item: what one side says of one payment or refund (or of a movement Souq does not book yet). */
export type Item = { kind: string; ref: string; currency: string; amount: number; fee: number; detail: string };
export type ProviderDifference = {
  cause: 'missing_in_ledger' | 'missing_at_provider' | 'amount_differs' | 'fee_differs';
  kind: string; reference: string; currency: string;
  theirAmount: number | null; theirFee: number | null; ourAmount: number | null; ourFee: number | null; detail: string;
};

const CHARGE = new Set(['charge', 'payment']);
const REFUND = new Set(['refund', 'refund_failure', 'payment_refund']);

/**
 * What Souq knows a provider movement by: a charge by its payment (the PaymentIntent the capture posting names in its
 * memo), a refund and its failure by the refund (the refund posting's memo), a dispute's withdrawal and reinstatement
 * by the dispute (the dispute postings' memo starts with it, decision 0145), a transfer to a seller and its reversal by
 * their ids (the transfer postings' memo, decision 0147). Any other movement (a provider payout) has nothing in the
 * ledger yet and is an item of its own.
 */
export function keyOf(m: BalanceMovement): { kind: string; ref: string } {
  if (CHARGE.has(m.type)) return { kind: 'charge', ref: m.paymentId ?? m.source ?? m.id };
  if (REFUND.has(m.type)) return { kind: 'refund', ref: m.source ?? m.id };
  if (m.type === 'adjustment' && m.source?.startsWith('dp_')) return { kind: 'dispute', ref: m.source };
  // a transfer to a seller by the transfer (the transfer posting's memo), its reversal by the reversal (decision 0147)
  if (m.type === 'transfer' && m.source) return { kind: 'transfer', ref: m.source };
  if (m.type === 'transfer_refund' && m.source) return { kind: 'transfer_reversal', ref: m.source };
  return { kind: m.type, ref: m.id };
}

/** The provider's movements summed per item, page by page (a hash map: the list is read once, never queried per item). */
export function createProviderSide() {
  const items = new Map<string, Item>();
  const totals = new Map<string, { type: string; currency: string; count: number; amount_cents: number; fee_cents: number; net_cents: number }>();
  return {
    add(page: readonly BalanceMovement[]) {
      for (const m of page) {
        const { kind, ref } = keyOf(m);
        const k = `${kind}\u0000${ref}\u0000${m.currency}`;
        const it = items.get(k);
        if (it) {
          it.amount += m.amount;
          it.fee += m.fee;
          it.detail += ` ${m.id}`;
        } else items.set(k, { kind, ref, currency: m.currency, amount: m.amount, fee: m.fee, detail: m.id });
        const tk = `${m.type}\u0000${m.currency}`;
        const t = totals.get(tk) ?? { type: m.type, currency: m.currency, count: 0, amount_cents: 0, fee_cents: 0, net_cents: 0 };
        t.count += 1;
        t.amount_cents += m.amount;
        t.fee_cents += m.fee;
        t.net_cents += m.net;
        totals.set(tk, t);
      }
    },
    items,
    totals: () => [...totals.values()].sort((a, b) => a.type.localeCompare(b.type) || a.currency.localeCompare(b.currency)),
  };
}

/**
 * The ledger side in one scan: the provider clearing and provider fee rows per item — a capture posting's by its memo
 * (the payment), a card refund posting's by its memo (the refund), any other posting on these accounts by its id —
 * with the amount compared (clearing rows of payment_received and card_refund), the fee (provider_fees rows) and the
 * whole clearing movement (for the account's balance).
 */
export const LEDGER_PROVIDER_SIDE_SQL = `
select case when posting like 'payment:%' then 'charge' when posting like 'payment-refund:%' then 'refund' when posting like 'dispute:%' then 'dispute'
    when posting like 'seller-transfer:%' then 'transfer' when posting like 'seller-transfer-reversal:%' then 'transfer_reversal' else split_part(posting, ':', 1) end as kind,
  case when posting like 'payment:%' or posting like 'payment-refund:%' or posting like 'seller-transfer:%' or posting like 'seller-transfer-reversal:%' then coalesce(memo, posting)
    when posting like 'dispute:%' then split_part(memo, ' ', 1) else posting end as ref,
  currency,
  coalesce(sum(amount_cents) filter (where account = 'provider_clearing' and kind in ('payment_received', 'card_refund', 'dispute_withdrawn', 'dispute_reinstated', 'transfer', 'transfer_reversal')), 0)::int8 as amount,
  coalesce(sum(amount_cents) filter (where account = 'provider_fees'), 0)::int8 as fee,
  coalesce(sum(amount_cents) filter (where account = 'provider_clearing'), 0)::int8 as clearing,
  min(posting) as posting
from ledger_entries
where account in ('provider_clearing', 'provider_fees')
group by 1, 2, 3`;

/**
 * Every item either side has, compared (a full join of two hash maps): missing on one side, or a different amount, or
 * else a different fee — one difference per item at most. What nets to nothing on a side (a refund and its failure; a
 * posting and its reversal) is no item there.
 */
export function compareProvider(theirs: ReadonlyMap<string, Item>, ours: readonly Item[]): ProviderDifference[] {
  const out: ProviderDifference[] = [];
  const live = (i: Item) => i.amount !== 0 || i.fee !== 0;
  const seen = new Set<string>();
  for (const o of ours) {
    if (!live(o)) continue;
    const k = `${o.kind}\u0000${o.ref}\u0000${o.currency}`;
    seen.add(k);
    const t = theirs.get(k);
    const base = { kind: o.kind, reference: o.ref, currency: o.currency, ourAmount: o.amount, ourFee: o.fee };
    if (!t || !live(t)) out.push({ ...base, cause: 'missing_at_provider', theirAmount: null, theirFee: null, detail: o.detail });
    else if (t.amount !== o.amount) out.push({ ...base, cause: 'amount_differs', theirAmount: t.amount, theirFee: t.fee, detail: t.detail });
    else if (t.fee !== o.fee) out.push({ ...base, cause: 'fee_differs', theirAmount: t.amount, theirFee: t.fee, detail: t.detail });
  }
  for (const [k, t] of theirs) {
    if (seen.has(k) || !live(t)) continue;
    out.push({ cause: 'missing_in_ledger', kind: t.kind, reference: t.ref, currency: t.currency, theirAmount: t.amount, theirFee: t.fee, ourAmount: null, ourFee: null, detail: t.detail });
  }
  return out.sort((a, b) => a.kind.localeCompare(b.kind) || a.reference.localeCompare(b.reference));
}

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
