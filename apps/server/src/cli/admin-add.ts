// `npm run admin:add -- --name "Sara"`: creates a named admin with a personal access code and prints the code once
// (issue 13). Works on the configured database: PostgreSQL with DATABASE_URL, else the embedded one under DATA_DIR.
// The embedded database belongs to one process at a time: stop the server first, or create the code in the admin
// Security section instead.
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { adminCodeCreateSchema } from '@souq/shared/api/security';
import { loadConfig, type Config } from '../config.js';
import { migrateDatabase, openDatabase, type Database } from '../platform/db.js';
import { createServices } from '../services.js';
import type { Actor } from '../platform/audit.js';

/** Who the trail names for codes made on the command line. */
const COMMAND_LINE_ACTOR: Actor = { userId: null, role: 'system', name: 'command line (admin:add)', ip: null };

/** Creates the named admin and their code on an open, migrated database, through the app's own services. */
async function addAdmin(database: Database, config: Config, name: string) {
  const services = createServices(config, database, () => undefined);
  try {
    return await services.security.createCode(name, COMMAND_LINE_ACTOR);
  } finally {
    await services.bus.close();
  }
}

async function main() {
  const { values } = parseArgs({ options: { name: { type: 'string', short: 'n' } } });
  const parsed = adminCodeCreateSchema.safeParse({ name: values.name ?? '' });
  if (!parsed.success) {
    console.error('Usage: npm run admin:add -- --name "Sara"');
    process.exit(2);
  }
  const config = loadConfig();
  if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  try {
    await migrateDatabase(database);
    const created = await addAdmin(database, config, parsed.data.name);
    console.log(`Admin "${created.name}" created. Their access code (shown once, give it to them privately):\n\n  ${created.code}\n`);
  } finally {
    await database.close();
  }
}

try {
  await main();
  process.exit(0);
} catch (err) {
  console.error(`admin:add failed: ${(err as Error).message}`);
  process.exit(1);
}
