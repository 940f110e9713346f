import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { UCP_CART, UCP_CHECKOUT_TTL_HOURS, UCP_VERSION, type UcpCartWrite, type UcpErrorResponse, type UcpMessage } from '@souq/shared/api/ucp';
import { agentCarts } from '../../db/schema/agents.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { createIdempotently, linesOf } from './agents.idempotent.js';
import { createLinePricing, type SellerRules } from './agents.lines.js';
import { legalLinks } from './agents.legal.js';

export type AgentCartService = ReturnType<typeof createAgentCart>;
type Row = typeof agentCarts.$inferSelect;

const meta = (status: 'success' | 'error' = 'success') => ({ version: UCP_VERSION, status, capabilities: { [UCP_CART]: [{ version: UCP_VERSION }] } });

/**
 * Agents' carts (UCP cart capability, cart.json): what a shopper is considering, before any buyer data. Priced the
 * storefront's way on every read (agents.lines.ts); stock problems are messages, not refusals, as in the storefront
 * cart. Canceling a cart deletes it.
 */
export function createAgentCart(deps: { db: Db; catalogue: CatalogueService; sellers: SellerRules; currency: string }) {
  const { db, currency } = deps;
  const { resolve, price } = createLinePricing({ catalogue: deps.catalogue, sellers: deps.sellers });
  const expiry = () => new Date(Date.now() + UCP_CHECKOUT_TTL_HOURS * 3_600_000);
  const errorResponse = (messages: UcpMessage[]): UcpErrorResponse => ({ ucp: meta('error'), messages });

  async function view(row: Row, origin: string) {
    const { lineItems, totalLines, messages } = await price(row.lines, origin);
    return {
      ucp: meta(),
      id: row.id,
      currency,
      line_items: lineItems,
      totals: totalLines,
      links: legalLinks(origin),
      ...(messages.length ? { messages } : {}),
      expires_at: row.expiresAt.toISOString(),
    };
  }

  async function load(agent: string, id: string): Promise<Row> {
    const [row] = await db.select().from(agentCarts).where(and(eq(agentCarts.id, id), eq(agentCarts.agent, agent)));
    if (!row) throw notFound('Cart not found');
    return row;
  }

  /** Creates a cart; with the same Idempotency-Key a retry answers the same cart (another body with it is a 409). */
  async function create(agent: string, body: UcpCartWrite, opts: { idempotencyKey: string; origin: string }): Promise<{ created: boolean; body: UcpErrorResponse | Awaited<ReturnType<typeof view>> }> {
    return createIdempotently({
      body, lines: linesOf(body), resolve, refuse: errorResponse, view: (row: Row) => view(row, opts.origin),
      constraint: 'agent_carts_idempotency_key',
      earlier: async () => (await db.select().from(agentCarts).where(and(eq(agentCarts.agent, agent), eq(agentCarts.idempotencyKey, opts.idempotencyKey))))[0],
      insert: async (lines, requestHash) => (await db.insert(agentCarts).values({ id: `cart_${randomBytes(16).toString('hex')}`, agent, lines, idempotencyKey: opts.idempotencyKey, requestHash, expiresAt: expiry() }).returning())[0]!,
    });
  }

  return {
    create,
    async get(agent: string, id: string, origin: string) {
      return view(await load(agent, id), origin);
    },
    /** Replaces the cart's lines (PUT: a repeat changes nothing more). */
    async update(agent: string, id: string, body: UcpCartWrite, origin: string) {
      await load(agent, id);
      const lines = linesOf(body);
      const { unknown } = await resolve(lines);
      if (unknown.length) return errorResponse(unknown);
      const [row] = await db.update(agentCarts).set({ lines, updatedAt: new Date(), expiresAt: expiry() }).where(eq(agentCarts.id, id)).returning();
      return view(row!, origin);
    },
    /** The cart's lines, for a checkout made from it (another agent's cart is as unknown as none). */
    async linesOf(agent: string, id: string) {
      const [row] = await db.select({ lines: agentCarts.lines }).from(agentCarts).where(and(eq(agentCarts.id, id), eq(agentCarts.agent, agent)));
      return row?.lines ?? null;
    },
    /** Deletes the cart and answers it as it was. */
    async cancel(agent: string, id: string, origin: string) {
      const row = await load(agent, id);
      const answer = await view(row, origin);
      await db.delete(agentCarts).where(eq(agentCarts.id, id));
      return answer;
    },
  };
}
