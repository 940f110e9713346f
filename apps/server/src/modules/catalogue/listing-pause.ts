import { and, eq, inArray } from 'drizzle-orm';
import { products } from '../../db/schema/catalogue.js';
import type { Tx } from '../../platform/db.js';

// A seller's listings paused for its performance (decision 0154) and put back by an admin's lift: the catalogue owns
// the products table, so the seller-performance module asks here, in its own transaction, and announces the changed
// products (`product.changed`) after the commit. A paused product is `inactive`: every storefront, search and
// recommendation read already shows active products only, and nothing is deleted.

/** Takes the vendor's active products off sale; answers their ids (the ones to put back). */
export async function pauseVendorListings(tx: Tx, vendorId: number): Promise<number[]> {
  const rows = await tx.update(products).set({ status: 'inactive', updatedAt: new Date() })
    .where(and(eq(products.vendorId, vendorId), eq(products.status, 'active')))
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

/**
 * Puts back on sale the paused products that are still the vendor's and still inactive (one the vendor archived or
 * made a draft meanwhile stays as it is); answers their ids.
 */
export async function resumeVendorListings(tx: Tx, vendorId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await tx.update(products).set({ status: 'active', updatedAt: new Date() })
    .where(and(inArray(products.id, ids), eq(products.vendorId, vendorId), eq(products.status, 'inactive')))
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}
