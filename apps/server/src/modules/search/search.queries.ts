import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import { embeddedProducts, products } from '../../db/schema/catalogue.js';
import type { Db } from '../../platform/db.js';
import type { SearchDoc } from './search.engine.js';

// Read-only access to the catalogue's tables for the search index (docs/decisions/0004-search-index.md):
// the index needs every active product's text fields in bulk, which the catalogue service does not offer.
// Nothing here writes; the rows become product DTOs through the catalogue's own toProductDto.

export type ProductRow = typeof products.$inferSelect;

type DocRow = Pick<
  ProductRow,
  'id' | 'name' | 'brand' | 'categories' | 'tags' | 'keywords' | 'aiTags' | 'description' | 'shortDescription' |
  'bulletPoints' | 'nameAr' | 'descriptionAr' | 'bulletPointsAr' | 'priceCents' | 'stock' | 'rating' | 'reviewCount' | 'status'
>;

/** The searchable fields of a product row. */
export function toDoc(r: DocRow): SearchDoc {
  return {
    id: r.id,
    name: r.name,
    brand: r.brand,
    categories: r.categories,
    tags: [...r.tags, ...r.keywords, ...r.aiTags],
    description: [r.shortDescription, r.description, ...r.bulletPoints].filter(Boolean).join('\n'),
    nameAr: r.nameAr,
    descriptionAr: [r.descriptionAr, ...r.bulletPointsAr].filter(Boolean).join('\n'),
    priceCents: r.priceCents,
    stock: r.stock,
    rating: r.rating,
    reviewCount: r.reviewCount,
  };
}

const PAGE = 5000;

/** Runs one step of a bulk read so it does not hold up requests (Database.background); by default, at once. */
export type Background = <T>(step: () => Promise<T>) => Promise<T>;

/** The embed record as the search answers read it. */
const EMBED_COLUMNS = {
  id: embeddedProducts.id,
  productId: embeddedProducts.productId,
  vendorId: embeddedProducts.vendorId,
  embedCode: embeddedProducts.embedCode,
  embedSettings: embeddedProducts.embedSettings,
};

/**
 * `background` and `pageSize`: on the embedded database the index build's pages go through its background lane, in
 * pages small enough (1,000 rows, tens of milliseconds) that a request waits for one of them at most (decision 0066).
 */
export function createSearchQueries(db: Db, opts: { background?: Background; pageSize?: number } = {}) {
  const background: Background = opts.background ?? ((step) => step());
  const page = opts.pageSize ?? PAGE;
  return {
    /**
     * Every active product's full row (the index keeps each one's DTO), in id-ordered pages so 50,000 rows never
     * sit in one result set; `onPage` turns each page into compact records (and index entries) before the next is read.
     */
    async eachActivePage(onPage: (rows: ProductRow[]) => void | Promise<void>): Promise<void> {
      let after = 0;
      for (;;) {
        const rows = await background(() =>
          db
            .select()
            .from(products)
            .where(and(eq(products.status, 'active'), gt(products.id, after)))
            .orderBy(asc(products.id))
            .limit(page),
        );
        await onPage(rows);
        if (rows.length < page) return;
        after = rows[rows.length - 1]!.id;
      }
    },

    /** How many active products there are (the index build sizes its record store with it). */
    async countActive(): Promise<number> {
      const [row] = await background(() => db.select({ n: count() }).from(products).where(eq(products.status, 'active')));
      return row?.n ?? 0;
    },

    /** One product's row; null when it is gone or not active (then it leaves the index). */
    async activeRow(id: number): Promise<ProductRow | null> {
      const [row] = await db.select().from(products).where(eq(products.id, id));
      return row && row.status === 'active' ? row : null;
    },

    /** Embed records of the given products. */
    async embedsFor(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select(EMBED_COLUMNS)
        .from(embeddedProducts)
        .where(inArray(embeddedProducts.productId, ids));
    },
  };
}

export type SearchQueries = ReturnType<typeof createSearchQueries>;
