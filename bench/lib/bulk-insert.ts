import type { Database } from '../../apps/server/src/platform/db.js';

/** A product row for the benchmarks' bulk loads (only the columns the benchmarks set; the rest keep their defaults). */
export type BulkProduct = {
  name: string;
  slug: string;
  description: string;
  priceCents: number;
  stock: number;
  brand: string;
  /** one category, or '' for none */
  category: string;
  /** comma-separated */
  tags: string;
  rating: number | null;
  reviews: number;
  sku: string;
  /** Arabic name and description (the Arabic search set); '' when absent */
  nameAr?: string;
  descriptionAr?: string;
};

/**
 * Inserts active products in batches of one multi-row INSERT … SELECT FROM unnest(…) each: the benchmarks load
 * 50,000–1,000,000 rows, which one INSERT per product (or the catalogue service) would take minutes to hours for.
 */
export async function insertProducts(database: Database, rows: BulkProduct[], batch = 5000): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) {
    const b = rows.slice(i, i + batch);
    const col = <K extends keyof BulkProduct>(k: K) => b.map((r) => r[k]);
    await database.query(
      `insert into products (name, slug, description, price_cents, stock, brand, categories, tags, rating, review_count, sku, name_ar, description_ar, status)
       select n, s, d, p, st, br, case when c = '' then '{}'::text[] else array[c] end,
              case when t = '' then '{}'::text[] else string_to_array(t, ',') end, ra, rv, sk, na, da, 'active'
       from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::float8[], $10::int[], $11::text[], $12::text[], $13::text[])
         as x(n, s, d, p, st, br, c, t, ra, rv, sk, na, da)`,
      [col('name'), col('slug'), col('description'), col('priceCents'), col('stock'), col('brand'), col('category'), col('tags'), col('rating'), col('reviews'), col('sku'),
        b.map((r) => r.nameAr ?? ''), b.map((r) => r.descriptionAr ?? '')],
    );
  }
}

/** The benchmarks' seeded generator, under the name the search benches use. */
export { seededRng as seededRandom } from './random.js';
