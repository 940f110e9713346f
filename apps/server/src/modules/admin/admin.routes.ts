import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUserSchema } from '@souq/shared/api/auth';
import { errorBodySchema, optionalText, pageQuerySchema } from '@souq/shared/api/common';
import { requireAdmin } from '../../platform/auth.js';
import type { AccountsService } from '../accounts/accounts.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The admin dashboard's sections (admin §7). Every route here needs an admin session. */
export function adminRoutes(deps: { accounts: AccountsService }) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];

    r.get('/api/admin/users', {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Users, newest first; search matches name, e-mail or role. Total in X-Total-Count',
        security,
        querystring: pageQuerySchema.extend({ search: optionalText(200) }),
        response: { 200: z.array(publicUserSchema), ...errors },
      },
    }, async (req, reply) => {
      const { items, total } = await deps.accounts.listUsers(req.query);
      void reply.header('x-total-count', String(total));
      return items;
    });
  };
}
