import { variantLabel, variantUnitPriceCents, type VariantChoice } from '@souq/shared/rules/variants';
import { badRequest, conflict, say } from '../../platform/errors.js';
import type { ReservedProduct } from '../catalogue/catalogue.service.js';
import type { OrderOptionRow } from '../catalogue/variant-stock.js';

// Pricing one order line from its product and the options the shopper chose (issue 23 item 2), apart from how the
// order is written, so the order statement only carries what this decided.

export type PricedOrderLine = {
  unitPriceCents: number;
  /** The option rows the line was priced from, in the label's order. */
  options: OrderOptionRow[];
  /** 'Size: XL' ('' without options). */
  variantLabel: string;
};

/**
 * A line's unit price: the product's price plus the adjustment of each chosen option. Each chosen type must name an
 * option this product has (400 otherwise: an unknown option, or one of another product). No choice is the product
 * itself at its own price.
 */
export function priceOrderLine(product: Pick<ReservedProduct, 'name' | 'priceCents'>, productOptions: readonly OrderOptionRow[], choice: VariantChoice): PricedOrderLine {
  const options: OrderOptionRow[] = [];
  for (const [type, value] of Object.entries(choice)) {
    const option = productOptions.find((o) => o.type === type && o.value === value);
    if (!option) throw badRequest(say.variantUnknown(product.name, type, value));
    options.push(option);
  }
  return {
    unitPriceCents: variantUnitPriceCents(product.priceCents, options.map((o) => ({ priceAdjustmentCents: o.price_adjustment_cents }))),
    options,
    variantLabel: variantLabel(options),
  };
}

/** One quantity per option, with the adjustment the order was priced at: a cart may hold an option on several lines. */
export function optionsWanted(lines: readonly { quantity: number; priced: PricedOrderLine }[]): Map<number, { option: OrderOptionRow; quantity: number }> {
  const wanted = new Map<number, { option: OrderOptionRow; quantity: number }>();
  for (const l of lines) {
    for (const option of l.priced.options) {
      const w = wanted.get(option.id);
      wanted.set(option.id, { option, quantity: (w?.quantity ?? 0) + l.quantity });
    }
  }
  return wanted;
}

/**
 * Checkout's option stock rule on rows read (or locked) by the caller: each wanted option still has the stock the
 * cart's lines add up to (409 in the product rule's words, naming the option). Options missing from `rows` are left
 * to the caller (an edit replaced them: the order is priced again).
 */
export function checkOptionStock(wanted: Map<number, { option: OrderOptionRow; quantity: number }>, rows: readonly OrderOptionRow[], productName: (productId: number) => string): void {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [id, { quantity }] of wanted) {
    const row = byId.get(id);
    if (row && row.inventory_quantity < quantity) {
      throw conflict(say.outOfStock(`${productName(row.product_id)} (${variantLabel([row])})`, row.inventory_quantity));
    }
  }
}
