import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { errorBodySchema } from '@souq/shared/api/common';
import {
  UCP_MCP_PATH, UCP_REST_BASE, UCP_VENDOR_SCHEMA_PATH,
  ucpErrorResponseSchema, ucpGetProductRequestSchema, ucpGetProductResponseSchema, ucpLookupRequestSchema, ucpLookupResponseSchema,
  ucpProfileSchema, ucpSearchRequestSchema, ucpSearchResponseSchema,
  ucpCheckoutCompleteSchema, ucpCheckoutIdParamSchema, ucpCheckoutSchema, ucpCheckoutWriteSchema,
  ucpCartIdParamSchema, ucpCartSchema, ucpCartWriteSchema,
} from '@souq/shared/api/ucp';
import type { AgentCheckoutService } from './agents.checkout.js';
import type { AgentCartService } from './agents.cart.js';
import type { AgentCatalog } from './agents.catalog.js';
import { createUcpMcpServer } from './agents.mcp.js';
import { ucpProfile, vendorExtensionSchema } from './agents.profile.js';
import { agentKey, agentProfile, originOf } from './agents.http.js';
import { bearerToken } from '../../platform/auth.js';
import type { AgentGrant, AgentLinking } from './agents.linking.js';
import type { AgentOrders } from './agents.orders.js';
import type { AgentGuard } from './agents.guard.js';
import { orderAccess, placeAccess, ucpError } from './agents.errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The linked shopper and agent of a UCP call made with an identity-linking token (decision 0097). */
    agentGrant: AgentGrant | null;
  }
}

const errors = { 400: errorBodySchema, 429: errorBodySchema };

/** The REST binding's UCP-Agent header (required on every request): the agent's profile URL. */
const agentHeaders = z.object({
  'ucp-agent': z
    .string({ error: 'UCP-Agent header is required' })
    .max(2100)
    .refine((v) => agentProfile(v) !== null, { error: 'UCP-Agent must name the agent profile: profile="https://…"' }),
});

/** Writes carry an Idempotency-Key (a UUID, as the binding defines it). */
const writeHeaders = agentHeaders.extend({ 'idempotency-key': z.uuid({ error: 'Idempotency-Key must be a UUID' }) });

/** One JSON-RPC message (or a batch): the SDK reads the rest. */
const jsonRpc = z.object({ jsonrpc: z.literal('2.0'), method: z.string().max(200).optional(), id: z.union([z.string().max(200), z.number()]).optional() }).loose();

/** The agent named by the MCP request's `meta` (tools/call arguments), for its rate-limit budget. */
function mcpAgent(body: unknown): string | null {
  const first = Array.isArray(body) ? body[0] : body;
  const profile = (first as { params?: { arguments?: { meta?: { 'ucp-agent'?: { profile?: unknown } } } } } | undefined)?.params?.arguments?.meta?.['ucp-agent']?.profile;
  return typeof profile === 'string' ? agentProfile(`profile="${profile.replace(/["\\]/g, '')}"`) : null;
}

/**
 * Agents shop Souq through the Universal Commerce Protocol (decision 0089): discovery at /.well-known/ucp, the
 * catalog over the REST binding under /ucp and the same tools over MCP (Streamable HTTP) at /ucp/mcp. Anonymous;
 * every agent has its own request budget (the app's rate limiter, shared through Redis when configured).
 */
export function agentsRoutes(deps: {
  catalog: AgentCatalog; checkout: AgentCheckoutService; cart: AgentCartService; orders: AgentOrders; linking: AgentLinking; guard: AgentGuard;
  ratePerMinute: number; shopperRatePerMinute: number; resourceMetadataUrl: (origin: string) => string;
}) {
  const { catalog, checkout, cart, orders, linking, guard } = deps;
  const agentOf = (req: FastifyRequest) => agentProfile(req.headers['ucp-agent'])!;
  const isMcp = (req: FastifyRequest) => req.url.split('?')[0] === UCP_MCP_PATH;
  /** The agent's key: its OAuth client when it calls with a linked token, else the profile it names, else its address. */
  const keyOf = (req: FastifyRequest) => (req.agentGrant ? `ucp-client|${req.agentGrant.clientId}` : agentKey(isMcp(req) ? mcpAgent(req.body) : agentProfile(req.headers['ucp-agent']), req.ip));
  const perAgent = { rateLimit: { max: deps.ratePerMinute, timeWindow: '1 minute', keyGenerator: keyOf } };
  // MCP names its agent in the body: counted after parsing
  const perMcpAgent = { rateLimit: { ...perAgent.rateLimit, hook: 'preHandler' as const } };

  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const perShopper = app.createRateLimit({ max: deps.shopperRatePerMinute, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => `ucp-shopper|${req.agentGrant!.userId}` });
    const challenge = (req: FastifyRequest, error?: string) =>
      `Bearer resource_metadata="${deps.resourceMetadataUrl(originOf(req))}"${error ? `, error="${error}"` : ''}`;

    // an identity-linking token, when one is sent: unknown, expired or revoked is a 401 the agent can act on
    app.decorateRequest('agentGrant', null);
    app.addHook('onRequest', async (req, reply) => {
      const token = req.headers.authorization ? bearerToken(req) : null;
      if (!token) return;
      req.agentGrant = await linking.authenticate(token);
      if (!req.agentGrant) {
        return reply.code(401).header('www-authenticate', challenge(req, 'invalid_token')).send(ucpError('identity_required', 'The access token is invalid, expired or revoked; link the account again'));
      }
    });
    // blocked agents get the protocol's error; every request counts for the admin's Agents view; a linked shopper
    // has a budget across all their agents
    app.addHook('preHandler', async (req, reply) => {
      const keys = [keyOf(req).replace(/^ucp-(client|agent|ip)\|/, '')];
      const profile = isMcp(req) ? mcpAgent(req.body) : agentProfile(req.headers['ucp-agent']);
      if (profile) keys.push(profile);
      const reason = await guard.blockedReason(keys);
      if (reason) return reply.code(403).send(ucpError('agent_blocked', `This agent is blocked by the marketplace: ${reason}`));
      guard.count(keys[0]!);
      const budget = req.agentGrant ? await perShopper(req) : null;
      if (budget && !budget.isAllowed && budget.isExceeded) {
        return reply.code(429).send({ error: 'Too many requests', detail: 'Too many agent requests for this shopper; try again in a minute' });
      }
    });

    r.get('/.well-known/ucp', {
      config: perAgent,
      schema: {
        tags: ['agents'],
        summary: "UCP discovery: Souq's business profile (services over REST and MCP, capabilities, payment handlers)",
        response: { 200: ucpProfileSchema, ...errors },
      },
    }, async (req) => ucpProfile(originOf(req)));

    r.get(UCP_VENDOR_SCHEMA_PATH, {
      config: perAgent,
      schema: {
        tags: ['agents'],
        summary: "JSON Schema of Souq's vendor extension on catalog products (declared in the UCP profile)",
        response: { 200: z.object({ name: z.string(), type: z.literal('object') }).loose(), ...errors },
      },
    }, async (req) => vendorExtensionSchema(originOf(req)));

    r.post(`${UCP_REST_BASE}/catalog/search`, {
      config: perAgent,
      schema: {
        tags: ['agents'],
        operationId: 'search_catalog',
        summary: "UCP catalog search over Souq's own search (filters: one category, price in minor units, in_stock; cursor paging)",
        headers: agentHeaders,
        body: ucpSearchRequestSchema,
        response: { 200: ucpSearchResponseSchema, ...errors },
      },
    }, async (req) => catalog.search(req.body, originOf(req), req.headers['accept-language']));

    r.post(`${UCP_REST_BASE}/catalog/lookup`, {
      config: perAgent,
      schema: {
        tags: ['agents'],
        operationId: 'lookup_catalog',
        summary: 'UCP catalog lookup of products and variants by id; unknown ids come back as not_found messages',
        headers: agentHeaders,
        body: ucpLookupRequestSchema,
        response: { 200: ucpLookupResponseSchema, ...errors },
      },
    }, async (req) => catalog.lookup(req.body, originOf(req), req.headers['accept-language']));

    r.post(`${UCP_REST_BASE}/catalog/product`, {
      config: perAgent,
      schema: {
        tags: ['agents'],
        operationId: 'get_product',
        summary: 'UCP get_product: one product with its variants and vendor; an unknown id is the not_found outcome (200, status error)',
        headers: agentHeaders,
        body: ucpGetProductRequestSchema,
        response: { 200: z.union([ucpGetProductResponseSchema, ucpErrorResponseSchema]), ...errors },
      },
    }, async (req) => catalog.product(req.body.id, originOf(req), req.body.context?.language ?? req.headers['accept-language']));

    // ---- checkout sessions (checkout.json + fulfillment); business outcomes answer 200/201 with messages ----
    const checkoutResponse = z.union([ucpCheckoutSchema, ucpErrorResponseSchema]);
    const sessions = `${UCP_REST_BASE}/checkout-sessions`;
    const checkoutErrors = { ...errors, 404: errorBodySchema, 409: errorBodySchema };

    r.post(sessions, {
      config: perAgent,
      schema: {
        tags: ['agents'], operationId: 'create_checkout',
        summary: "UCP create checkout: lines priced by Souq's storefront rule, buyer, shipping destination, payment handler (cod or card_demo, no card data)",
        headers: writeHeaders, body: ucpCheckoutWriteSchema,
        response: { 201: checkoutResponse, 200: checkoutResponse, ...checkoutErrors },
      },
    }, async (req, reply) => {
      const { created, body } = await checkout.create(agentOf(req), req.body, { idempotencyKey: req.headers['idempotency-key'], origin: originOf(req) });
      return reply.code(created ? 201 : 200).send(body);
    });

    r.get(`${sessions}/:id`, {
      config: perAgent,
      schema: {
        tags: ['agents'], operationId: 'get_checkout', summary: "UCP get checkout: the agent's own session, priced again from the catalogue",
        headers: agentHeaders, params: ucpCheckoutIdParamSchema, response: { 200: checkoutResponse, ...checkoutErrors },
      },
    }, async (req) => checkout.get(agentOf(req), req.params.id, originOf(req)));

    r.put(`${sessions}/:id`, {
      config: perAgent,
      schema: {
        tags: ['agents'], operationId: 'update_checkout', summary: 'UCP update checkout: replaces lines, buyer, destination and payment handler of an open session',
        headers: writeHeaders, params: ucpCheckoutIdParamSchema, body: ucpCheckoutWriteSchema, response: { 200: checkoutResponse, ...checkoutErrors },
      },
    }, async (req) => checkout.update(agentOf(req), req.params.id, req.body, originOf(req)));

    r.post(`${sessions}/:id/complete`, {
      config: perAgent,
      schema: {
        tags: ['agents'], operationId: 'complete_checkout', summary: "UCP complete checkout: places a Souq order through the storefront's order path (one order per session, retries included)",
        headers: writeHeaders, params: ucpCheckoutIdParamSchema, body: ucpCheckoutCompleteSchema, response: { 200: checkoutResponse, 401: ucpErrorResponseSchema, 403: ucpErrorResponseSchema, ...checkoutErrors },
      },
    }, async (req, reply) => {
      const refused = placeAccess(req.agentGrant);
      if (refused) return reply.code(403).header('www-authenticate', challenge(req, 'insufficient_scope')).send(refused);
      return checkout.complete(agentOf(req), req.params.id, req.body, originOf(req), req.agentGrant);
    });

    // ---- orders (order.json): a linked shopper's own purchases, one sub-order per seller ----
    r.get(`${UCP_REST_BASE}/orders/:id`, {
      config: perAgent,
      schema: {
        tags: ['agents'], operationId: 'get_order',
        summary: "UCP get order: the linked shopper's purchase with each sub-order's status, lines and fulfilment events (needs a token with the order:read scope)",
        headers: agentHeaders, params: z.object({ id: z.string().max(20) }),
        response: { 200: z.object({ id: z.string() }).loose(), 401: ucpErrorResponseSchema, 403: ucpErrorResponseSchema, ...checkoutErrors },
      },
    }, async (req, reply) => {
      const denied = orderAccess(req.agentGrant);
      if (denied) return reply.code(denied.status).header('www-authenticate', challenge(req, denied.status === 403 ? 'insufficient_scope' : undefined)).send(denied.body);
      return orders.get(req.agentGrant!.userId, req.params.id, originOf(req), req.agentGrant!);
    });

    r.post(`${sessions}/:id/cancel`, {
      config: perAgent,
      schema: {
        tags: ['agents'], operationId: 'cancel_checkout', summary: 'UCP cancel checkout: an open session ends without an order',
        headers: writeHeaders, params: ucpCheckoutIdParamSchema, response: { 200: checkoutResponse, ...checkoutErrors },
      },
    }, async (req) => checkout.cancel(agentOf(req), req.params.id, originOf(req)));

    // ---- carts (cart.json): lines only, priced on every read ----
    const cartResponse = z.union([ucpCartSchema, ucpErrorResponseSchema]);
    const carts = `${UCP_REST_BASE}/carts`;

    r.post(carts, {
      config: perAgent,
      schema: {
        tags: ['agents'], operationId: 'create_cart', summary: "UCP create cart: lines by catalog variant id, priced by the storefront's rule",
        headers: writeHeaders, body: ucpCartWriteSchema, response: { 201: cartResponse, 200: cartResponse, ...checkoutErrors },
      },
    }, async (req, reply) => {
      const { created, body } = await cart.create(agentOf(req), req.body, { idempotencyKey: req.headers['idempotency-key'], origin: originOf(req) });
      return reply.code(created ? 201 : 200).send(body);
    });

    r.get(`${carts}/:id`, {
      config: perAgent,
      schema: { tags: ['agents'], operationId: 'get_cart', summary: "UCP get cart: the agent's own cart, priced again", headers: agentHeaders, params: ucpCartIdParamSchema, response: { 200: cartResponse, ...checkoutErrors } },
    }, async (req) => cart.get(agentOf(req), req.params.id, originOf(req)));

    r.put(`${carts}/:id`, {
      config: perAgent,
      schema: { tags: ['agents'], operationId: 'update_cart', summary: "UCP update cart: replaces the cart's lines", headers: writeHeaders, params: ucpCartIdParamSchema, body: ucpCartWriteSchema, response: { 200: cartResponse, ...checkoutErrors } },
    }, async (req) => cart.update(agentOf(req), req.params.id, req.body, originOf(req)));

    r.post(`${carts}/:id/cancel`, {
      config: perAgent,
      schema: { tags: ['agents'], operationId: 'cancel_cart', summary: 'UCP cancel cart: the cart is deleted and answered as it was', headers: writeHeaders, params: ucpCartIdParamSchema, response: { 200: cartResponse, ...checkoutErrors } },
    }, async (req) => cart.cancel(agentOf(req), req.params.id, originOf(req)));

    r.post(UCP_MCP_PATH, {
      config: perMcpAgent,
      schema: {
        tags: ['agents'],
        summary: 'The UCP shopping tools over MCP (Streamable HTTP, stateless JSON responses): catalog search, lookup, product and checkout sessions',
        body: z.union([jsonRpc, z.array(jsonRpc).min(1).max(20)]),
        response: { 200: z.unknown().describe('JSON-RPC response'), 202: z.null().describe('Notification accepted'), ...errors },
      },
    }, async (req, reply) => {
      const origin = originOf(req);
      // stateless: a server and transport per request, so nothing of one agent's call can reach another's
      const server = createUcpMcpServer({ catalog, checkout, cart, orders, origin, linked: req.agentGrant });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.hijack();
      // the SDK writes head and body separately: without this the body can wait on the client's delayed ACK
      reply.raw.socket?.setNoDelay(true);
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req.raw, reply.raw, req.body);
    });

    // Streamable HTTP without sessions: no server-initiated stream and nothing to end (the transport's 405)
    for (const method of ['GET', 'DELETE'] as const) {
      r.route({
        method,
        url: UCP_MCP_PATH,
        schema: { tags: ['agents'], summary: `MCP ${method}: not offered by this stateless endpoint (405)`, response: { 405: errorBodySchema } },
        handler: async (_req, reply) => reply.code(405).header('allow', 'POST').send({ error: 'Method not allowed', detail: 'This MCP endpoint is stateless: POST JSON-RPC messages' }),
      });
    }
  };
}
