import path from 'node:path';
import fs from 'node:fs';
import { loadConfig } from './config.js';
import { migrateDatabase, openDatabase } from './platform/db.js';
import { buildApp } from './app.js';
import { seedDemoIfEmpty } from './db/seed/seed.js';
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, DEMO_VENDOR_EMAIL } from '@souq/shared/constants';

const config = loadConfig();
const started = Date.now();
fs.mkdirSync(config.dataDir, { recursive: true });

const database = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
await migrateDatabase(database);

const app = await buildApp({ config, database });
if (config.seedDemo) {
  const seeded = await seedDemoIfEmpty({ db: database.db, services: app.services, dataDir: config.dataDir, log: (m) => app.log.info(m) });
  if (seeded) app.log.info('Demo data seeded into the empty database');
}
await app.services.accounts.ensureAdminCode();
// the recommendation model is built in the background: the server is healthy at once
void app.services.recommendations.warmUp().catch((err) => app.log.error({ err }, 'recommendation model build failed'));

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    await app.close(); // stops accepting, waits for in-flight requests
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Souq is ready on http://localhost:${config.port} (${database.kind}) in ${Date.now() - started} ms`);
// image search starts once the server listens: its model loads in a worker thread, then the images that lack a
// descriptor (first start, new model) are described in the background; searches meanwhile wait a bounded time
void app.services.imageSearch
  .start()
  .then((n) => n && app.log.info(`image search: described the images of ${n} products`))
  .catch((err) => app.log.error({ err }, 'image search start failed'));
if (config.seedDemo) {
  console.log(
    `\n  Demo logins (password ${DEMO_PASSWORD}):\n    customer  ${DEMO_CUSTOMER_EMAIL}\n    vendor    ${DEMO_VENDOR_EMAIL}\n` +
      `  Admin: /admin-access with ADMIN_ACCESS_CODE${config.adminAccessCode ? '' : ' (or the generated code printed at first start)'}\n`,
  );
}
