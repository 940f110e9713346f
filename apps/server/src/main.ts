import path from 'node:path';
import fs from 'node:fs';
import { loadConfig, type Config } from './config.js';
import { migrateDatabase, openDatabase } from './platform/db.js';
import { favourMemoryOverSpeed } from './platform/memory-profile.js';
import { saveCodeCache } from './platform/code-cache.js';
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, DEMO_VENDOR_EMAIL } from '@souq/shared/constants';

// One async function rather than top-level awaits: the bundle `npm start` runs is a script V8 compiles with its code
// cache (decision 0066), and a script has no top-level await.
async function main() {
  // a bad environment (e.g. an ADMIN_ACCESS_CODE shorter than 12 characters) stops the start with its message, no stack
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(`Souq cannot start. ${(err as Error).message}`);
    process.exit(1);
  }
  const started = Date.now();
  fs.mkdirSync(config.dataDir, { recursive: true });

  // Start-up runs two things side by side (budget: restart ≤ 1.5 s to healthy): the database opens (the embedded one
  // compiles its WebAssembly off the main thread and reads its files) while the app's modules load.
  const opening = (
    config.databaseUrl
      ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') })
  ).then(async (database) => {
    await migrateDatabase(database);
    return database;
  });
  // a failed open is reported by the await below, not as an unhandled rejection while the modules load
  opening.catch(() => undefined);
  const [{ buildApp }, { seedDemoIfEmpty }] = await Promise.all([import('./app.js'), import('./demo/seed.js')]);
  const database = await opening;

  const app = await buildApp({ config, database });
  let seeded = false;
  if (config.seedDemo) {
    seeded = await seedDemoIfEmpty({ db: database.db, services: app.services, dataDir: config.dataDir, log: (m) => app.log.info(m) });
    if (seeded) app.log.info('Demo data seeded into the empty database');
  }
  await app.services.accounts.ensureAdminCode();

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      app.services.cardPayments.expiryJob.stop();
      app.services.cardPayments.transfersJob.stop();
      // captures started after webhooks' answers finish before the provider's client goes
      await app.services.cardPayments.idle();
      await app.services.payments.stop();
      await database.close();
    } finally {
      process.exit(0);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Souq is ready on http://localhost:${config.port} (${database.kind}) in ${Date.now() - started} ms`);
  // the payment provider: the real one with its keys, else the local one on a listener of its own (decision 0124);
  // nothing takes a payment yet (issue 36 item 3), so it starts after the first healthy answer
  await app.services.payments.start().catch((err: unknown) => app.log.error({ err }, 'payments: the provider could not start'));
  if (config.seedDemo) {
    console.log(
      `\n  Demo logins (password ${DEMO_PASSWORD}):\n    customer  ${DEMO_CUSTOMER_EMAIL}\n    vendor    ${DEMO_VENDOR_EMAIL}\n` +
        `  Admin: /admin-access with ADMIN_ACCESS_CODE${config.adminAccessCode ? '' : ' (or the generated code printed at first start)'}\n`,
    );
  }

  // the code cache holds what start-up compiled, and must be made before V8's flags change (platform/code-cache.ts);
  // not after seeding a new database: V8 had dropped the bytecode of much of the start-up code by then (a restart
  // with that cache used ~15 % more main-thread CPU than with one saved by a restart), so the first restart saves it
  if (!seeded) saveCodeCache();
  // Once the server answers, in the background so none of it delays the first healthy answer (docs/decisions/0061):
  // the search index is built (a search before it is ready waits for it, so answers are never partial; on the
  // embedded database its bulk reads would otherwise queue ahead of start-up's own queries); image search describes
  // the images that lack a descriptor (first start, new model) — its inference worker starts only if one does, or on
  // the first image search, and stops when idle — and the recommendation model is built.
  favourMemoryOverSpeed();
  app.services.search.warm();
  void app.services.imageSearch
    .start()
    .then((n) => n && app.log.info(`image search: described the images of ${n} products`))
    .catch((err) => app.log.error({ err }, 'image search start failed'));
  void app.services.recommendations.warmUp().catch((err) => app.log.error({ err }, 'recommendation model build failed'));
  // the embedded database's planner statistics (no autovacuum there): a new or seeded database is analysed now, a
  // restart with nothing stale costs one catalogue query; then every few minutes (decision 0073)
  app.services.plannerStats.start();
  // the monthly commission invoices (decision 0108): hourly, idempotent per vendor and month, on the background lane
  app.services.commissionJob.start();
  // the agents' OAuth records a day past their expiry, hourly, one batch per background step
  app.services.oauthSweep.start();
  // card purchases whose time to pay ran out: cancelled at the provider, their stock released (decision 0137)
  app.services.cardPayments.expiryJob.start();
  // card sub-orders whose return window closed: transferred to their sellers' connected accounts (decision 0147)
  app.services.cardPayments.transfersJob.start();
  // the daily reconciliation of the ledger with the provider and the bank (decision 0143): looked at hourly
  app.services.reconciliation.dailyJob.start();
  // agents: order webhooks owed are sent (and retried) in the background; signing keys rotate, old idempotency keys go
  app.services.agentWebhooks.start();
  app.services.agentUpkeep.start();
  // carriers (decision 0150): Aramex's tracking polled, the local Quiqup's webhooks sent
  app.services.shipping.start();
  // a browser journey's controls of the local carrier (decision 0160), when the environment asks for them
  await app.services.shipping.startControls().catch((err: unknown) => app.log.error({ err }, 'shipping: the local carrier controls could not start'));
  // sellers held to their promises (decision 0154): judged on what they were handed from the first start on (the demo's
  // seeded history included, shipped by hand before carriers were booked, is shown, not judged); hourly, idempotent
  await app.services.sellerPerformance.beginCounting();
  app.services.sellerPerformance.job.start();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
