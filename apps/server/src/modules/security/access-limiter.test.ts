import { describe, expect, it } from 'vitest';
import { createAccessLimiter, DEFAULT_ACCESS_LIMITS, lockFor, memoryCounters } from './access-limiter.js';

describe('access limiter (pure, with a moved clock)', () => {
  it('locks a client out after 5 wrong codes, then for twice as long after each further one, up to an hour', async () => {
    let clock = 1_000_000;
    const limiter = createAccessLimiter(memoryCounters(() => clock), DEFAULT_ACCESS_LIMITS);
    for (let i = 1; i <= 4; i++) {
      expect(await limiter.failed('a')).toBe(0);
      expect(await limiter.wait('a')).toBe(0);
    }
    expect(await limiter.failed('a')).toBe(60_000);
    expect(await limiter.wait('a')).toBe(60_000);
    expect(await limiter.wait('b')).toBe(0);
    clock += 60_000;
    expect(await limiter.wait('a')).toBe(0);
    expect(await limiter.failed('a')).toBe(120_000);
    clock += 120_000;
    expect(await limiter.failed('a')).toBe(240_000);
    expect(lockFor(20, DEFAULT_ACCESS_LIMITS)).toBe(60 * 60_000);
  });

  it('forgets a client\'s failures after a correct code, and an hour after the last wrong one', async () => {
    let clock = 0;
    const limiter = createAccessLimiter(memoryCounters(() => clock), DEFAULT_ACCESS_LIMITS);
    for (let i = 0; i < 4; i++) await limiter.failed('a');
    await limiter.succeeded('a');
    for (let i = 0; i < 4; i++) expect(await limiter.failed('a')).toBe(0);
    clock += 60 * 60_000;
    for (let i = 0; i < 4; i++) expect(await limiter.failed('a')).toBe(0);
    expect(await limiter.failed('a')).toBe(60_000);
  });

  it('reports only the first refusal of a wait (a flood of refused requests is kept once)', async () => {
    let clock = 0;
    const limiter = createAccessLimiter(memoryCounters(() => clock), DEFAULT_ACCESS_LIMITS);
    expect(await limiter.firstRefusal('a', 60_000)).toBe(true);
    expect(await limiter.firstRefusal('a', 60_000)).toBe(false);
    expect(await limiter.firstRefusal('b', 60_000)).toBe(true);
    clock += 60_000;
    expect(await limiter.firstRefusal('a', 120_000)).toBe(true);
  });

  it('counts wrong codes from all clients per window without refusing anyone for them (issue 23)', async () => {
    let clock = 0;
    const limiter = createAccessLimiter(memoryCounters(() => clock), { ...DEFAULT_ACCESS_LIMITS, globalLimit: 3 });
    for (const client of ['a', 'b', 'c', 'd']) await limiter.failed(client);
    expect(await limiter.wait('e')).toBe(0);
    expect(await limiter.wait('a')).toBe(0);
    expect(await limiter.globalFailures()).toEqual({ count: 4, resetsInMs: 15 * 60_000 });
    clock += 15 * 60_000;
    expect(await limiter.globalFailures()).toEqual({ count: 0, resetsInMs: 0 });
  });
});
