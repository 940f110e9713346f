import { z } from 'zod';

/** An option of a product as shoppers pick it (issue 23 item 2); `price` is the product's price with its adjustment. */
export const productOptionSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  value: z.string(),
  price_adjustment: z.number(),
  price: z.number(),
  stock: z.number().int(),
  in_stock: z.boolean(),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

/**
 * A product as the storefront, chat and admin read it (customer spec §3): both `price` (major units) and
 * `price_cents`, `image` and `imageUrl`, `stock` and `stock_quantity`, `category` (first of `categories`).
 */
export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  short_description: z.string(),
  bullet_points: z.array(z.string()),
  /** The Arabic name, description and bullet points ('' and [] when the vendor wrote none): issue 26 item 5. */
  name_ar: z.string(),
  description_ar: z.string(),
  bullet_points_ar: z.array(z.string()),
  price: z.number(),
  price_cents: z.number().int(),
  compare_at_price: z.number().nullable(),
  currency: z.string(),
  category: z.string(),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  keywords: z.array(z.string()),
  brand: z.string(),
  sku: z.string(),
  rating: z.number().nullable(),
  review_count: z.number().int(),
  badge: z.string().nullable(),
  /** The badge in Arabic ('' when none: the storefront shows `badge`), issue 26 item 1. */
  badge_ar: z.string(),
  stock: z.number().int(),
  stock_quantity: z.number().int(),
  status: z.enum(['active', 'inactive', 'draft', 'archived']),
  is_active: z.boolean(),
  image: z.string().nullable(),
  imageUrl: z.string().nullable(),
  image_url: z.string().nullable(),
  images: z.array(z.string()),
  weight: z.number().nullable(),
  dimensions: z.string().nullable(),
  warranty_info: z.string().nullable(),
  vendor_id: z.number().int().nullable(),
  embed_id: z.number().int().nullable(),
  embed_settings: z.object({ theme: z.string() }).passthrough().nullable(),
  created_at: z.string(),
  /** Its options, on GET /api/products/{id} only (lists leave them out): what the product dialog offers. */
  variants: z.array(productOptionSchema).optional(),
});
export type Product = z.infer<typeof productSchema>;

/** A shelf item as the spec's built-in catalogue has it: title in place of name. */
export const shelfItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The Arabic name ('' when none). */
  title_ar: z.string(),
  price: z.number(),
  image: z.string().nullable(),
  rating: z.number().nullable(),
  /** Visible verified reviews behind the rating (issue 28). */
  review_count: z.number().int(),
  badge: z.string().nullable(),
  /** The badge in Arabic ('' when none). */
  badge_ar: z.string(),
});
export type ShelfItem = z.infer<typeof shelfItemSchema>;

export const shelfSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** The title in Arabic ('' when none: the storefront shows `title`), issue 26 item 1. */
  title_ar: z.string(),
  items: z.array(shelfItemSchema),
});
export type Shelf = z.infer<typeof shelfSchema>;

/** A category's (department's) Arabic name, by the English name products carry (issue 26 item 1). */
export const categoryNameSchema = z.object({ name: z.string(), name_ar: z.string() });
export type CategoryName = z.infer<typeof categoryNameSchema>;

/** Filters shared by list and search endpoints (query string). */
export const productFiltersSchema = z.object({
  category: z.string().trim().max(100).optional(),
  brand: z.string().trim().max(100).optional(),
  min_price: z.coerce.number().min(0).optional(),
  max_price: z.coerce.number().min(0).optional(),
  in_stock: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export type ProductFilters = z.infer<typeof productFiltersSchema>;
