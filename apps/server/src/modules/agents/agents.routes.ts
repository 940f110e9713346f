import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UCP, UCP_CART, UCP_CHECKOUT, UCP_MCP_PATH, UCP_ORDER, UCP_REST_BASE, UCP_VENDOR_SCHEMA_PATH,
  ucpErrorResponseSchema, ucpGetProductRequestSchema, ucpGetProductResponseSchema, ucpLookupRequestSchema, ucpLookupResponseSchema,
  ucpProfileSchema, ucpSearchRequestSchema, ucpSearchResponseSchema,
  ucpCheckoutCompleteSchema, ucpCheckoutCreateSchema, ucpCheckoutIdParamSchema, ucpCheckoutSchema, ucpCheckoutWriteSchema,
  ucpCartIdParamSchema, ucpCartSchema, ucpCartWriteSchema,
} from '@souq/shared/api/ucp';
import type { AgentCheckoutService } from './agents.checkout.js';
import type { AgentCartService } from './agents.cart.js';
import type { AgentCatalog } from './agents.catalog.js';
import { handleMcp, TOOL_ROOTS, WRITE_TOOLS } from './agents.mcp.js';
import { ucpProfile, vendorExtensionSchema } from './agents.profile.js';
import { bearerToken } from '../../platform/auth.js';
import type { AgentGrant, AgentLinking } from './agents.linking.js';
import type { AgentOrders } from './agents.orders.js';
import type { AgentGuard } from './agents.guard.js';
import { orderAccess, placeAccess } from './agents.errors.js';
import { type AgentContext, clientKey, mcpProfileOf, type createAgentIdentity } from './agents.identity.js';
import { profileFromHeader } from './agents.profiles.js';
import { capabilitiesFor } from './agents.negotiate.js';
import { contentDigest, type AgentSigning } from './agents.signing.js';
import type { AgentIdempotency } from './agents.idempotency.js';
import { failureOf, rpcError, sendFailure, ucpError, UcpFailure } from './agents.wire.js';
import type { CodeTries } from '../promotions/promotions.guessing.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The linked shopper and agent of a UCP call made with an identity-linking token (decision 0097). */
    agentGrant: AgentGrant | null;
    /** The calling agent (decision 0130), once resolved. */
    agent: AgentContext | null;
  }
}
type RawRequest = FastifyRequest & { rawBody?: Buffer; idempotency?: { agent: string; key: string; mcpId?: string | number | null } };

/** Every refusal is the release's error_response (decision 0130); documented once per route. */
const errors = { 400: ucpErrorResponseSchema, 401: ucpErrorResponseSchema, 403: ucpErrorResponseSchema, 409: ucpErrorResponseSchema, 422: ucpErrorResponseSchema, 424: ucpErrorResponseSchema, 429: ucpErrorResponseSchema };
const sessionErrors = { ...errors, 404: ucpErrorResponseSchema };

/** The REST binding's headers: UCP-Agent on every call (its RFC 8941 form is checked when the agent is resolved). */
const agentHeaders = z.object({ 'ucp-agent': z.string({ error: 'UCP-Agent header is required' }).max(2100) }).loose();
/** Writes carry an Idempotency-Key (a UUID, as the binding defines it). */
const writeHeaders = agentHeaders.extend({ 'idempotency-key': z.uuid({ error: 'Idempotency-Key must be a UUID' }) });

/** One JSON-RPC message (Souq's stateless endpoint takes one per POST); the SDK reads the rest. */
const jsonRpc = z.object({
  jsonrpc: z.literal('2.0'), method: z.string().max(200), id: z.union([z.string().max(200), z.number()]).optional(), params: z.unknown().optional(),
}).loose();

/**
 * Catalog answers are built from typed records (agents.catalog.ts) and sent as plain JSON: zod-encoding a page of
 * products with their variants and vendors on every search cost as much as the search. The schemas stay declared
 * for the API docs, and the tests hold every answer to them (and to the release's JSON Schemas).
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

const MCP_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'];

/**
 * Agents shop Souq through the Universal Commerce Protocol (decisions 0089, 0097, 0130, 0131): discovery at
 * /.well-known/ucp, the REST binding under /ucp and the same tools over MCP (Streamable HTTP) at /ucp/mcp. Every call
 * resolves its agent (profile fetched, version checked, signature verified when sent, capabilities negotiated), is
 * counted and limited under the agent's identity, answers in the negotiated capabilities, and is signed.
 */
export function agentsRoutes(deps: {
  catalog: AgentCatalog; checkout: AgentCheckoutService; cart: AgentCartService; orders: AgentOrders; linking: AgentLinking; guard: AgentGuard;
  identity: ReturnType<typeof createAgentIdentity>; signing: AgentSigning; idempotency: AgentIdempotency;
  /** the configured public origin every URL Souq gives an agent is built on (decision 0130) */
  publicUrl: string;
  limits: { perAgent: number; perAddress: number; perShopper: number };
  resourceMetadataUrl: string;
  /** where agents tokenise cards for the card handler (decision 0138), or null */
  tokenization: () => { endpoint: string; publishableKey: string } | null;
  /** the storefront's counter of code tries (per client, per shopper), which discount codes sent by agents spend too */
  codeTries: CodeTries;
}) {
  const { catalog, checkout, cart, orders, linking, guard, identity, signing, idempotency } = deps;
  const origin = deps.publicUrl;
  const isMcp = (req: FastifyRequest) => req.url.split('?')[0] === UCP_MCP_PATH;
  const agentOf = (req: FastifyRequest) => req.agent!.origin!;
  const hooksOf = (req: FastifyRequest) => ({ webhookUrl: req.agent?.webhookUrl ?? null, profileUrl: req.agent?.profile?.url ?? null });

  /** An answer as the negotiated capabilities shape it: they are named, an extension the agent did not take is left out. */
  function present<T extends object>(req: FastifyRequest, root: string, body: T): T {
    const ctx = req.agent;
    const b = body as { ucp?: { capabilities?: unknown }; products?: Record<string, unknown>[]; product?: Record<string, unknown>; discounts?: unknown };
    if (!ctx?.profile || !b.ucp) return body;
    const out = { ...b, ucp: { ...b.ucp, capabilities: capabilitiesFor(ctx.active, root) } } as typeof b;
    if (!ctx.active.has(UCP_CHECKOUT.discount)) delete out.discounts;
    if (!ctx.active.has(UCP.vendor)) {
      const strip = (p: Record<string, unknown>) => Object.fromEntries(Object.entries(p).filter(([k]) => k !== UCP.vendor));
      if (out.products) out.products = out.products.map(strip);
      if (out.product) out.product = strip(out.product);
    }
    return out as T;
  }
  /** A root the agent did not negotiate: the release's capabilities_incompatible, a business outcome (HTTP 200). */
  function incompatible(root: string) {
    const body = ucpError('capabilities_incompatible', `No compatible capabilities: this agent's profile does not declare ${root} at version the business serves`);
    return { ...body, ucp: { ...body.ucp, capabilities: {} } };
  }

  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const window = 60_000;
    const perAgent = app.createRateLimit({ max: deps.limits.perAgent, timeWindow: window, keyGenerator: (req: FastifyRequest) => `ucp-agent|${req.agent!.key}` });
    const perOrigin = app.createRateLimit({ max: deps.limits.perAgent, timeWindow: window, keyGenerator: (req: FastifyRequest) => `ucp-agent|${req.agent!.origin}` });
    const perAddress = app.createRateLimit({ max: deps.limits.perAddress, timeWindow: window, keyGenerator: (req: FastifyRequest) => `ucp-ip|${req.ip}` });
    const perShopper = app.createRateLimit({ max: deps.limits.perShopper, timeWindow: window, keyGenerator: (req: FastifyRequest) => `ucp-shopper|${req.agentGrant!.userId}` });
    const spend = async (limiter: typeof perAgent, req: FastifyRequest, what: string) => {
      const res = await limiter(req);
      if (!res.isAllowed && res.isExceeded) throw new UcpFailure(429, 'rate_limited', `Too many requests ${what}; try again in ${res.ttlInSeconds} s`, -32000, { 'retry-after': String(res.ttlInSeconds) });
    };
    /**
     * Discount codes an agent sends are tries at guessing a code, counted as the storefront's code box counts them
     * (decision 0159): per agent, and per linked shopper on the shopper's own counter (the storefront's), so going
     * through an agent gives a shopper no more tries.
     */
    const spendCodeTries = async (req: FastifyRequest, codes: unknown) => {
      if (!Array.isArray(codes) || !codes.length) return;
      const wait = await deps.codeTries(req, [`agent:${req.agent!.key}`, ...(req.agentGrant ? [`user:${req.agentGrant.userId}`] : [])]);
      if (wait !== null) throw new UcpFailure(429, 'rate_limited', `Too many discount codes tried; try again in ${wait} s`, -32000, { 'retry-after': String(wait) });
    };
    const codesOf = (body: unknown) => (body as { discounts?: { codes?: unknown } } | undefined)?.discounts?.codes;
    const shopperOf = (req: FastifyRequest) => req.agentGrant?.userId ?? null;
    const challenge = (error?: string) => `Bearer resource_metadata="${deps.resourceMetadataUrl}"${error ? `, error="${error}"` : ''}`;

    // raw bodies: the digest, the signature and the idempotency check are of the bytes as sent; a body that is not
    // JSON is the release's error (over MCP, JSON-RPC's parse error)
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (req, body: Buffer, done) => {
      (req as RawRequest).rawBody = body;
      if (body.length === 0) return done(null, undefined);
      try {
        done(null, JSON.parse(body.toString('utf8')));
      } catch {
        done(new UcpFailure(400, 'invalid_json', 'Parse error: the request body is not valid JSON', -32700), undefined);
      }
    });
    app.setErrorHandler((err: Error, req, reply) => sendFailure(req, reply, failureOf(err), isMcp(req)));

    // an identity-linking token, when one is sent: unknown, expired or revoked is a 401 the agent can act on
    app.decorateRequest('agentGrant', null);
    app.decorateRequest('agent', null);
    app.addHook('onRequest', async (req, reply) => {
      const token = req.headers.authorization ? bearerToken(req) : null;
      if (!token) return;
      req.agentGrant = await linking.authenticate(token);
      if (!req.agentGrant) {
        return sendFailure(req, reply, new UcpFailure(401, 'identity_required', 'The access token is invalid, expired or revoked; link the account again', -32000, { 'www-authenticate': challenge('invalid_token') }), isMcp(req));
      }
    });

    // who is calling, whether it may, and its budget: one for REST and MCP alike
    app.addHook('preHandler', async (req, reply) => {
      if ((req.routeOptions.config as { ucp?: string }).ucp !== 'agent') {
        await spend(perAddress, req, 'from this address');
        return;
      }
      const mcp = isMcp(req);
      const profileUrl = mcp ? mcpProfileOf(req) : profileFromHeader(req.headers['ucp-agent']);
      const ctx = await identity.resolve(req as RawRequest, profileUrl, req.agentGrant, () => spend(perAddress, req, 'from this address (agent profiles fetched)'));
      req.agent = ctx;
      const keys = [ctx.key, ...(ctx.origin && ctx.origin !== ctx.key ? [ctx.origin] : []), ...(req.agentGrant ? [clientKey(req.agentGrant.clientId)] : [])];
      const reason = await guard.blockedReason(keys);
      if (reason) throw new UcpFailure(403, 'agent_blocked', `This agent is blocked by the marketplace: ${reason}`);
      if (ctx.identified) await spend(perAgent, req, 'for this agent');
      else {
        // an unidentified agent spends its claimed origin's budget and its address's
        if (ctx.origin) await spend(perOrigin, req, 'for this agent');
        await spend(perAddress, req, 'from this address by unidentified agents');
      }
      if (req.agentGrant) await spend(perShopper, req, 'for this shopper');
      if (ctx.profile || req.agentGrant) guard.count(ctx.key, { profileUrl: ctx.profile?.url ?? null, signed: ctx.signed });
      // a REST write: its Idempotency-Key answers a retry with the first answer, another payload with a 409
      const key = req.headers['idempotency-key'];
      if (!mcp && (req.method === 'POST' || req.method === 'PUT') && typeof key === 'string') {
        const raw = (req as RawRequest).rawBody ?? Buffer.alloc(0);
        const replay = await idempotency.claim(ctx.key, key, idempotency.hashOf(`${req.method} ${req.routeOptions.url}`, Buffer.concat([Buffer.from(`${JSON.stringify(req.params)}\n`), raw])));
        if (replay) return reply.code(replay.status).send(replay.body);
        (req as RawRequest).idempotency = { agent: ctx.key, key };
      }
    });

    // answers carry their digest (RFC 9530) and Souq's signature (RFC 9421) over status, digest and type; a write's
    // answer is kept for its Idempotency-Key
    app.addHook('onSend', async (req, reply, payload) => {
      if (payload === null || payload === undefined || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
      const idem = (req as RawRequest).idempotency;
      if (idem) {
        const text = payload.toString();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* kept as text */
        }
        const stored = idem.mcpId !== undefined ? (body as { result?: unknown }).result : body;
        if (idem.mcpId === undefined || stored !== undefined) await idempotency.settle(idem.agent, idem.key, reply.statusCode, stored);
        else await idempotency.settle(idem.agent, idem.key, 500, null);
      }
      const digest = contentDigest(payload);
      const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      const sig = await signing.signResponse(reply.statusCode, type, digest);
      void reply.header('content-digest', digest).header('signature-input', sig['signature-input']).header('signature', sig.signature);
      return payload;
    });

    const agentRoute = { compress: false as const, config: { ucp: 'agent' } };
    const publicRoute = { compress: false as const, config: { ucp: 'public' } };

    r.get('/.well-known/ucp', {
      ...publicRoute,
      schema: {
        tags: ['agents'],
        summary: "UCP discovery: Souq's business profile (services over REST and MCP, capabilities, payment handlers, signing keys)",
        response: { 200: ucpProfileSchema, 429: ucpErrorResponseSchema },
      },
    }, async (_req, reply) => {
      // the release: profiles are public and cacheable for at least 60 s
      void reply.header('cache-control', 'public, max-age=300');
      return ucpProfile(origin, await signing.published(), deps.tokenization());
    });

    r.get(UCP_VENDOR_SCHEMA_PATH, {
      ...publicRoute,
      schema: {
        tags: ['agents'],
        summary: "JSON Schema of Souq's vendor extension on catalog products (declared in the UCP profile)",
        response: { 200: z.object({ name: z.string(), type: z.literal('object') }).loose(), 429: ucpErrorResponseSchema },
      },
    }, async () => vendorExtensionSchema(origin));

    r.post(`${UCP_REST_BASE}/catalog/search`, {
      ...agentRoute,
      serializerCompiler: plainJson,
      schema: {
        tags: ['agents'],
        operationId: 'search_catalog',
        summary: "UCP catalog search over Souq's own search (filters: one category, price in minor units, in_stock; cursor paging)",
        headers: agentHeaders,
        body: ucpSearchRequestSchema,
        response: { 200: z.union([ucpSearchResponseSchema, ucpErrorResponseSchema]), ...errors },
      },
    }, async (req) => (req.agent!.active.has(UCP.search) ? present(req, UCP.search, await catalog.search(req.body, origin, req.headers['accept-language'])) : incompatible(UCP.search)));

    r.post(`${UCP_REST_BASE}/catalog/lookup`, {
      ...agentRoute,
      serializerCompiler: plainJson,
      schema: {
        tags: ['agents'],
        operationId: 'lookup_catalog',
        summary: 'UCP catalog lookup of products and variants by id; unknown ids come back as not_found messages',
        headers: agentHeaders,
        body: ucpLookupRequestSchema,
        response: { 200: z.union([ucpLookupResponseSchema, ucpErrorResponseSchema]), ...errors },
      },
    }, async (req) => (req.agent!.active.has(UCP.lookup) ? present(req, UCP.lookup, await catalog.lookup(req.body, origin, req.headers['accept-language'])) : incompatible(UCP.lookup)));

    r.post(`${UCP_REST_BASE}/catalog/product`, {
      ...agentRoute,
      serializerCompiler: plainJson,
      schema: {
        tags: ['agents'],
        operationId: 'get_product',
        summary: 'UCP get_product: one product with its variants and vendor; an unknown id is the not_found outcome (200, status error)',
        headers: agentHeaders,
        body: ucpGetProductRequestSchema,
        response: { 200: z.union([ucpGetProductResponseSchema, ucpErrorResponseSchema]), ...errors },
      },
    }, async (req) => (req.agent!.active.has(UCP.lookup)
      ? present(req, UCP.lookup, await catalog.product(req.body.id, origin, req.body.context?.language ?? req.headers['accept-language']))
      : incompatible(UCP.lookup)));

    // ---- checkout sessions (checkout.json + fulfillment, and cart.json's cart_id); business outcomes answer 200/201 ----
    const checkoutResponse = z.union([ucpCheckoutSchema, ucpErrorResponseSchema]);
    const sessions = `${UCP_REST_BASE}/checkout-sessions`;
    const checkoutRoot = UCP_CHECKOUT.checkout;
    const checkoutOr = async <T extends object>(req: FastifyRequest, run: () => Promise<T>) => {
      if (!req.agent!.active.has(checkoutRoot)) return incompatible(checkoutRoot);
      return present(req, checkoutRoot, await run());
    };

    r.post(sessions, {
      ...agentRoute,
      schema: {
        tags: ['agents'], operationId: 'create_checkout',
        summary: "UCP create checkout: lines (or an agent's cart_id) priced by Souq's storefront rule, buyer, shipping destination, payment handler (cod, or card: a token from the payment provider, never card data)",
        headers: writeHeaders, body: ucpCheckoutCreateSchema,
        response: { 201: checkoutResponse, 200: checkoutResponse, ...sessionErrors },
      },
    }, async (req, reply) => {
      if (!req.agent!.active.has(checkoutRoot)) return incompatible(checkoutRoot);
      await spendCodeTries(req, codesOf(req.body));
      const { created, body } = await checkout.create(agentOf(req), req.body, { idempotencyKey: req.headers['idempotency-key'], origin, shopper: shopperOf(req) });
      return reply.code(created ? 201 : 200).send(present(req, checkoutRoot, body));
    });

    r.get(`${sessions}/:id`, {
      ...agentRoute,
      schema: {
        tags: ['agents'], operationId: 'get_checkout', summary: "UCP get checkout: the agent's own session, priced again from the catalogue",
        headers: agentHeaders, params: ucpCheckoutIdParamSchema, response: { 200: checkoutResponse, ...sessionErrors },
      },
    }, async (req) => checkoutOr(req, () => checkout.get(agentOf(req), req.params.id, origin, shopperOf(req))));

    r.put(`${sessions}/:id`, {
      ...agentRoute,
      schema: {
        tags: ['agents'], operationId: 'update_checkout', summary: 'UCP update checkout: replaces lines, buyer, destination and payment handler of an open session',
        headers: writeHeaders, params: ucpCheckoutIdParamSchema, body: ucpCheckoutWriteSchema, response: { 200: checkoutResponse, ...sessionErrors },
      },
    }, async (req) => checkoutOr(req, async () => {
      await spendCodeTries(req, codesOf(req.body));
      return checkout.update(agentOf(req), req.params.id, req.body, origin, shopperOf(req));
    }));

    r.post(`${sessions}/:id/complete`, {
      ...agentRoute,
      schema: {
        tags: ['agents'], operationId: 'complete_checkout', summary: "UCP complete checkout: places a Souq order through the storefront's order path (one order per session, retries included); a card order is held until its payment at the provider is authorised (continue_url when the shopper must act)",
        headers: writeHeaders, params: ucpCheckoutIdParamSchema, body: ucpCheckoutCompleteSchema.optional(), response: { 200: checkoutResponse, ...sessionErrors },
      },
    }, async (req) => {
      const refused = placeAccess(req.agentGrant);
      if (refused) throw new UcpFailure(403, 'insufficient_scope', refused.messages[0]!.content, -32000, { 'www-authenticate': challenge('insufficient_scope') });
      return checkoutOr(req, () => checkout.complete(agentOf(req), req.params.id, req.body ?? {}, origin, req.agentGrant, hooksOf(req)));
    });

    r.post(`${sessions}/:id/cancel`, {
      ...agentRoute,
      schema: {
        tags: ['agents'], operationId: 'cancel_checkout', summary: 'UCP cancel checkout: an open session ends without an order',
        headers: writeHeaders, params: ucpCheckoutIdParamSchema, response: { 200: checkoutResponse, ...sessionErrors },
      },
    }, async (req) => checkoutOr(req, () => checkout.cancel(agentOf(req), req.params.id, origin)));

    // ---- orders (order.json): a linked shopper's own purchases, one sub-order per seller ----
    r.get(`${UCP_REST_BASE}/orders/:id`, {
      ...agentRoute,
      schema: {
        tags: ['agents'], operationId: 'get_order',
        summary: "UCP get order: the linked shopper's purchase with each seller's sub-order, status, lines, fulfilment events and returns (needs a token with the order:read scope)",
        headers: agentHeaders, params: z.object({ id: z.string().max(20) }),
        response: { 200: z.union([z.object({ id: z.string() }).loose(), ucpErrorResponseSchema]), ...sessionErrors },
      },
    }, async (req) => {
      const denied = orderAccess(req.agentGrant);
      if (denied) throw new UcpFailure(denied.status, denied.body.messages[0]!.code, denied.body.messages[0]!.content, -32000, { 'www-authenticate': challenge(denied.status === 403 ? 'insufficient_scope' : undefined) });
      if (!req.agent!.active.has(UCP_ORDER)) return incompatible(UCP_ORDER);
      return present(req, UCP_ORDER, await orders.get(req.agentGrant!.userId, req.params.id, origin, req.agentGrant!));
    });

    // ---- carts (cart.json): lines only, priced on every read ----
    const cartResponse = z.union([ucpCartSchema, ucpErrorResponseSchema]);
    const carts = `${UCP_REST_BASE}/carts`;
    const cartOr = async <T extends object>(req: FastifyRequest, run: () => Promise<T>) => (req.agent!.active.has(UCP_CART) ? present(req, UCP_CART, await run()) : incompatible(UCP_CART));

    r.post(carts, {
      ...agentRoute,
      schema: {
        tags: ['agents'], operationId: 'create_cart', summary: "UCP create cart: lines by catalog variant id, priced by the storefront's rule",
        headers: writeHeaders, body: ucpCartWriteSchema, response: { 201: cartResponse, 200: cartResponse, ...sessionErrors },
      },
    }, async (req, reply) => {
      if (!req.agent!.active.has(UCP_CART)) return incompatible(UCP_CART);
      const { created, body } = await cart.create(agentOf(req), req.body, { idempotencyKey: req.headers['idempotency-key'], origin });
      return reply.code(created ? 201 : 200).send(present(req, UCP_CART, body));
    });

    r.get(`${carts}/:id`, {
      ...agentRoute,
      schema: { tags: ['agents'], operationId: 'get_cart', summary: "UCP get cart: the agent's own cart, priced again", headers: agentHeaders, params: ucpCartIdParamSchema, response: { 200: cartResponse, ...sessionErrors } },
    }, async (req) => cartOr(req, () => cart.get(agentOf(req), req.params.id, origin)));

    r.put(`${carts}/:id`, {
      ...agentRoute,
      schema: { tags: ['agents'], operationId: 'update_cart', summary: "UCP update cart: replaces the cart's lines", headers: writeHeaders, params: ucpCartIdParamSchema, body: ucpCartWriteSchema, response: { 200: cartResponse, ...sessionErrors } },
    }, async (req) => cartOr(req, () => cart.update(agentOf(req), req.params.id, req.body, origin)));

    r.post(`${carts}/:id/cancel`, {
      ...agentRoute,
      schema: { tags: ['agents'], operationId: 'cancel_cart', summary: 'UCP cancel cart: the cart is deleted and answered as it was', headers: writeHeaders, params: ucpCartIdParamSchema, response: { 200: cartResponse, ...sessionErrors } },
    }, async (req) => cartOr(req, () => cart.cancel(agentOf(req), req.params.id, origin)));

    // ---- MCP: the same tools over JSON-RPC (Streamable HTTP, stateless JSON answers) ----
    r.post(UCP_MCP_PATH, {
      ...agentRoute,
      schema: {
        tags: ['agents'],
        summary: 'The UCP shopping tools over MCP (Streamable HTTP, stateless JSON responses, one message per POST): catalog, carts, checkout sessions, orders',
        body: jsonRpc,
        response: {
          200: z.unknown().describe('JSON-RPC response'), 202: z.unknown().describe('Notification accepted'),
          // refusals are JSON-RPC errors whose data is the release's error_response, with the HTTP status of the REST binding
          ...Object.fromEntries(Object.keys(errors).map((status) => [status, z.unknown().describe('JSON-RPC error (data: error_response)')])),
        },
      },
    }, async (req, reply) => {
      const message = req.body;
      const ctx = req.agent!;
      const id = message.id ?? null;
      if (message.method === 'tools/call') {
        const params = (message.params ?? {}) as { name?: string; arguments?: Record<string, unknown> };
        const root = params.name ? TOOL_ROOTS[params.name] : undefined;
        if (root && ctx.profile && !ctx.active.has(root)) {
          const body = incompatible(root);
          return reply.send({ jsonrpc: '2.0', id, result: { structuredContent: body, content: [{ type: 'text', text: JSON.stringify(body) }] } });
        }
        if (params.name === 'create_checkout' || params.name === 'update_checkout') await spendCodeTries(req, codesOf(params.arguments?.checkout));
        const key = (params.arguments?.meta as { 'idempotency-key'?: unknown } | undefined)?.['idempotency-key'];
        if (params.name && WRITE_TOOLS.has(params.name) && typeof key === 'string' && /^[0-9a-f-]{36}$/i.test(key)) {
          const { meta: _meta, ...rest } = params.arguments ?? {};
          const replay = await idempotency.claim(ctx.key, key, idempotency.hashOf(`mcp ${params.name}`, JSON.stringify(rest)));
          if (replay) return reply.send({ jsonrpc: '2.0', id, result: replay.body });
          (req as RawRequest).idempotency = { agent: ctx.key, key, mcpId: id };
        }
      }
      const headers = new Headers();
      for (const name of MCP_HEADERS) {
        const value = req.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
      const out = await handleMcp({
        catalog, checkout, cart, orders, origin, linked: req.agentGrant, agent: ctx.origin ?? '', hooks: hooksOf(req),
        present: (root, body) => present(req, root, body),
      }, new Request(new URL(UCP_MCP_PATH, origin), { method: 'POST', headers, body: (req as RawRequest).rawBody ?? null }), message);
      return reply.code(out.status as 200).headers(out.headers).send(out.body);
    });

    // Streamable HTTP without sessions: no server-initiated stream and nothing to end (the transport's 405)
    for (const method of ['GET', 'DELETE'] as const) {
      r.route({
        method,
        url: UCP_MCP_PATH,
        ...publicRoute,
        schema: { tags: ['agents'], summary: `MCP ${method}: not offered by this stateless endpoint (405)`, response: { 405: z.unknown().describe('JSON-RPC error') } },
        handler: async (_req, reply) => reply.code(405).header('allow', 'POST').send(rpcError(null, -32000, 'Method not allowed: this MCP endpoint is stateless, POST JSON-RPC messages')),
      });
    }
  };
}
