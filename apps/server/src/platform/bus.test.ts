import { afterEach, describe, expect, it } from 'vitest';
import { createBus, type Bus } from './bus.js';

const open: Bus[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((b) => b.close()));
});
const bus = (redisUrl?: string) => {
  const b = createBus({ redisUrl });
  open.push(b);
  return b;
};
const waitFor = async (cond: () => boolean, ms = 2000) => {
  const until = Date.now() + ms;
  while (!cond() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  return cond();
};

describe('bus (in-process)', () => {
  it('calls every handler, survives a failing one, and unsubscribes', async () => {
    const b = bus();
    const seen: number[] = [];
    const off = b.on('product.changed', ({ id }) => void seen.push(id));
    b.on('product.changed', () => {
      throw new Error('boom');
    });
    await b.emit('product.changed', { id: 1 });
    off();
    await b.emit('product.changed', { id: 2 });
    expect(seen).toEqual([1]);
  });
});

// Two instances of the server = two buses on one Redis: cluster handlers hear everything, origin handlers only
// what their own instance emitted (side effects happen once).
describe.runIf(process.env.TEST_REDIS_URL)('bus over Redis', () => {
  it('delivers an event emitted on A to B, once, and keeps origin handlers on A', async () => {
    const url = process.env.TEST_REDIS_URL!;
    const a = bus(url);
    const b = bus(url);
    const onA: number[] = [];
    const onB: number[] = [];
    const originOnB: number[] = [];
    const originOnA: number[] = [];
    a.on('product.changed', ({ id }) => void onA.push(id));
    b.on('product.changed', ({ id }) => void onB.push(id));
    a.on('product.changed', ({ id }) => void originOnA.push(id), { scope: 'origin' });
    b.on('product.changed', ({ id }) => void originOnB.push(id), { scope: 'origin' });
    // subscriptions are asynchronous: wait until B hears a probe
    await waitFor(() => {
      void a.emit('product.changed', { id: 0 });
      return onB.includes(0);
    }, 5000);
    onA.length = onB.length = originOnA.length = originOnB.length = 0;
    await a.emit('product.changed', { id: 42 });
    expect(await waitFor(() => onB.includes(42))).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    // late probes (id 0) may still arrive: look at the real event only
    const real = (xs: number[]) => xs.filter((x) => x !== 0);
    expect(real(onA)).toEqual([42]);
    expect(real(onB)).toEqual([42]);
    expect(real(originOnA)).toEqual([42]);
    expect(real(originOnB)).toEqual([]);
  });
});
