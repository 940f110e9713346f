import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema, loginRequestSchema, meResponseSchema,
  signupRequestSchema, vendorAuthResponseSchema, vendorLoginRequestSchema, vendorSignupRequestSchema,
} from '@souq/shared/api/auth';
import { errorBodySchema, successSchema } from '@souq/shared/api/common';
import { bearerToken, principalOf, requireSignedIn } from '../../platform/auth.js';
import type { AccountsService } from './accounts.service.js';
import type { VendorsService } from '../vendors/vendors.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

export function accountsRoutes(deps: { accounts: AccountsService; vendors: VendorsService; loginRateLimit: number }) {
  const { accounts } = deps;
  // Login doors are rate limited per client address and per e-mail (credential stuffing and guessing).
  const loginLimit = {
    rateLimit: {
      max: deps.loginRateLimit,
      timeWindow: '1 minute',
      // after body parsing, so the key really carries the e-mail (in onRequest the body is not read yet)
      hook: 'preHandler' as const,
      keyGenerator: (req: { ip: string; body?: unknown }) =>
        `${req.ip}|${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
    },
  };

  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/api/auth/signup', {
      schema: { tags: ['accounts'], summary: 'Create a customer account', body: signupRequestSchema, response: { 201: authResponseSchema, ...errors } },
      config: loginLimit,
    }, async (req, reply) => reply.status(201).send(await accounts.signup(req.body)));

    r.post('/api/auth/login', {
      schema: { tags: ['accounts'], summary: 'Customer login', body: loginRequestSchema, response: { 200: authResponseSchema, ...errors } },
      config: loginLimit,
    }, async (req) => accounts.login(req.body.email, req.body.password));

    r.post('/api/auth/logout', {
      schema: { tags: ['accounts'], summary: 'End the current session (any kind)', response: { 200: successSchema } },
    }, async (req) => {
      const token = bearerToken(req);
      if (token) await accounts.logout(token);
      return { success: true as const };
    });

    r.get('/api/auth/me', {
      preHandler: requireSignedIn,
      schema: { tags: ['accounts'], summary: 'The signed-in principal', response: { 200: meResponseSchema, 401: errorBodySchema } },
    }, async (req) => {
      const p = principalOf(req);
      return { user: await accounts.me(p.userId), vendor: p.vendorId ? await deps.vendors.getDto(p.vendorId) : null };
    });

    r.post('/api/vendor/signup', {
      schema: { tags: ['accounts'], summary: 'Create a vendor account', body: vendorSignupRequestSchema, response: { 201: vendorAuthResponseSchema, ...errors } },
      config: loginLimit,
    }, async (req, reply) => reply.status(201).send(await accounts.vendorSignup(req.body)));

    r.post('/api/vendor/login', {
      schema: { tags: ['accounts'], summary: 'Vendor login', body: vendorLoginRequestSchema, response: { 200: vendorAuthResponseSchema, ...errors } },
      config: loginLimit,
    }, async (req) => accounts.vendorLogin(req.body.email, req.body.password));

    r.post('/api/admin/logout', {
      schema: { tags: ['accounts'], summary: 'End the admin session', response: { 200: z.object({ success: z.literal(true) }) } },
    }, async (req) => {
      const token = bearerToken(req);
      if (token) await accounts.logout(token);
      return { success: true as const };
    });
  };
}
