import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from './db.js';
import { createPlannerStats, EMBEDDED_STATISTICS_TARGET } from './planner-stats.js';

// The embedded database has no autovacuum: the keeper gives it planner statistics (decision 0073).
const addProducts = (database: Database, from: number, n: number) =>
  database.exec(`insert into products (name, slug, price_cents) select 'p' || i, 'p-' || i, i from generate_series(${from}, ${from + n - 1}) i`);

const reltuples = async (database: Database, table: string) =>
  Number((await database.query<{ n: number }>('select reltuples as n from pg_class where relname = $1', [table]))[0]!.n);

// Embedded only: the PostgreSQL variant of the API tests (TEST_DATABASE_URL) has autovacuum, and this file opens its
// own embedded database from scratch, which the PGlite phase of the same run already covers.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('planner statistics on the embedded database', () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-planner-stats-'));
    database = await openDatabase({ kind: 'pglite', dataDir: dir });
    await migrateDatabase(database);
  }, 180_000);
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('analyses every never-analysed table after the migrations, then nothing while nothing changed', async () => {
    await addProducts(database, 1, 300);
    expect(await reltuples(database, 'products')).toBe(-1);
    const stats = createPlannerStats({ database });
    const analysed = await stats.refresh();
    expect(analysed).toContain('products');
    expect(analysed).toContain('orders');
    expect(await reltuples(database, 'products')).toBe(300);
    // the planner's column statistics exist, sampled at the embedded target
    const [created] = await database.query<{ bounds: string[] | null }>(
      `select histogram_bounds::text::text[] as bounds from pg_stats where tablename = 'products' and attname = 'created_at'`,
    );
    const [price] = await database.query<{ bounds: string[] | null }>(
      `select histogram_bounds::text::text[] as bounds from pg_stats where tablename = 'products' and attname = 'price_cents'`,
    );
    expect(created).toBeDefined();
    expect(price?.bounds?.length).toBe(EMBEDDED_STATISTICS_TARGET + 1);
    // the planner now knows the table's size: its estimate for a full scan is the row count, not a guess
    const plan = await database.query<{ 'QUERY PLAN': string }>('explain select * from products');
    expect(plan[0]!['QUERY PLAN']).toMatch(/rows=300\b/);

    expect(await stats.refresh()).toEqual([]);
  });

  it('analyses a table again once it changed by more than 50 rows + 10 %', async () => {
    const stats = createPlannerStats({ database });
    await stats.refresh();
    await addProducts(database, 1001, 60); // 60 < 50 + 30
    expect(await stats.refresh()).not.toContain('products');
    await addProducts(database, 2001, 30); // 90 changed since the last analyse
    expect(await stats.refresh()).toEqual(['products']);
    expect(await reltuples(database, 'products')).toBe(390);
  });

  it('after a restart (change counters gone), a table that grew on disk is analysed again', async () => {
    const stats = createPlannerStats({ database });
    await stats.refresh();
    await addProducts(database, 10_001, 3000);
    await database.close();
    database = await openDatabase({ kind: 'pglite', dataDir: dir });
    const [counters] = await database.query<{ n: number }>(`select n_mod_since_analyze as n from pg_stat_user_tables where relname = 'products'`);
    expect(Number(counters!.n)).toBe(0);
    expect(await reltuples(database, 'products')).toBe(390);
    expect(await createPlannerStats({ database }).refresh()).toEqual(['products']);
    expect(await reltuples(database, 'products')).toBe(3390);
  });

  it('does nothing on PostgreSQL (autovacuum keeps its statistics)', async () => {
    const queries: string[] = [];
    const fake = { kind: 'postgres', query: async (text: string) => (queries.push(text), []), exec: async () => {}, background: <T,>(s: () => Promise<T>) => s() };
    expect(await createPlannerStats({ database: fake as unknown as Database }).refresh()).toEqual([]);
    expect(queries).toEqual([]);
  });
});
