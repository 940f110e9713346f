import { parse as parseQuery } from 'node:querystring';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@souq/shared/api/common';
import {
  ADMIN_AGENTS_PAGE_SIZE, AGENT_SCOPE_LIST, OAUTH_PATH, connectDecisionSchema, connectDetailsSchema, connectResultSchema, connectUidParamSchema,
  connectedAssistantsSchema, grantIdParamSchema,
} from '@souq/shared/api/agent-linking';
import { principalOf, requireUser } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import type { AgentOauth } from './agents.oauth.js';
import type { AgentLinking } from './agents.linking.js';
import type { AgentGuard } from './agents.guard.js';
import type { AgentSigning } from './agents.signing.js';
import { UCP_MCP_PATH, UCP_REST_BASE } from '@souq/shared/api/ucp';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** RFC 9728 metadata: the UCP endpoints are one protected resource, served by the authorization server under /oauth. */
export function protectedResourceMetadata(oauth: AgentOauth) {
  return {
    resource: oauth.resource,
    authorization_servers: [oauth.provider.issuer],
    scopes_supported: AGENT_SCOPE_LIST,
    bearer_methods_supported: ['header'],
    resource_name: 'Souq UCP shopping service',
  };
}

/**
 * Hands a request to oidc-provider (a Node handler): the provider routes on the path below its mount, and reads a
 * body Fastify has already parsed from `req.body`.
 */
function toProvider(oauth: AgentOauth, req: FastifyRequest, reply: FastifyReply, path: string) {
  const raw = req.raw as IncomingMessage & { originalUrl?: string; body?: unknown };
  // one origin for the issuer and every endpoint (decision 0130): the configured public one, whatever host the
  // request came in on (RFC 8414 §3.3: the metadata's issuer is the one the client asked; its endpoints under it)
  raw.headers['x-forwarded-host'] = oauth.publicUrl.host;
  raw.headers['x-forwarded-proto'] = oauth.publicUrl.protocol.replace(':', '');
  const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
  raw.originalUrl = `${OAUTH_PATH}${path}${query}`;
  raw.url = `${path}${query}`;
  if (req.body !== undefined) raw.body = req.body;
  reply.hijack();
  oauth.handler(raw, reply.raw);
}

/**
 * Identity linking over HTTP (decision 0097): the authorization server under /oauth, its RFC 8414 metadata, the
 * protected resource's RFC 9728 metadata, the consent page's API (signed-in shopper), the shopper's Connected
 * assistants, and the admin's Agents view with block/unblock.
 */
export function agentOauthRoutes(deps: { oauth: AgentOauth; linking: AgentLinking; guard: AgentGuard; signing: AgentSigning }) {
  const { oauth, linking, guard } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // ---- the authorization server itself (its own validation, errors and CORS: RFC 6749/7636/7009/7591) ----
    await app.register(async (scope) => {
      // token, revocation and registration are form posts; parsed here and handed over as req.body
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 56 * 1024 }, (_req, body, done) => done(null, parseQuery(String(body))));
      scope.route({
        method: ['GET', 'POST', 'DELETE', 'PUT', 'OPTIONS'],
        url: `${OAUTH_PATH}/*`,
        // the provider's endpoints are described by its own metadata document (RFC 8414), not by this API's
        schema: { hide: true },
        handler: async (req, reply) => toProvider(oauth, req, reply, req.url.split('?')[0]!.slice(OAUTH_PATH.length)),
      });
    });

    // RFC 8414: for an issuer with a path the document sits at the well-known name followed by the path; the plain
    // name answers too, for agents that only try the origin
    for (const url of ['/.well-known/oauth-authorization-server', `/.well-known/oauth-authorization-server${OAUTH_PATH}`]) {
      r.get(url, {
        schema: { tags: ['agents'], summary: 'OAuth 2.0 authorization server metadata (RFC 8414) of the agents\' identity linking', response: { 200: z.object({ issuer: z.string() }).loose() } },
      }, async (req, reply) => toProvider(oauth, req, reply, '/.well-known/openid-configuration'));
    }

    // RFC 9728, at the resource's own well-known name and at the origin's
    for (const url of ['/.well-known/oauth-protected-resource', `/.well-known/oauth-protected-resource${UCP_REST_BASE}`, `/.well-known/oauth-protected-resource${UCP_MCP_PATH}`]) {
      r.get(url, {
        schema: {
          tags: ['agents'], summary: 'OAuth 2.0 protected resource metadata (RFC 9728) of the UCP endpoints',
          response: { 200: z.object({ resource: z.string(), authorization_servers: z.array(z.string()), scopes_supported: z.array(z.string()), bearer_methods_supported: z.array(z.string()), resource_name: z.string() }) },
        },
      }, async () => protectedResourceMetadata(oauth));
    }

    // ---- the consent page's API: the signed-in shopper answers an agent's request ----
    r.get('/api/connect/:uid', {
      preHandler: requireUser,
      schema: { tags: ['agents'], summary: 'What an agent asks to link: its name (its own text, data only) and the scopes', params: connectUidParamSchema, response: { 200: connectDetailsSchema, ...errors } },
    }, async (req) => linking.details(req.params.uid));

    r.post('/api/connect/:uid', {
      preHandler: requireUser,
      schema: {
        tags: ['agents'], summary: "The shopper's Allow or Deny; answers where the browser goes next (back to the authorization server)",
        params: connectUidParamSchema, body: connectDecisionSchema, response: { 200: connectResultSchema, ...errors },
      },
    }, async (req) => linking.decide(req.params.uid, req.body.allow, actorOf(req)));

    r.get('/api/my/assistants', {
      preHandler: requireUser,
      schema: { tags: ['agents'], summary: "The shopper's connected assistants (linked agents) and what each may do", response: { 200: connectedAssistantsSchema, ...errors } },
    }, async (req) => ({ assistants: await linking.assistants(principalOf(req).userId) }));

    r.delete('/api/my/assistants/:grantId', {
      preHandler: requireUser,
      schema: { tags: ['agents'], summary: 'Disconnect an assistant: its grant and every token under it end at once (audited)', params: grantIdParamSchema, response: { 204: z.null(), ...errors } },
    }, async (req, reply) => {
      await linking.revoke(principalOf(req).userId, req.params.grantId, actorOf(req));
      return reply.code(204).send(null);
    });

    // ---- admin: agent traffic, block and unblock (the /api/admin prefix is guarded centrally) ----
    const agentRow = z.object({
      agent: z.string().describe('The identity: the origin of the agent\'s UCP profile, or client:<id> for an OAuth client'),
      name: z.string().nullable().describe('The OAuth client\'s registered name (its own text)'),
      profile_url: z.string().nullable(), signed: z.boolean().describe('Its last request carried a signature that verified'),
      requests: z.number().int(), checkouts: z.number().int(), orders: z.number().int(),
      last_seen: z.string().nullable(), blocked: z.boolean(), reason: z.string().nullable(),
    });
    const agentBody = z.object({ agent: z.string().trim().min(1).max(2100) }).strict();
    r.get('/api/admin/agents', {
      schema: {
        tags: ['admin'], summary: 'Agents by identity (profile origin or OAuth client), most recently seen first: requests, checkouts, orders, last seen, blocked; q searches',
        querystring: z.object({ q: z.string().trim().max(200).optional(), page: z.coerce.number().int().min(1).max(10_000).default(1), page_size: z.coerce.number().int().min(1).max(100).default(ADMIN_AGENTS_PAGE_SIZE) }),
        response: { 200: z.object({ agents: z.array(agentRow), total: z.number().int(), page: z.number().int(), page_size: z.number().int() }), ...errors },
      },
    }, async (req) => {
      const { q, page, page_size } = req.query;
      const { agents, total } = await guard.overview({ q: q || undefined, limit: page_size, offset: (page - 1) * page_size });
      return { agents, total, page, page_size };
    });

    r.post('/api/admin/agents/signing-keys/rotate', {
      schema: {
        tags: ['admin'], summary: "Rotate Souq's UCP signing key: a new key signs from now on, the old one stays published for 7 days (audited)",
        response: { 200: z.object({ kid: z.string() }), ...errors },
      },
    }, async (req) => ({ kid: await deps.signing.rotate(actorOf(req)) }));

    r.post('/api/admin/agents/block', {
      schema: { tags: ['admin'], summary: 'Block an agent: every UCP call of it gets the protocol\'s error (audited)', body: agentBody.extend({ reason: z.string().trim().min(1).max(300) }).strict(), response: { 204: z.null(), ...errors } },
    }, async (req, reply) => {
      await guard.block(req.body.agent, req.body.reason, actorOf(req));
      return reply.code(204).send(null);
    });

    r.post('/api/admin/agents/unblock', {
      schema: { tags: ['admin'], summary: 'Unblock an agent (audited)', body: agentBody, response: { 204: z.null(), ...errors } },
    }, async (req, reply) => {
      await guard.unblock(req.body.agent, actorOf(req));
      return reply.code(204).send(null);
    });
  };
}
