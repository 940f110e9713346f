import { describe, expect, it, vi } from 'vitest';
import { createResponseCache } from './response-cache.js';

describe('response cache', () => {
  it('computes once for concurrent misses and serves hits until cleared', async () => {
    const cache = createResponseCache<number>({ ttlMs: 60_000, max: 10 });
    const produce = vi.fn(async () => 42);
    expect(await Promise.all([cache.get('a', produce), cache.get('a', produce)])).toEqual([42, 42]);
    expect(await cache.get('a', produce)).toBe(42);
    expect(produce).toHaveBeenCalledTimes(1);
    cache.clear();
    await cache.get('a', produce);
    expect(produce).toHaveBeenCalledTimes(2);
  });

  it('expires entries after the TTL and keeps at most max entries', async () => {
    vi.useFakeTimers();
    try {
      const cache = createResponseCache<string>({ ttlMs: 1000, max: 2 });
      const produce = vi.fn(async () => 'x');
      await cache.get('a', produce);
      vi.advanceTimersByTime(1001);
      await cache.get('a', produce);
      expect(produce).toHaveBeenCalledTimes(2);
      await cache.get('b', produce);
      await cache.get('c', produce);
      expect(cache.size).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never keeps a failure', async () => {
    const cache = createResponseCache<number>({ ttlMs: 60_000, max: 10 });
    await expect(cache.get('a', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });
});
