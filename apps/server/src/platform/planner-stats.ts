import type { Database } from './db.js';

/**
 * Planner statistics for the embedded database (docs/decisions/0073). PostgreSQL's autovacuum keeps `ANALYZE`
 * current on a server; PGlite runs no autovacuum, so its tables were never analysed: `pg_class.reltuples` stayed -1
 * and the planner guessed. At 50,000 products the storefront's newest-first page cost 112 ms of CPU instead of 17 ms
 * (decision 0066). This keeper analyses, table by table and each as one step of the background lane (so a request
 * waits for one table at most), the tables that need it:
 * - never analysed (`reltuples` < 0): a new database after its migrations, new tables after a migration, and the
 *   seeded demo data (the check runs once the server answers);
 * - changed in this process by more than autovacuum's own default threshold (50 rows + 10 %,
 *   `autovacuum_analyze_threshold` / `_scale_factor`), from `pg_stat_user_tables.n_mod_since_analyze` — PGlite keeps
 *   these counters only while it runs;
 * - grown or shrunk on disk by more than 10 % since the last analyse (`relpages` against the file's size): changes
 *   made before a restart, whose counters are gone, bulk loads included.
 * The check itself is one catalogue query (20–30 ms of CPU for ~35 tables at load 8); it runs at start-up, after a write burst
 * is announced (`soon`), and every few minutes. PostgreSQL servers have autovacuum: nothing runs there.
 */

/** Tables whose statistics are missing or stale, by the rules above (public schema only: the app's tables). */
const STALE_TABLES_SQL = `
  select c.relname as name, pg_relation_size(c.oid) / current_setting('block_size')::int as pages
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_stat_user_tables s on s.relid = c.oid
  where c.relkind in ('r', 'p') and n.nspname = 'public'
    and (
      c.reltuples < 0
      or coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * c.reltuples
      or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 8 + 0.1 * c.relpages
    )
  order by c.relname`;

/**
 * The sample ANALYZE reads is 300 × the statistics target rows. PostgreSQL's default target (100) made the products
 * table's ANALYZE at 50,000 rows cost ~1.0–1.7 s of CPU, one uninterruptible step on the main thread; 30 reads 9,000
 * rows for ~0.3 s and gave the same plans for the storefront's lists (decision 0073).
 */
export const EMBEDDED_STATISTICS_TARGET = 30;
const DEFAULT_EVERY_MS = 5 * 60_000;
/** Tables up to this many 8 kB pages (1 MB) are analysed together in one step: each takes a few ms. */
const SMALL_TABLE_PAGES = 128;
const SOON_MS = 2_000;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export type PlannerStats = {
  /** Analyses what needs it now (each table a background step); answers the tables analysed. */
  refresh(): Promise<string[]>;
  /** Rows were written (maybe an import): check again shortly, once, whatever else asks meanwhile. Only once started. */
  soon(): void;
  /** Checks at start-up and then every `everyMs`. */
  start(): void;
  stop(): void;
};

export function createPlannerStats(deps: { database: Database; everyMs?: number; log?: (msg: string) => void }): PlannerStats {
  const { database } = deps;
  const log = deps.log ?? (() => {});
  const everyMs = deps.everyMs ?? DEFAULT_EVERY_MS;
  let timer: NodeJS.Timeout | null = null;
  let soonTimer: NodeJS.Timeout | null = null;
  let running: Promise<string[]> | null = null;

  async function analyseStale(): Promise<string[]> {
    // the counters a transaction leaves are published to pg_stat_user_tables at most once a second; this makes them
    // current for this check (PostgreSQL 15+)
    const stale = await database.background(async () => {
      await database.query('select pg_stat_force_next_flush()');
      return database.query<{ name: string; pages: number }>(STALE_TABLES_SQL);
    });
    // small tables (a new or freshly seeded database has ~35) share one step, each large one gets its own: as few
    // steps as possible (each may wait for the lane), none long
    const small = stale.filter((t) => Number(t.pages) <= SMALL_TABLE_PAGES).map((t) => t.name);
    const steps = [...(small.length ? [small] : []), ...stale.filter((t) => Number(t.pages) > SMALL_TABLE_PAGES).map((t) => [t.name])];
    for (const tables of steps) {
      // one query text is one implicit transaction: the SET LOCAL ends with it, also when the ANALYZE fails
      await database.background(() =>
        database.exec(`set local default_statistics_target = ${EMBEDDED_STATISTICS_TARGET}; analyze ${tables.map(quoteIdent).join(', ')}`),
      );
    }
    return steps.flat().sort();
  }

  function refresh(): Promise<string[]> {
    if (database.kind !== 'pglite') return Promise.resolve([]);
    running ??= analyseStale().finally(() => {
      running = null;
    });
    return running;
  }

  const quietly = () =>
    void refresh().catch((err: unknown) => log(`planner statistics: ${err instanceof Error ? err.message : String(err)}`));

  return {
    refresh,
    soon() {
      // before start() (seeding, tests) there is nothing to schedule: start() checks everything anyway
      if (!timer || soonTimer) return;
      soonTimer = setTimeout(() => {
        soonTimer = null;
        quietly();
      }, SOON_MS);
      soonTimer.unref();
    },
    start() {
      if (database.kind !== 'pglite' || timer) return;
      quietly();
      timer = setInterval(quietly, everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      if (soonTimer) clearTimeout(soonTimer);
      timer = soonTimer = null;
    },
  };
}
