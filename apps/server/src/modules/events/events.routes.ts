import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LiveEvent } from '@souq/shared/api/events';
import { eventsQuerySchema } from '@souq/shared/api/events';
import { errorBodySchema } from '@souq/shared/api/common';
import { MSG } from '@souq/shared/messages';
import { forbidden, unauthorized } from '../../platform/errors.js';
import type { EventsService, Listener } from './events.service.js';

/** A client that does not read its stream is dropped once this much is waiting for it. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export type EventsRouteDeps = {
  events: EventsService;
  /** The owner of an assistant chat session (null: anonymous); throws 404 when there is no such session. */
  chatSessionOwner: (sessionId: string) => Promise<number | null>;
  heartbeatMs: number;
  /**
   * A stream ends after about this long and the client reconnects: the bearer is checked again, so a signed-out
   * or expired session stops receiving within this time.
   */
  maxAgeMs: number;
};

/**
 * GET /api/events: server-sent events for the caller (decision 0045). The browser reads it with fetch and the
 * bearer header; an anonymous shopper may listen to their own assistant chat by its id.
 */
export function eventsRoutes(deps: EventsRouteDeps) {
  const { events } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/events', {
      schema: {
        tags: ['events'],
        operationId: 'streamEvents',
        summary:
          'Live events as text/event-stream (support messages and status, admin replies in assistant chats, order status, chat monitor changes), authorised per caller; heartbeat comments keep it open',
        security: [{ bearer: [] }, {}],
        querystring: eventsQuerySchema,
        response: { 200: z.string().describe('text/event-stream'), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    }, async (req, reply) => {
      if (req.staleToken) throw unauthorized(MSG.sessionExpired);
      const p = req.principal;
      const chat = req.query.chat ?? null;
      if (!p && !chat) throw unauthorized();
      if (chat) {
        const owner = await deps.chatSessionOwner(chat);
        // an anonymous session is held by whoever has its id; a signed-in shopper's only by them
        if (owner !== null && !(p?.kind === 'user' && p.userId === owner)) throw forbidden();
      }

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.socket?.setNoDelay(true);

      let closed = false;
      const write = (text: string) => {
        if (closed) return;
        if (res.writableLength > MAX_BUFFERED_BYTES) return end();
        res.write(text);
      };
      const listener: Listener = {
        kind: p?.kind ?? 'anonymous',
        userId: p?.userId ?? null,
        vendorId: p?.vendorId ?? null,
        chatSessionId: chat,
        send: (event: LiveEvent) => write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`),
        close: () => end(),
      };
      const detach = events.attach(listener);
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), deps.heartbeatMs);
      // ±10 % so that streams opened together do not all reconnect together
      const maxAge = setTimeout(() => end(), deps.maxAgeMs * (0.9 + Math.random() * 0.2));
      function end() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(maxAge);
        detach();
        res.end();
      }
      res.on('close', end);
      listener.send({ type: 'ready', data: { at: new Date().toISOString() } });
    });
  };
}
