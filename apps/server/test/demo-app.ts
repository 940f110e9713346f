import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './harness.js';
import { seedDemo } from '../src/demo/seed.js';

/**
 * A test app on a fresh database with the demo catalogue seeded, for the describe blocks of the file that calls it
 * (the assistant's answers are measured on that catalogue's own texts). Returns the context once `beforeAll` has run.
 */
export function withDemoCatalogue(): () => TestContext {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemo({ db: ctx.database.db, services: ctx.app.services, dataDir: ctx.dataDir, log: () => {} });
  }, 120_000);
  afterAll(async () => ctx?.close());
  return () => ctx!;
}
