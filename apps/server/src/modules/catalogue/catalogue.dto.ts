import type { Product, ProductOption, ShelfItem } from '@souq/shared/api/catalogue';
import type { ManagedProduct } from '@souq/shared/api/products';
import { centsToAmount } from '@souq/shared/rules/money';
import { sortedOptions, variantUnitPriceCents } from '@souq/shared/rules/variants';
import type { products, productVariants } from '../../db/schema/catalogue.js';

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;
export type EmbedInfo = { id: number; settings: { theme: string } & Record<string, unknown>; code?: string };
/** The owner as the vendor and admin tools show it. */
export type OwnerInfo = { companyName: string; contactName: string };

/** The first sentence (or first 160 characters) of a description, for cards that have no short description. */
export function shortFrom(description: string): string {
  const text = description.trim();
  const sentence = /^.+?[.!?](\s|$)/.exec(text)?.[0]?.trim() ?? text;
  return sentence.length > 160 ? `${sentence.slice(0, 157).trimEnd()}…` : sentence;
}

function dimensions(r: ProductRow): string | null {
  const parts = [r.dimLength, r.dimWidth, r.dimHeight];
  if (parts.every((p) => p === null)) return null;
  return `${parts.map((p) => p ?? 0).join(' x ')} cm`;
}

/** A product as the storefront reads it (customer spec §3): both naming styles, price in major units and cents. */
export function toProductDto(r: ProductRow, embed?: EmbedInfo | null): Product {
  const image = r.images[0] ?? null;
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    short_description: r.shortDescription || shortFrom(r.description),
    bullet_points: r.bulletPoints,
    name_ar: r.nameAr,
    description_ar: r.descriptionAr,
    bullet_points_ar: r.bulletPointsAr,
    price: centsToAmount(r.priceCents),
    price_cents: r.priceCents,
    compare_at_price: r.compareAtCents === null ? null : centsToAmount(r.compareAtCents),
    currency: r.currency,
    category: r.categories[0] ?? '',
    categories: r.categories,
    tags: r.tags,
    keywords: r.keywords,
    brand: r.brand,
    sku: r.sku,
    rating: r.rating,
    review_count: r.reviewCount,
    badge: r.badge,
    badge_ar: r.badgeAr,
    stock: r.stock,
    stock_quantity: r.stock,
    status: r.status,
    is_active: r.status === 'active',
    image,
    imageUrl: image,
    image_url: image,
    images: r.images,
    weight: r.weight,
    dimensions: dimensions(r),
    warranty_info: r.warrantyInfo,
    vendor_id: r.vendorId,
    embed_id: embed?.id ?? null,
    embed_settings: embed?.settings ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

/** A product's options as the product dialog offers them (issue 23 item 2): kinds in a fixed order, each with its price. */
export function toOptionDtos(r: Pick<ProductRow, 'priceCents'>, variants: VariantRow[]): ProductOption[] {
  return sortedOptions(variants).map((v) => ({
    id: v.id,
    type: v.type,
    value: v.value,
    price_adjustment: centsToAmount(v.priceAdjustmentCents),
    price: centsToAmount(variantUnitPriceCents(r.priceCents, [v])),
    stock: v.inventoryQuantity,
    in_stock: v.inventoryQuantity > 0,
  }));
}

export function toShelfItem(r: Pick<ProductRow, 'id' | 'name' | 'nameAr' | 'priceCents' | 'images' | 'rating' | 'reviewCount' | 'badge' | 'badgeAr'>): ShelfItem {
  return {
    id: r.id, title: r.name, title_ar: r.nameAr, price: centsToAmount(r.priceCents), image: r.images[0] ?? null, rating: r.rating,
    review_count: r.reviewCount, badge: r.badge, badge_ar: r.badgeAr,
  };
}

/** A product as its vendor and the admins manage it (Products tab, product manager): every stored field. */
export function toManagedDto(r: ProductRow, variants: VariantRow[], owner?: OwnerInfo | null, embed?: EmbedInfo | null): ManagedProduct {
  return {
    ...toProductDto(r, embed),
    compare_at_price_cents: r.compareAtCents,
    tax_category: r.taxCategory,
    ai_tags: r.aiTags,
    seo_title: r.seoTitle,
    meta_description: r.metaDescription,
    target_audience: r.targetAudience,
    seasonality: r.seasonality,
    country_of_origin: r.countryOfOrigin,
    dim_length: r.dimLength,
    dim_width: r.dimWidth,
    dim_height: r.dimHeight,
    variants: variants.map((v) => ({
      id: v.id,
      type: v.type,
      value: v.value,
      price_adjustment_cents: v.priceAdjustmentCents,
      inventory_quantity: v.inventoryQuantity,
      sku_suffix: v.skuSuffix,
    })),
    vendor_name: owner?.companyName ?? null,
    vendor_contact: owner?.contactName ?? null,
    embed_code: embed?.code ?? null,
    updated_at: r.updatedAt.toISOString(),
  };
}
