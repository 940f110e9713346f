import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatAnalyticsSchema, chatAssignBodySchema, chatIdParamSchema, chatListQuerySchema, chatMarkReadBodySchema,
  chatMessageSchema, chatReplyBodySchema, chatSessionDetailSchema, chatSessionSchema, chatStatusBodySchema,
  shopperChatReplySchema, shopperRepliesQuerySchema,
} from '@souq/shared/api/chat-monitor';
import { errorBodySchema } from '@souq/shared/api/common';
import { principalOf, requireAdmin } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import type { ChatMonitorService } from './chat-monitor.service.js';
import { sendPage } from '../../platform/paging.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * The admin live chat monitor (admin spec §7): every /api/admin route is admin-only and every write is audited.
 * Plus the shopper's side: the admin replies of their own chat session.
 */
export function chatMonitorRoutes(deps: { chatMonitor: ChatMonitorService }) {
  const { chatMonitor } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['chat-monitor'];
    const security = [{ bearer: [] }];

    r.get('/api/admin/chats', {
      preHandler: requireAdmin,
      schema: { tags, operationId: 'listChatSessions', security, summary: 'Assistant chat sessions, latest activity first (bounded; total in X-Total-Count)', querystring: chatListQuerySchema, response: { 200: z.array(chatSessionSchema), ...errors } },
    }, async (req, reply) => {
      return sendPage(reply, await chatMonitor.list({ ...req.query, adminId: principalOf(req).userId }));
    });

    r.get('/api/admin/chats/analytics/24h', {
      preHandler: requireAdmin,
      schema: { tags, operationId: 'getChatAnalytics24h', security, summary: 'Counts over the last 24 hours', response: { 200: chatAnalyticsSchema, ...errors } },
    }, async () => chatMonitor.analytics24h());

    r.get('/api/admin/chats/:id', {
      preHandler: requireAdmin,
      schema: { tags, operationId: 'getChatSession', security, summary: 'One session with its transcript', params: chatIdParamSchema, response: { 200: chatSessionDetailSchema, ...errors } },
    }, async (req) => chatMonitor.get(req.params.id));

    r.patch('/api/admin/chats/:id/status', {
      preHandler: requireAdmin,
      schema: { tags, operationId: 'setChatSessionStatus', security, summary: 'Set the status (and notes, priority)', params: chatIdParamSchema, body: chatStatusBodySchema, response: { 200: chatSessionSchema, ...errors } },
    }, async (req) => chatMonitor.setStatus(req.params.id, actorOf(req), req.body));

    r.post('/api/admin/chats/:id/assign', {
      preHandler: requireAdmin,
      schema: { tags, operationId: 'assignChatSession', security, summary: 'Assign to an admin (the caller by default; adminId null unassigns)', params: chatIdParamSchema, body: chatAssignBodySchema, response: { 200: chatSessionSchema, 422: errorBodySchema, ...errors } },
    }, async (req) => {
      const adminId = req.body.adminId === undefined ? principalOf(req).userId : req.body.adminId;
      return chatMonitor.assign(req.params.id, actorOf(req), adminId);
    });

    r.post('/api/admin/chats/:id/mark-read', {
      preHandler: requireAdmin,
      schema: { tags, operationId: 'markChatSessionRead', security, summary: 'Reset the unread counter', params: chatIdParamSchema, body: chatMarkReadBodySchema, response: { 200: chatSessionSchema, ...errors } },
    }, async (req) => chatMonitor.markRead(req.params.id, actorOf(req)));

    r.post('/api/admin/chats/:id/messages', {
      preHandler: requireAdmin,
      schema: { tags, operationId: 'replyChatSession', security, summary: "An admin reply in the transcript (status becomes active, note 'Admin responding')", params: chatIdParamSchema, body: chatReplyBodySchema, response: { 201: chatMessageSchema, ...errors } },
    }, async (req, reply) => reply.status(201).send(await chatMonitor.reply(req.params.id, actorOf(req), req.body.message)));

    r.get('/api/ai/chat/sessions/:id/replies', {
      schema: {
        tags: ['assistant'], operationId: 'listMyChatReplies', security: [{ bearer: [] }, {}],
        summary: "Admin replies in the caller's assistant chat after a message id (a signed-in shopper's session is theirs alone; an anonymous one is held by its id)",
        params: chatIdParamSchema, querystring: shopperRepliesQuerySchema,
        response: { 200: z.array(shopperChatReplySchema), ...errors },
      },
    }, async (req) => chatMonitor.repliesFor(req.params.id, req.principal?.kind === 'user' ? req.principal.userId : null, req.query.after));
  };
}
