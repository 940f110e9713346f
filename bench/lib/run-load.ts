// Shared steps of the load benchmarks: bulk-loading generated products, and running a load spec in a separate
// process (bench/lib/load-client.ts) so the load generator never shares the server's event loop.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../apps/server/src/platform/db.js';
import type { LoadResult, LoadSpec } from './load-client.js';
import type { Row } from './catalogue-gen.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  // the spec can be large (thousands of paths): it travels in a temporary file, not on the command line
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-load-'));
  const file = path.join(dir, 'spec.json');
  await fs.writeFile(file, JSON.stringify(spec));
  try {
    return await new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', path.join(here, 'load-client.ts'), file],
        { maxBuffer: 1 << 20, timeout: 10 * 60_000 },
        (err, stdout, stderr) => {
          if (err) return reject(new Error(`load client failed: ${stderr || err.message}`));
          resolve(JSON.parse(stdout.trim().split('\n').pop()!) as LoadResult);
        },
      );
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Generated products in batches of one statement each. `vendorOf`/`statusOf` spread them over vendors and statuses
 * (default: no vendor, all active).
 */
export async function insertProducts(
  database: Database,
  rows: Row[],
  opts: { vendorOf?: (i: number) => number | null; statusOf?: (i: number) => string } = {},
) {
  const BATCH = 2000;
  for (let i = 0; i < rows.length; i += BATCH) {
    const b = rows.slice(i, i + BATCH);
    const col = <K extends keyof Row>(k: K) => b.map((r) => r[k]);
    const vendors = b.map((_, j) => opts.vendorOf?.(i + j) ?? null);
    const statuses = b.map((_, j) => opts.statusOf?.(i + j) ?? 'active');
    await database.query(
      `insert into products (name, slug, description, price_cents, stock, brand, categories, tags, rating, review_count, sku, vendor_id, status)
       select n, s, d, p, st, br, array[c], string_to_array(t, ','), ra, rv, sk, v, stat
       from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::float8[], $10::int[], $11::text[], $12::int[], $13::text[])
         as x(n, s, d, p, st, br, c, t, ra, rv, sk, v, stat)`,
      [col('name'), col('slug'), col('description'), col('priceCents'), col('stock'), col('brand'), col('category'), col('tags'), col('rating'), col('reviews'), col('sku'), vendors, statuses],
    );
  }
}

