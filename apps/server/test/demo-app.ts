import { afterAll, beforeAll, expect } from 'vitest';
import { call, createTestApp, type TestContext } from './harness.js';
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

/** The assistant's answer to one message on that app, and the names it sets in bold (a list's lines, or the one product described). */
export async function chatOn(ctx: TestContext, message: string, lang: 'en' | 'ar'): Promise<{ response: string; listed: string[] }> {
  const res = await call(ctx.app, { method: 'POST', url: `/api/ai/chat?lang=${lang}`, body: { message } });
  expect(res.status, res.body).toBe(200);
  const response = (res.json as { response: string }).response;
  return { response, listed: [...response.matchAll(/\*\*(.+?)\*\*/g)].map((m) => m[1]!) };
}
