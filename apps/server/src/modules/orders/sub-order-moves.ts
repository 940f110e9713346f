import type { orderItems, orders } from '../../db/schema/orders.js';
import type { Tx } from '../../platform/db.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { SubOrderMoney } from '../ledger/ledger.postings.js';
import { frozenShippingTax } from '@souq/shared/rules/tax';

// What a sub-order's rows say about its money and its stock, for every move that posts or restocks it: a status change
// (cancel, take back), and a card purchase released on payment or given up unpaid (payment-hold.ts).

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/**
 * The sub-order's frozen amounts, as its sale was (or will be) posted from: its shipping's VAT is what its tax holds
 * beyond its lines' (decision 0133). Who holds a vendor's VAT is the caller's to add for a sale posted long ago.
 */
export const subOrderMoney = (o: OrderRow, items: readonly ItemRow[]): SubOrderMoney => ({
  vendorId: o.sellerVendorId, subtotalCents: o.subtotalCents, shippingCents: o.shippingCents, taxCents: o.taxCents, totalCents: o.totalCents,
  shippingTaxCents: frozenShippingTax(o, items.reduce((n, i) => n + i.taxCents, 0)).taxCents,
  lines: items.map((i) => ({ lineTotalCents: i.lineTotalCents, commissionBps: i.commissionBps })),
});

/**
 * Gives the sub-order's units back to stock (`release`) or takes them again: the products first, then their options
 * (the lock order of the order statement). Returns the products' new stock, to announce after the commit.
 */
export async function moveSubOrderStock(tx: Tx, catalogue: CatalogueService, items: readonly ItemRow[], release: boolean): Promise<{ id: number; stock: number }[]> {
  const lines = items
    .filter((i): i is ItemRow & { productId: number } => i.productId !== null)
    .map((i) => ({ productId: i.productId, quantity: i.quantity }));
  const moved = release
    ? await catalogue.releaseStock(tx, lines)
    : [...(await catalogue.reserveStock(tx, lines)).values()].map((p) => ({ id: p.id, stock: p.stock }));
  const optionLines = items.filter((i): i is ItemRow & { productId: number } => i.productId !== null && Object.keys(i.variants).length > 0)
    .map((i) => ({ productId: i.productId, productName: i.productName, variants: i.variants, quantity: i.quantity }));
  if (optionLines.length) await catalogue.moveOptionStock(tx, optionLines, release ? 1 : -1);
  return moved;
}
