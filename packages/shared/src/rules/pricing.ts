import { FREE_SHIPPING_THRESHOLD_CENTS, ORDER_STATUSES, SHIPPING_FEE_CENTS, TAX_RATE, type OrderStatus } from '../constants.js';
import { amountToCents, centsToAmount } from './money.js';
import { lineRateBps, lineTaxCents, STANDARD_RATE_BPS, TAX_CATEGORY_DEFAULT, TAX_MODE_DEFAULT, type TaxCategory, type TaxMode } from './tax.js';

// Order pricing (customer spec §9), in integer cents. The server prices orders with it from database prices;
// the cart and checkout use the same function so the summary on screen equals what the server charges.

/**
 * A line at its shown price; its tax category (decision 0098) defaults to standard-rated. `discountCents` is the part of
 * a promotion its seller funds (decision 0152): it reduces the seller's supply, so the line's total, its VAT and the
 * commission on it are worked out on the price after it.
 */
export type PricedLine = { unitPriceCents: number; quantity: number; taxCategory?: TaxCategory; discountCents?: number };
/**
 * A document's totals. `subtotalCents` is the lines as shown (tax included in inclusive mode); `taxCents` the sum of
 * the lines' tax; `totalCents` what is paid: subtotal + shipping, plus the tax only in exclusive mode.
 */
export type Totals = { subtotalCents: number; shippingCents: number; taxCents: number; totalCents: number };

/** How a seller's lines are taxed: the shop's price mode and whether the seller is VAT-registered (decision 0098). */
export type TaxContext = { mode: TaxMode; registered: boolean };
/** A shop in the UAE default: prices include VAT, the seller is registered. */
export const DEFAULT_TAX_CONTEXT: TaxContext = { mode: TAX_MODE_DEFAULT, registered: true };

/** One line's tax: its rate (by category and registration) and the tax in fils, rounded per line. */
export type LineTax = { rateBps: number; taxCents: number; netCents: number };

export function lineTax(line: PricedLine, ctx: TaxContext = DEFAULT_TAX_CONTEXT): LineTax {
  const total = lineTotalCents(line);
  const rateBps = lineRateBps(line.taxCategory ?? TAX_CATEGORY_DEFAULT, ctx.registered);
  const taxCents = lineTaxCents(total, rateBps, ctx.mode);
  return { rateBps, taxCents, netCents: ctx.mode === 'inclusive' ? total - taxCents : total };
}

export const lineTotalCents = (line: PricedLine): number => line.unitPriceCents * line.quantity - (line.discountCents ?? 0);

export function subtotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, l) => sum + lineTotalCents(l), 0);
}

/** A seller's shipping rule (decision 0086): the fee, free when the subtotal is strictly above `freeAboveCents`. */
export type ShippingRule = { feeCents: number; freeAboveCents: number };

/** The spec's rule (customer §9), every seller's default. */
export const DEFAULT_SHIPPING_RULE: ShippingRule = { feeCents: SHIPPING_FEE_CENTS, freeAboveCents: FREE_SHIPPING_THRESHOLD_CENTS };

/** 0 for an empty cart; free when the subtotal is strictly above the rule's threshold (50.00); otherwise its fee (9.99). */
export function shippingCents(subtotal: number, itemCount: number, rule: ShippingRule = DEFAULT_SHIPPING_RULE): number {
  if (itemCount <= 0) return 0;
  return subtotal > rule.freeAboveCents ? 0 : rule.feeCents;
}

/** 5% of an amount, rounded to the nearest cent (half up): tax added on top of a standard-rated amount. */
export function taxCents(subtotal: number): number {
  return Math.round(subtotal * TAX_RATE);
}

/**
 * The VAT on a seller's shipping (decision 0133): a registered seller's delivery is a taxable supply at the standard
 * rate, whatever its goods' categories; an unregistered seller's carries none. The fee is a price like the lines': VAT
 * included in it (extracted) in inclusive mode, added on top in exclusive mode, rounded half up to the fil.
 */
export function shippingTax(shipping: number, ctx: TaxContext = DEFAULT_TAX_CONTEXT): LineTax {
  const rateBps = ctx.registered ? STANDARD_RATE_BPS : 0;
  const taxCents = lineTaxCents(shipping, rateBps, ctx.mode);
  return { rateBps, taxCents, netCents: ctx.mode === 'inclusive' ? shipping - taxCents : shipping };
}

/** A seller's totals: `taxCents` includes `shippingTaxCents`, the VAT on its shipping (decision 0133). */
export type SellerTotals = Totals & { shippingTaxCents: number };

/**
 * A seller's document (decision 0098): each line's tax by its category and the seller's registration, rounded per
 * line to the fil, and the shipping's tax (decision 0133); the document's tax is their sum exactly.
 */
export function computeTotals(lines: readonly PricedLine[], rule: ShippingRule = DEFAULT_SHIPPING_RULE, ctx: TaxContext = DEFAULT_TAX_CONTEXT): SellerTotals {
  const items = lines.reduce((n, l) => n + Math.max(0, l.quantity), 0);
  const subtotal = subtotalCents(lines);
  const shipping = shippingCents(subtotal, items, rule);
  const shippingTaxCents = shippingTax(shipping, ctx).taxCents;
  const tax = lines.reduce((sum, l) => sum + lineTax(l, ctx).taxCents, 0) + shippingTaxCents;
  return { subtotalCents: subtotal, shippingCents: shipping, taxCents: tax, totalCents: subtotal + shipping + (ctx.mode === 'inclusive' ? 0 : tax), shippingTaxCents };
}

/** Totals of a client cart whose lines carry prices in major units (cart items: price, quantity). */
export function cartTotals(items: readonly { price: unknown; quantity: number }[], ctx: TaxContext = DEFAULT_TAX_CONTEXT) {
  const t = computeTotals(items.map((i) => ({ unitPriceCents: amountToCents(i.price), quantity: i.quantity })), DEFAULT_SHIPPING_RULE, ctx);
  return {
    ...t,
    subtotal: centsToAmount(t.subtotalCents),
    shipping: centsToAmount(t.shippingCents),
    tax: centsToAmount(t.taxCents),
    total: centsToAmount(t.totalCents),
    tax_included: ctx.mode === 'inclusive',
  };
}

/** One seller's part of a cart: its lines (in cart order), priced and shipped by its own rule. */
export type SellerPart<L extends PricedLine> = { vendorId: number | null; lines: L[]; totals: SellerTotals; tax: TaxContext; lineTaxes: LineTax[] };

/**
 * A cart split by seller (decision 0086): one part per vendor, the marketplace's own products (vendor null) first,
 * then vendors by id, each priced with `computeTotals`, its own shipping rule and its tax context (its registration,
 * decision 0098); the purchase's totals are the
 * parts' sums, so what the shopper pays is exactly what the sub-orders add up to.
 */
export function splitBySeller<L extends PricedLine & { vendorId: number | null }>(
  lines: readonly L[],
  ruleOf: (vendorId: number | null) => ShippingRule = () => DEFAULT_SHIPPING_RULE,
  taxOf: (vendorId: number | null) => TaxContext = () => DEFAULT_TAX_CONTEXT,
): { parts: SellerPart<L>[]; totals: SellerTotals } {
  const bySeller = new Map<number | null, L[]>();
  for (const l of lines) bySeller.set(l.vendorId, [...(bySeller.get(l.vendorId) ?? []), l]);
  const sellers = [...bySeller.keys()].sort((a, b) => (a ?? 0) - (b ?? 0));
  const parts = sellers.map((vendorId) => {
    const own = bySeller.get(vendorId)!;
    const tax = taxOf(vendorId);
    return { vendorId, lines: own, totals: computeTotals(own, ruleOf(vendorId), tax), tax, lineTaxes: own.map((l) => lineTax(l, tax)) };
  });
  const totals = { subtotalCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0, shippingTaxCents: 0 };
  for (const p of parts) {
    totals.shippingTaxCents += p.totals.shippingTaxCents;
    totals.subtotalCents += p.totals.subtotalCents;
    totals.shippingCents += p.totals.shippingCents;
    totals.taxCents += p.totals.taxCents;
    totals.totalCents += p.totals.totalCents;
  }
  return { parts, totals };
}

/**
 * A purchase's status from its sub-orders' (decision 0086): their common status when they agree; otherwise the least
 * advanced of the live ones (the purchase is only as far along as its slowest part); cancelled/refunded only when no
 * part is live.
 */
export function purchaseStatus(statuses: readonly OrderStatus[]): OrderStatus {
  // (a purchase's parts wait for its one card payment together, so awaiting_payment is never mixed with later ones)
  const live = statuses.filter((s) => s !== 'cancelled' && s !== 'refunded');
  if (!live.length) return statuses.includes('refunded') ? 'refunded' : 'cancelled';
  return live.reduce((a, b) => (ORDER_STATUSES.indexOf(b) < ORDER_STATUSES.indexOf(a) ? b : a));
}
