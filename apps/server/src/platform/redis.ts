import type { Redis } from 'ioredis';

/**
 * The optional Redis connection (REDIS_URL): shared rate-limit counters across instances.
 * Without it everything runs in-process, which is right for one server.
 */
export async function connectRedis(url: string | undefined): Promise<Redis | null> {
  if (!url) return null;
  // loaded only with REDIS_URL: a single instance does not pay for ioredis at start-up
  const { Redis } = await import('ioredis');
  // fail fast instead of queueing commands forever when Redis is down; rate limiting then lets requests through
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
}
