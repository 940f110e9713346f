import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  broadcastBodySchema, deliveryResultSchema, notificationPreferencesSchema, okSchema, preferencesParamSchema, putPreferencesBodySchema,
  sendBodySchema, subscribeBodySchema, unsubscribeBodySchema, vapidPublicKeySchema,
} from '@souq/shared/api/notifications';
import { errorBodySchema } from '@souq/shared/api/common';
import { MSG } from '@souq/shared/messages';
import { principalOf, requireAdmin, requireSignedIn, requireUser } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { forbidden } from '../../platform/errors.js';
import type { NotificationsService } from './notifications.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const security = [{ bearer: [] }];

/**
 * The caller's own user id. The spec's payloads carry a userId; it may only name the caller (another person's id
 * is a 403, never a silent switch).
 */
function ownId(req: FastifyRequest, claimed: number | undefined): number {
  const me = principalOf(req).userId;
  if (claimed !== undefined && claimed !== me) throw forbidden();
  return me;
}

/** Web push (customer §7 notification calls, admin §7 broadcast). */
export function notificationsRoutes(deps: { notifications: NotificationsService }) {
  const { notifications } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['notifications'];

    r.get('/api/notifications/vapid-public-key', {
      schema: {
        tags, operationId: 'getVapidPublicKey', summary: "The server's VAPID public key (base64url), the browser's applicationServerKey",
        response: { 200: vapidPublicKeySchema },
      },
    }, async () => ({ publicKey: await notifications.publicKey() }));

    r.post('/api/notifications/subscribe', {
      preHandler: requireUser,
      schema: {
        tags, operationId: 'subscribePush', security, body: subscribeBodySchema,
        summary: "Save this browser's push subscription for the caller (endpoints on private addresses are refused)",
        response: { 200: okSchema, 422: errorBodySchema, ...errors },
      },
    }, async (req) => {
      await notifications.subscribe(ownId(req, req.body.userId), req.body.subscription, req.headers['user-agent'] ?? '');
      return { success: true as const, message: MSG.pushSubscribed };
    });

    r.post('/api/notifications/unsubscribe', {
      preHandler: requireUser,
      schema: {
        tags, operationId: 'unsubscribePush', security, body: unsubscribeBodySchema,
        summary: "Remove the caller's subscription with this endpoint, or all of the caller's without one",
        response: { 200: okSchema, ...errors },
      },
    }, async (req) => {
      await notifications.unsubscribe(ownId(req, req.body.userId), req.body.endpoint);
      return { success: true as const, message: MSG.pushUnsubscribed };
    });

    r.get('/api/notifications/preferences/:userId', {
      preHandler: requireUser,
      schema: {
        tags, operationId: 'getNotificationPreferences', security, params: preferencesParamSchema,
        summary: "The caller's four preferences (defaults until saved: order updates on, recommendations on, promotions off, AI insights on)",
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    }, async (req) => notifications.preferences(ownId(req, req.params.userId)));

    r.put('/api/notifications/preferences', {
      preHandler: requireUser,
      schema: {
        tags, operationId: 'saveNotificationPreferences', security, body: putPreferencesBodySchema,
        summary: "Change some of the caller's preferences; answers all four",
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    }, async (req) => notifications.savePreferences(ownId(req, req.body.userId), req.body.preferences));

    r.post('/api/notifications/send', {
      preHandler: requireSignedIn,
      schema: {
        tags, operationId: 'sendPush', security, body: sendBodySchema,
        summary: 'A push to one user: a customer may only notify themself, an admin anyone. 422 when the user has no subscription',
        response: { 200: deliveryResultSchema, 422: errorBodySchema, ...errors },
      },
    }, async (req) => {
      const p = principalOf(req);
      if (p.kind !== 'admin' && req.body.userId !== p.userId) throw forbidden();
      const { userId, ...payload } = req.body;
      return notifications.sendTo(userId, payload);
    });

    r.post('/api/notifications/broadcast', {
      preHandler: requireAdmin,
      schema: {
        tags: [...tags, 'admin'], operationId: 'broadcastPush', security, body: broadcastBodySchema,
        summary: 'Admin broadcast to every subscribed browser (type promotion: only to people who accept promotions); audited; answers the delivery counts',
        response: { 200: deliveryResultSchema, ...errors },
      },
    }, async (req) => notifications.broadcast(actorOf(req), req.body));
  };
}
