import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import { PRODUCT_IMAGES_MAX, SHOP_CURRENCY_DEFAULT } from '@souq/shared/constants';
import type { Product, ProductFilters, Shelf } from '@souq/shared/api/catalogue';
import type { AdminProductsQuery, ManagedProduct, ProductCreate, ProductUpdate } from '@souq/shared/api/products';
import { slugify } from '@souq/shared/rules/slug';
import { categoryNames, products, productVariants, shelfItems, shelves } from '../../db/schema/catalogue.js';
import type { Database, Db, Tx } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import { badRequest, conflict, forbidden, notFound, unprocessable, say } from '../../platform/errors.js';
import { changesBetween, type Actor, type AuditLog } from '../../platform/audit.js';
import type { FilesService, NewFile } from '../files/files.service.js';
import { shortFrom, toManagedDto, toOptionDtos, toProductDto, toShelfItem, type EmbedInfo, type OwnerInfo, type ProductRow, type VariantRow } from './catalogue.dto.js';
import { productColumns, variantColumns, type VariantValues } from './product-input.js';
import type { ProductInput, ProductPatch } from './product-values.js';
import { createResponseCache } from './response-cache.js';
import { createVariantStock } from './variant-stock.js';
import { isUniqueViolation } from '../../platform/pg-errors.js';
import type { PricesService } from '../prices/prices.service.js';

/** The fields of a product the recommendation model reads (a subset of the DTO, same values). */
export type ItemFacts = Pick<Product, 'id' | 'name' | 'short_description' | 'categories' | 'tags' | 'keywords' | 'brand' | 'rating' | 'review_count' | 'created_at'>;

export type ListOptions = {
  limit: number;
  offset: number;
  filters?: ProductFilters;
  /** Public lists show active products only; vendor and admin tools may ask for every status. */
  status?: Product['status'] | 'any';
  vendorId?: number;
};

export type StockLine = { productId: number; quantity: number };
export type ReservedProduct = Pick<ProductRow, 'id' | 'name' | 'priceCents' | 'currency' | 'vendorId' | 'stock'>;

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** A product's owner as the write rules need it (the vendors module answers). */
export type OwnerSummary = OwnerInfo & { isVerified: boolean };

/** Options of a vendor's or an admin's write: who, and what comes with the row (variants, uploaded photos). */
export type WriteOptions = { actor: Actor; variants?: VariantValues[]; photos?: NewFile[] };

/** The managed lists' filters (GET /api/vendor/products, GET /api/admin/products). */
export type ManagedListOptions = Partial<AdminProductsQuery> & { limit: number; offset: number };

/** Columns that describe a product in its audit entries (not its id, search vector or timestamps). */
function auditSnapshot(row: ProductRow, variants?: VariantValues[]): Record<string, unknown> {
  const { id: _id, searchVector: _sv, searchText: _st, createdAt: _c, updatedAt: _u, ...fields } = row;
  return variants === undefined ? fields : { ...fields, variants: variants.map(variantSnapshot) };
}
const variantSnapshot = (v: VariantValues) => ({
  type: v.type, value: v.value, priceAdjustmentCents: v.priceAdjustmentCents ?? 0, inventoryQuantity: v.inventoryQuantity ?? 0, skuSuffix: v.skuSuffix ?? '',
});
const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
/** `a%_b` → `a\%\_b`, for ILIKE patterns built from user text. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One quantity per product: a cart may hold one product on several lines (variants). */
function totalsByProduct(lines: StockLine[]): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  return wanted;
}

/** A product as checkout checks it (raw column names: read by a raw query, or locked by the order statement). */
export type OrderProductRow = { id: number; name: string; status: string; price_cents: number; currency: string; vendor_id: number | null; stock: number };

/**
 * Checkout's product rule on rows read (or locked) by the caller, in the cart's order: each product exists (404),
 * is active (422) and has the stock the cart's lines add up to (409), each error naming it. Returns the products.
 */
export function checkProductsForOrder(lines: StockLine[], rows: OrderProductRow[]): Map<number, ReservedProduct> {
  const wanted = totalsByProduct(lines);
  const byId = new Map(rows.map((p) => [p.id, p]));
  const out = new Map<number, ReservedProduct>();
  for (const [id, quantity] of wanted) {
    const p = byId.get(id);
    if (!p) throw notFound(say.productUnavailable(id));
    if (p.status !== 'active') throw unprocessable(say.productUnavailable(p.name));
    if (p.stock < quantity) throw conflict(say.outOfStock(p.name, p.stock));
    out.set(id, { id: p.id, name: p.name, priceCents: p.price_cents, currency: p.currency, vendorId: p.vendor_id, stock: p.stock });
  }
  return out;
}

export function createCatalogueService(deps: {
  db: Db;
  bus: Bus;
  /** Embed info per product id (the embeds module), when it exists. */
  embedLookup?: (ids: number[]) => Promise<Map<number, EmbedInfo>>;
  /** Whether any order ever held the product (the orders module): such a product is archived, never erased. */
  productHasOrders?: (id: number) => Promise<boolean>;
  audit?: AuditLog;
  /** Uploaded product photos: stored with the product's row, removed when no product shows them any more. */
  files?: Pick<FilesService, 'storeWith' | 'removePublicUploads'>;
  /** Owners by vendor id (the vendors module): names for the managed lists, verification for publishing. */
  owners?: (vendorIds: number[]) => Promise<Map<number, OwnerSummary>>;
  /** The shop currency prices are stored in (config SHOP_CURRENCY). */
  currency?: string;
  /** Raw (optionally named, prepared) queries outside any transaction: checkout's product check (decision 0064). */
  query: Database['query'];
  /**
   * The price log (the prices module, decision 0101): every write that sets a price logs it in the same transaction,
   * which also fires the price alerts it crosses.
   */
  priceLog?: Pick<PricesService, 'record'>;
  /** Whether the vendor's listings are paused for its performance (decision 0154): it may not put a product on sale then. */
  listingsPaused?: (vendorId: number) => Promise<boolean>;
}) {
  const { db, bus } = deps;

  /** Logs the price of each written row whose price is new or changed (before: its earlier price, null for a new one). */
  async function logPrices(tx: Tx, rows: { before: number | null; after: ProductRow }[]): Promise<() => Promise<void>> {
    const after: (() => Promise<void>)[] = [];
    for (const { before, after: row } of rows) {
      if (!deps.priceLog || before === row.priceCents) continue;
      after.push(await deps.priceLog.record(tx, {
        productId: row.id, productName: row.name, currency: row.currency, fromCents: before, toCents: row.priceCents, source: before === null ? 'create' : 'edit',
      }));
    }
    return async () => {
      for (const f of after) await f();
    };
  }
  const shopCurrency = deps.currency ?? SHOP_CURRENCY_DEFAULT;

  /**
   * Runs a write in one transaction; with photos, the files are stored first and committed with the rows (their
   * public URLs are handed to the write), and deleted again if anything fails.
   */
  function writeWithPhotos<T>(photos: NewFile[] | undefined, write: (tx: Tx, photoUrls: string[]) => Promise<T>): Promise<T> {
    if (!photos?.length) return db.transaction((tx) => write(tx, []));
    if (!deps.files) throw new Error('catalogue: photo uploads need the files service');
    return deps.files.storeWith(photos, (tx, stored) => write(tx, stored.map((f) => f.url)));
  }

  /** URLs first, then the uploaded photos, within the image limit (the first image is the primary one). */
  function withPhotos(images: string[], photoUrls: string[]): string[] {
    const all = [...images, ...photoUrls];
    if (all.length > PRODUCT_IMAGES_MAX) throw badRequest(say.productImagesTooMany(PRODUCT_IMAGES_MAX), { images: say.productImagesTooMany(PRODUCT_IMAGES_MAX) });
    return all;
  }

  async function variantsOf(exec: Db | Tx, ids: number[]): Promise<Map<number, VariantRow[]>> {
    const out = new Map<number, VariantRow[]>();
    if (!ids.length) return out;
    const rows = await exec.select().from(productVariants).where(inArray(productVariants.productId, ids)).orderBy(asc(productVariants.id));
    for (const v of rows) out.set(v.productId, [...(out.get(v.productId) ?? []), v]);
    return out;
  }

  async function replaceVariants(tx: Tx, productId: number, variants: VariantValues[]): Promise<void> {
    await tx.delete(productVariants).where(eq(productVariants.productId, productId));
    if (variants.length) await tx.insert(productVariants).values(variants.map((v) => ({ ...v, productId })));
  }

  /**
   * Uploaded photos a write dropped that no product shows any more: their file rows go in this transaction, their
   * objects after the commit (call the returned function then).
   */
  async function dropOrphanUploads(tx: Tx, before: string[], after: string[]): Promise<() => Promise<void>> {
    const removed = before.filter((url) => !after.includes(url));
    if (!removed.length || !deps.files) return async () => {};
    const stillShown = await tx
      .select({ url: sql<string>`unnest(${products.images})` })
      .from(products)
      .where(sql`${products.images} && ${sql.param(removed)}::text[]`);
    const shown = new Set(stillShown.map((r) => r.url));
    return deps.files.removePublicUploads(tx, removed.filter((url) => !shown.has(url)));
  }

  async function ownersOf(vendorIds: (number | null)[]): Promise<Map<number, OwnerSummary>> {
    const ids = vendorIds.filter((v): v is number => v !== null);
    return deps.owners && ids.length ? deps.owners(ids) : new Map();
  }

  /** Only a verified vendor whose listings are not paused may put a product on sale (draft and inactive are always allowed). */
  async function assertMayPublish(actor: Actor, vendorId: number | null, status: string | undefined) {
    if (actor.role !== 'vendor' || status !== 'active' || vendorId === null) return;
    const owner = (await ownersOf([vendorId])).get(vendorId);
    if (!owner?.isVerified) throw forbidden(MSG.vendorNotVerified);
    if (await deps.listingsPaused?.(vendorId)) throw forbidden(MSG.listingsPaused);
  }

  async function managedDtos(rows: ProductRow[], opts: { embeds?: boolean } = {}): Promise<ManagedProduct[]> {
    const ids = rows.map((r) => r.id);
    const [variants, owners, embeds] = await Promise.all([
      variantsOf(db, ids),
      ownersOf(rows.map((r) => r.vendorId)),
      deps.embedLookup && ids.length && opts.embeds !== false ? deps.embedLookup(ids) : null,
    ]);
    return rows.map((r) => toManagedDto(r, variants.get(r.id) ?? [], r.vendorId === null ? null : owners.get(r.vendorId), embeds?.get(r.id)));
  }

  function managedWhere(opts: ManagedListOptions & { vendorId?: number }): SQL | undefined {
    const conds: (SQL | undefined)[] = [];
    if (opts.vendorId !== undefined) conds.push(eq(products.vendorId, opts.vendorId));
    if (opts.vendor_id !== undefined) conds.push(eq(products.vendorId, opts.vendor_id));
    if (opts.status) conds.push(eq(products.status, opts.status));
    if (opts.is_active !== undefined) conds.push(opts.is_active ? eq(products.status, 'active') : sql`${products.status} <> 'active'`);
    if (opts.search) {
      const like = `%${likeEscape(opts.search)}%`;
      conds.push(sql`(${products.name} ilike ${like} or ${products.description} ilike ${like} or ${products.sku} ilike ${like} or ${products.brand} ilike ${like}
        or exists (select 1 from unnest(${products.tags} || ${products.categories}) t where t ilike ${like}))`);
    }
    if (opts.category) conds.push(sql`lower(${opts.category}) = any(select lower(c) from unnest(${products.categories}) c)`);
    if (opts.tags) {
      const wanted = opts.tags.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
      if (wanted.length) conds.push(sql`${sql.param(wanted)}::text[] <@ (select coalesce(array_agg(lower(t)), '{}') from unnest(${products.tags}) t)`);
    }
    if (opts.min_price !== undefined) conds.push(gte(products.priceCents, Math.round(opts.min_price * 100)));
    if (opts.max_price !== undefined) conds.push(lte(products.priceCents, Math.round(opts.max_price * 100)));
    return and(...conds);
  }

  async function withEmbeds(rows: ProductRow[]): Promise<Product[]> {
    const embeds = deps.embedLookup && rows.length ? await deps.embedLookup(rows.map((r) => r.id)) : null;
    return rows.map((r) => toProductDto(r, embeds?.get(r.id)));
  }

  function whereOf(opts: Pick<ListOptions, 'filters' | 'status' | 'vendorId'>): SQL | undefined {
    const f = opts.filters ?? {};
    const conds: (SQL | undefined)[] = [];
    const status = opts.status ?? 'active';
    if (status !== 'any') conds.push(eq(products.status, status));
    if (opts.vendorId !== undefined) conds.push(eq(products.vendorId, opts.vendorId));
    if (f.category) conds.push(sql`lower(${f.category}) = any(select lower(c) from unnest(${products.categories}) c)`);
    if (f.brand) conds.push(sql`lower(${products.brand}) = lower(${f.brand})`);
    if (f.min_price !== undefined) conds.push(gte(products.priceCents, Math.round(f.min_price * 100)));
    if (f.max_price !== undefined) conds.push(lte(products.priceCents, Math.round(f.max_price * 100)));
    if (f.in_stock === true) conds.push(sql`${products.stock} > 0`);
    if (f.in_stock === false) conds.push(eq(products.stock, 0));
    return and(...conds);
  }

  /** A slug free in the table: the name's slug, else with -2, -3, … appended. */
  async function freeSlug(base: string, exceptId?: number): Promise<string> {
    const root = slugify(base) || 'product';
    const taken = await db
      .select({ slug: products.slug, id: products.id })
      .from(products)
      .where(sql`${products.slug} = ${root} or ${products.slug} like ${`${root}-%`}`);
    const used = new Set(taken.filter((t) => t.id !== exceptId).map((t) => t.slug));
    if (!used.has(root)) return root;
    for (let n = 2; ; n++) if (!used.has(`${root}-${n}`)) return `${root}-${n}`;
  }

  // Public reads are cached as ready-to-send JSON: serialising 50 products per request costs far more than the
  // query. Every product event (this instance) clears the caches; the TTL bounds what other instances changed.
  const CACHE_TTL_MS = 5_000;
  const totals = createResponseCache<number>({ ttlMs: CACHE_TTL_MS, max: 500 });
  const pages = createResponseCache<{ json: string; total: number }>({ ttlMs: CACHE_TTL_MS, max: 64 });
  const details = createResponseCache<string>({ ttlMs: CACHE_TTL_MS, max: 2_000 });
  const shelfCache = createResponseCache<string>({ ttlMs: CACHE_TTL_MS, max: 1 });
  // a few dozen rows, written by migrations: read once per TTL, not per recommendation or assistant answer
  const categoryNamesCache = createResponseCache<ReadonlyMap<string, string>>({ ttlMs: CACHE_TTL_MS, max: 1 });
  const forget = () => {
    totals.clear();
    pages.clear();
    details.clear();
    shelfCache.clear();
  };
  bus.on('product.changed', forget);
  bus.on('product.deleted', forget);
  bus.on('product.stockChanged', forget);

  const totalOf = (key: string, where: SQL | undefined) =>
    totals.get(key, async () => (await db.select({ n: count() }).from(products).where(where))[0]?.n ?? 0);

  async function getRow(id: number): Promise<ProductRow | undefined> {
    const [row] = await db.select().from(products).where(eq(products.id, id));
    return row;
  }

  const service = {
    toProductDto,

    /** A bounded page, newest first, and the total for X-Total-Count. */
    async listProducts(opts: ListOptions): Promise<{ items: Product[]; total: number }> {
      const where = whereOf(opts);
      const key = JSON.stringify([opts.status ?? 'active', opts.vendorId ?? null, opts.filters ?? {}]);
      const [rows, total] = await Promise.all([
        db.select().from(products).where(where).orderBy(desc(products.createdAt), desc(products.id)).limit(opts.limit).offset(opts.offset),
        totalOf(key, where),
      ]);
      return { items: await withEmbeds(rows), total };
    },

    /**
     * What the recommendation model learns from each active product with an id above `afterId`, in id order, `limit`
     * of them: pages for its bulk read. Each page is a short primary-key range (an offset page of the newest-first
     * list sorts the whole table every time, decision 0066), and only these columns: the full product DTOs (every
     * column, embeds, images) were ~1.5 KB of garbage per product at start-up, 75 MB at 50,000 (decision 0074).
     * `short_description` is the DTO's (the stored one, or the first sentence of the description).
     */
    async activeItemFactsAfter(afterId: number, limit: number): Promise<ItemFacts[]> {
      const rows = await db
        .select({
          id: products.id,
          name: products.name,
          shortDescription: products.shortDescription,
          // the description only where the short one is derived from it
          description: sql<string | null>`case when ${products.shortDescription} = '' then ${products.description} end`,
          categories: products.categories,
          tags: products.tags,
          keywords: products.keywords,
          brand: products.brand,
          rating: products.rating,
          reviewCount: products.reviewCount,
          createdAt: products.createdAt,
        })
        .from(products)
        .where(and(eq(products.status, 'active'), gt(products.id, afterId)))
        .orderBy(asc(products.id))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        short_description: r.shortDescription || shortFrom(r.description ?? ''),
        categories: r.categories,
        tags: r.tags,
        keywords: r.keywords,
        brand: r.brand,
        rating: r.rating,
        review_count: r.reviewCount,
        created_at: r.createdAt.toISOString(),
      }));
    },

    /** One public product; 404 when it does not exist or is not active (unless includeInactive). */
    async getProduct(id: number, opts: { includeInactive?: boolean } = {}): Promise<Product> {
      const row = await getRow(id);
      if (!row || (!opts.includeInactive && row.status !== 'active')) throw notFound(MSG.productNotFound);
      const [[dto], variants] = await Promise.all([withEmbeds([row]), variantsOf(db, [id])]);
      // the options the product dialog offers (lists leave them out: only this one product's answer carries them)
      return { ...dto!, variants: toOptionDtos(row, variants.get(id) ?? []) };
    },

    /** Products in the order of the ids asked for; unknown (and, by default, inactive) ids are left out. */
    async getProductsByIds(ids: number[], opts: { includeInactive?: boolean } = {}): Promise<Product[]> {
      const unique = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0);
      if (!unique.length) return [];
      const rows = await db
        .select()
        .from(products)
        .where(and(inArray(products.id, unique), opts.includeInactive ? undefined : eq(products.status, 'active')));
      const byId = new Map((await withEmbeds(rows)).map((p) => [p.id, p]));
      return unique.flatMap((id) => byId.get(id) ?? []);
    },

    /** The storefront's shelves in order, each with its active products in order. */
    async listShelves(): Promise<Shelf[]> {
      const rows = await db
        .select({
          shelfId: shelves.id,
          slug: shelves.slug,
          title: shelves.title,
          titleAr: shelves.titleAr,
          id: products.id,
          name: products.name,
          nameAr: products.nameAr,
          priceCents: products.priceCents,
          images: products.images,
          rating: products.rating,
          reviewCount: products.reviewCount,
          badge: products.badge,
          badgeAr: products.badgeAr,
        })
        .from(shelves)
        .leftJoin(shelfItems, eq(shelfItems.shelfId, shelves.id))
        .leftJoin(products, and(eq(products.id, shelfItems.productId), eq(products.status, 'active')))
        .orderBy(asc(shelves.position), asc(shelves.id), asc(shelfItems.position), asc(shelfItems.productId));
      const out = new Map<number, Shelf>();
      for (const r of rows) {
        let shelf = out.get(r.shelfId);
        if (!shelf) out.set(r.shelfId, (shelf = { id: r.shelfId, slug: r.slug, title: r.title, title_ar: r.titleAr, items: [] }));
        if (r.id !== null && r.name !== null && r.priceCents !== null && r.images !== null) {
          shelf.items.push(toShelfItem({ id: r.id, name: r.name, nameAr: r.nameAr ?? '', priceCents: r.priceCents, images: r.images, rating: r.rating, reviewCount: r.reviewCount ?? 0, badge: r.badge, badgeAr: r.badgeAr ?? '' }));
        }
      }
      return [...out.values()];
    },

    /** GET /api/products as JSON text, cached per page and filter set. */
    publicListJson(opts: Pick<ListOptions, 'limit' | 'offset' | 'filters'>): Promise<{ json: string; total: number }> {
      return pages.get(JSON.stringify([opts.limit, opts.offset, opts.filters ?? {}]), async () => {
        const { items, total } = await service.listProducts(opts);
        return { json: JSON.stringify(items), total };
      });
    },

    /** GET /api/products/:id as JSON text (404 for a missing or inactive product), cached per id. */
    publicProductJson(id: number): Promise<string> {
      return details.get(String(id), async () => JSON.stringify(await service.getProduct(id)));
    },

    /** GET /api/shelves as JSON text, cached. */
    publicShelvesJson(): Promise<string> {
      return shelfCache.get('all', async () => JSON.stringify(await service.listShelves()));
    },

    /** The categories' (departments') Arabic names by their English name as products carry it (`category_names`). */
    categoryNamesAr(): Promise<ReadonlyMap<string, string>> {
      return categoryNamesCache.get('all', async () => new Map((await db.select().from(categoryNames)).map((r) => [r.name, r.nameAr])));
    },

    async createShelf(input: { slug?: string; title: string; titleAr?: string; position: number; productIds: number[] }) {
      return db.transaction(async (tx) => {
        const [shelf] = await tx
          .insert(shelves)
          .values({ slug: input.slug ?? slugify(input.title), title: input.title, titleAr: input.titleAr ?? '', position: input.position })
          .returning();
        if (input.productIds.length) {
          await tx.insert(shelfItems).values(input.productIds.map((productId, position) => ({ shelfId: shelf!.id, productId, position })));
        }
        return shelf!;
      }).finally(forget);
    },

    async createProduct(input: ProductInput): Promise<ProductRow> {
      for (let attempt = 0; ; attempt++) {
        const slug = await freeSlug(input.slug ?? input.name);
        try {
          const [row, announce] = await db.transaction(async (tx) => {
            const [created] = await tx.insert(products).values({ ...input, slug }).returning();
            return [created!, await logPrices(tx, [{ before: null, after: created! }])] as const;
          });
          await announce();
          void bus.emit('product.changed', { id: row.id });
          return row;
        } catch (err) {
          // two creations raced for the same slug: pick again
          if (attempt < 3 && isUniqueViolation(err, 'products_slug_key')) continue;
          throw err;
        }
      }
    },

    /**
     * Many products in one statement (seed, imports). Slugs come from the names, de-duplicated within the batch;
     * a clash with an existing product fails the whole batch (unique index), so nothing is half-imported.
     */
    async createProducts(inputs: ProductInput[]): Promise<ProductRow[]> {
      if (!inputs.length) return [];
      const used = new Set<string>();
      const values = inputs.map((input) => {
        const root = slugify(input.slug ?? input.name) || 'product';
        let slug = root;
        for (let n = 2; used.has(slug); n++) slug = `${root}-${n}`;
        used.add(slug);
        return { ...input, slug };
      });
      const rows = await db.transaction(async (tx) => {
        const created = await tx.insert(products).values(values).returning();
        await logPrices(tx, created.map((row) => ({ before: null, after: row })));
        return created;
      });
      for (const row of rows) void bus.emit('product.changed', { id: row.id });
      return rows;
    },

    async updateProduct(id: number, patch: ProductPatch): Promise<ProductRow> {
      const values: ProductPatch & { updatedAt: Date } = { ...patch, updatedAt: new Date() };
      if (patch.slug !== undefined) values.slug = await freeSlug(patch.slug, id);
      const [row, announce] = await db.transaction(async (tx) => {
        const [before] = await tx.select({ priceCents: products.priceCents }).from(products).where(eq(products.id, id)).for('update');
        const [updated] = await tx.update(products).set(values).where(eq(products.id, id)).returning();
        if (!before || !updated) throw notFound(MSG.productNotFound);
        return [updated, await logPrices(tx, [{ before: before.priceCents, after: updated }])] as const;
      });
      await announce();
      void bus.emit('product.changed', { id });
      return row;
    },

    /**
     * A vendor's or an admin's edit: the patch, the variants (replaced when given), new photos (appended) and the audit
     * entry (changed fields before → after) in one transaction. `ownerVendorId` scopes the edit to one vendor's
     * products (another vendor's product is a 404). Uploaded photos the edit dropped are deleted once no product shows them.
     */
    async editProduct(id: number, patch: ProductPatch, opts: WriteOptions & { ownerVendorId?: number }): Promise<ProductRow> {
      const slug = patch.slug !== undefined ? await freeSlug(patch.slug, id) : undefined;
      let dropUploads = async () => {};
      let announce = async () => {};
      const row = await writeWithPhotos(opts.photos, async (tx, photoUrls) => {
        const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!before || (opts.ownerVendorId !== undefined && before.vendorId !== opts.ownerVendorId)) throw notFound(MSG.productNotFound);
        const values: ProductPatch & { updatedAt: Date } = { ...patch, ...(slug !== undefined ? { slug } : {}), updatedAt: new Date() };
        if (photoUrls.length) values.images = withPhotos(patch.images ?? before.images, photoUrls);
        const [after] = await tx.update(products).set(values).where(eq(products.id, id)).returning();
        let variantsBefore: VariantValues[] | undefined;
        if (opts.variants) {
          variantsBefore = (await variantsOf(tx, [id])).get(id) ?? [];
          await replaceVariants(tx, id, opts.variants);
        }
        const fields = Object.keys(values).filter((k) => k !== 'updatedAt').concat(opts.variants ? ['variants'] : []);
        const changes = changesBetween(auditSnapshot(before, variantsBefore), auditSnapshot(after!, opts.variants), fields);
        await deps.audit?.record(tx, { actor: opts.actor, action: 'product.update', target: { type: 'product', id }, changes });
        dropUploads = await dropOrphanUploads(tx, before.images, after!.images);
        announce = await logPrices(tx, [{ before: before.priceCents, after: after! }]);
        return after!;
      });
      await dropUploads();
      await announce();
      void bus.emit('product.changed', { id });
      return row;
    },

    /**
     * A vendor's or an admin's new product: the row, its variants, its uploaded photos and its one audit entry, in one
     * transaction.
     */
    async addProduct(input: ProductInput, opts: WriteOptions): Promise<ProductRow> {
      for (let attempt = 0; ; attempt++) {
        const slug = await freeSlug(input.slug ?? input.name);
        try {
          const row = await writeWithPhotos(opts.photos, async (tx, photoUrls) => {
            const images = withPhotos(input.images ?? [], photoUrls);
            const [created] = await tx.insert(products).values({ ...input, images, slug }).returning();
            await replaceVariants(tx, created!.id, opts.variants ?? []);
            const snapshot = Object.fromEntries(Object.entries(auditSnapshot(created!, opts.variants ?? [])).filter(([, v]) => !isEmpty(v)));
            await deps.audit?.record(tx, { actor: opts.actor, action: 'product.create', target: { type: 'product', id: created!.id }, changes: changesBetween(null, snapshot) });
            await logPrices(tx, [{ before: null, after: created! }]);
            return created!;
          });
          void bus.emit('product.changed', { id: row.id });
          return row;
        } catch (err) {
          if (attempt < 3 && isUniqueViolation(err, 'products_slug_key')) continue;
          throw err;
        }
      }
    },

    /** POST /api/products: the API's fields for one vendor (a vendor's own id, or the one an admin chose, or none). */
    async createManaged(body: ProductCreate, opts: WriteOptions & { vendorId: number | null }): Promise<ManagedProduct> {
      const owner = opts.vendorId === null ? undefined : (await ownersOf([opts.vendorId])).get(opts.vendorId);
      if (opts.vendorId !== null && !owner) throw unprocessable(MSG.vendorNotFound);
      // an unverified vendor's product waits as a draft unless the vendor asks for more (which is refused)
      const status = body.status ?? (opts.actor.role === 'vendor' && !owner?.isVerified ? 'draft' : 'active');
      await assertMayPublish(opts.actor, opts.vendorId, status);
      const columns = productColumns(body, shopCurrency);
      const row = await service.addProduct(
        { ...columns, name: body.name, priceCents: columns.priceCents!, status, vendorId: opts.vendorId, slug: body.slug || body.name, currency: shopCurrency },
        { ...opts, variants: variantColumns(body.variants ?? [], body.currency, shopCurrency) },
      );
      return service.getManaged(row.id);
    },

    /** PUT /api/products/{id}: the fields present change; `ownerVendorId` limits a vendor to its own products. */
    async updateManaged(id: number, body: ProductUpdate, opts: WriteOptions & { ownerVendorId?: number }): Promise<ManagedProduct> {
      const { vendor_id: vendorId, ...rest } = body;
      const patch = productColumns(rest, shopCurrency);
      if (opts.ownerVendorId === undefined && vendorId !== undefined) {
        if (vendorId !== null && !(await ownersOf([vendorId])).has(vendorId)) throw unprocessable(MSG.vendorNotFound);
        patch.vendorId = vendorId;
      }
      const slugBase = rest.slug || rest.name;
      if (slugBase) patch.slug = slugBase;
      if (opts.ownerVendorId !== undefined) await assertMayPublish(opts.actor, opts.ownerVendorId, patch.status);
      const variants = rest.variants === undefined ? undefined : variantColumns(rest.variants, rest.currency, shopCurrency);
      await service.editProduct(id, patch, { ...opts, variants });
      return service.getManaged(id);
    },

    /** One product with every managed field (any status). */
    async getManaged(id: number, opts: { ownerVendorId?: number } = {}): Promise<ManagedProduct> {
      const row = await getRow(id);
      if (!row || (opts.ownerVendorId !== undefined && row.vendorId !== opts.ownerVendorId)) throw notFound(MSG.productNotFound);
      return (await managedDtos([row]))[0]!;
    },

    /** Managed products by id, in the order asked; unknown ids are left out (the admin list pages through its own query). */
    /** Products by id, in that order; `embeds: false` skips the vendor embed codes (agents never show them). */
    async managedByIds(ids: number[], opts: { embeds?: boolean } = {}): Promise<ManagedProduct[]> {
      if (!ids.length) return [];
      // the search columns are large and never shown: left in the database
      const { searchVector: _sv, searchText: _st, ...shown } = getTableColumns(products);
      const rows = await db.select(shown).from(products).where(inArray(products.id, ids));
      const byId = new Map((await managedDtos(rows.map((r) => ({ ...r, searchVector: null, searchText: null })), opts)).map((p) => [p.id, p]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * A vendor's rating: the review-weighted mean of its active products' ratings, and the reviews behind it (agents
     * compare sellers, decision 0089). Vendors without rated products are left out.
     */
    async vendorRatings(vendorIds: number[]): Promise<Map<number, { value: number; count: number }>> {
      if (!vendorIds.length) return new Map();
      const rows = await db
        .select({
          vendorId: products.vendorId,
          weighted: sql<string>`sum(${products.rating} * ${products.reviewCount})`,
          reviews: sql<string>`sum(${products.reviewCount})`,
        })
        .from(products)
        .where(and(inArray(products.vendorId, [...new Set(vendorIds)]), eq(products.status, 'active'), gt(products.reviewCount, 0), sql`${products.rating} is not null`))
        .groupBy(products.vendorId);
      return new Map(rows.map((r) => [r.vendorId!, { value: Math.round((Number(r.weighted) / Number(r.reviews)) * 10) / 10, count: Number(r.reviews) }]));
    },

    /** The Products tab's list: every status, newest first, bounded, with the total. */
    async listManaged(opts: ManagedListOptions & { vendorId?: number }): Promise<{ items: ManagedProduct[]; total: number }> {
      const where = managedWhere(opts);
      const [rows, [total]] = await Promise.all([
        db.select().from(products).where(where).orderBy(desc(products.createdAt), desc(products.id)).limit(opts.limit).offset(opts.offset),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { items: await managedDtos(rows), total: total?.n ?? 0 };
    },

    /**
     * Deletes a product, or archives it when orders hold it so order history stays whole (order lines keep their
     * name and prices either way). Returns what happened. `ownerVendorId` as in editProduct.
     */
    async removeProduct(id: number, opts: { actor: Actor; ownerVendorId?: number }): Promise<'deleted' | 'archived'> {
      const sold = (await deps.productHasOrders?.(id)) ?? false;
      let dropUploads = async () => {};
      const outcome = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!before || (opts.ownerVendorId !== undefined && before.vendorId !== opts.ownerVendorId)) throw notFound(MSG.productNotFound);
        if (sold) {
          await tx.update(products).set({ status: 'archived', updatedAt: new Date() }).where(eq(products.id, id));
        } else {
          await tx.delete(products).where(eq(products.id, id));
          dropUploads = await dropOrphanUploads(tx, before.images, []);
        }
        const action = sold ? 'product.archive' : 'product.delete';
        const changes = sold ? { status: { before: before.status, after: 'archived' } } : changesBetween({ name: before.name, status: before.status }, null);
        await deps.audit?.record(tx, { actor: opts.actor, action, target: { type: 'product', id }, changes });
        return sold ? ('archived' as const) : ('deleted' as const);
      });
      await dropUploads();
      void bus.emit(outcome === 'deleted' ? 'product.deleted' : 'product.changed', { id });
      return outcome;
    },

    async deleteProduct(id: number): Promise<void> {
      const [row] = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
      if (!row) throw notFound(MSG.productNotFound);
      void bus.emit('product.deleted', { id });
    },

    /**
     * Checkout step "check", before and outside the order's one statement: every product exists and is active, at
     * its current price, without locking anything (the order statement checks again under the row locks). The rows
     * are read by the caller's one pricing statement with the sellers' rules, rates and tax basis beside them
     * (orders' price-cart.ts, decision 0172). Throws 404/422 naming the product, and 409 when the stock is too low.
     */
    async checkForOrder(lines: StockLine[], rows: OrderProductRow[]): Promise<Map<number, ReservedProduct>> {
      return checkProductsForOrder(lines, rows);
    },

    /**
     * Checkout step "reserve stock", inside the caller's transaction and meant as its LAST write, so the row locks
     * are held only until the commit that follows: each stock is decremented with a guard, so it never goes below
     * zero, in id order, so two orders for the same products cannot deadlock. Returns the rows as locked (the
     * caller compares prices); throws 409/422 naming the product and the caller's transaction rolls back.
     */
    async reserveStock(tx: Tx, lines: StockLine[]): Promise<Map<number, ReservedProduct>> {
      const wanted = [...totalsByProduct(lines)].sort((a, b) => a[0] - b[0]);
      const ids = wanted.map(([id]) => id);
      const quantities = wanted.map(([, quantity]) => quantity);
      // one statement for every line: the rows are locked in id order first (the CTE), then each is decremented
      // only where its stock still covers the quantity. NO KEY UPDATE, the lock an UPDATE of the stock takes anyway:
      // it does not conflict with the key-share locks that concurrent orders' lines hold on the same product.
      type Row = { id: number; name: string; price_cents: number; currency: string; vendor_id: number | null; stock: number };
      // both drivers answer raw SQL with { rows }
      const { rows } = (await tx.execute(sql`
        with wanted as (
          select w.id, w.quantity from unnest(${sql.param(ids)}::int[], ${sql.param(quantities)}::int[]) as w(id, quantity)
        ), locked as (
          select p.id from ${products} p where p.id in (select id from wanted) order by p.id for no key update
        )
        update ${products} p
        set stock = p.stock - w.quantity, updated_at = now()
        from wanted w, locked l
        where p.id = w.id and l.id = p.id and p.status = 'active' and p.stock >= w.quantity
        returning p.id, p.name, p.price_cents, p.currency, p.vendor_id, p.stock`)) as unknown as { rows: Row[] };
      const reserved = new Map<number, ReservedProduct>();
      for (const r of rows) {
        reserved.set(r.id, { id: r.id, name: r.name, priceCents: r.price_cents, currency: r.currency, vendorId: r.vendor_id, stock: r.stock });
      }
      if (reserved.size < ids.length) {
        // name the first line that could not be reserved; the caller's transaction rolls back
        const id = ids.find((i) => !reserved.has(i))!;
        const [now] = await tx.select({ name: products.name, stock: products.stock, status: products.status }).from(products).where(eq(products.id, id));
        if (!now) throw notFound(say.productUnavailable(id));
        if (now.status !== 'active') throw unprocessable(say.productUnavailable(now.name));
        throw conflict(say.outOfStock(now.name, now.stock));
      }
      return reserved;
    },

    /** Puts reserved stock back (an order cancelled), inside the caller's transaction; returns the new stocks. */
    async releaseStock(tx: Tx, lines: StockLine[]): Promise<{ id: number; stock: number }[]> {
      const out: { id: number; stock: number }[] = [];
      for (const [productId, quantity] of [...totalsByProduct(lines)].sort((a, b) => a[0] - b[0])) {
        const [row] = await tx
          .update(products)
          .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: new Date() })
          .where(eq(products.id, productId))
          .returning({ id: products.id, stock: products.stock });
        if (row) out.push(row);
      }
      return out;
    },

    ...createVariantStock({ query: deps.query }),

    /** Announces stock moves once the caller's transaction has committed (search filters, list totals). */
    announceStock(changes: Iterable<{ id: number; stock: number }>) {
      for (const { id, stock } of changes) void bus.emit('product.stockChanged', { id, stock });
    },
  };
  return service;
}
