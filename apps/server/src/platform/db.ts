import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { existsSync, readFileSync } from 'node:fs';
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
  /**
   * A transaction of raw queries, each as `query` runs them (named ones prepared once per pooled connection): the
   * checkout's locks and its one statement (decision 0167), where Drizzle's transaction would parse and plan the
   * statement on every call. Commits when `fn` resolves, rolls back when it throws.
   */
  transaction<T>(fn: (query: Database['query']) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Runs one step of background work (start-up builds, periodic rebuilds: a page of a bulk read) so that it never
   * holds up a request. On the embedded database, where every query runs on this thread one at a time, the step
   * starts only after the event loop has taken in waiting I/O and no other query is queued or running, and one step
   * at a time: a request's query then waits for one step at most. Steps must not call `background` themselves.
   * On PostgreSQL (its own processes, a pool) it just runs the step.
   */
  background<T>(step: () => Promise<T>): Promise<T>;
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
      transaction: async (fn) => {
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          await client.query('begin');
          const result = await fn(async <T,>(text: string, params: unknown[] = [], name?: string) =>
            (await (name ? client.query({ name, text, values: params }) : client.query(text, params))).rows as T[]);
          await client.query('commit');
          return result;
        } catch (err) {
          // a connection that cannot even roll back is not given back to the pool
          await client.query('rollback').catch((e: Error) => (broken = e));
          throw err;
        } finally {
          client.release(broken);
        }
      },
      close: () => pool.end(),
      background: (step) => step(),
    };
  }
  const existing = Boolean(opts.loadDataDir) || (opts.dataDir !== undefined && existsSync(path.join(opts.dataDir, 'PG_VERSION')));
  const client = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: existing ? PGLITE_RUNTIME_EXTENSIONS : PGLITE_EXTENSIONS,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS],
  });
  const lane = backgroundLane(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T,>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    transaction: (fn) => client.transaction((tx) => fn(async <T,>(text: string, params: unknown[] = []) => (await tx.query<T>(text, params)).rows)),
    close: () => client.close(),
    background: lane,
  };
}

/** How long a background step waits for the embedded database to be idle before it runs anyway (decision 0073). */
export const BACKGROUND_MAX_WAIT_MS = 500;

/**
 * The embedded database's background lane (docs/decisions/0066). PGlite runs one query at a time on this thread and
 * hands the next queued one over in a promise callback: a bulk read queued ahead of a request, or a chain of them
 * (the search index's pages, the recommendation catalogue), ran back to back without the event loop reading the
 * socket, so /api/health waited for the whole build (~20 s at 50,000 products). Every query entering PGlite is
 * counted; a background step waits for a turn of the event loop (setImmediate: pending I/O is read first, so a
 * request that arrived has issued its query) and until nothing is queued or running.
 *
 * The wait is bounded (`maxWaitMs`, docs/decisions/0073): requests that never leave the database idle (a busy shop,
 * a load test) would otherwise starve the steps for as long as they last, and whatever waits on a build (the
 * recommendation model, the first search index) with them. A step that has waited that long starts anyway, behind
 * the queries already queued; background work then still gets at least one step per `maxWaitMs`.
 */
export function backgroundLane(client: PGlite, opts: { maxWaitMs?: number } = {}): <T>(step: () => Promise<T>) => Promise<T> {
  const maxWaitMs = opts.maxWaitMs ?? BACKGROUND_MAX_WAIT_MS;
  let busy = 0;
  let idle: (() => void)[] = [];
  const settled = () => {
    if (--busy === 0) {
      const waiting = idle;
      idle = [];
      for (const w of waiting) w();
    }
  };
  // the entry points drizzle and Database use; PGlite's own transaction runs its statements inside the counted call
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      busy++;
      let result: Promise<unknown>;
      try {
        result = original(...args);
      } catch (err) {
        settled();
        throw err;
      }
      return result.finally(settled);
    };
  }
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** Resolves once nothing is queued or running, or after `ms` (false then). */
  const quiet = (ms: number) =>
    busy === 0
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            idle = idle.filter((w) => w !== wake);
            resolve(false);
          }, ms);
          // a step still waiting must not keep the process alive on its own
          timer.unref();
          const wake = () => {
            clearTimeout(timer);
            resolve(true);
          };
          idle.push(wake);
        });
  let previous: Promise<unknown> = Promise.resolve();
  return <T,>(step: () => Promise<T>): Promise<T> => {
    const run = previous.then(async () => {
      // wait until nothing is queued or running, then let a turn of the event loop read what arrived meanwhile;
      // the wait counts from the moment this step is next in line
      const deadline = Date.now() + maxWaitMs;
      do {
        const left = deadline - Date.now();
        if (left <= 0 || !(await quiet(left))) break;
        await turn();
      } while (busy > 0);
      return step();
    });
    previous = run.catch(() => undefined);
    return run;
  };
}

/**
 * Whether the database already has the newest committed migration: one read, so a restart skips the migrator's
 * DDL round (create schema, create table, an empty transaction). Any doubt (a fresh database has no migrations
 * table) answers false and the migrator decides.
 */
async function migrationsUpToDate(database: Database): Promise<boolean> {
  try {
    // read synchronously (a small file): an asynchronous read waits for a turn of libuv's thread pool, which one CPU
    // profile at load 14 showed the start-up idle for ~0.5 s here (not measurable at load 6; decision 0066)
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
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
