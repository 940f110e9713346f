import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import {
  adminUserDeactivatedSchema, adminUserDetailSchema, adminUserSchema, adminUsersQuerySchema, adminUserUpdateSchema,
} from '@souq/shared/api/admin';
import { adminAlertsSchema } from '@souq/shared/api/reports';
import { requireAdmin } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { ReportsService } from '../reports/reports.service.js';
import type { AdminService } from './admin.service.js';
import { sendPage } from '../../platform/paging.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const writeErrors = { ...errors, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

/** The admin dashboard's users and its bell (admin §2). Every route here needs an admin session (decision 0006). */
export function adminRoutes(deps: { accounts: AccountsService; admin: AdminService; reports: ReportsService }) {
  const { accounts, admin, reports } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/admin/users', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Users, newest first; search matches name, e-mail or role. Total in X-Total-Count',
        querystring: adminUsersQuerySchema,
        response: { 200: z.array(adminUserSchema), ...errors },
      },
    }, async (req, reply) => {
      return sendPage(reply, await accounts.listUsers(req.query));
    });

    r.get('/api/admin/users/:id', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "A user with the sign-up date, the latest orders, the number of orders and what was spent",
        params: idParamSchema,
        response: { 200: adminUserDetailSchema, ...errors, 404: errorBodySchema },
      },
    }, async (req) => admin.userDetail(req.params.id));

    r.put('/api/admin/users/:id', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Edit a user's name and role. A role must match the account's records (vendor only with a vendor record; admin never): 422 otherwise",
        params: idParamSchema,
        body: adminUserUpdateSchema,
        response: { 200: adminUserSchema, ...writeErrors },
      },
    }, async (req) => accounts.updateUser(req.params.id, req.body, { actor: actorOf(req) }));

    r.delete('/api/admin/users/:id', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Deactivate a user: every session ends, sign-in is refused, orders are kept (409 when already deactivated)',
        params: idParamSchema,
        response: { 200: adminUserDeactivatedSchema, ...writeErrors },
      },
    }, async (req) => {
      const { user, sessionsRevoked } = await accounts.deactivateUser(req.params.id, { actor: actorOf(req) });
      return { success: true as const, user, sessions_revoked: sessionsRevoked };
    });

    r.get('/api/admin/notifications/summary', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "The bell: what waits for an admin (vendors pending review, support conversations awaiting staff) and the total",
        response: { 200: adminAlertsSchema, ...errors },
      },
    }, async () => reports.alerts());
  };
}
