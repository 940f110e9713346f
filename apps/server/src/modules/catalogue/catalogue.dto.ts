import type { Product, ShelfItem } from '@souq/shared/api/catalogue';
import { centsToAmount } from '@souq/shared/rules/money';
import type { products } from '../../db/schema/catalogue.js';

export type ProductRow = typeof products.$inferSelect;
export type EmbedInfo = { id: number; settings: { theme: string } & Record<string, unknown> };

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

export function toShelfItem(r: Pick<ProductRow, 'id' | 'name' | 'priceCents' | 'images' | 'rating' | 'badge'>): ShelfItem {
  return { id: r.id, title: r.name, price: centsToAmount(r.priceCents), image: r.images[0] ?? null, rating: r.rating, badge: r.badge };
}
