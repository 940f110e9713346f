import { lt, sql } from 'drizzle-orm';
import { oauthRecords } from '../../db/schema/agents.js';
import type { Database, Db } from '../../platform/db.js';
import { periodicJob, type PeriodicJob } from '../../platform/periodic-job.js';

// The OAuth records' sweep (decision 0097's table oauth_records): authorization codes, access and refresh tokens,
// interactions and sessions all carry an expiry, and the adapter stops answering them once it has passed — but nothing
// deleted them, so every sign-in of every agent stayed in the table for good (consumed codes and rotated refresh tokens
// too: they expire like the rest). The sweep runs on the database's background lane like the commission job (0108),
// one batch per step, so a request waits for one short delete at most; rows without an expiry (registered clients)
// are never touched.

/** Past its expiry a record is kept this long before it goes: the provider's log lines and a support question about a
 *  refused sign-in can still be matched to the row for a day. */
export const OAUTH_SWEEP_GRACE_MS = 24 * 60 * 60_000;
const DEFAULT_BATCH = 500;
const DEFAULT_EVERY_MS = 60 * 60_000;

/** runOnce deletes the records that expired more than the grace period before `now`, batch by batch; answers how many. */
export type OauthSweep = PeriodicJob<number>;

export function createOauthSweep(deps: {
  db: Db;
  database: Pick<Database, 'background'>;
  graceMs?: number;
  batchSize?: number;
  everyMs?: number;
  log?: (msg: string) => void;
}): OauthSweep {
  const { db, database } = deps;
  const graceMs = deps.graceMs ?? OAUTH_SWEEP_GRACE_MS;
  const batchSize = deps.batchSize ?? DEFAULT_BATCH;
  const log = deps.log ?? (() => {});

  /** One batch: the oldest expired rows first (the expiry index), by their key. */
  async function deleteBatch(cutoff: Date): Promise<number> {
    const batch = db
      .select({ model: oauthRecords.model, id: oauthRecords.id })
      .from(oauthRecords)
      .where(lt(oauthRecords.expiresAt, cutoff))
      .orderBy(oauthRecords.expiresAt)
      .limit(batchSize);
    const gone = await db
      .delete(oauthRecords)
      .where(sql`(${oauthRecords.model}, ${oauthRecords.id}) in ${batch}`)
      .returning({ id: oauthRecords.id });
    return gone.length;
  }

  async function run(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - graceMs);
    let deleted = 0;
    for (;;) {
      const n = await database.background(() => deleteBatch(cutoff));
      deleted += n;
      if (n < batchSize) break;
    }
    if (deleted) log(`oauth records: deleted ${deleted} expired before ${cutoff.toISOString()}`);
    return deleted;
  }

  return periodicJob('oauth records', run, { everyMs: deps.everyMs ?? DEFAULT_EVERY_MS, log });
}
