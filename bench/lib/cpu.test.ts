import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseCpuSampler } from './cpu.js';

// The database CPU the benches charge to a phase (decision 0200): backends that worked BEFORE the phase and sat idle
// through it cost the phase nothing; work done during it on them is counted. Reads the backends' CPU from /proc, so it
// needs a PostgreSQL server on this machine (TEST_DATABASE_URL).
const url = process.env.TEST_DATABASE_URL;
const local = Boolean(url) && fs.existsSync('/proc/self/stat');

describe.skipIf(!local)('databaseCpuSampler (TEST_DATABASE_URL, PostgreSQL on this machine)', () => {
  // named after the run's template, as every API test's database is, so the run's teardown drops it: a DROP DATABASE
  // here waits for a checkpoint, which under CI's load (three browser lanes beside) once took longer than the hook's
  // 60 s
  const name = `${inject('pgTemplateDb') || 'souq_cpu_test'}_f_${randomBytes(4).toString('hex')}`;
  let dbUrl = '';
  let pool: pg.Pool;
  // ~0.2–0.5 s of a backend's CPU
  const burn = (client: pg.Pool | pg.PoolClient) => client.query('select count(*) from generate_series(1, 3000000) g where g % 7 = 3');

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url!);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    // the app's pool as the benches have it: its backends serve every phase, and stay open between them
    pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
    const [a, b] = [await pool.connect(), await pool.connect()];
    await Promise.all([burn(a), burn(b)]);
    a.release();
    b.release();
  });

  afterAll(async () => {
    await pool?.end();
  });

  it('charges a phase nothing for what the pool\'s backends did before it, and counts what they do during it', async () => {
    const idle = databaseCpuSampler(dbUrl, 50);
    await idle.start();
    // the pool answers small queries meanwhile, as the app's does while a bench lists its backends
    for (let i = 0; i < 10; i++) {
      await pool.query('select 1');
      await new Promise((ok) => setTimeout(ok, 30));
    }
    expect(await idle.stop()).toBeLessThan(100);

    const busy = databaseCpuSampler(dbUrl, 50);
    await busy.start();
    const t0 = process.hrtime.bigint();
    await burn(pool);
    const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
    const used = await busy.stop();
    // the backend's CPU for the query: more than nothing, and not more than the query's time (plus a clock tick)
    expect(used).toBeGreaterThan(0);
    expect(used!).toBeLessThanOrEqual(wallMs + 20);
  });
});
