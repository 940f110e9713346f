import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { UCP_VERSION, ucpGetProductRequestSchema, ucpLookupRequestSchema, ucpSearchRequestSchema } from '@souq/shared/api/ucp';
import type { AgentCatalog } from './agents.catalog.js';
import { AppError } from '../../platform/errors.js';

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
export function createUcpMcpServer(deps: { catalog: AgentCatalog; origin: string }): McpServer {
  const { catalog, origin } = deps;
  const server = new McpServer({ name: 'souq-ucp', version: UCP_VERSION });
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
  }, async (args) => answer(() => catalog.product(args.catalog.id, origin)));

  return server;
}
