import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileSchema, profileUpdateSchema } from '@souq/shared/api/profile';
import { errorBodySchema } from '@souq/shared/api/common';
import { principalOf, requireUser } from '../../platform/auth.js';
import type { ProfileService } from './profile.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export function profileRoutes(deps: { profile: ProfileService }) {
  const { profile } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/profile', {
      preHandler: requireUser,
      schema: { tags: ['profile'], summary: "The signed-in customer's profile", response: { 200: profileSchema, ...errors } },
    }, async (req) => profile.get(principalOf(req).userId));

    r.put('/api/profile', {
      preHandler: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Save the profile (dob, gender, phone, address); the first save completes onboarding',
        body: profileUpdateSchema,
        response: { 200: profileSchema, ...errors },
      },
    }, async (req) => profile.update(principalOf(req).userId, req.body));
  };
}
