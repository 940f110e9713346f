// `npm run admin:add -- --name "Sara"`: creates a named admin with a personal access code and prints the code once
// (issue 13). Works on the configured database: PostgreSQL with DATABASE_URL, else the embedded one under DATA_DIR.
// The embedded database belongs to one process at a time: stop the server first, or create the code in the admin
// Security section instead.
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { adminCodeCreateSchema } from '@souq/shared/api/security';
import { loadConfig } from '../config.js';
import { migrateDatabase, openDatabase, type Database } from '../platform/db.js';
import { createSessionStore } from '../platform/auth.js';
import { createAuditLog, type Actor } from '../platform/audit.js';
import { createVendorsService } from '../modules/vendors/vendors.service.js';
import { createAccountsService } from '../modules/accounts/accounts.service.js';
import { createSecurityService } from '../modules/security/security.service.js';
import { createAccessLimiter, DEFAULT_ACCESS_LIMITS, memoryCounters } from '../modules/security/access-limiter.js';

/** Who the trail names for codes made on the command line. */
const COMMAND_LINE_ACTOR: Actor = { userId: null, role: 'system', name: 'command line (admin:add)', ip: null };

/** Creates the named admin and their code on an open, migrated database. */
async function addAdmin(database: Database, name: string) {
  const { db } = database;
  const sessions = createSessionStore(db);
  const audit = createAuditLog({ db });
  const accounts = createAccountsService({ db, sessions, vendors: createVendorsService({ db }), adminAccessCode: undefined, log: () => undefined, audit });
  const security = createSecurityService({ db, sessions, accounts, audit, limiter: createAccessLimiter(memoryCounters(), DEFAULT_ACCESS_LIMITS) });
  return security.createCode(name, COMMAND_LINE_ACTOR);
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
    const created = await addAdmin(database, parsed.data.name);
    console.log(`Admin "${created.name}" created. Their access code (shown once, give it to them privately):\n\n  ${created.code}\n`);
  } finally {
    await database.close();
  }
}

try {
  await main();
} catch (err) {
  console.error(`admin:add failed: ${(err as Error).message}`);
  process.exit(1);
}
