import type { Database, Db } from '../../platform/db.js';
import { commissionFigures, issueCommissionDocumentsForVendor } from './commission.documents.js';
import { lastClosedPeriod } from './commission.period.js';
import { periodicJob, type PeriodicJob } from '../../platform/periodic-job.js';

// The monthly commission run (decision 0108) on the background lane, like the planner statistics keeper (0073):
// every hour it invoices the last month that has ended; the run is idempotent per vendor and month, so all but the
// first hour of a month (and every other instance of the server) find everything issued and write nothing.

const DEFAULT_EVERY_MS = 60 * 60_000;

/** runOnce issues what is due for the last closed month at `now`; answers how many documents it issued. */
export type CommissionJob = PeriodicJob<number>;

export function createCommissionJob(deps: { db: Db; database: Pick<Database, 'background'>; everyMs?: number; log?: (msg: string) => void }): CommissionJob {
  const { db, database } = deps;
  const log = deps.log ?? (() => {});

  async function run(now: Date): Promise<number> {
    const period = lastClosedPeriod(now);
    const vendorIds = await database.background(async () => (await commissionFigures(db, period)).map((f) => f.vendorId));
    let issued = 0;
    // one vendor per step: a request waits for one vendor's transaction at most
    for (const id of vendorIds) issued += (await database.background(() => issueCommissionDocumentsForVendor(db, id, period, now))).length;
    if (issued) log(`commission documents: issued ${issued} for ${period}`);
    return issued;
  }

  return periodicJob('commission documents', run, { everyMs: deps.everyMs ?? DEFAULT_EVERY_MS, log });
}
