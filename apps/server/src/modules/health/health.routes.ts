import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase, type Db } from '../../platform/db.js';

export function healthRoutes(deps: { db: Db; dbKind: string; startedAt: number }) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/health', {
      // a few bytes, never compressed; and the compression hook's first answer loads Node's fetch classes (~25 ms:
      // it checks `instanceof Response`), which would otherwise delay the first healthy answer of every start
      compress: false,
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string(), uptime_s: z.number() }),
          503: z.object({ status: z.literal('unavailable'), database: z.string(), error: z.string() }),
        },
      },
    }, async (_req, reply) => {
      const ok = await pingDatabase(deps.db);
      if (!ok) return reply.status(503).send({ status: 'unavailable' as const, database: deps.dbKind, error: 'Database unreachable' });
      return { status: 'ok' as const, database: deps.dbKind, uptime_s: Math.round((Date.now() - deps.startedAt) / 1000) };
    });
    // HEAD only: the performance monitor measures round-trip latency with it.
    r.route({
      method: 'HEAD',
      url: '/api/ping',
      compress: false,
      schema: { tags: ['operations'], summary: 'Latency probe' },
      handler: async (_req, reply) => reply.status(204).send(),
    });
  };
}
