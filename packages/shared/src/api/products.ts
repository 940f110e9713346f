import { z } from 'zod';
import {
  CURRENCIES, PRODUCT_IMAGES_MAX, PRODUCT_LIMITS, PRODUCT_VARIANTS_MAX, SEASONALITIES, TARGET_AUDIENCES,
  VARIANT_TYPES,
} from '../constants.js';
import { MSG } from '../messages.js';
import { TAX_CATEGORIES } from '../rules/tax.js';
import { optionalText, pageQuerySchema, sortQuerySchema } from './common.js';
import { productSchema } from './catalogue.js';
import { hasArabicLetter } from '../rules/content-lang.js';

// The product write API (POST /api/products, PUT/DELETE /api/products/{id}) and the managed lists of the vendor's
// Products tab and the admin's product manager. One schema checks the request on the server and mirrors on the client.

const MAX_CENTS = 1_000_000_000; // 10 million in major units: a typo guard, not a business rule

/** Our own media paths or an http(s) URL (vendor §2: "images (one URL per line, first is primary)"). */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v) || /^\/media\/[\w\-./]+$/.test(v), { error: 'Enter a valid image URL (https://…)' });

const listOf = (maxItems: number, maxLength: number) => z.array(z.string().trim().min(1).max(maxLength)).max(maxItems);
/** An Arabic text field: empty, or holding Arabic letters (Latin brand names and digits may stand beside them). */
const arabicText = (max: number) => z.string().trim().max(max).refine((v) => v === '' || hasArabicLetter(v), { error: MSG.arabicTextRequired });
const nonNegative = (max = 1_000_000) => z.number().min(0).max(max).nullable();

export const variantInputSchema = z.object({
  type: z.enum(VARIANT_TYPES),
  value: z.string().trim().min(1, { error: 'Variant value is required' }).max(100),
  /** Added to the product price for this variant (may be negative), in the same currency as price_cents. */
  price_adjustment_cents: z.number().int().min(-MAX_CENTS).max(MAX_CENTS),
  inventory_quantity: z.number().int().min(0).max(1_000_000),
  sku_suffix: z.string().trim().max(50),
});
export type VariantInput = z.infer<typeof variantInputSchema>;

/**
 * Every field a product form collects (vendor §2/§3, the embedding tool's schema, the product manager). Only name and
 * price are required on the server: the spec's own payloads (§3) send just name, description, price_cents, image_url,
 * categories, tags and slug; the dashboard form adds its own required rule (title, brand, category, SKU) on top.
 * Prices are cents in `currency` (default: the shop currency) and are converted to the shop currency when saved.
 */
const productFields = {
  name: z.string().trim().min(1, { error: MSG.productNameRequired }).max(PRODUCT_LIMITS.name),
  description: z.string().trim().max(PRODUCT_LIMITS.description),
  bullet_points: listOf(20, 300),
  /** Arabic beside the English (issue 26 item 5): optional, each must be written in Arabic. */
  name_ar: arabicText(PRODUCT_LIMITS.name),
  description_ar: arabicText(PRODUCT_LIMITS.description),
  bullet_points_ar: z.array(arabicText(300).pipe(z.string().min(1))).max(20),
  price_cents: z.number().int().min(0).max(MAX_CENTS),
  currency: z.enum(CURRENCIES),
  compare_at_price_cents: z.number().int().min(0).max(MAX_CENTS).nullable(),
  stock_quantity: z.number().int().min(0).max(1_000_000),
  /** The primary image (the spec's payload); ignored when `images` is given. */
  image_url: imageUrlSchema.nullable(),
  images: z.array(imageUrlSchema).max(PRODUCT_IMAGES_MAX, { error: MSG.productImagesTooMany(PRODUCT_IMAGES_MAX) }),
  categories: listOf(10, 60).nullable(),
  tags: listOf(30, 50),
  keywords: listOf(30, 50),
  ai_tags: listOf(30, 50),
  /** Accepted for the spec's payload; the stored slug is always derived from it or the name and made unique. */
  slug: z.string().trim().max(200),
  brand: z.string().trim().max(PRODUCT_LIMITS.brand),
  sku: z.string().trim().max(PRODUCT_LIMITS.sku),
  status: z.enum(['active', 'inactive', 'draft']),
  target_audience: z.enum(TARGET_AUDIENCES).nullable(),
  seasonality: z.enum(SEASONALITIES).nullable(),
  country_of_origin: z.string().trim().max(60).nullable(),
  seo_title: z.string().trim().max(PRODUCT_LIMITS.seoTitle),
  meta_description: z.string().trim().max(PRODUCT_LIMITS.metaDescription),
  /** kg */
  weight: nonNegative(),
  /** cm */
  dim_length: nonNegative(),
  dim_width: nonNegative(),
  dim_height: nonNegative(),
  variants: z.array(variantInputSchema).max(PRODUCT_VARIANTS_MAX),
  /** Admin sessions only: the vendor the product belongs to. Vendor sessions always write their own. */
  vendor_id: z.number().int().positive().nullable(),
  /** VAT category (decision 0098): standard 5 % (default), zero-rated or exempt; set by the vendor, checked by the admin. */
  tax_category: z.enum(TAX_CATEGORIES),
};

/** PUT /api/products/{id}: any subset of the fields; absent fields keep their value. `variants` replaces them all. */
export const productUpdateSchema = z.object(productFields).partial();
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/** POST /api/products (JSON, or multipart with this object in a `product` field and files in `photos`). */
export const productCreateSchema = productUpdateSchema.extend({
  name: z.string({ error: MSG.productNameRequired }).trim().min(1, { error: MSG.productNameRequired }).max(PRODUCT_LIMITS.name),
  price_cents: z.number({ error: (iss) => (iss.input === undefined ? MSG.productPriceRequired : 'Price must be a number') }).int().min(0).max(MAX_CENTS),
});
export type ProductCreate = z.infer<typeof productCreateSchema>;

export const productVariantSchema = variantInputSchema.extend({ id: z.number().int() });
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** A product as its vendor and the admins manage it: every stored field, variants and the owner. */
export const managedProductSchema = productSchema.extend({
  compare_at_price_cents: z.number().int().nullable(),
  tax_category: z.enum(TAX_CATEGORIES),
  ai_tags: z.array(z.string()),
  seo_title: z.string(),
  meta_description: z.string(),
  target_audience: z.string().nullable(),
  seasonality: z.string().nullable(),
  country_of_origin: z.string().nullable(),
  dim_length: z.number().nullable(),
  dim_width: z.number().nullable(),
  dim_height: z.number().nullable(),
  variants: z.array(productVariantSchema),
  vendor_name: z.string().nullable(),
  vendor_contact: z.string().nullable(),
  embed_code: z.string().nullable(),
  updated_at: z.string(),
});
export type ManagedProduct = z.infer<typeof managedProductSchema>;

export const productWriteResponseSchema = z.object({ product: managedProductSchema });
export type ProductWriteResponse = z.infer<typeof productWriteResponseSchema>;

export const productDeleteResponseSchema = z.object({
  success: z.literal(true),
  /** 'archived' when orders hold the product: it leaves the shop, order history stays whole. */
  outcome: z.enum(['deleted', 'archived']),
});
export type ProductDeleteResponse = z.infer<typeof productDeleteResponseSchema>;

const managedStatus = z.enum(['active', 'inactive', 'draft', 'archived']);

/** GET /api/vendor/products: the signed-in vendor's products, every status. `search` matches name, SKU, brand, tag, category. */
export const vendorProductsQuerySchema = pageQuerySchema.extend({
  search: optionalText(200),
  status: managedStatus.optional(),
});
export type VendorProductsQuery = z.infer<typeof vendorProductsQuerySchema>;

// GET /api/admin/products: the admin Products section and the product manager read one list (decision 0042).
export const ADMIN_PRODUCT_SORTS = ['created_at', 'name', 'price', 'stock'] as const;
const adminProductFilterFields = {
  /** Substring of name, slug (the SKU shown), SKU, brand, description, a tag or a category. */
  search: optionalText(200),
  /** One exact status; without it archived products (deleted while orders held them) are left out. */
  status: managedStatus.optional(),
  /** Exact category (admin §5). */
  category: optionalText(100),
  vendor_id: z.coerce.number().int().positive().optional(),
  /** Inclusive price range in major units. */
  min_price: z.coerce.number().min(0).optional(),
  max_price: z.coerce.number().min(0).optional(),
  /** Comma-separated; each must be a substring of one of the product's tags (admin §5: a substring match). */
  tags: optionalText(300),
  /** The spec's Active/Inactive filter as a flag (false: any status but active). */
  is_active: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
};
const priceRangeInOrder: [(q: { min_price?: number; max_price?: number }) => boolean, { error: string; path: string[] }] = [
  (q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price,
  { error: MSG.priceRangeInvalid, path: ['min_price'] },
];

/** The admin product list's filters (also the Products section's stat cards). */
export const adminProductFiltersSchema = z.object(adminProductFilterFields).refine(...priceRangeInOrder);
export type AdminProductFilters = z.infer<typeof adminProductFiltersSchema>;

/** GET /api/admin/products: the filters, paging and the sort (`sort`/`order`, newest first by default). */
export const adminProductsQuerySchema = pageQuerySchema
  .extend(adminProductFilterFields)
  .extend(sortQuerySchema(ADMIN_PRODUCT_SORTS, { sort: 'created_at', order: 'desc' }).shape)
  .refine(...priceRangeInOrder);
export type AdminProductsQuery = z.infer<typeof adminProductsQuerySchema>;
