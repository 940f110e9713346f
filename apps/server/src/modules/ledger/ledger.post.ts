import { LEDGER_ACCOUNTS, LEDGER_KINDS } from '@souq/shared/constants';
import { ledgerEntries } from '../../db/schema/ledger.js';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import type { Entry } from './ledger.postings.js';

// The one writer of ledger_entries (decision 0116). Every module that moves money builds its rows with the pure
// functions beside this file (ledger.postings, ledger.refunds, payouts.postings) and hands them here, inside its own
// transaction, so the balance check, the posting kinds and the columns a row may carry are in one place. A test
// (ledger.owner.test.ts) fails when any other file under src writes the table.

/**
 * What a posting records, the first part of its id (`kind:ref`). A new money event adds its kind here, with the
 * module that posts it.
 */
export const POSTING_KINDS = {
  /** A sub-order's sale, written by the purchase statement (orders; ref: the sub-order id). */
  placed: 'orders',
  /** A sub-order cancelled: its sale reversed in full (orders; ref: sub-order id and a UUID). */
  cancelled: 'orders',
  /** A cancelled sub-order taken back: its sale posted again (orders; ref: sub-order id and a UUID). */
  reinstated: 'orders',
  /** Units received back: their refund and commission reversal (returns; ref: sub-order id and return id). */
  return: 'returns',
  /** A vendor's payout in a batch, into clearing (payouts; ref: payout id). */
  payout: 'payouts',
  /** The bank sent a payout (payouts; ref: payout id). */
  'payout-paid': 'payouts',
  /** A payout failed, its money back to the vendor (payouts; ref: payout id). */
  'payout-failed': 'payouts',
  /** A manual credit or debit of a vendor's balance (payouts; ref: vendor id and a UUID). */
  adjustment: 'payouts',
  /**
   * A commission document's VAT, rounded once on its total (BR-CO-17), against the sub-orders' VAT as their sales and
   * reversals posted it: the fils of difference (tax; ref: document id; memo: the document's month).
   */
  'commission-rounding': 'tax',
  /**
   * A sale document's VAT, rounded once per category on what was paid (BR-CO-17, decision 0142), against the VAT its
   * sale or refund posted line by line: the fils of difference (tax; ref: document id).
   */
  'document-rounding': 'tax',
  /**
   * A registered seller's VAT that a sale posted before decision 0133 left on sales_tax_payable, moved to the seller's
   * payable once (decision 0142; ledger, the vat:settle-legacy command; ref: sub-order id, so a second run posts nothing).
   */
  'vat-to-seller': 'ledger',
  /** A card payment captured by the provider, and its fee (payments; ref: payment attempt id and `captured`). */
  payment: 'payments',
  /** A refund to the card succeeded, or one that had succeeded failed (payments; ref: refund id and its outcome). */
  'payment-refund': 'payments',
  /** A card dispute as the provider last reported it: money taken, given back or lost, its fee (payments; ref: dispute row and its state). */
  dispute: 'payments',
  /** The marketplace's share of a sub-order's promotions, paid toward it at checkout (orders; ref: the sub-order id; decision 0152). */
  'promotion-paid': 'orders',
  /** That share given back: the sub-order cancelled (orders; ref: sub-order id and a UUID), or paid again when it is taken back. */
  'promotion-back': 'orders',
  /** Store credit spent on a sub-order at checkout, written by the purchase statement (orders; ref: the sub-order id). */
  'credit-spent': 'orders',
  /**
   * A cancelled sub-order's money given back to the shopper: the store credit it used, and the cash a delivered
   * cash-on-delivery sub-order collected, as store credit or owed by bank transfer (orders; ref: sub-order id and a UUID).
   */
  'credit-back': 'orders',
  /** The cash a cash-on-delivery sub-order's courier collected, recorded when it must be given back (orders; ref: sub-order id). */
  'cash-collected': 'orders',
  /** A bank-transfer refund sent in a refunds batch, paid by the bank, or failed (refunds; ref: bank refund id). */
  'refund-sent': 'refunds',
  'refund-paid': 'refunds',
  'refund-failed': 'refunds',
  /** A cash-on-delivery sub-order delivered: its cash with the courier (cod; ref: sub-order id). */
  'cod-collected': 'cod',
  /** A courier remitted a sub-order's cash, with any difference (cod; ref: remittance line id). */
  'cod-remitted': 'cod',
  /**
   * A card sub-order's money transferred to its seller's connected account: vendor payable → provider clearing
   * (payments; ref: the transfer row; memo: the provider's transfer id; decision 0147).
   */
  'seller-transfer': 'payments',
  /** A transfer (part) reversed, by Souq or by the provider: provider clearing → vendor payable (payments; ref: the reversal row; memo: the provider's reversal id). */
  'seller-transfer-reversal': 'payments',
} as const;
export type PostingKind = keyof typeof POSTING_KINDS;

/** One row of a posting: debits positive, credits negative; a shopper only on their store credit. */
export type PostingLine = Entry & { shopperId?: number | null };

/** One money event's rows, all in one currency, with what they belong to. */
export type Posting = {
  kind: PostingKind;
  /** What makes the id unique after its kind (`cancelled:12:<uuid>`). */
  ref: string | number;
  currency: string;
  lines: readonly PostingLine[];
  purchaseId?: number | null;
  orderId?: number | null;
  payoutId?: number | null;
  /** Why: an adjustment's reason, a failed payout's bank answer. */
  memo?: string | null;
  /** The user whose action posted it (null: the system). */
  createdBy: number | null;
};

/** A posting the ledger refuses: a bug in its caller (the rows come from code, never from a request), so a 500. */
export class UnbalancedPosting extends Error {
  constructor(posting: string, why: string) {
    super(`ledger: posting ${posting} refused: ${why}`);
    this.name = 'UnbalancedPosting';
  }
}

const ACCOUNTS: ReadonlySet<string> = new Set(LEDGER_ACCOUNTS);
const KINDS: ReadonlySet<string> = new Set(LEDGER_KINDS);
/** The accounts kept per shopper (their rows name the shopper; decision 0141). */
const SHOPPER_ACCOUNTS: ReadonlySet<string> = new Set(['shopper_store_credit', 'shopper_refunds_payable']);

export const postingId = (kind: PostingKind, ref: string | number): string => `${kind}:${ref}`;

/**
 * The checks every posting passes before a row is written: a known kind, at least one row, every amount a non-zero
 * integer number of minor units (zero rows are left out by the builders, decision 0087), known accounts and row kinds,
 * a vendor exactly on vendor_payable rows and a shopper exactly on store-credit rows (the table's own checks, here
 * with a clearer answer), and debits equal to credits. Throws UnbalancedPosting, else returns nothing.
 */
export function checkPosting(id: string, kind: string, lines: readonly PostingLine[], currency: string): void {
  if (!Object.hasOwn(POSTING_KINDS, kind)) throw new UnbalancedPosting(id, `unknown posting kind '${kind}'`);
  if (!/^[A-Z]{3}$/.test(currency)) throw new UnbalancedPosting(id, `currency '${currency}' is not an ISO code`);
  if (!lines.length) throw new UnbalancedPosting(id, 'no rows');
  let debits = 0;
  let credits = 0;
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amountCents)) throw new UnbalancedPosting(id, `amount ${l.amountCents} is not whole minor units`);
    if (l.amountCents === 0) throw new UnbalancedPosting(id, `a zero row on ${l.account}`);
    if (!ACCOUNTS.has(l.account)) throw new UnbalancedPosting(id, `unknown account '${l.account}'`);
    if (!KINDS.has(l.kind)) throw new UnbalancedPosting(id, `unknown row kind '${l.kind}'`);
    if ((l.account === 'vendor_payable') !== (l.vendorId !== null)) throw new UnbalancedPosting(id, `a vendor only on vendor_payable (${l.account})`);
    if (SHOPPER_ACCOUNTS.has(l.account) !== ((l.shopperId ?? null) !== null)) throw new UnbalancedPosting(id, `a shopper only on shopper_store_credit or shopper_refunds_payable (${l.account})`);
    if (l.amountCents > 0) debits += l.amountCents;
    else credits -= l.amountCents;
  }
  if (debits !== credits) throw new UnbalancedPosting(id, `debits ${debits} ≠ credits ${credits}`);
}

/**
 * Writes one balanced posting in the caller's transaction, so it commits or rolls back with its cause. Returns the
 * posting's id (`kind:ref`).
 */
export async function post(tx: Tx, p: Posting): Promise<string> {
  return (await postMany(tx, [p]))[0]!;
}

/**
 * Several balanced postings in one insert (each checked as `post` checks it), in the caller's transaction: a card
 * purchase's sub-orders released together post their sales, and a purchase's promotion shares their postings per
 * sub-order, in one round trip, not one per seller. Returns the postings' ids in order.
 */
export async function postMany(tx: Tx, postings: readonly Posting[]): Promise<string[]> {
  const { ids, rows } = checkedRows(postings);
  if (rows.length) await tx.insert(ledgerEntries).values(rows);
  return ids;
}

/** Each posting checked as `post` checks it, and the rows it writes. */
function checkedRows(postings: readonly Posting[]) {
  const ids = postings.map((p) => {
    const id = postingId(p.kind, p.ref);
    checkPosting(id, p.kind, p.lines, p.currency);
    return id;
  });
  const rows = postings.flatMap((p, i) => p.lines.map((l) => ({
    posting: ids[i]!, account: l.account, vendorId: l.vendorId, shopperId: l.shopperId ?? null, kind: l.kind, amountCents: l.amountCents,
    currency: p.currency, purchaseId: p.purchaseId ?? null, orderId: p.orderId ?? null, payoutId: p.payoutId ?? null, memo: p.memo ?? null,
    createdBy: p.createdBy,
  })));
  return { ids, rows };
}

/**
 * `postMany` as a part of the caller's one statement (a data-modifying CTE's body, decision 0171): the postings are
 * checked here as `post` checks them and travel as one JSON parameter, so a release or a capture writes its rows in the
 * same round trip as the change that causes them. `onlyIf` names a CTE of that statement: the rows are written only
 * when it returned a row (a capture posts its cash only if its update found the payment still unbooked).
 */
export function postingsInsert(postings: readonly Posting[], opts: { onlyIf?: string } = {}): SQL {
  const { rows } = checkedRows(postings);
  const guard = opts.onlyIf ? sql` where exists (select 1 from ${sql.identifier(opts.onlyIf)})` : sql``;
  return sql`insert into ledger_entries (posting, account, vendor_id, shopper_id, kind, amount_cents, currency, purchase_id, order_id, payout_id, memo, created_by)
  select e."posting", e."account", e."vendorId", e."shopperId", e."kind", e."amountCents", e."currency", e."purchaseId", e."orderId", e."payoutId", e."memo", e."createdBy"
  from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e("posting" text, "account" text, "vendorId" int, "shopperId" int, "kind" text, "amountCents" bigint,
    "currency" text, "purchaseId" int, "orderId" int, "payoutId" int, "memo" text, "createdBy" int)${guard}`;
}

/** The postings the purchase statement writes itself, per sub-order: its sale, and the marketplace's share of its promotions (decision 0167). */
export type PlacedPostingKind = Extract<PostingKind, 'placed' | 'promotion-paid'>;

/**
 * The purchase statement's part (decision 0064: checkout is ONE statement, no transaction round trips, so its sales
 * cannot go through `post`). `salesParam` checks each sub-order's rows as `post` would and gives the JSON parameter;
 * `salesCte` is the statement's insert, reading the CTEs `placed` (the purchase's id) and `subs` (the sub-orders' id
 * and order_number) and the parameters named. The posting id is the sub-order's, known only inside the statement.
 * Besides each sub-order's sale (`placed`), the same insert writes the marketplace's share of its promotions
 * (`promotion-paid`, decision 0167: one insert, no round trip of its own).
 */
export const placedSales = {
  salesParam(sales: readonly { orderNumber: string; lines: readonly Entry[]; kind?: PlacedPostingKind }[], currency: string): string {
    // a sub-order with nothing to post (every amount zero) posts nothing, as `post`'s callers skip an empty posting
    for (const s of sales) if (s.lines.length) checkPosting(postingId(s.kind ?? 'placed', s.orderNumber), s.kind ?? 'placed', s.lines, currency);
    return JSON.stringify(sales.flatMap((s) => s.lines.map((e) => ({
      order_number: s.orderNumber, posting_kind: s.kind ?? 'placed', account: e.account, vendor_id: e.vendorId, kind: e.kind, amount_cents: e.amountCents,
    }))));
  },
  salesCte: (p: { sales: string; currency: string; createdBy: string }): string => `
  insert into ledger_entries (posting, account, vendor_id, kind, amount_cents, currency, purchase_id, order_id, created_by)
  select e.posting_kind || ':' || o.id, e.account, e.vendor_id, e.kind, e.amount_cents, ${p.currency}::text, p.id, o.id, ${p.createdBy}::int
  from placed p, subs o join jsonb_to_recordset(${p.sales}::jsonb) as e(order_number text, posting_kind text, account text, vendor_id int, kind text, amount_cents bigint)
    on e.order_number = o.order_number
  where e.posting_kind in ('${'placed' satisfies PlacedPostingKind}', '${'promotion-paid' satisfies PlacedPostingKind}')`,
};

/**
 * The purchase statement's store credit (decision 0141): per sub-order, the part of its total paid with the shopper's
 * credit, debited from their store credit and credited to their receivable (`credit-spent:<sub-order id>`).
 * `creditParam` gives the JSON parameter; `creditCte` the insert, reading `placed` and `subs` like `salesCte`. The
 * balance check is the statement's own (`checked`), run under the shopper's lock taken just before it.
 */
export const placedCredit = {
  creditParam(parts: readonly { orderNumber: string; amountCents: number }[]): string {
    for (const p of parts) if (!Number.isSafeInteger(p.amountCents) || p.amountCents < 0) throw new UnbalancedPosting(postingId('credit-spent', p.orderNumber), `amount ${p.amountCents}`);
    return JSON.stringify(parts.filter((p) => p.amountCents > 0).map((p) => ({ order_number: p.orderNumber, amount_cents: p.amountCents })));
  },
  creditCte: (p: { credit: string; currency: string; shopper: string }): string => `
  insert into ledger_entries (posting, account, shopper_id, kind, amount_cents, currency, purchase_id, order_id, created_by)
  select '${'credit-spent' satisfies PostingKind}:' || o.id, a.account, case when a.account = 'shopper_store_credit' then ${p.shopper}::int end,
    'credit_spent', a.sign * c.amount_cents, ${p.currency}::text, pl.id, o.id, ${p.shopper}::int
  from placed pl, subs o join jsonb_to_recordset(${p.credit}::jsonb) as c(order_number text, amount_cents bigint) on c.order_number = o.order_number
    cross join (values ('shopper_store_credit', 1), ('shopper_receivable', -1)) as a(account, sign)`,
};
