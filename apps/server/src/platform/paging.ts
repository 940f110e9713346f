import type { FastifyReply } from 'fastify';

/**
 * A paged list's answer (ARCHITECTURE "API rules"): the page's items as the body and the count of all matches in
 * `X-Total-Count`, so clients page without a second request.
 */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  void reply.header('x-total-count', String(page.total));
  return page.items;
}
