import { sql } from 'drizzle-orm';
import { choiceLabel, type VariantChoice } from '@souq/shared/rules/variants';
import type { Database, Tx } from '../../platform/db.js';
import { conflict, say } from '../../platform/errors.js';

// Product options (product_variants) at checkout and when an order's stock moves back (issue 23 item 2). Each option
// carries its own stock; an order takes it from the option it bought as well as from the product.

/** An option as checkout reads it (raw column names: read by a raw query, or locked by the order statement). */
export type OrderOptionRow = {
  id: number;
  product_id: number;
  type: string;
  value: string;
  price_adjustment_cents: number;
  inventory_quantity: number;
};

/** An order line's options, for moving their stock: the product, the choice as stored with the line, the quantity. */
export type OptionStockLine = { productId: number; productName: string; variants: VariantChoice; quantity: number };

export function createVariantStock(deps: { query: Database['query'] }) {
  return {
    /** Checkout step "check" for options: every option of these products, unlocked (the order statement locks the chosen ones). */
    async optionsForOrder(productIds: number[]): Promise<Map<number, OrderOptionRow[]>> {
      const rows = await deps.query<OrderOptionRow>(
        'select id, product_id, type, value, price_adjustment_cents, inventory_quantity from product_variants where product_id = any($1::int[]) order by id',
        [productIds], 'catalogue.optionsForOrder',
      );
      const out = new Map<number, OrderOptionRow[]>();
      for (const r of rows) out.set(r.product_id, [...(out.get(r.product_id) ?? []), r]);
      return out;
    },

    /**
     * Moves the options' stock of order lines inside the caller's transaction, after their products' (the lock order
     * of the order statement: products, then options): +1 puts it back (an order cancelled), -1 takes it again (a
     * cancelled order revived; 409 naming the option when it is gone). Options are found by product, type and value,
     * as the line stored them: an edit of the product replaces its option rows, so the ids of the order may be gone.
     */
    async moveOptionStock(tx: Tx, lines: OptionStockLine[], direction: 1 | -1): Promise<void> {
      for (const line of lines) {
        for (const [type, value] of Object.entries(line.variants)) {
          const { rows } = (await tx.execute(sql`
            update product_variants pv set inventory_quantity = pv.inventory_quantity + ${direction * line.quantity}::int
            where pv.id = (select min(id) from product_variants where product_id = ${line.productId} and type = ${type} and value = ${value})
              and pv.inventory_quantity + ${direction * line.quantity}::int >= 0
            returning pv.id`)) as unknown as { rows: { id: number }[] };
          if (!rows.length && direction < 0) {
            const { rows: now } = (await tx.execute(sql`
              select inventory_quantity from product_variants where product_id = ${line.productId} and type = ${type} and value = ${value} limit 1`)) as unknown as { rows: { inventory_quantity: number }[] };
            // an option that no longer exists has no stock to take: the product's own stock still applies
            if (now.length) throw conflict(say.outOfStock(`${line.productName} (${choiceLabel({ [type]: value })})`, now[0]!.inventory_quantity));
          }
        }
      }
    },
  };
}
