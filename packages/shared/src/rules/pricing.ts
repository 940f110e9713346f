import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_FEE_CENTS, TAX_RATE } from '../constants.js';
import { amountToCents, centsToAmount } from './money.js';

// Order pricing (customer spec §9), in integer cents. The server prices orders with it from database prices;
// the cart and checkout use the same function so the summary on screen equals what the server charges.

export type PricedLine = { unitPriceCents: number; quantity: number };
export type Totals = { subtotalCents: number; shippingCents: number; taxCents: number; totalCents: number };

export const lineTotalCents = (line: PricedLine): number => line.unitPriceCents * line.quantity;

export function subtotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, l) => sum + lineTotalCents(l), 0);
}

/** 0 for an empty cart; free when the subtotal is strictly above 50.00; otherwise 9.99. */
export function shippingCents(subtotal: number, itemCount: number): number {
  if (itemCount <= 0) return 0;
  return subtotal > FREE_SHIPPING_THRESHOLD_CENTS ? 0 : SHIPPING_FEE_CENTS;
}

/** 5% of the subtotal, rounded to the nearest cent (half up). */
export function taxCents(subtotal: number): number {
  return Math.round(subtotal * TAX_RATE);
}

export function computeTotals(lines: readonly PricedLine[]): Totals {
  const items = lines.reduce((n, l) => n + Math.max(0, l.quantity), 0);
  const subtotal = subtotalCents(lines);
  const shipping = shippingCents(subtotal, items);
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
