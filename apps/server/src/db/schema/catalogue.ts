import { sql } from 'drizzle-orm';
import {
  check, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { vendors } from './vendors.js';
import { bytea, tsvector } from './types.js';
import type { EmbedCardSettings } from '@souq/shared/rules/embed';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    shortDescription: text('short_description').notNull().default(''),
    bulletPoints: text('bullet_points').array().notNull().default(sql`'{}'::text[]`),
    /** The Arabic content beside the English (issue 26 item 5): empty when the vendor wrote none (the storefront falls back). */
    nameAr: text('name_ar').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    bulletPointsAr: text('bullet_points_ar').array().notNull().default(sql`'{}'::text[]`),
    priceCents: integer('price_cents').notNull(),
    compareAtCents: integer('compare_at_cents'),
    currency: text('currency').notNull().default('AED'),
    stock: integer('stock').notNull().default(0),
    status: text('status', { enum: ['active', 'inactive', 'draft', 'archived'] }).notNull().default('active'),
    /** VAT category (decision 0098): standard 5 %, zero-rated or exempt; set by the vendor, checked by the admin. */
    taxCategory: text('tax_category', { enum: ['standard', 'zero', 'exempt'] }).notNull().default('standard'),
    brand: text('brand').notNull().default(''),
    sku: text('sku').notNull().default(''),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    aiTags: text('ai_tags').array().notNull().default(sql`'{}'::text[]`),
    /** Image URLs, first is primary. */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    rating: doublePrecision('rating'),
    reviewCount: integer('review_count').notNull().default(0),
    badge: text('badge'),
    /** The badge in Arabic ('' when none: the storefront shows the English one), issue 26 item 1. */
    badgeAr: text('badge_ar').notNull().default(''),
    seoTitle: text('seo_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    targetAudience: text('target_audience'),
    seasonality: text('seasonality'),
    countryOfOrigin: text('country_of_origin'),
    weight: numeric('weight', { precision: 10, scale: 2, mode: 'number' }),
    dimLength: numeric('dim_length', { precision: 10, scale: 2, mode: 'number' }),
    dimWidth: numeric('dim_width', { precision: 10, scale: 2, mode: 'number' }),
    dimHeight: numeric('dim_height', { precision: 10, scale: 2, mode: 'number' }),
    warrantyInfo: text('warranty_info'),
    searchVector: tsvector('search_vector'),
    /**
     * The admin list's search text (decision 0042): name, slug, SKU, brand, description, tags and categories,
     * lower-cased, kept by the database (migration admin-search defines the function). A substring search reads it
     * through a trigram index instead of computing it per row.
     */
    searchText: text('search_text').generatedAlwaysAs(sql`souq_product_search_text(name, slug, sku, brand, description, tags, categories)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_vendor_idx').on(t.vendorId),
    index('products_created_idx').on(t.createdAt),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // admin product list (0042): status filter in the list's order, price range, exact category, substring search
    // and tags (souq_tags_text: migration admin-search)
    index('products_status_created_idx').on(t.status, t.createdAt),
    index('products_price_idx').on(t.priceCents),
    index('products_categories_gin').using('gin', t.categories),
    index('products_search_text_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_tags_trgm').using('gin', sql`souq_tags_text(${t.tags}) gin_trgm_ops`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['color', 'size', 'material'] }).notNull(),
    value: text('value').notNull(),
    priceAdjustmentCents: integer('price_adjustment_cents').notNull().default(0),
    inventoryQuantity: integer('inventory_quantity').notNull().default(0),
    skuSuffix: text('sku_suffix').notNull().default(''),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId),
    // an option's stock is decremented by the order statement without a guard of its own (as products.stock, 0064)
    check('product_variants_inventory_nonnegative', sql`${t.inventoryQuantity} >= 0`),
  ],
);

/** The storefront's curated shelves (16 × 5 in the demo data). */
export const shelves = pgTable(
  'shelves',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** The title in Arabic ('' when none: the storefront shows the English one), issue 26 item 1. */
    titleAr: text('title_ar').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('shelves_slug_key').on(t.slug)],
);

/**
 * A category's (department's) name in Arabic, by its English name as products carry it in `categories` (issue 26
 * item 1): categories are words on products, not rows, so their Arabic names live beside them here. A category
 * without a row is shown and quoted in English.
 */
export const categoryNames = pgTable('category_names', {
  name: text('name').primaryKey(),
  nameAr: text('name_ar').notNull(),
});

export const shelfItems = pgTable(
  'shelf_items',
  {
    shelfId: integer('shelf_id').notNull().references(() => shelves.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shelfId, t.productId] })],
);

/** Theme, size and what the card shows (the embed code's settings, rules/embed.ts). */
export type EmbedSettingsJson = EmbedCardSettings;

export const embeddedProducts = pgTable(
  'embedded_products',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    embedCode: text('embed_code').notNull(),
    embedSettings: jsonb('embed_settings').$type<EmbedSettingsJson>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('embedded_products_product_key').on(t.productId)],
);

/**
 * Visual descriptors per product image (image search), one row per image and descriptor model. The learned model
 * stores packed bytes in `vector` (loaded into the index) and `keypoints` (read for a query's short list only);
 * `descriptor` holds the float vectors of the older hand-made descriptors (empty for the learned model).
 */
export const imageFeatures = pgTable(
  'image_features',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
    model: text('model').notNull(),
    descriptor: doublePrecision('descriptor').array().notNull(),
    vector: bytea('vector'),
    keypoints: bytea('keypoints'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.imageUrl, t.model] })],
);
