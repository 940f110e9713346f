import { Redis } from 'ioredis';

/**
 * The optional Redis connection (REDIS_URL): shared rate-limit counters across instances.
 * Without it everything runs in-process, which is right for one server.
 */
export function connectRedis(url: string | undefined): Redis | null {
  if (!url) return null;
  // fail fast instead of queueing commands forever when Redis is down; rate limiting then lets requests through
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
}
