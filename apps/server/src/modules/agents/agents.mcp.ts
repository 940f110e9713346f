import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  UCP_VERSION, ucpCartWriteSchema, ucpCheckoutCompleteSchema, ucpCheckoutWriteSchema, ucpGetProductRequestSchema, ucpLookupRequestSchema, ucpSearchRequestSchema,
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

/**
 * The UCP shopping service as MCP tools (services/shopping/mcp.openrpc.json): names and arguments (`meta` and
 * `catalog`) as the binding defines them. Tool descriptions are fixed texts of ours; catalogue text only ever
 * travels inside results, as data (a vendor's product text is never an instruction to the agent).
 */
export function createUcpMcpServer(deps: {
  catalog: AgentCatalog; checkout: AgentCheckoutService; cart: AgentCartService; orders: AgentOrders; origin: string;
  /** the shopper and agent of the request's identity-linking token (the transport's Authorization header), if any */
  linked: AgentGrant | null;
}): McpServer {
  const { catalog, checkout, cart, orders, origin, linked } = deps;
  // one JSON Schema validator for every per-request server (the SDK would build an Ajv instance per server)
  const server = new McpServer({ name: 'souq-ucp', version: UCP_VERSION }, { jsonSchemaValidator: sharedValidator });
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

  server.registerTool('search_catalog', {
    description: 'Search the Souq marketplace catalog (UCP catalog.search). Prices are integer minor units; every product names the vendor that sells it.',
    inputSchema: { meta: metaSchema, catalog: ucpSearchRequestSchema },
    annotations: readOnly,
  }, async (args) => answer(() => catalog.search(args.catalog, origin)));

  server.registerTool('lookup_catalog', {
    description: 'Look up Souq products or variants by id (UCP catalog.lookup). Unknown ids are reported as not_found messages.',
    inputSchema: { meta: metaSchema, catalog: ucpLookupRequestSchema },
    annotations: readOnly,
  }, async (args) => answer(() => catalog.lookup(args.catalog, origin)));

  server.registerTool('get_product', {
    description: 'One Souq product in full, with its variants and vendor (UCP catalog.lookup get_product).',
    inputSchema: { meta: metaSchema, catalog: ucpGetProductRequestSchema },
    annotations: readOnly,
  }, async (args) => answer(() => catalog.product(args.catalog.id, origin, args.catalog.context?.language)));

  // checkout: the session belongs to the agent named in meta; complete and cancel need an idempotency key
  const writeMeta = metaSchema.extend({ 'idempotency-key': z.uuid() });
  const sessionId = z.string().regex(/^chk_[0-9a-f]{32}$/);
  const agentOf = (meta: z.infer<typeof metaSchema>) => meta['ucp-agent'].profile;

  server.registerTool('create_checkout', {
    description: 'Create a Souq checkout session (UCP checkout): line items by catalog variant id, buyer, shipping destination, payment handler (cod or card_demo; never card data). Needs meta idempotency-key.',
    inputSchema: { meta: writeMeta, checkout: ucpCheckoutWriteSchema },
  }, async (args) => answer(async () => (await checkout.create(agentOf(args.meta), args.checkout, { idempotencyKey: args.meta['idempotency-key'], origin })).body));

  server.registerTool('get_checkout', {
    description: 'Read a checkout session of this agent, priced again from the catalogue.',
    inputSchema: { meta: metaSchema, id: sessionId },
    annotations: readOnly,
  }, async (args) => answer(() => checkout.get(agentOf(args.meta), args.id, origin)));

  server.registerTool('update_checkout', {
    description: 'Replace the lines, buyer, destination and payment handler of an open checkout session.',
    inputSchema: { meta: metaSchema, id: sessionId, checkout: ucpCheckoutWriteSchema },
  }, async (args) => answer(() => checkout.update(agentOf(args.meta), args.id, args.checkout, origin)));

  server.registerTool('complete_checkout', {
    description: 'Place the order of a ready checkout session (one order per session, however often it is called). With a linked account (Authorization: Bearer token with the checkout:complete scope) the order is the shopper\'s own.',
    inputSchema: { meta: writeMeta, id: sessionId, checkout: ucpCheckoutCompleteSchema },
  }, async (args) => answer(async () => placeAccess(linked) ?? checkout.complete(agentOf(args.meta), args.id, args.checkout, origin, linked)));

  server.registerTool('cancel_checkout', {
    description: 'Cancel an open checkout session.',
    inputSchema: { meta: writeMeta, id: sessionId },
  }, async (args) => answer(() => checkout.cancel(agentOf(args.meta), args.id, origin)));

  // carts: anonymous, the agent's own
  const cartId = z.string().regex(/^cart_[0-9a-f]{32}$/);
  server.registerTool('create_cart', {
    description: 'Create a Souq cart (UCP cart): line items by catalog variant id; priced by the storefront rule. Needs meta idempotency-key.',
    inputSchema: { meta: writeMeta, cart: ucpCartWriteSchema },
  }, async (args) => answer(async () => (await cart.create(agentOf(args.meta), args.cart, { idempotencyKey: args.meta['idempotency-key'], origin })).body));
  server.registerTool('get_cart', {
    description: 'Read a cart of this agent, priced again from the catalogue.',
    inputSchema: { meta: metaSchema, id: cartId },
    annotations: readOnly,
  }, async (args) => answer(() => cart.get(agentOf(args.meta), args.id, origin)));
  server.registerTool('update_cart', {
    description: "Replace a cart's lines.",
    inputSchema: { meta: metaSchema, id: cartId, cart: ucpCartWriteSchema },
  }, async (args) => answer(() => cart.update(agentOf(args.meta), args.id, args.cart, origin)));
  server.registerTool('cancel_cart', {
    description: 'Cancel (delete) a cart.',
    inputSchema: { meta: writeMeta, id: cartId },
  }, async (args) => answer(() => cart.cancel(agentOf(args.meta), args.id, origin)));

  // orders: only with the linked shopper's token (the transport's Authorization header), only their own
  server.registerTool('get_order', {
    description: "Read one of the linked shopper's orders (UCP order): each seller's sub-order with its status, lines and fulfilment events. Needs a token with the order:read scope.",
    inputSchema: { meta: metaSchema, id: z.string().max(20) },
    annotations: readOnly,
  }, async (args) => answer(async () => {
    const denied = orderAccess(linked);
    return denied ? denied.body : orders.get(linked!.userId, args.id, origin, linked!);
  }));

  return server;
}
