import { VARIANT_TYPE_LABELS, VARIANT_TYPES } from '../constants.js';

// Product variants as a shopper picks them (issue 23 item 2): one option of each kind (type) the product has, e.g.
// Size XL and Color Red. Each option may move the price (price_adjustment) and carries its own stock. The product
// dialog, the cart and the server's order pricing all use these rules, so the price on screen is the price charged.

/** The options chosen for a cart or order line: variant type → value ({ size: 'XL' }); the spec's `variants` object. */
export type VariantChoice = Record<string, string>;

/** An option as the pricing rule needs it. */
export type PricedOption = { type: string; value: string; priceAdjustmentCents: number };

const typeRank = (type: string) => {
  const i = (VARIANT_TYPES as readonly string[]).indexOf(type);
  return i < 0 ? VARIANT_TYPES.length : i;
};

/** The chosen options in a fixed order (color, size, material), so the same choice always reads and keys the same. */
export function sortedOptions<T extends { type: string; value: string }>(options: readonly T[]): T[] {
  return [...options].sort((a, b) => typeRank(a.type) - typeRank(b.type) || a.type.localeCompare(b.type));
}

const typeLabel = (type: string) => (VARIANT_TYPE_LABELS as Record<string, string>)[type] ?? type;

/** 'Color: Red · Size: XL' — how an order line, the cart and the vendor's and admin's order screens name the choice. '' for none. */
export function variantLabel(options: readonly { type: string; value: string }[]): string {
  return sortedOptions(options).map((o) => `${typeLabel(o.type)}: ${o.value}`).join(' · ');
}

/** The label of a choice object ({ size: 'XL' } → 'Size: XL'). */
export const choiceLabel = (choice: VariantChoice | undefined): string =>
  variantLabel(Object.entries(choice ?? {}).map(([type, value]) => ({ type, value })));

/** The unit price of a product with these options: its price plus each option's adjustment, never below zero. */
export function variantUnitPriceCents(basePriceCents: number, options: readonly Pick<PricedOption, 'priceAdjustmentCents'>[]): number {
  return Math.max(0, options.reduce((sum, o) => sum + o.priceAdjustmentCents, basePriceCents));
}

/**
 * A cart line's identity: the product and its options ('12', '12|size=XL'). The same product with other options is
 * another line (spec §4: a line matches only when id and variants both match).
 */
export function cartLineKey(productId: number, choice: VariantChoice | undefined): string {
  const options = sortedOptions(Object.entries(choice ?? {}).map(([type, value]) => ({ type, value })));
  return options.length ? `${productId}|${options.map((o) => `${o.type}=${o.value}`).join('|')}` : String(productId);
}
