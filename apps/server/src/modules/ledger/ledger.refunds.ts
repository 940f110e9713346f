import { lineAmounts } from '@souq/shared/rules/tax';
import type { Entry } from './ledger.postings.js';
import { commissionVatCents } from './ledger.postings.js';

// What a received return posts (decision 0094), as pure functions, so the returns module and the property tests post
// and expect the same rows. A refund is worked out as the difference between what the sub-order has given back in
// total after this return and before it, so however the units come back, a sub-order returned in full gives back
// exactly what its sale posted (no rounding drift), and a partial one never more.

/** A sub-order's money and lines as frozen at the sale, the lines keyed by id. */
export type RefundableSubOrder = {
  vendorId: number | null;
  /** The shipping as charged (VAT included in inclusive mode). */
  shippingCents: number;
  /** The VAT on the shipping as frozen at the sale (decision 0133); 0 when none. */
  shippingTaxCents?: number;
  /** Whether its prices included the tax (decision 0098): a line's price is then what the shopper paid for it. */
  taxIncluded: boolean;
  lines: readonly { id: number; quantity: number; unitPriceCents: number; lineTotalCents: number; taxRateBps: number; taxCents: number; commissionBps: number }[];
};

/** What a sub-order has given back in total once `returned` (line id → units received back) have come back. */
export type RefundTotals = {
  goodsCents: number;
  /** The VAT given back: the lines' and, once the shipping is refunded, the shipping's (decision 0133). */
  taxCents: number;
  /** The shipping given back, net of its VAT (the credit note's shipping). */
  shippingCents: number;
  commissionCents: number;
  commissionVatCents: number;
};

const lineCommission = (l: { lineTotalCents: number; commissionBps: number }) => Math.round((l.lineTotalCents * l.commissionBps) / 10_000);
const share = (whole: number, part: number, of: number) => (of === 0 ? 0 : Math.round((whole * part) / of));

/**
 * The cumulative refund of a sub-order when `returned` units are back: each line's goods net of tax and its tax, as
 * the sale priced those units (`lineAmounts`: the whole line is its frozen amounts, so a line returned in full gives
 * back exactly its sale, and a credit note for the same units carries the same tax), the shipping only once every unit
 * of every line is back (a partial return still needed the delivery), net of its VAT, which goes with the tax (decision
 * 0133), each line's frozen commission in proportion to
 * its units, and the commission's VAT in proportion to the commission.
 */
export function refundTotals(o: RefundableSubOrder, returned: ReadonlyMap<number, number>): RefundTotals {
  let goods = 0;
  let tax = 0;
  let commission = 0;
  let fullCommission = 0;
  let whole = true;
  for (const l of o.lines) {
    const units = Math.min(returned.get(l.id) ?? 0, l.quantity);
    if (units < l.quantity) whole = false;
    const amounts = lineAmounts(l, units, o.taxIncluded);
    goods += amounts.netCents;
    tax += amounts.taxCents;
    commission += share(lineCommission(l), units, l.quantity);
    fullCommission += lineCommission(l);
  }
  const vendor = o.vendorId !== null;
  const shippingTax = whole ? o.shippingTaxCents ?? 0 : 0;
  return {
    goodsCents: goods,
    taxCents: tax + shippingTax,
    shippingCents: whole ? o.shippingCents - (o.taxIncluded ? shippingTax : 0) : 0,
    commissionCents: vendor ? commission : 0,
    commissionVatCents: vendor ? share(commissionVatCents(fullCommission), commission, fullCommission) : 0,
  };
}

/** This return's part: the totals after it less the totals before it. */
export function refundStep(o: RefundableSubOrder, before: ReadonlyMap<number, number>, lineId: number, units: number): RefundTotals {
  const after = new Map(before);
  after.set(lineId, (before.get(lineId) ?? 0) + units);
  const a = refundTotals(o, after);
  const b = refundTotals(o, before);
  return {
    goodsCents: a.goodsCents - b.goodsCents,
    taxCents: a.taxCents - b.taxCents,
    shippingCents: a.shippingCents - b.shippingCents,
    commissionCents: a.commissionCents - b.commissionCents,
    commissionVatCents: a.commissionVatCents - b.commissionVatCents,
  };
}

/** A refund row may name a shopper (their store credit). */
export type RefundEntry = Entry & { shopperId: number | null };

/** Where the shopper's money goes: back through the way they paid (card, bank transfer) or onto their store credit. */
export type RefundTo = { kind: 'receivable' } | { kind: 'store_credit'; shopperId: number } | { kind: 'bank_transfer'; shopperId: number };

/**
 * A refund's rows: the shopper is credited goods + tax + shipping (their receivable, or their store credit); the
 * vendor's payable (or, on the marketplace's own sub-order, its sales and shipping revenue) is debited what it had been
 * credited, and so is the VAT: a vendor's on its payable as kind `sales_tax`, the marketplace's on the sales tax
 * payable (decision 0133); the vendor is credited the commission and its VAT back, which the
 * marketplace's commission revenue and commission VAT payable give up. Zero rows are left out; the rows sum to zero.
 */
export function refundEntries(vendorId: number | null, step: RefundTotals, to: RefundTo, vatHolder: 'seller' | 'marketplace' = 'seller'): RefundEntry[] {
  const total = step.goodsCents + step.taxCents + step.shippingCents;
  const row = (account: Entry['account'], kind: Entry['kind'], amountCents: number, v: number | null = null, shopperId: number | null = null): RefundEntry =>
    ({ account, vendorId: v, kind, amountCents, shopperId });
  const rows: RefundEntry[] = [
    to.kind === 'store_credit' ? row('shopper_store_credit', 'refund', -total, null, to.shopperId)
      // a cash-on-delivery refund by bank transfer is owed to the shopper until a refunds batch pays it (decision 0141)
      : to.kind === 'bank_transfer' ? row('shopper_refunds_payable', 'refund', -total, null, to.shopperId)
      : row('shopper_receivable', 'refund', -total),
  ];
  if (vendorId === null) {
    rows.push(row('marketplace_sales', 'refund', step.goodsCents), row('shipping_revenue', 'refund', step.shippingCents), row('sales_tax_payable', 'refund', step.taxCents));
  } else {
    rows.push(
      row('vendor_payable', 'refund', step.goodsCents, vendorId),
      row('vendor_payable', 'refund', step.shippingCents, vendorId),
      // a sale posted before decision 0133 left its VAT on sales_tax_payable: it comes back from there
      vatHolder === 'marketplace' ? row('sales_tax_payable', 'refund', step.taxCents) : row('vendor_payable', 'sales_tax', step.taxCents, vendorId),
      row('vendor_payable', 'commission_reversal', -step.commissionCents, vendorId),
      row('commission_revenue', 'commission_reversal', step.commissionCents),
      row('vendor_payable', 'commission_reversal', -step.commissionVatCents, vendorId),
      row('commission_vat_payable', 'commission_reversal', step.commissionVatCents),
    );
  }
  return rows.filter((r) => r.amountCents !== 0);
}

/**
 * The marketplace's share of a promotion on returned units (decision 0152): the refund rows give back the units'
 * supply as the seller sold it; the shopper had paid that less the marketplace's share, which goes back to
 * marketplace_promotions instead of to the shopper (their refund is what they paid for those units).
 */
export function promotionRefundEntries(to: RefundTo, marketplaceCents: number): RefundEntry[] {
  if (marketplaceCents === 0) return [];
  const shopper: RefundEntry = to.kind === 'store_credit' ? { account: 'shopper_store_credit', vendorId: null, kind: 'promotion_returned', amountCents: marketplaceCents, shopperId: to.shopperId }
    : to.kind === 'bank_transfer' ? { account: 'shopper_refunds_payable', vendorId: null, kind: 'promotion_returned', amountCents: marketplaceCents, shopperId: to.shopperId }
    : { account: 'shopper_receivable', vendorId: null, kind: 'promotion_returned', amountCents: marketplaceCents, shopperId: null };
  return [shopper, { account: 'marketplace_promotions', vendorId: null, kind: 'promotion_returned', amountCents: -marketplaceCents, shopperId: null }];
}
