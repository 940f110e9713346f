import type { ManagedProduct } from '@souq/shared/api/products';
import { variantUnitPriceCents } from '@souq/shared/rules/variants';
import { productPageUrl } from '@souq/shared/rules/embed';
import { UCP, type UcpPrice, type UcpProduct, type UcpVariant, type UcpVendor } from '@souq/shared/api/ucp';
import { pickText, type ContentLang } from '@souq/shared/rules/content-lang';

/**
 * Souq's product → the release's Product (types/product.json), in one place so the protocol's shape and Souq's
 * rules meet only here (decision 0089):
 * - product id `"42"`; a variant row is `"42:7"`; a product without variant rows has one variant `"42:default"`;
 * - prices are what checkout charges, in minor units: a variant's is the product's price plus its adjustment (0080);
 * - availability is the product's stock (what checkout reserves);
 * - `list_price` is the honest "was" price of the price history (the storefront's, decision 0163), never the
 *   compare-at price a vendor typed; an option's is that plus its adjustment;
 * - `url` is the page the storefront's embeds link to (the assistant page opened on the product);
 * - every text a vendor typed goes out as a data field (title, description, tags), never in a tool description.
 */
export const DEFAULT_VARIANT = 'default';

export type VariantRef = { productId: number; variantId: number | null };

/** `"42"` → product 42; `"42:7"` → its variant 7; `"42:default"` → its only variant; anything else → null. */
export function parseUcpId(id: string): VariantRef | { productId: number; variantId: undefined } | null {
  const m = /^(\d{1,9})(?::(\d{1,9}|default))?$/.exec(id.trim());
  if (!m) return null;
  const productId = Number(m[1]);
  if (productId < 1) return null;
  if (m[2] === undefined) return { productId, variantId: undefined };
  return { productId, variantId: m[2] === DEFAULT_VARIANT ? null : Number(m[2]) };
}

export const variantIdOf = (productId: number, variantId: number | null) => `${productId}:${variantId ?? DEFAULT_VARIANT}`;

/** An absolute http(s) URL for a stored one (uploads are served from this origin), or null when it is not one. */
export function absoluteUrl(url: string, origin: string): string | null {
  try {
    const u = new URL(url, origin);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * `lang`: the shopper's language; a product's Arabic name and description when asked for and written, else English.
 * `wasCents`: the product's honest "was" price (decision 0163), or null/absent for none.
 */
export type MappingContext = { origin: string; currency: string; vendor: UcpVendor; lang?: ContentLang; wasCents?: number | null };

export function toUcpProduct(p: ManagedProduct, ctx: MappingContext): UcpProduct {
  const money = (amount: number): UcpPrice => ({ amount, currency: ctx.currency });
  const price = money(p.price_cents);
  const was = ctx.wasCents != null && ctx.wasCents > p.price_cents ? ctx.wasCents : null;
  const listPrice = was !== null ? money(was) : undefined;
  const available = p.stock > 0;
  const availability = { available, status: available ? 'in_stock' : 'out_of_stock' };
  const seller = { name: ctx.vendor.name };
  const base = { price, ...(listPrice ? { list_price: listPrice } : {}), availability, seller };
  const lang = ctx.lang ?? 'en';
  const name = pickText(p.name, p.name_ar, lang);
  // the release requires a description on products and variants: the vendor's, else its short form, else the name
  const description = { plain: pickText(p.description || p.short_description, p.description_ar, lang) || name };
  const variants: UcpVariant[] = p.variants.length
    ? p.variants.map((v) => ({
        id: variantIdOf(p.id, v.id),
        title: `${capitalised(v.type)}: ${v.value}`,
        description: { plain: `${capitalised(v.type)}: ${v.value}` },
        ...(p.sku ? { sku: `${p.sku}${v.sku_suffix}` } : {}),
        ...base,
        // the option's own price: the product's plus its adjustment, as the storefront charges it (decision 0080)
        price: money(variantUnitPriceCents(p.price_cents, [{ priceAdjustmentCents: v.price_adjustment_cents }])),
        ...(was !== null ? { list_price: money(variantUnitPriceCents(was, [{ priceAdjustmentCents: v.price_adjustment_cents }])) } : {}),
        options: [{ name: capitalised(v.type), label: v.value }],
      }))
      : [{ id: variantIdOf(p.id, null), title: name, description, ...(p.sku ? { sku: p.sku } : {}), ...base }];
  const optionNames = [...new Set(p.variants.map((v) => capitalised(v.type)))];
  const media = p.images.flatMap((url) => {
    const abs = absoluteUrl(url, ctx.origin);
    return abs ? [{ type: 'image', url: abs, alt_text: name }] : [];
  });
  return {
    id: String(p.id),
    handle: p.slug,
    title: name,
    description,
    url: productPageUrl(ctx.origin, p.id),
    categories: p.categories.map((value) => ({ value, taxonomy: 'merchant' })),
    price_range: { min: money(Math.min(...variants.map((v) => v.price.amount))), max: money(Math.max(...variants.map((v) => v.price.amount))) },
    ...(was !== null ? { list_price_range: { min: money(Math.min(...variants.map((v) => v.list_price!.amount))), max: money(Math.max(...variants.map((v) => v.list_price!.amount))) } } : {}),
    media,
    ...(optionNames.length
      ? { options: optionNames.map((name) => ({ name, values: p.variants.filter((v) => capitalised(v.type) === name).map((v) => ({ label: v.value })) })) }
      : {}),
    variants,
    ...(p.rating !== null ? { rating: { value: p.rating, scale_max: 5, count: p.review_count } } : {}),
    tags: p.tags,
    [UCP.vendor]: ctx.vendor,
  };
}
