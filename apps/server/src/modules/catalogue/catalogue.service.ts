import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import type { Product, ProductFilters, Shelf } from '@souq/shared/api/catalogue';
import { slugify } from '@souq/shared/rules/slug';
import { products, shelfItems, shelves } from '../../db/schema/catalogue.js';
import type { Db, Tx } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import { conflict, notFound, unprocessable } from '../../platform/errors.js';
import { changesBetween, type Actor, type AuditLog } from '../../platform/audit.js';
import { toProductDto, toShelfItem, type EmbedInfo, type ProductRow } from './catalogue.dto.js';
import { createResponseCache } from './response-cache.js';

type Insert = typeof products.$inferInsert;
/** What a product is created from (seed, vendor and admin tools). The slug is derived from the name when absent. */
export type ProductInput = Omit<Insert, 'id' | 'slug' | 'searchVector' | 'updatedAt'> & { slug?: string };
export type ProductPatch = Partial<Omit<Insert, 'id' | 'searchVector' | 'createdAt' | 'updatedAt'>>;

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

/** One quantity per product: a cart may hold one product on several lines (variants). */
function totalsByProduct(lines: StockLine[]): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  return wanted;
}

const isUniqueViolation = (err: unknown, constraint?: string) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  const code = e?.code ?? e?.cause?.code;
  const name = e?.constraint ?? e?.cause?.constraint;
  return code === '23505' && (!constraint || name === constraint || name === undefined);
};

export function createCatalogueService(deps: {
  db: Db;
  bus: Bus;
  /** Embed info per product id (the embeds module), when it exists. */
  embedLookup?: (ids: number[]) => Promise<Map<number, EmbedInfo>>;
  /** Whether any order ever held the product (the orders module): such a product is archived, never erased. */
  productHasOrders?: (id: number) => Promise<boolean>;
  audit?: AuditLog;
}) {
  const { db, bus } = deps;

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

    /** One public product; 404 when it does not exist or is not active (unless includeInactive). */
    async getProduct(id: number, opts: { includeInactive?: boolean } = {}): Promise<Product> {
      const row = await getRow(id);
      if (!row || (!opts.includeInactive && row.status !== 'active')) throw notFound(MSG.productNotFound);
      const [dto] = await withEmbeds([row]);
      return dto!;
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
          id: products.id,
          name: products.name,
          priceCents: products.priceCents,
          images: products.images,
          rating: products.rating,
          badge: products.badge,
        })
        .from(shelves)
        .leftJoin(shelfItems, eq(shelfItems.shelfId, shelves.id))
        .leftJoin(products, and(eq(products.id, shelfItems.productId), eq(products.status, 'active')))
        .orderBy(asc(shelves.position), asc(shelves.id), asc(shelfItems.position), asc(shelfItems.productId));
      const out = new Map<number, Shelf>();
      for (const r of rows) {
        let shelf = out.get(r.shelfId);
        if (!shelf) out.set(r.shelfId, (shelf = { id: r.shelfId, slug: r.slug, title: r.title, items: [] }));
        if (r.id !== null && r.name !== null && r.priceCents !== null && r.images !== null) {
          shelf.items.push(toShelfItem({ id: r.id, name: r.name, priceCents: r.priceCents, images: r.images, rating: r.rating, badge: r.badge }));
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

    async createShelf(input: { slug?: string; title: string; position: number; productIds: number[] }) {
      return db.transaction(async (tx) => {
        const [shelf] = await tx
          .insert(shelves)
          .values({ slug: input.slug ?? slugify(input.title), title: input.title, position: input.position })
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
          const [row] = await db.insert(products).values({ ...input, slug }).returning();
          void bus.emit('product.changed', { id: row!.id });
          return row!;
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
      const rows = await db.insert(products).values(values).returning();
      for (const row of rows) void bus.emit('product.changed', { id: row.id });
      return rows;
    },

    async updateProduct(id: number, patch: ProductPatch): Promise<ProductRow> {
      const values: ProductPatch & { updatedAt: Date } = { ...patch, updatedAt: new Date() };
      if (patch.slug !== undefined) values.slug = await freeSlug(patch.slug, id);
      const [row] = await db.update(products).set(values).where(eq(products.id, id)).returning();
      if (!row) throw notFound(MSG.productNotFound);
      void bus.emit('product.changed', { id });
      return row;
    },

    /**
     * A vendor's or an admin's edit: the patch and its audit entry (changed fields before → after) in one
     * transaction. `ownerVendorId` scopes the edit to one vendor's products (another vendor's product is a 404).
     */
    async editProduct(id: number, patch: ProductPatch, opts: { actor: Actor; ownerVendorId?: number }): Promise<ProductRow> {
      const slug = patch.slug !== undefined ? await freeSlug(patch.slug, id) : undefined;
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!before || (opts.ownerVendorId !== undefined && before.vendorId !== opts.ownerVendorId)) throw notFound(MSG.productNotFound);
        const values = { ...patch, ...(slug !== undefined ? { slug } : {}), updatedAt: new Date() };
        const [after] = await tx.update(products).set(values).where(eq(products.id, id)).returning();
        const changes = changesBetween(before, after!, Object.keys(patch).concat(slug !== undefined ? ['slug'] : []));
        await deps.audit?.record(tx, { actor: opts.actor, action: 'product.update', target: { type: 'product', id }, changes });
        return after!;
      });
      void bus.emit('product.changed', { id });
      return row;
    },

    /** A vendor's or an admin's new product, with its audit entry. */
    async addProduct(input: ProductInput, opts: { actor: Actor }): Promise<ProductRow> {
      const row = await service.createProduct(input);
      await deps.audit?.record(db, {
        actor: opts.actor,
        action: 'product.create',
        target: { type: 'product', id: row.id },
        changes: changesBetween(null, { name: row.name, price_cents: row.priceCents, stock: row.stock, status: row.status, vendor_id: row.vendorId }),
      });
      return row;
    },

    /**
     * Deletes a product, or archives it when orders hold it so order history stays whole (order lines keep their
     * name and prices either way). Returns what happened. `ownerVendorId` as in editProduct.
     */
    async removeProduct(id: number, opts: { actor: Actor; ownerVendorId?: number }): Promise<'deleted' | 'archived'> {
      const sold = (await deps.productHasOrders?.(id)) ?? false;
      const outcome = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!before || (opts.ownerVendorId !== undefined && before.vendorId !== opts.ownerVendorId)) throw notFound(MSG.productNotFound);
        if (sold) {
          await tx.update(products).set({ status: 'archived', updatedAt: new Date() }).where(eq(products.id, id));
        } else {
          await tx.delete(products).where(eq(products.id, id));
        }
        const action = sold ? 'product.archive' : 'product.delete';
        const changes = sold ? { status: { before: before.status, after: 'archived' } } : changesBetween({ name: before.name, status: before.status }, null);
        await deps.audit?.record(tx, { actor: opts.actor, action, target: { type: 'product', id }, changes });
        return sold ? ('archived' as const) : ('deleted' as const);
      });
      void bus.emit(outcome === 'deleted' ? 'product.deleted' : 'product.changed', { id });
      return outcome;
    },

    async deleteProduct(id: number): Promise<void> {
      const [row] = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
      if (!row) throw notFound(MSG.productNotFound);
      void bus.emit('product.deleted', { id });
    },

    /**
     * Checkout step "check": every product exists and is active, at its current price, without locking anything.
     * Throws 404/422 naming the product, and 409 early when the stock is already too low.
     */
    async productsForOrder(tx: Tx, lines: StockLine[]): Promise<Map<number, ReservedProduct>> {
      const wanted = totalsByProduct(lines);
      const ids = [...wanted.keys()];
      const rows = await tx
        .select({
          id: products.id, name: products.name, status: products.status, priceCents: products.priceCents,
          currency: products.currency, vendorId: products.vendorId, stock: products.stock,
        })
        .from(products)
        .where(inArray(products.id, ids));
      const byId = new Map(rows.map((p) => [p.id, p]));
      for (const id of ids) {
        const p = byId.get(id);
        if (!p) throw notFound(MSG.productUnavailable(id));
        if (p.status !== 'active') throw unprocessable(MSG.productUnavailable(p.name));
        if (p.stock < wanted.get(id)!) throw conflict(MSG.outOfStock(p.name, p.stock));
      }
      return new Map(rows.map(({ status: _status, ...p }) => [p.id, p]));
    },

    /**
     * Checkout step "reserve stock", inside the caller's transaction and meant as its LAST write, so the row locks
     * are held only until the commit that follows: each stock is decremented with a guard, so it never goes below
     * zero, in id order, so two orders for the same products cannot deadlock. Returns the rows as locked (the
     * caller compares prices); throws 409/422 naming the product and the caller's transaction rolls back.
     */
    async reserveStock(tx: Tx, lines: StockLine[]): Promise<Map<number, ReservedProduct>> {
      const wanted = totalsByProduct(lines);
      const reserved = new Map<number, ReservedProduct>();
      for (const id of [...wanted.keys()].sort((a, b) => a - b)) {
        const quantity = wanted.get(id)!;
        const [row] = await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: new Date() })
          .where(and(eq(products.id, id), eq(products.status, 'active'), gte(products.stock, quantity)))
          .returning({
            id: products.id, name: products.name, priceCents: products.priceCents, currency: products.currency,
            vendorId: products.vendorId, stock: products.stock,
          });
        if (!row) {
          const [now] = await tx.select({ name: products.name, stock: products.stock, status: products.status }).from(products).where(eq(products.id, id));
          if (!now) throw notFound(MSG.productUnavailable(id));
          if (now.status !== 'active') throw unprocessable(MSG.productUnavailable(now.name));
          throw conflict(MSG.outOfStock(now.name, now.stock));
        }
        reserved.set(id, row);
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

    /** Announces stock moves once the caller's transaction has committed (search filters, list totals). */
    announceStock(changes: Iterable<{ id: number; stock: number }>) {
      for (const { id, stock } of changes) void bus.emit('product.stockChanged', { id, stock });
    },
  };
  return service;
}
