import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../../apps/server/src/app.js';
import { loadConfig, type Config } from '../../apps/server/src/config.js';
import { migrateDatabase, openDatabase, type Database } from '../../apps/server/src/platform/db.js';

export type BenchApp = {
  app: App;
  database: Database;
  config: Config;
  /** The new PostgreSQL database's URL (null for PGlite): a server process of its own can be pointed at it. */
  databaseUrl: string | null;
  /** Closes the app and the database (each at most once, also after an earlier close of either), drops a PostgreSQL one. */
  close(): Promise<void>;
};

/**
 * The real app on a FRESH migrated database: PGlite in memory by default (or in the empty directory `pgliteDir`),
 * or a new database created on the PostgreSQL server of `postgresUrl` (dropped again on close).
 */
export async function freshApp(opts: { postgresUrl?: string; pgliteDir?: string; env?: Record<string, string> } = {}): Promise<BenchApp> {
  const { database, dropDb, url } = await openFreshDatabase(opts.postgresUrl, opts.pgliteDir);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ADMIN_ACCESS_CODE: 'bench-admin-code',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...opts.env,
  });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    databaseUrl: url,
    async close() {
      await app.close().catch(() => undefined);
      await database.close().catch(() => undefined);
      if (dropDb) await dropDb();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A FRESH migrated database: PGlite in memory (or in the empty directory `pgliteDir`), or a new database on the
 * PostgreSQL server of `postgresUrl` (`dropDb` removes it again).
 */
export async function openFreshDatabase(
  postgresUrl?: string,
  pgliteDir?: string,
): Promise<{ database: Database; dropDb: (() => Promise<void>) | null; url: string | null }> {
  let database: Database;
  let dropDb: (() => Promise<void>) | null = null;
  let url: string | null = null;
  if (postgresUrl) {
    const name = `souq_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(postgresUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    database = await openDatabase({ kind: 'postgres', url: u.toString(), max: 10 });
    dropDb = async () => {
      const a = new pg.Client({ connectionString: postgresUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  } else {
    // in memory by default (quick and disposable); on disk like a real embedded deployment when asked
    database = await openDatabase(pgliteDir ? { kind: 'pglite', dataDir: pgliteDir } : { kind: 'pglite' });
  }
  await migrateDatabase(database);
  return { database, dropDb, url };
}

export { parseArgs } from './args.js';
