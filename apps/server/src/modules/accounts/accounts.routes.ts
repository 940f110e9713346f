import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { MSG } from '@souq/shared/messages';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema, languageChoiceSchema, languageSchema, loginRequestSchema, meResponseSchema,
  signupRequestSchema, vendorAuthResponseSchema, vendorLoginRequestSchema, vendorSignupRequestSchema,
} from '@souq/shared/api/auth';
import { errorBodySchema, successSchema } from '@souq/shared/api/common';
import { bearerToken, principalOf, requireSignedIn } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { chosenReaderOf, setReaderCookies } from '../../platform/request-locale.js';
import type { SessionStore } from '../../platform/auth.js';
import type { AccountsService } from './accounts.service.js';
import type { VendorsService } from '../vendors/vendors.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

/**
 * A client for the per-client limits: its address, an IPv6 one cut to its /64 (one subscriber's usual block), so a
 * client cannot step round the limit by taking the next address of its own network.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip); // IPv4-mapped IPv6 becomes its IPv4
  return addr.kind() === 'ipv6' ? `${(addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16)).join(':')}::/64` : addr.toString();
}

export function accountsRoutes(deps: {
  accounts: AccountsService;
  vendors: VendorsService;
  loginRateLimit: number;
  /** Sign-ins per 15 minutes and sign-ups per hour from one client, whatever the e-mails (decision 0084). */
  clientRateLimits: { login: number; signup: number };
  sessions: SessionStore;
}) {
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

  /**
   * A sign-in brings the person's saved language and digits to this browser (its cookies): a page navigation carries
   * no bearer token, so this is how their pages open in their language on a new device (decision 0105). An account
   * with none saved yet keeps the language it was signed into or created in, when the reader chose one (the URL's
   * lang, the cookie, a browser asking for Arabic: `chosenReaderOf`), so e-mails, push and other devices follow it.
   */
  async function withSavedReader<T extends { token: string }>(req: FastifyRequest, reply: FastifyReply, res: T): Promise<T> {
    const principal = await deps.sessions.lookup(res.token);
    if (!principal) return res;
    if (principal.locale) {
      setReaderCookies(reply, { locale: principal.locale, digits: principal.digits ?? 'latn' });
      return res;
    }
    const chosen = chosenReaderOf(req);
    if (chosen) setReaderCookies(reply, await accounts.setLanguage(principal.userId, chosen));
    return res;
  }

  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Per client across accounts (password spraying, mass sign-up): one counter per client for the customer and the
    // vendor door together, kept where the per-account counters are (Redis with REDIS_URL). Checked on arrival,
    // before the body is read or a password hashed. A route takes one `config.rateLimit`, which the per-account
    // limit holds, so this one is the plugin's programmatic limiter.
    const perClient = (name: string, max: number, timeWindow: string) => {
      const check = app.createRateLimit({ max, timeWindow, keyGenerator: (req) => `${name}:${clientKey(req.ip)}` });
      return async (req: FastifyRequest, reply: FastifyReply) => {
        const res = await check(req);
        if (res.isAllowed || !res.isExceeded) return;
        void reply.header('retry-after', String(res.ttlInSeconds));
        throw new AppError(429, MSG.tooManyRequests);
      };
    };
    const loginsFromClient = { onRequest: perClient('login', deps.clientRateLimits.login, '15 minutes') };
    const signupsFromClient = { onRequest: perClient('signup', deps.clientRateLimits.signup, '1 hour') };

    r.post('/api/auth/signup', {
      ...signupsFromClient,
      schema: { tags: ['accounts'], summary: 'Create a customer account', body: signupRequestSchema, response: { 201: authResponseSchema, ...errors } },
      config: loginLimit,
    }, async (req, reply) => reply.status(201).send(await withSavedReader(req, reply, await accounts.signup(req.body))));

    r.post('/api/auth/login', {
      ...loginsFromClient,
      schema: { tags: ['accounts'], summary: 'Customer login', body: loginRequestSchema, response: { 200: authResponseSchema, ...errors } },
      config: loginLimit,
    }, async (req, reply) => withSavedReader(req, reply, await accounts.login(req.body.email, req.body.password)));

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
      ...signupsFromClient,
      schema: { tags: ['accounts'], summary: 'Create a vendor account', body: vendorSignupRequestSchema, response: { 201: vendorAuthResponseSchema, ...errors } },
      config: loginLimit,
    }, async (req, reply) => reply.status(201).send(await withSavedReader(req, reply, await accounts.vendorSignup(req.body))));

    r.post('/api/vendor/login', {
      ...loginsFromClient,
      schema: { tags: ['accounts'], summary: 'Vendor login', body: vendorLoginRequestSchema, response: { 200: vendorAuthResponseSchema, ...errors } },
      config: loginLimit,
    }, async (req, reply) => withSavedReader(req, reply, await accounts.vendorLogin(req.body.email, req.body.password)));

    r.get('/api/auth/language', {
      preHandler: requireSignedIn,
      schema: {
        tags: ['accounts'], summary: 'The signed-in person\'s saved language and digits',
        response: { 200: languageSchema, 401: errorBodySchema },
      },
    }, async (req) => accounts.language(principalOf(req).userId));

    r.put('/api/auth/language', {
      preHandler: requireSignedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Save the signed-in person\'s language (and digits): their pages, error texts, e-mails and push follow it',
        body: languageChoiceSchema,
        response: { 200: languageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    }, async (req, reply) => {
      const saved = await accounts.setLanguage(principalOf(req).userId, req.body);
      setReaderCookies(reply, saved);
      return saved;
    });

    r.post('/api/admin/logout', {
      schema: { tags: ['accounts'], summary: 'End the admin session', response: { 200: z.object({ success: z.literal(true) }) } },
    }, async (req) => {
      const token = bearerToken(req);
      if (token) await accounts.logout(token);
      return { success: true as const };
    });
  };
}
