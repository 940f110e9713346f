import { freshApp } from './lib/fresh-app.js';
import { seedDemo } from '../apps/server/src/db/seed/seed.js';
const b = await freshApp({ pgliteDir: process.argv[2] });
const t0 = Date.now();
await seedDemo({ db: b.database.db, services: b.app.services, dataDir: b.config.dataDir, log: console.log });
console.log('total', Date.now() - t0);
await b.close();
process.exit(0);
