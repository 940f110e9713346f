import type { Redis } from 'ioredis';

/**
 * Counters with an expiry, shared by every instance when Redis is configured (REDIS_URL), in-process otherwise.
 * `incr` starts the expiry with the first hit (a fixed window) unless `slide` restarts it with every hit.
 */
export type CounterStore = {
  incr(key: string, ttlMs: number, slide: boolean): Promise<number>;
  get(key: string): Promise<number>;
  /** Milliseconds until the key expires; 0 when it does not exist. */
  ttl(key: string): Promise<number>;
  set(key: string, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
};

export function memoryCounters(now: () => number = Date.now): CounterStore {
  const map = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const e = map.get(key);
    if (e && e.until <= now()) {
      map.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    async incr(key, ttlMs, slide) {
      const e = live(key);
      const next = { n: (e?.n ?? 0) + 1, until: e && !slide ? e.until : now() + ttlMs };
      map.set(key, next);
      return next.n;
    },
    async get(key) {
      return live(key)?.n ?? 0;
    },
    async ttl(key) {
      const e = live(key);
      return e ? e.until - now() : 0;
    },
    async set(key, ttlMs) {
      map.set(key, { n: 1, until: now() + ttlMs });
    },
    async del(key) {
      map.delete(key);
    },
  };
}

export function redisCounters(redis: Redis, prefix = 'souq-admin-access:'): CounterStore {
  const k = (key: string) => prefix + key;
  return {
    async incr(key, ttlMs, slide) {
      // one round trip; a fixed window creates the key with its expiry first (INCR keeps an expiry, works on Redis 6)
      const res = slide
        ? await redis.multi().incr(k(key)).pexpire(k(key), ttlMs).exec()
        : await redis.multi().set(k(key), '0', 'PX', ttlMs, 'NX').incr(k(key)).exec();
      const incrResult = res?.[slide ? 0 : 1];
      return Number(incrResult?.[1] ?? 0);
    },
    async get(key) {
      return Number((await redis.get(k(key))) ?? 0);
    },
    async ttl(key) {
      return Math.max(0, await redis.pttl(k(key)));
    },
    async set(key, ttlMs) {
      await redis.set(k(key), '1', 'PX', ttlMs);
    },
    async del(key) {
      await redis.del(k(key));
    },
  };
}

export type AccessLimits = {
  /** Wrong codes a client may send before it is locked out (then 429 with Retry-After). */
  maxFailures: number;
  /** A client's failures are forgotten this long after its last one (or at once after a correct code). */
  failureWindowMs: number;
  /** The first lock-out; every further wrong code after a lock doubles it, up to `maxLockMs`. */
  baseLockMs: number;
  maxLockMs: number;
  /**
   * Wrong codes from all clients together per `globalWindowMs` past which admins are warned in the Security section.
   * It refuses nobody: a global stop let anyone with 21 addresses lock every admin out (issue 23, decision 0084).
   */
  globalLimit: number;
  globalWindowMs: number;
};

export const DEFAULT_ACCESS_LIMITS: AccessLimits = {
  maxFailures: 5,
  failureWindowMs: 60 * 60_000,
  baseLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  globalLimit: 100,
  globalWindowMs: 15 * 60_000,
};

/** How long the n-th consecutive wrong code locks a client out (0 below the limit): 1, 2, 4, … minutes, capped. */
export function lockFor(failures: number, limits: AccessLimits): number {
  if (failures < limits.maxFailures) return 0;
  return Math.min(limits.maxLockMs, limits.baseLockMs * 2 ** (failures - limits.maxFailures));
}

export type AccessLimiter = ReturnType<typeof createAccessLimiter>;

/**
 * The brake on guessing the admin access code (issue 13). Only wrong codes count: a correct code never adds to a
 * counter, so admins who sign in often are never slowed. A locked client is refused before its code is checked, so
 * a lock cannot be used to test codes; other clients keep signing in. Wrong codes from all clients are counted per
 * window too, but only to warn admins of a guesser spread over many addresses (decision 0084): codes of 12+ chosen
 * or 24 random characters stay out of reach at 5 guesses per address, while a global stop was a lock-out for hire.
 */
export function createAccessLimiter(store: CounterStore, limits: AccessLimits) {
  const failKey = (client: string) => `fail:${client}`;
  const lockKey = (client: string) => `lock:${client}`;
  const GLOBAL = 'global';
  return {
    limits,
    /** Milliseconds the client must wait before its code is checked; 0 when it may try now. */
    async wait(client: string): Promise<number> {
      return store.ttl(lockKey(client));
    },
    /** Wrong codes from all clients in the current window, and the milliseconds until that window ends. */
    async globalFailures(): Promise<{ count: number; resetsInMs: number }> {
      const [count, resetsInMs] = await Promise.all([store.get(GLOBAL), store.ttl(GLOBAL)]);
      return { count, resetsInMs };
    },
    /** A wrong code: counts for the client and globally; answers how long the client is now locked out (0: not). */
    async failed(client: string): Promise<number> {
      const [n] = await Promise.all([
        store.incr(failKey(client), limits.failureWindowMs, true),
        store.incr(GLOBAL, limits.globalWindowMs, false),
      ]);
      const lock = lockFor(n, limits);
      if (lock > 0) await store.set(lockKey(client), lock);
      return lock;
    },
    /**
     * Whether a refused attempt is the first of this client's current wait: only that one is kept for review, so a
     * flood of refused requests cannot fill the table.
     */
    async firstRefusal(client: string, waitMs: number): Promise<boolean> {
      return (await store.incr(`refused:${client}`, Math.max(1, waitMs), false)) === 1;
    },
    async succeeded(client: string): Promise<void> {
      await store.del(failKey(client));
    },
  };
}

/**
 * Redis counters that fall back to this instance's own counters while Redis fails: the brake stays on (per
 * instance) instead of opening, and the API stays up.
 */
export function resilientCounters(primary: CounterStore, fallback: CounterStore, log: (msg: string) => void): CounterStore {
  let warned = false;
  const guard = <A extends unknown[], R>(op: (s: CounterStore) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await op(primary)(...args);
      } catch (err) {
        if (!warned) log(`admin access limiter: Redis unavailable (${(err as Error).message}); counting on this instance`);
        warned = true;
        return op(fallback)(...args);
      }
    };
  return {
    incr: guard((s) => s.incr),
    get: guard((s) => s.get),
    ttl: guard((s) => s.ttl),
    set: guard((s) => s.set),
    del: guard((s) => s.del),
  };
}
