import type { LedgerAccount, LedgerKind } from '@souq/shared/constants';
import { STANDARD_RATE_BPS, categoryTaxCents } from '@souq/shared/rules/tax';

// What each money event posts (decision 0087), as pure functions of a sub-order's frozen amounts, so the order's one
// statement, a status change and the property tests all post the same rows.

// the accounts and kinds are listed once, in the shared constants (decision 0095 added the payout ones)
export type { LedgerAccount, LedgerKind } from '@souq/shared/constants';
/** One row: debits positive, credits negative; `vendorId` only on vendor_payable. */
export type Entry = { account: LedgerAccount; vendorId: number | null; kind: LedgerKind; amountCents: number };

/** A sub-order's money as frozen when it was placed. */
export type SubOrderMoney = {
  vendorId: number | null;
  subtotalCents: number;
  shippingCents: number;
  /** Its VAT: the lines' and the shipping's. */
  taxCents: number;
  /** The part of `taxCents` on the shipping (decision 0133): 0 for an unregistered seller and before that decision. */
  shippingTaxCents?: number;
  /** What the shopper pays: subtotal + shipping, plus the tax only when it was added on top (decision 0098). */
  totalCents: number;
  lines: readonly { lineTotalCents: number; commissionBps: number }[];
  /**
   * Who holds a vendor sub-order's VAT (decision 0133): its seller (the default), or the marketplace for a sale posted
   * before that decision, whose reversal takes the VAT back from sales_tax_payable where it was put (`vatHolderOf`).
   */
  vatHolder?: 'seller' | 'marketplace';
};

/** The marketplace's commission on a sub-order: per line, rounded half up to the fil, then added. */
export function commissionCents(lines: SubOrderMoney['lines']): number {
  return lines.reduce((sum, l) => sum + Math.round((l.lineTotalCents * l.commissionBps) / 10_000), 0);
}

/**
 * VAT on the commission (the marketplace's own supply to the vendor): the ONE rule of its documents (decision 0142),
 * `categoryTaxCents` — base × 5 % rounded half up to the fil in integer arithmetic, as a commission document rounds its
 * category's tax (BR-CO-17). A sale posts it on its own commission; the document, rounding once on the month's total,
 * posts the fils of difference with itself (`commissionRoundingEntries`), so the ledger ends equal to the documents.
 */
export const commissionVatCents = (commission: number): number => categoryTaxCents(commission, STANDARD_RATE_BPS);

/**
 * The shipping net of its VAT: the fee as charged less its VAT when the prices included it (the total is then subtotal
 * + shipping, decision 0098), the fee itself when the VAT was added on top.
 */
export function shippingNetCents(o: Pick<SubOrderMoney, 'subtotalCents' | 'shippingCents' | 'shippingTaxCents' | 'totalCents'>): number {
  const included = o.totalCents === o.subtotalCents + o.shippingCents;
  return o.shippingCents - (included ? o.shippingTaxCents ?? 0 : 0);
}

/**
 * A sale: the shopper owes the total; the goods and the shipping net of VAT are the vendor's (payable to it) or, on the
 * marketplace's own sub-order, its revenue. The VAT (lines and shipping) is owed by the supplier (decision 0099:
 * disclosed agent): a vendor's is credited to its payable as kind `sales_tax` (decision 0133: the vendor declares and
 * pays it, so the money is paid out to it), the marketplace's own to `sales_tax_payable`; an unregistered vendor has
 * none. The vendor is charged the commission and the VAT on it. Rows with a zero amount are left out.
 */
export function saleEntries(o: SubOrderMoney): Entry[] {
  const total = o.totalCents;
  const shipping = shippingNetCents(o);
  const goods = total - shipping - o.taxCents;
  const rows: Entry[] = [{ account: 'shopper_receivable', vendorId: null, kind: 'sale', amountCents: total }];
  if (o.vendorId === null) {
    rows.push({ account: 'marketplace_sales', vendorId: null, kind: 'sale', amountCents: -goods });
    rows.push({ account: 'shipping_revenue', vendorId: null, kind: 'shipping', amountCents: -shipping });
    rows.push({ account: 'sales_tax_payable', vendorId: null, kind: 'sales_tax', amountCents: -o.taxCents });
  } else {
    rows.push({ account: 'vendor_payable', vendorId: o.vendorId, kind: 'sale', amountCents: -goods });
    rows.push({ account: 'vendor_payable', vendorId: o.vendorId, kind: 'shipping', amountCents: -shipping });
    rows.push(o.vatHolder === 'marketplace'
      ? { account: 'sales_tax_payable', vendorId: null, kind: 'sales_tax', amountCents: -o.taxCents }
      : { account: 'vendor_payable', vendorId: o.vendorId, kind: 'sales_tax', amountCents: -o.taxCents });
    const commission = commissionCents(o.lines);
    const vat = commissionVatCents(commission);
    rows.push({ account: 'vendor_payable', vendorId: o.vendorId, kind: 'commission', amountCents: commission });
    rows.push({ account: 'commission_revenue', vendorId: null, kind: 'commission', amountCents: -commission });
    rows.push({ account: 'vendor_payable', vendorId: o.vendorId, kind: 'commission_vat', amountCents: vat });
    rows.push({ account: 'commission_vat_payable', vendorId: null, kind: 'commission_vat', amountCents: -vat });
  }
  return rows.filter((r) => r.amountCents !== 0);
}

/**
 * A sub-order cancelled before it ships is refunded in full: every row of its sale reversed, the goods, shipping and
 * the marketplace's tax as `refund`, a vendor's VAT as `sales_tax` (so its VAT rows net to what its documents still
 * charge), the commission and its VAT as `commission_reversal`.
 */
export function cancellationEntries(o: SubOrderMoney): Entry[] {
  return saleEntries(o).map((r) => ({
    ...r,
    amountCents: -r.amountCents,
    kind: r.kind === 'commission' || r.kind === 'commission_vat' ? 'commission_reversal' : r.account === 'vendor_payable' && r.kind === 'sales_tax' ? 'sales_tax' : 'refund',
  }));
}

/**
 * A commission document's rounding (decision 0120): its VAT is the month's commission × 5 % rounded once, while each
 * sub-order posted its own rounded VAT; `deltaCents` (document − posted) moves between the vendor and the commission VAT
 * payable, as a charge on an invoice (kind commission_vat) or as a reversal on a credit note (commission_reversal), so
 * the ledger's commission VAT equals the documents' to the fil. Empty when they already agree.
 */
export function commissionRoundingEntries(vendorId: number, deltaCents: number, on: 'invoice' | 'credit_note'): Entry[] {
  if (deltaCents === 0) return [];
  // an invoice charges the vendor more (debit); a credit note gives back more (credit)
  const charge = on === 'invoice' ? deltaCents : -deltaCents;
  const kind: LedgerKind = on === 'invoice' ? 'commission_vat' : 'commission_reversal';
  return [
    { account: 'vendor_payable', vendorId, kind, amountCents: charge },
    { account: 'commission_vat_payable', vendorId: null, kind, amountCents: -charge },
  ];
}

/**
 * A sale document's rounding (decision 0142): its VAT is rounded once per category on what was paid (BR-CO-17), while
 * the sale (or the refund) posted the VAT frozen line by line; `deltaCents` (document − frozen) moves between where
 * the sub-order's VAT is held (`vatHolder`: the supplier's payable as kind sales_tax, or sales_tax_payable) and its
 * goods (the vendor's payable as kind sale/refund, or the marketplace's sales), so the ledger's VAT is the documents'
 * and what the shopper paid does not change. An invoice credits the VAT holder more; a credit note gives more back.
 */
export function documentRoundingEntries(vendorId: number | null, vatHolder: 'seller' | 'marketplace', deltaCents: number, on: 'invoice' | 'credit_note'): Entry[] {
  if (deltaCents === 0) return [];
  const vat = on === 'invoice' ? -deltaCents : deltaCents;
  const goodsKind: LedgerKind = on === 'invoice' ? 'sale' : 'refund';
  const holder: Entry = vendorId !== null && vatHolder === 'seller'
    ? { account: 'vendor_payable', vendorId, kind: 'sales_tax', amountCents: vat }
    : { account: 'sales_tax_payable', vendorId: null, kind: on === 'invoice' ? 'sales_tax' : 'refund', amountCents: vat };
  const goods: Entry = vendorId !== null
    ? { account: 'vendor_payable', vendorId, kind: goodsKind, amountCents: -vat }
    : { account: 'marketplace_sales', vendorId: null, kind: goodsKind, amountCents: -vat };
  return [holder, goods];
}

/**
 * The marketplace's share of a sub-order's promotions (decision 0152), paid toward its total on the shopper's behalf:
 * the marketplace's promotion expense, off what the shopper owes. Given back (`promotionReturnedEntries`) when the
 * sub-order is cancelled or units are returned, so the expense is only what was kept.
 */
export function promotionPaidEntries(amountCents: number): Entry[] {
  if (amountCents === 0) return [];
  return [
    { account: 'marketplace_promotions', vendorId: null, kind: 'promotion_paid', amountCents },
    { account: 'shopper_receivable', vendorId: null, kind: 'promotion_paid', amountCents: -amountCents },
  ];
}
export const promotionReturnedEntries = (amountCents: number): Entry[] =>
  promotionPaidEntries(amountCents).map((e) => ({ ...e, kind: 'promotion_returned', amountCents: -e.amountCents }));
