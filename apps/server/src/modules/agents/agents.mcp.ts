import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  UCP, UCP_CART, UCP_CHECKOUT, UCP_ORDER, UCP_VERSION, ucpCartWriteSchema, ucpCheckoutCompleteSchema, ucpCheckoutCreateSchema, ucpCheckoutWriteSchema, ucpGetProductRequestSchema,
  ucpLookupRequestSchema, ucpSearchRequestSchema,
} from '@souq/shared/api/ucp';
import type { AgentCheckoutService } from './agents.checkout.js';
import type { AgentCartService } from './agents.cart.js';
import type { AgentCatalog } from './agents.catalog.js';
import { AppError } from '../../platform/errors.js';
import type { AgentOrders } from './agents.orders.js';
import type { AgentGrant } from './agents.linking.js';
import { orderAccess, placeAccess } from './agents.errors.js';

const sharedValidator = new AjvJsonSchemaValidator();

/** mcp.openrpc.json#/components/schemas/meta: who the agent is (its profile), and an idempotency key for writes. */
const metaSchema = z
  .object({
    'ucp-agent': z.object({ profile: z.url({ protocol: /^https?$/ }).max(2000) }).loose(),
    'idempotency-key': z.uuid().optional(),
  })
  .loose();

/** A business outcome as the binding wants it: the UCP envelope as structured content, and the same JSON as text. */
function result(data: object): CallToolResult {
  return { structuredContent: data as Record<string, unknown>, content: [{ type: 'text', text: JSON.stringify(data) }] };
}

/** A rule of Souq's (a bad cursor, one category at a time) is an invalid-params error, with its message. */
async function answer(run: () => Promise<object>): Promise<CallToolResult> {
  try {
    return result(await run());
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { isError: true, content: [{ type: 'text', text: err.message }] };
    throw err;
  }
}

/** The capability each tool belongs to: its answer names it, and an agent that did not negotiate it is refused. */
export const TOOL_ROOTS: Record<string, string> = {
  search_catalog: UCP.search, lookup_catalog: UCP.lookup, get_product: UCP.lookup,
  create_checkout: UCP_CHECKOUT.checkout, get_checkout: UCP_CHECKOUT.checkout, update_checkout: UCP_CHECKOUT.checkout, complete_checkout: UCP_CHECKOUT.checkout, cancel_checkout: UCP_CHECKOUT.checkout,
  create_cart: UCP_CART, get_cart: UCP_CART, update_cart: UCP_CART, cancel_cart: UCP_CART,
  get_order: UCP_ORDER,
};
/** Tools that change something: their `meta.idempotency-key` makes a retry answer the first call's result. */
export const WRITE_TOOLS = new Set(['create_checkout', 'update_checkout', 'complete_checkout', 'cancel_checkout', 'create_cart', 'update_cart', 'cancel_cart']);

export type McpContext = {
  catalog: AgentCatalog; checkout: AgentCheckoutService; cart: AgentCartService; orders: AgentOrders; origin: string;
  /** the shopper and agent of the request's identity-linking token (the transport's Authorization header), if any */
  linked: AgentGrant | null;
  /** the calling agent's origin: owner of its carts and sessions */
  agent: string;
  /** the agent's order webhook and profile, kept on a completed checkout */
  hooks: { webhookUrl: string | null; profileUrl: string | null };
  /** shapes an answer for the negotiated capabilities (names them; drops extensions the agent did not take) */
  present: (root: string, body: object) => object;
};

/**
 * Servers with their tools registered, waiting for their next exchange. Building one (the SDK normalises every
 * tool's zod schema) cost more than the search it answers, so a server is reused — one exchange at a time, each on
 * a fresh transport (the SDK's stateless transport serves exactly one request), with that exchange's context. Only
 * servers whose exchange left nothing behind come back: a tools/call, tools/list or ping; an `initialize` (the client's
 * capabilities and version are kept on the server) or anything else retires its server.
 */
const idle: { server: McpServer; slot: { ctx: McpContext | null } }[] = [];
const IDLE_MAX = 16;
const REUSABLE = new Set(['tools/call', 'tools/list', 'ping']);

/**
 * One MCP exchange over Streamable HTTP, stateless (a fresh transport per request and a server serving only that
 * exchange while it lasts, so nothing of one agent's call can reach another's), through the SDK's web-standard
 * transport: the answer comes back as status, headers and body, which the route sends (so answers are signed and
 * errors shaped like every other UCP answer).
 */
export async function handleMcp(ctx: McpContext, request: Request, parsedBody: unknown): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const entry = idle.pop() ?? (() => {
    const slot: { ctx: McpContext | null } = { ctx: null };
    return { server: createUcpMcpServer(() => slot.ctx!), slot };
  })();
  const { server, slot } = entry;
  slot.ctx = ctx;
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  let clean = false;
  try {
    await server.connect(transport);
    const res = await transport.handleRequest(request, { parsedBody });
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (k === 'content-type' || k === 'allow' || k.startsWith('mcp-')) headers[k] = v;
    });
    const body = await res.text();
    clean = REUSABLE.has((parsedBody as { method?: string } | null)?.method ?? '');
    return { status: res.status, headers, body };
  } finally {
    // closing the transport runs the server's own close (pending handlers aborted, the transport let go) at once
    await transport.close();
    slot.ctx = null;
    if (clean && !server.isConnected() && idle.length < IDLE_MAX) idle.push(entry);
    else void server.close();
  }
}

/**
 * The UCP shopping service as MCP tools (services/shopping/mcp.openrpc.json): names and arguments (`meta` and
 * `catalog`) as the binding defines them. Tool descriptions are fixed texts of ours; catalogue text only ever
 * travels inside results, as data (a vendor's product text is never an instruction to the agent).
 */
export function createUcpMcpServer(current: () => McpContext): McpServer {
  // the exchange being served: a reused server serves a new one each time (handleMcp)
  const shaped = (c: McpContext, tool: string) => (body: object) => c.present(TOOL_ROOTS[tool]!, body);
  // one JSON Schema validator for every server (the SDK would build an Ajv instance per server)
  const server = new McpServer({ name: 'souq-ucp', version: UCP_VERSION }, { jsonSchemaValidator: sharedValidator });
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

  server.registerTool('search_catalog', {
    description: 'Search the Souq marketplace catalog (UCP catalog.search). Prices are integer minor units; every product names the vendor that sells it.',
    inputSchema: { meta: metaSchema, catalog: ucpSearchRequestSchema },
    annotations: readOnly,
  }, async (args) => {
    const c = current();
    return answer(async () => shaped(c, 'search_catalog')(await c.catalog.search(args.catalog, c.origin)));
  });

  server.registerTool('lookup_catalog', {
    description: 'Look up Souq products or variants by id (UCP catalog.lookup). Unknown ids are reported as not_found messages.',
    inputSchema: { meta: metaSchema, catalog: ucpLookupRequestSchema },
    annotations: readOnly,
  }, async (args) => {
    const c = current();
    return answer(async () => shaped(c, 'lookup_catalog')(await c.catalog.lookup(args.catalog, c.origin)));
  });

  server.registerTool('get_product', {
    description: 'One Souq product in full, with its variants and vendor (UCP catalog.lookup get_product).',
    inputSchema: { meta: metaSchema, catalog: ucpGetProductRequestSchema },
    annotations: readOnly,
  }, async (args) => {
    const c = current();
    return answer(async () => shaped(c, 'get_product')(await c.catalog.product(args.catalog.id, c.origin, args.catalog.context?.language)));
  });

  // checkout: the session belongs to the agent named in meta; complete and cancel need an idempotency key
  const writeMeta = metaSchema.extend({ 'idempotency-key': z.uuid() });
  const sessionId = z.string().regex(/^chk_[0-9a-f]{32}$/);

  server.registerTool('create_checkout', {
    description: 'Create a Souq checkout session (UCP checkout): line items by catalog variant id (or cart_id: a cart of this agent), buyer, shipping destination, payment handler (cod, or card with a token from the payment provider the profile names; never card data). Needs meta idempotency-key.',
    inputSchema: { meta: writeMeta, checkout: ucpCheckoutCreateSchema },
  }, async (args) => {
    const c = current();
    return answer(async () => shaped(c, 'create_checkout')((await c.checkout.create(c.agent, args.checkout, { idempotencyKey: args.meta['idempotency-key'], origin: c.origin, shopper: c.linked?.userId ?? null })).body));
  });

  server.registerTool('get_checkout', {
    description: 'Read a checkout session of this agent, priced again from the catalogue.',
    inputSchema: { meta: metaSchema, id: sessionId },
    annotations: readOnly,
  }, async (args) => {
    const c = current();
    return answer(async () => shaped(c, 'get_checkout')(await c.checkout.get(c.agent, args.id, c.origin, c.linked?.userId ?? null)));
  });

  server.registerTool('update_checkout', {
    description: 'Replace the lines, buyer, destination and payment handler of an open checkout session.',
    inputSchema: { meta: metaSchema, id: sessionId, checkout: ucpCheckoutWriteSchema },
  }, async (args) => {
    const c = current();
    return answer(async () => shaped(c, 'update_checkout')(await c.checkout.update(c.agent, args.id, args.checkout, c.origin, c.linked?.userId ?? null)));
  });

  server.registerTool('complete_checkout', {
    description: 'Place the order of a ready checkout session (one order per session, however often it is called). A card order is held until its payment is authorised: pass a card token bound to the session, or send the shopper to continue_url. With a linked account (Authorization: Bearer token with the checkout:complete scope) the order is the shopper\'s own.',
    inputSchema: { meta: writeMeta, id: sessionId, checkout: ucpCheckoutCompleteSchema },
  }, async (args) => {
    const c = current();
    return answer(async () => placeAccess(c.linked) ?? shaped(c, 'complete_checkout')(await c.checkout.complete(c.agent, args.id, args.checkout, c.origin, c.linked, c.hooks)));
  });

  server.registerTool('cancel_checkout', {
    description: 'Cancel an open checkout session.',
    inputSchema: { meta: writeMeta, id: sessionId },
  }, async (args) => {
    const c = current();
    return answer(async () => shaped(c, 'cancel_checkout')(await c.checkout.cancel(c.agent, args.id, c.origin)));
  });

  // carts: anonymous, the agent's own
  const cartId = z.string().regex(/^cart_[0-9a-f]{32}$/);
  server.registerTool('create_cart', {
    description: 'Create a Souq cart (UCP cart): line items by catalog variant id; priced by the storefront rule. Needs meta idempotency-key.',
    inputSchema: { meta: writeMeta, cart: ucpCartWriteSchema },
  }, async (args) => {
    const c = current();
    return answer(async () => shaped(c, 'create_cart')((await c.cart.create(c.agent, args.cart, { idempotencyKey: args.meta['idempotency-key'], origin: c.origin })).body));
  });
  server.registerTool('get_cart', {
    description: 'Read a cart of this agent, priced again from the catalogue.',
    inputSchema: { meta: metaSchema, id: cartId },
    annotations: readOnly,
  }, async (args) => {
    const c = current();
    return answer(async () => shaped(c, 'get_cart')(await c.cart.get(c.agent, args.id, c.origin)));
  });
  server.registerTool('update_cart', {
    description: "Replace a cart's lines.",
    inputSchema: { meta: metaSchema, id: cartId, cart: ucpCartWriteSchema },
  }, async (args) => {
    const c = current();
    return answer(async () => shaped(c, 'update_cart')(await c.cart.update(c.agent, args.id, args.cart, c.origin)));
  });
  server.registerTool('cancel_cart', {
    description: 'Cancel (delete) a cart.',
    inputSchema: { meta: writeMeta, id: cartId },
  }, async (args) => {
    const c = current();
    return answer(async () => shaped(c, 'cancel_cart')(await c.cart.cancel(c.agent, args.id, c.origin)));
  });

  // orders: only with the linked shopper's token (the transport's Authorization header), only their own
  server.registerTool('get_order', {
    description: "Read one of the linked shopper's orders (UCP order): each seller's sub-order with its status, lines and fulfilment events. Needs a token with the order:read scope.",
    inputSchema: { meta: metaSchema, id: z.string().max(20) },
    annotations: readOnly,
  }, async (args) => {
    const c = current();
    return answer(async () => {
      const denied = orderAccess(c.linked);
      return denied ? denied.body : shaped(c, 'get_order')(await c.orders.get(c.linked!.userId, args.id, c.origin, c.linked!));
    });
  });

  return server;
}
