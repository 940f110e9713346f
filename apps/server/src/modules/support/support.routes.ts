import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSupportConversationSchema, adminSupportListQuerySchema, adminSupportPatchSchema, adminSupportReplySchema,
  adminSupportThreadSchema, createSupportConversationSchema, supportAwaitingCountSchema, supportConversationSchema,
  supportIdParamSchema, supportMessageBodySchema, supportMessageSchema, supportThreadSchema,
} from '@souq/shared/api/support';
import { errorBodySchema, pageQuerySchema } from '@souq/shared/api/common';
import { principalOf, requireAdmin, requireUser } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import type { SupportService } from './support.service.js';
import { sendPage } from '../../platform/paging.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const security = [{ bearer: [] }];

/** Customer support (customer §7) and the admin support inbox (admin §7). */
export function supportRoutes(deps: { support: SupportService }) {
  const { support } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['support'];
    const customerOf = (req: Parameters<typeof principalOf>[0]) => {
      const p = principalOf(req);
      return { userId: p.userId, name: p.name };
    };

    // ---- customer ----
    r.get('/api/support/conversations', {
      preHandler: requireUser,
      schema: {
        tags, operationId: 'listMySupportConversations', security, querystring: pageQuerySchema,
        summary: "The caller's conversations, latest first; unread_count counts staff messages not yet read (total in X-Total-Count)",
        response: { 200: z.array(supportConversationSchema), ...errors },
      },
    }, async (req, reply) => {
      return sendPage(reply, await support.listForCustomer(principalOf(req).userId, req.query));
    });

    r.post('/api/support/conversations', {
      preHandler: requireUser,
      schema: {
        tags, operationId: 'createSupportConversation', security, body: createSupportConversationSchema,
        summary: "Open a ticket: subject or message required; a blank subject becomes 'New Support Request'",
        response: { 201: supportConversationSchema, ...errors },
      },
    }, async (req, reply) => reply.status(201).send(await support.create(customerOf(req), req.body)));

    r.get('/api/support/conversations/:id/messages', {
      preHandler: requireUser,
      schema: {
        tags, operationId: 'getMySupportThread', security, params: supportIdParamSchema,
        summary: 'One of the caller\'s conversations with its messages; opening it marks the staff messages read',
        response: { 200: supportThreadSchema, ...errors },
      },
    }, async (req) => support.threadForCustomer(principalOf(req).userId, req.params.id));

    r.post('/api/support/conversations/:id/messages', {
      preHandler: requireUser,
      schema: {
        tags, operationId: 'postSupportMessage', security, params: supportIdParamSchema, body: supportMessageBodySchema,
        summary: 'A message from the customer in their conversation (refused once it is resolved)',
        response: { 201: supportMessageSchema, 422: errorBodySchema, ...errors },
      },
    }, async (req, reply) => reply.status(201).send(await support.postAsCustomer(customerOf(req), req.params.id, req.body.message)));

    // ---- admin inbox (the /api/admin prefix is guarded centrally as well) ----
    const adminTags = ['support', 'admin'];

    r.get('/api/admin/support/conversations', {
      preHandler: requireAdmin,
      schema: {
        tags: adminTags, operationId: 'listSupportConversations', security, querystring: adminSupportListQuerySchema,
        summary: 'Every conversation, latest first, filtered by status, priority and a search over subject, last message, customer name and e-mail; unread_count counts customer messages no admin has read',
        response: { 200: z.array(adminSupportConversationSchema), ...errors },
      },
    }, async (req, reply) => {
      return sendPage(reply, await support.listForStaff(req.query));
    });

    r.get('/api/admin/support/awaiting-count', {
      preHandler: requireAdmin,
      schema: {
        tags: adminTags, operationId: 'countSupportAwaitingStaff', security,
        summary: "Conversations waiting for staff: not resolved and the customer's message is the latest (the admin bell)",
        response: { 200: supportAwaitingCountSchema, ...errors },
      },
    }, async () => ({ count: await support.countAwaitingStaff() }));

    r.get('/api/admin/support/conversations/:id/messages', {
      preHandler: requireAdmin,
      schema: {
        tags: adminTags, operationId: 'getSupportThread', security, params: supportIdParamSchema,
        summary: "A conversation with its messages; opening it marks the customer's messages read by staff",
        response: { 200: adminSupportThreadSchema, ...errors },
      },
    }, async (req) => support.threadForStaff(req.params.id));

    r.post('/api/admin/support/conversations/:id/messages', {
      preHandler: requireAdmin,
      schema: {
        tags: adminTags, operationId: 'replySupportConversation', security, params: supportIdParamSchema, body: adminSupportReplySchema,
        summary: 'A staff reply (audited); refused once the conversation is resolved',
        response: { 201: supportMessageSchema, 422: errorBodySchema, ...errors },
      },
    }, async (req, reply) => reply.status(201).send(await support.reply(actorOf(req), req.params.id, req.body)));

    r.patch('/api/admin/support/conversations/:id', {
      preHandler: requireAdmin,
      schema: {
        tags: adminTags, operationId: 'updateSupportConversation', security, params: supportIdParamSchema, body: adminSupportPatchSchema,
        summary: "Set the status and/or priority (audited); a status change adds 'Conversation marked as {status}'",
        response: { 200: adminSupportConversationSchema, ...errors },
      },
    }, async (req) => support.update(actorOf(req), req.params.id, req.body));
  };
}
