import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from '../db/schema/index.js';

export type Schema = typeof schema;
/** The common Drizzle surface of PGlite and node-postgres: services are written once against this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL text with several statements (tests, maintenance). */
  exec(text: string): Promise<void>;
  /**
   * One parameterised raw query returning plain rows (tests, benchmarks, maintenance, and the checkout's hot path).
   * With a `name`, PostgreSQL keeps it as a prepared statement on each pooled connection: parsed and planned once
   * per connection, not per call (the same name must always carry the same text). PGlite ignores the name.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
  close(): Promise<void>;
  /** The underlying PGlite, for tests that clone or dump it. */
  pglite?: PGlite;
};

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent, pgcrypto };
/**
 * What an existing embedded database needs loaded. pgcrypto (a 3 MB WebAssembly module, about a tenth of the
 * start-up) is declared by the first migration but nothing calls it: gen_random_uuid() is built into PostgreSQL
 * since version 13. So it is loaded only to create a new database, where that migration runs.
 */
const PGLITE_RUNTIME_EXTENSIONS = { pg_trgm, unaccent };

/**
 * The embedded database's buffer cache. PostgreSQL's 128 MB default lives in PGlite's WebAssembly memory, which only
 * grows: reading a 50,000-product catalogue in id order (the search index build) touched all of it, for good. Pages
 * it does not keep are read again from the data directory's files (the operating system's cache), so a smaller
 * cache costs little; docs/decisions/0061.
 */
const PGLITE_MEMORY_PARAMS = ['-c', 'shared_buffers=32MB'];

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; max?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    // loaded only for PostgreSQL: the embedded database's start-up does not pay for the network driver
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.max ?? 10 });
    // an idle client erroring (server restart) must not crash the process; the next query reconnects
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      exec: async (text) => {
        await pool.query(text);
      },
      query: async <T,>(text: string, params: unknown[] = [], name?: string) =>
        (await (name ? pool.query({ name, text, values: params }) : pool.query(text, params))).rows as T[],
      close: () => pool.end(),
    };
  }
  const existing = Boolean(opts.loadDataDir) || (opts.dataDir !== undefined && existsSync(path.join(opts.dataDir, 'PG_VERSION')));
  const client = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: existing ? PGLITE_RUNTIME_EXTENSIONS : PGLITE_EXTENSIONS,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T,>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
}

/**
 * Whether the database already has the newest committed migration: one read, so a restart skips the migrator's
 * DDL round (create schema, create table, an empty transaction). Any doubt (a fresh database has no migrations
 * table) answers false and the migrator decides.
 */
async function migrationsUpToDate(database: Database): Promise<boolean> {
  try {
    const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
    const newest = Math.max(...journal.entries.map((e) => e.when));
    const [row] = await database.query<{ created_at: string | number }>('select max(created_at) as created_at from drizzle.__drizzle_migrations');
    return row?.created_at != null && Number(row.created_at) >= newest;
  } catch {
    return false;
  }
}

/** Applies the committed SQL migrations (idempotent). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (await migrationsUpToDate(database)) return;
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'postgres') await (await import('drizzle-orm/node-postgres/migrator')).migrate(database.db as never, config);
  else await (await import('drizzle-orm/pglite/migrator')).migrate(database.db as never, config);
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
