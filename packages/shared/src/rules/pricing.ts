import { FREE_SHIPPING_THRESHOLD_CENTS, ORDER_STATUSES, SHIPPING_FEE_CENTS, TAX_RATE, type OrderStatus } from '../constants.js';
import { amountToCents, centsToAmount } from './money.js';

// Order pricing (customer spec §9), in integer cents. The server prices orders with it from database prices;
// the cart and checkout use the same function so the summary on screen equals what the server charges.

export type PricedLine = { unitPriceCents: number; quantity: number };
export type Totals = { subtotalCents: number; shippingCents: number; taxCents: number; totalCents: number };

export const lineTotalCents = (line: PricedLine): number => line.unitPriceCents * line.quantity;

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

/** 5% of the subtotal, rounded to the nearest cent (half up). */
export function taxCents(subtotal: number): number {
  return Math.round(subtotal * TAX_RATE);
}

export function computeTotals(lines: readonly PricedLine[], rule: ShippingRule = DEFAULT_SHIPPING_RULE): Totals {
  const items = lines.reduce((n, l) => n + Math.max(0, l.quantity), 0);
  const subtotal = subtotalCents(lines);
  const shipping = shippingCents(subtotal, items, rule);
  const tax = taxCents(subtotal);
  return { subtotalCents: subtotal, shippingCents: shipping, taxCents: tax, totalCents: subtotal + shipping + tax };
}

/** Totals of a client cart whose lines carry prices in major units (cart items: price, quantity). */
export function cartTotals(items: readonly { price: unknown; quantity: number }[]) {
  const t = computeTotals(items.map((i) => ({ unitPriceCents: amountToCents(i.price), quantity: i.quantity })));
  return {
    ...t,
    subtotal: centsToAmount(t.subtotalCents),
    shipping: centsToAmount(t.shippingCents),
    tax: centsToAmount(t.taxCents),
    total: centsToAmount(t.totalCents),
  };
}

/** One seller's part of a cart: its lines (in cart order), priced and shipped by its own rule. */
export type SellerPart<L extends PricedLine> = { vendorId: number | null; lines: L[]; totals: Totals };

/**
 * A cart split by seller (decision 0086): one part per vendor, the marketplace's own products (vendor null) first,
 * then vendors by id, each priced with `computeTotals` and its own shipping rule; the purchase's totals are the
 * parts' sums, so what the shopper pays is exactly what the sub-orders add up to.
 */
export function splitBySeller<L extends PricedLine & { vendorId: number | null }>(
  lines: readonly L[],
  ruleOf: (vendorId: number | null) => ShippingRule = () => DEFAULT_SHIPPING_RULE,
): { parts: SellerPart<L>[]; totals: Totals } {
  const bySeller = new Map<number | null, L[]>();
  for (const l of lines) bySeller.set(l.vendorId, [...(bySeller.get(l.vendorId) ?? []), l]);
  const sellers = [...bySeller.keys()].sort((a, b) => (a ?? 0) - (b ?? 0));
  const parts = sellers.map((vendorId) => {
    const own = bySeller.get(vendorId)!;
    return { vendorId, lines: own, totals: computeTotals(own, ruleOf(vendorId)) };
  });
  const totals = { subtotalCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0 };
  for (const p of parts) {
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
  const live = statuses.filter((s) => s !== 'cancelled' && s !== 'refunded');
  if (!live.length) return statuses.includes('refunded') ? 'refunded' : 'cancelled';
  return live.reduce((a, b) => (ORDER_STATUSES.indexOf(b) < ORDER_STATUSES.indexOf(a) ? b : a));
}
