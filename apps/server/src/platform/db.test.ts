import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundLane, openDatabase, type Database } from './db.js';

// The embedded database's background lane (decision 0066): bulk reads after start-up must not hold up requests.
describe('Database.background on the embedded database', () => {
  let database: Database;
  // a guard against a hang, not a speed check: starting a fresh embedded database (its initdb in WebAssembly) ran past
  // 60 s in the PostgreSQL run beside three journey lanes on a 2-core machine at half its speed (2026-11-30)
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  }, 300_000);
  afterAll(async () => {
    await database.close();
  });

  it('lets a query issued after a background step was queued run first', async () => {
    const order: string[] = [];
    const step = database.background(async () => {
      await database.query('select 1');
      order.push('background');
    });
    const request = database.query('select 2').then(() => order.push('request'));
    await Promise.all([step, request]);
    expect(order).toEqual(['request', 'background']);
  });

  it('reads waiting I/O before a step: a query issued from a later event-loop callback still goes first', async () => {
    const order: string[] = [];
    const step = database.background(async () => {
      await database.query('select 1');
      order.push('background');
    });
    const request = new Promise<void>((resolve) => {
      setImmediate(() => void database.query('select 2').then(() => (order.push('request'), resolve())));
    });
    await Promise.all([step, request]);
    expect(order).toEqual(['request', 'background']);
  });

  it('runs steps one at a time, in order, and a failing step does not stop the next', async () => {
    const events: string[] = [];
    const step = (name: string, fail = false) =>
      database.background(async () => {
        events.push(`${name} start`);
        await database.query('select 1');
        await database.query('select 2');
        events.push(`${name} end`);
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
    const results = await Promise.allSettled([step('a'), step('b', true), step('c')]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['a', 'b failed', 'c']);
    expect(events).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('runs a step that has waited maxWaitMs even while requests never leave the database idle', async () => {
    // A stand-in for PGlite whose queries take 2 ms: two overlapping streams of "requests", each issuing its next
    // query as soon as one finishes, so one is always running or queued (a busy shop, a load test). Without the
    // bound the step would wait for them to stop (decision 0073); with it, it starts after ~maxWaitMs.
    const client = {
      query: () => new Promise<void>((resolve) => setTimeout(resolve, 2)),
      exec: () => new Promise<void>((resolve) => setTimeout(resolve, 2)),
      transaction: () => new Promise<void>((resolve) => setTimeout(resolve, 2)),
    };
    const lane = backgroundLane(client as unknown as PGlite, { maxWaitMs: 150 });
    let stop = false;
    let requests = 0;
    const stream = async () => {
      while (!stop) {
        await client.query();
        requests++;
      }
    };
    const first = stream();
    await new Promise((resolve) => setTimeout(resolve, 1));
    const streams = [first, stream()];
    const started = Date.now();
    const step = lane(async () => ({ after: Date.now() - started, requests }));
    const timeLimit = new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000));
    const ran = await Promise.race([step, timeLimit]);
    stop = true;
    await Promise.all([...streams, step]);
    expect(ran, 'the step did not run while the requests went on').not.toBeNull();
    expect(ran!.after).toBeGreaterThanOrEqual(140);
    expect(ran!.after).toBeLessThan(1500);
    // the requests were going before the step ran and went on after it
    expect(ran!.requests).toBeGreaterThan(5);
    expect(requests).toBeGreaterThan(ran!.requests);
  });

  it('counts transactions and failed queries, so the lane never waits forever', async () => {
    await expect(database.query('select * from no_such_table')).rejects.toThrow();
    await database.db.transaction(async (tx) => {
      await tx.execute('select 1' as never);
    });
    await expect(database.background(async () => 'ran')).resolves.toBe('ran');
  });
});
