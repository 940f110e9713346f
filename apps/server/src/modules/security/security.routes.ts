import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAccessRequestSchema, adminAccessResponseSchema } from '@souq/shared/api/auth';
import { errorBodySchema, idParamSchema, pageQuerySchema, successSchema } from '@souq/shared/api/common';
import {
  accessAlertSchema, accessAttemptSchema, adminCodeCreateSchema, adminCodeCreatedSchema, adminCodeSchema, adminSessionSchema, auditEntrySchema, auditQuerySchema,
} from '@souq/shared/api/security';
import { principalOf, requireAdmin } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { AccessLockedError, type Client, type SecurityService } from './security.service.js';
import { sendPage } from '../../platform/paging.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const writeErrors = { ...errors, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['security'];

const clientOf = (req: FastifyRequest): Client => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

/**
 * The admin access gate and the admin Security section (issue 13). Everything but the gate itself is under
 * /api/admin/, so it needs an admin session (decision 0006); writes are audited by the service.
 */
export function securityRoutes(deps: { security: SecurityService }) {
  const { security } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/api/admin/access', {
      schema: {
        tags: ['accounts', ...tags],
        summary: "Exchange an admin access code (the owner's ADMIN_ACCESS_CODE or a named admin's code) for an admin session. " +
          'Wrong codes are limited per client: 429 with Retry-After, growing delays; a correct code never counts. Wrong codes from all clients only raise the Security alert',
        body: adminAccessRequestSchema,
        response: { 200: adminAccessResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    }, async (req, reply) => {
      try {
        return await security.exchange(req.body.code, clientOf(req));
      } catch (err) {
        if (err instanceof AccessLockedError) void reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    });

    r.get('/api/admin/security/audit', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'The audit trail, newest first, filtered by who (name or id), role, action (or its domain), target and date range. Total in X-Total-Count. Read-only: no route changes or deletes an entry',
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema), ...errors },
      },
    }, async (req, reply) => {
      return sendPage(reply, await security.listAudit(req.query));
    });

    r.get('/api/admin/security/sessions', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Active admin sessions (used within the last 12 hours and opened less than ADMIN_SESSION_MAX_HOURS ago), most recently used first; `current` marks the caller. Total in X-Total-Count',
        querystring: pageQuerySchema,
        response: { 200: z.array(adminSessionSchema), ...errors },
      },
    }, async (req, reply) => {
      return sendPage(reply, await security.listSessions(principalOf(req).sessionId, req.query));
    });

    r.delete('/api/admin/security/sessions/:id', {
      preHandler: requireAdmin,
      schema: { tags, summary: 'End an admin session (audited)', params: idParamSchema, response: { 200: successSchema, ...writeErrors } },
    }, async (req) => {
      await security.revokeSession(req.params.id, actorOf(req));
      return { success: true as const };
    });

    r.get('/api/admin/security/codes', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Named admins' access codes (never the codes themselves), newest first, with their open sessions. Total in X-Total-Count",
        querystring: pageQuerySchema,
        response: { 200: z.array(adminCodeSchema), ...errors },
      },
    }, async (req, reply) => {
      return sendPage(reply, await security.listCodes(req.query));
    });

    r.post('/api/admin/security/codes', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Create a named admin with a personal access code; the answer holds the code, shown this once (409 when that name already has an active code)',
        body: adminCodeCreateSchema,
        response: { 201: adminCodeCreatedSchema, ...writeErrors },
      },
    }, async (req, reply) => reply.status(201).send(await security.createCode(req.body.name, actorOf(req))));

    r.delete('/api/admin/security/codes/:id', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Revoke a named admin's code: it stops working and the admin's sessions end (409 when already revoked)",
        params: idParamSchema,
        response: { 200: adminCodeSchema, ...writeErrors },
      },
    }, async (req) => security.revokeCode(req.params.id, actorOf(req)));

    r.get('/api/admin/security/access-alert', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Wrong access codes from all addresses in the current window against the warning threshold (ADMIN_ACCESS_GLOBAL_LIMIT); `alert` when reached. Nobody is refused for it',
        response: { 200: accessAlertSchema, ...errors },
      },
    }, async () => security.accessAlert());

    r.get('/api/admin/security/access-attempts', {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Recent failed admin access attempts (wrong codes, and attempts refused while locked out), newest first; the code tried is never kept. Total in X-Total-Count',
        querystring: pageQuerySchema,
        response: { 200: z.array(accessAttemptSchema), ...errors },
      },
    }, async (req, reply) => {
      return sendPage(reply, await security.listAttempts(req.query));
    });
  };
}
