import type { ProductUpdate, VariantInput } from '@souq/shared/api/products';
import { convertCents } from '@souq/shared/rules/currency';
import type { productVariants } from '../../db/schema/catalogue.js';
import type { ProductPatch } from './product-values.js';

export type VariantValues = Omit<typeof productVariants.$inferInsert, 'id' | 'productId'>;

/**
 * The API's product fields (snake_case, prices in the currency the form was filled in) → the columns to write.
 * Only fields present in the body appear in the result, so the same mapping serves a create and a partial edit.
 * Money is converted to the shop currency at the configured rates; `images` wins over the spec's single `image_url`.
 */
export function productColumns(body: ProductUpdate, shopCurrency: string): ProductPatch {
  const from = body.currency ?? shopCurrency;
  const money = (cents: number) => convertCents(cents, from, shopCurrency);
  const out: ProductPatch = {};
  const set = <K extends keyof ProductPatch>(key: K, value: ProductPatch[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('name', body.name);
  set('description', body.description);
  set('bulletPoints', body.bullet_points);
  set('nameAr', body.name_ar);
  set('descriptionAr', body.description_ar);
  set('bulletPointsAr', body.bullet_points_ar);
  set('priceCents', body.price_cents === undefined ? undefined : money(body.price_cents));
  set('compareAtCents', body.compare_at_price_cents === undefined ? undefined : body.compare_at_price_cents === null ? null : money(body.compare_at_price_cents));
  if (body.currency !== undefined || body.price_cents !== undefined) out.currency = shopCurrency;
  set('stock', body.stock_quantity);
  if (body.images !== undefined) out.images = dedupe(body.images);
  else if (body.image_url !== undefined) out.images = body.image_url ? [body.image_url] : [];
  set('categories', body.categories === null ? [] : body.categories === undefined ? undefined : dedupe(body.categories));
  set('tags', body.tags && dedupe(body.tags));
  set('keywords', body.keywords && dedupe(body.keywords));
  set('aiTags', body.ai_tags && dedupe(body.ai_tags));
  set('brand', body.brand);
  set('sku', body.sku);
  set('status', body.status);
  set('targetAudience', body.target_audience);
  set('seasonality', body.seasonality);
  set('countryOfOrigin', body.country_of_origin === '' ? null : body.country_of_origin);
  set('seoTitle', body.seo_title);
  set('metaDescription', body.meta_description);
  set('weight', body.weight);
  set('dimLength', body.dim_length);
  set('dimWidth', body.dim_width);
  set('dimHeight', body.dim_height);
  set('taxCategory', body.tax_category);
  return out;
}

/** The variants to store for a product, their price adjustments converted like the product's price. */
export function variantColumns(variants: VariantInput[], currency: string | undefined, shopCurrency: string): VariantValues[] {
  return variants.map((v) => ({
    type: v.type,
    value: v.value,
    priceAdjustmentCents: convertCents(v.price_adjustment_cents, currency ?? shopCurrency, shopCurrency),
    inventoryQuantity: v.inventory_quantity,
    skuSuffix: v.sku_suffix,
  }));
}

/** Keeps the first of each value (case-insensitive), in order. */
function dedupe(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
