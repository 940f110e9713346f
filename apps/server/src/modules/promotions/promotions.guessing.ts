import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from '../accounts/accounts.routes.js';

/**
 * Tries at guessing a coupon code (issue 39 item 7, decisions 0148, 0159): one counter store for the storefront's code
 * box and agents' discount codes, so a shopper's tries are counted once wherever they are made. Each call names the
 * counters it spends (`client:<address>`, `user:<id>`, `agent:<key>`, ...); the first one exceeded answers how many
 * seconds to wait. The counters live where the other limits do (Redis with REDIS_URL).
 */
export type CodeTries = (req: FastifyRequest, keys: readonly string[]) => Promise<number | null>;

export function createCodeTries(app: FastifyInstance, perMinute = 20): CodeTries {
  // the limiter reads its key from the request; the key of the counter being spent is handed over beside it
  const current = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({ max: perMinute, timeWindow: '1 minute', keyGenerator: (req) => `promo-code:${current.get(req)!}` });
  return async (req, keys) => {
    for (const key of keys) {
      current.set(req, key);
      const res = await limiter(req);
      if (!res.isAllowed && res.isExceeded) return res.ttlInSeconds;
    }
    return null;
  };
}

/**
 * The counters a storefront try spends: one per client address, one per signed-in shopper (so changing address does
 * not reset a shopper's tries, and a shared address is not one shopper). The code box and the chat spend the same.
 */
export const shopperCodeKeys = (req: FastifyRequest): string[] =>
  [`client:${clientKey(req.ip)}`, req.principal ? `user:${req.principal.userId}` : `anon:${clientKey(req.ip)}`];
