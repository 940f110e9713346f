// `npm run vat:settle-legacy`: moves the VAT that registered sellers' sales posted before decision 0133 left on
// sales_tax_payable to each seller's payable, one posting per sub-order (decision 0142). Idempotent: a second run posts
// nothing. An operator's command, like admin:add: it needs the machine (the configured database: PostgreSQL with
// DATABASE_URL, else the embedded one under DATA_DIR, which belongs to one process at a time: stop the server first).
import path from 'node:path';
import fs from 'node:fs';
import { loadConfig } from '../config.js';
import { migrateDatabase, openDatabase } from '../platform/db.js';
import { settleLegacySellerVat } from '../modules/ledger/ledger.vat.js';

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  try {
    await migrateDatabase(database);
    const done = await settleLegacySellerVat(database.db);
    const amounts = Object.entries(done.byCurrency).map(([c, cents]) => `${c} ${(cents / 100).toFixed(2)}`).join(', ') || 'nothing';
    console.log(`VAT moved to its sellers: ${amounts}, ${done.subOrders} sub-order(s).`);
  } finally {
    await database.close();
  }
}

try {
  await main();
  process.exit(0);
} catch (err) {
  console.error(`vat:settle-legacy failed: ${(err as Error).message}`);
  process.exit(1);
}
