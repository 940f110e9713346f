import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  UCP, UCP_CHECKOUT, UCP_CHECKOUT_TTL_HOURS, UCP_VERSION,
  type UcpCheckoutComplete, type UcpCheckoutCreate, type UcpCheckoutWrite, type UcpErrorResponse, type UcpMessage,
} from '@souq/shared/api/ucp';
import { agentCheckouts, type AgentCheckoutAddress, type AgentCheckoutBuyer, type AgentCheckoutLine } from '../../db/schema/agents.js';
import type { Db } from '../../platform/db.js';
import type { AuditLog } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import { createIdempotently, linesOf } from './agents.idempotent.js';
import type { AgentGrant } from './agents.linking.js';
import { cashRefused, placeAgentOrder, type CodRule } from './agents.place-order.js';
import { cardCheckoutState, credentialProblems, type AgentCardPayments, type AgentPaymentState, type CardCheckoutState } from './agents.card.js';
import { createLinePricing, money } from './agents.lines.js';
import { legalLinks } from './agents.legal.js';
import { appliedDiscounts, fromPlaced, placedDiscounts, sessionDiscounts, type AgentPromotions } from './agents.discounts.js';
import type { CartLine } from '../promotions/promotions.apply.js';
import { addBusinessDays } from '../../platform/business-days.js';

export type AgentCheckoutService = ReturnType<typeof createAgentCheckout>;
type Row = typeof agentCheckouts.$inferSelect;

const NOT_FOUND = 'Checkout session not found';

/** The checkout envelope: the capabilities in play and the payment handlers the agent may choose from. */
const meta = (status: 'success' | 'error' = 'success') => ({
  version: UCP_VERSION,
  status,
  capabilities: {
    [UCP_CHECKOUT.checkout]: [{ version: UCP_VERSION }], [UCP_CHECKOUT.fulfillment]: [{ version: UCP_VERSION }], [UCP_CHECKOUT.discount]: [{ version: UCP_VERSION }],
  },
  payment_handlers: { [UCP.cod]: [{ id: 'cod', version: UCP_VERSION }], [UCP.card]: [{ id: 'card', version: UCP_VERSION }] },
});

const errorResponse = (messages: UcpMessage[]): UcpErrorResponse => ({ ucp: meta('error'), messages });

/**
 * Checkout sessions for agents (UCP checkout with the fulfillment extension). A session stores only what the agent
 * chose (items, quantities, buyer, destination, payment handler); every answer prices it again with the storefront's
 * rule (packages/shared pricing) from the catalogue, and completing it places a real order through the orders service.
 */
export function createAgentCheckout(deps: {
  db: Db; catalogue: CatalogueService; orders: OrdersService; audit: AuditLog; currency: string;
  /** each seller's delivery estimate in business days (the vendors' rules, decision 0107) */
  delivery: (vendorIds: number[]) => Promise<Map<number, { min: number; max: number }>>;
  /** an agent's cart's lines (a checkout made from a cart) */
  cartLines: (agent: string, cartId: string) => Promise<AgentCheckoutLine[] | null>;
  /** a purchase an agent placed (its order webhook's 'placed' event) */
  placed?: (purchaseId: number) => Promise<unknown>;
  /** card payments at the provider (decision 0138); null where none can be taken */
  card: AgentCardPayments | null;
  /** the card-only rule after refused deliveries (decision 0140); absent, cash is always offered */
  cod?: CodRule;
  /** coupons and deals (decision 0159): the promotions module's rule, late-bound */
  promotions: () => AgentPromotions;
}) {
  const { db, catalogue, orders, currency } = deps;
  const expiry = () => new Date(Date.now() + UCP_CHECKOUT_TTL_HOURS * 3_600_000);

  const { resolve, price } = createLinePricing({ catalogue, sellers: orders.pricingBasis });

  /** What Souq needs of a destination to deliver there: asked for in messages, never a transport error. */
  const NEEDED: [keyof AgentCheckoutAddress, string][] = [['street_address', 'Street address is required'], ['address_locality', 'City is required'], ['address_country', 'Country is required']];

  /**
   * The promotions on a session's lines (decision 0159): once its purchase is placed, the ones the purchase took;
   * before, its codes and the running deals checked again by the promotions module's rule for the shopper (the
   * linked one, else a guest).
   */
  const discountsOf = (row: Row, shopper: number | null) => async (cart: CartLine[]) => (row.discountsPlaced
    ? fromPlaced(row.discountsPlaced)
    : sessionDiscounts(deps.promotions(), cart, row.discountCodes, shopper ?? row.userId));

  /** The session as the protocol shows it: lines with Souq's prices, totals, fulfilment per seller, status and what is missing. */
  async function view(row: Row, origin: string, extra: UcpMessage[] = [], pay: CardCheckoutState | null = null, shopper: number | null = null) {
    const { lineItems, totalLines, messages: lineMessages, parts, discounts } = await price(row.lines, origin, discountsOf(row, shopper));
    const messages: UcpMessage[] = [...extra, ...(pay?.messages ?? []), ...(discounts?.warnings ?? []), ...lineMessages];
    const applied = discounts ? appliedDiscounts(discounts, await deps.promotions().names([...new Set([...discounts.applied.lines.values()].flat().map((d) => d.promotionId))])) : [];
    const lineIds = lineItems.map((l) => l.id);
    if (row.status === 'open' && row.orderId === null) {
      // what the agent can still send (the release: 'recoverable', the platform fixes it through the API)
      const missing: [string, string][] = [];
      if (!row.buyer?.email) missing.push(['$.buyer.email', 'Enter a valid email address']);
      if (!(row.buyer?.first_name || row.buyer?.last_name || row.address?.first_name || row.address?.last_name)) missing.push(['$.buyer.first_name', 'Name is required']);
      const destination = '$.fulfillment.methods[0].destinations[0]';
      if (!row.address) missing.push([destination, 'Address is required']);
      else for (const [field, content] of NEEDED) if (!row.address[field]) missing.push([`${destination}.${field}`, content]);
      if (!row.paymentHandler) missing.push(['$.payment.instruments[0]', 'Choose a payment handler: cod or card']);
      for (const [path, content] of missing) messages.push({ type: 'error', code: 'missing', path, content, severity: 'recoverable' });
    }
    const status = row.status === 'completed' ? 'completed' : row.status === 'canceled' ? 'canceled' : pay ? pay.status
      : messages.some((m) => m.type === 'error') ? 'incomplete' : 'ready_for_complete';
    const delivery = await deps.delivery(parts.flatMap((p) => (p.vendorId === null ? [] : [p.vendorId])));
    const now = new Date();
    return {
      ucp: meta(),
      id: row.id,
      status,
      currency,
      line_items: lineItems,
      ...(row.buyer ? { buyer: row.buyer } : {}),
      totals: totalLines,
      ...(row.discountCodes.length || applied.length ? { discounts: { codes: row.discountCodes, applied } } : {}),
      // one group per seller: each ships its own part, with its own fee and delivery estimate (decision 0130)
      fulfillment: {
        methods: [{
          id: 'shipping',
          type: 'shipping',
          line_item_ids: lineIds,
          ...(row.address ? { destinations: [{ id: 'destination_1', ...row.address }], selected_destination_id: 'destination_1' } : {}),
          groups: parts.map((part) => {
            const estimate = part.vendorId === null ? undefined : delivery.get(part.vendorId);
            const days = estimate ? (estimate.min === estimate.max ? `${estimate.min}` : `${estimate.min}–${estimate.max}`) : null;
            return {
              id: `seller_${part.vendorId ?? 'marketplace'}`,
              line_item_ids: part.lineIds,
              options: [{
                id: 'standard',
                title: `Standard delivery from ${part.sellerName}`,
                description: `Shipped by ${part.sellerName}${days ? `; arrives in ${days} business days` : ''}`,
                ...(estimate ? { earliest_fulfillment_time: addBusinessDays(now, estimate.min).toISOString(), latest_fulfillment_time: addBusinessDays(now, estimate.max).toISOString() } : {}),
                totals: [money('fulfillment', part.totals.shippingCents, 'Shipping')],
              }],
              selected_option_id: 'standard',
            };
          }),
        }],
      },
      ...(row.paymentHandler ? { payment: { instruments: [{ id: 'instrument_1', handler_id: row.paymentHandler, type: row.paymentHandler === 'cod' ? 'cash_on_delivery' : 'card', selected: true }] } } : {}),
      links: legalLinks(origin),
      ...(row.status === 'completed' && row.orderId !== null ? { order: { id: String(row.orderId), label: row.orderNumber ?? '', permalink_url: new URL('/profile', origin).href } } : {}),
      ...(pay?.continueUrl ? { continue_url: pay.continueUrl } : {}),
      ...(messages.length ? { messages } : {}),
      expires_at: row.expiresAt.toISOString(),
    };
  }

  /** The stored form of what the agent chose (prices are never stored: they come from the catalogue on every read). */
  function choices(body: UcpCheckoutWrite | UcpCheckoutCreate, lines: AgentCheckoutLine[]) {
    const dest = body.fulfillment?.methods?.[0]?.destinations?.[0];
    const address: AgentCheckoutAddress | null = dest
      ? {
          street_address: [dest.street_address, dest.extended_address].filter(Boolean).join(', '),
          address_locality: dest.address_locality ?? '', address_country: dest.address_country ?? '', postal_code: dest.postal_code ?? '',
          ...(dest.address_region ? { address_region: dest.address_region } : {}),
          ...(dest.first_name ? { first_name: dest.first_name } : {}), ...(dest.last_name ? { last_name: dest.last_name } : {}),
          ...(dest.phone_number ? { phone_number: dest.phone_number } : {}),
        }
      : null;
    const buyer: AgentCheckoutBuyer | null = body.buyer
      ? { first_name: body.buyer.first_name, last_name: body.buyer.last_name, email: body.buyer.email, phone_number: body.buyer.phone_number }
      : null;
    // discount.md: codes sent replace the ones before ([] clears them); left out, they stay
    const codes = body.discounts?.codes;
    return { lines, buyer, address, paymentHandler: body.payment?.instruments?.[0]?.handler_id ?? null, ...(codes !== undefined ? { discountCodes: codes } : {}) };
  }

  async function load(agent: string, id: string): Promise<Row> {
    const [row] = await db.select().from(agentCheckouts).where(and(eq(agentCheckouts.id, id), eq(agentCheckouts.agent, agent)));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /** A card checkout whose purchase waits for its payment (placed, held, not yet paid). */
  const awaitingPayment = (row: Row) => row.status === 'open' && row.orderId !== null && row.paymentHandler === 'card';

  /** Souq's own page for the purchase's payment, readable by the shopper's browser with the payment's token. */
  const paymentPage = (origin: string, purchaseNumber: string, token: string) => new URL(`/checkout/payment?${new URLSearchParams({ purchase: purchaseNumber, token })}`, origin).href;

  /**
   * Moves a card checkout on its payment as read back from the provider: paid → completed (the agent's 'placed'
   * webhook goes then), the time to pay ran out → canceled, otherwise the checkout says what the payment needs.
   */
  async function settle(row: Row, state: AgentPaymentState, origin: string, extra: UcpMessage[] = []) {
    const pay = cardCheckoutState(state, paymentPage(origin, row.orderNumber!, state.token));
    if (pay.status === 'completed' || pay.status === 'canceled') {
      const [moved] = await db.update(agentCheckouts).set({ status: pay.status, updatedAt: new Date() })
        .where(and(eq(agentCheckouts.id, row.id), eq(agentCheckouts.status, 'open'))).returning();
      if (moved && pay.status === 'completed' && moved.webhookUrl) await deps.placed?.(moved.orderId!);
      const now = moved ?? (await db.select().from(agentCheckouts).where(eq(agentCheckouts.id, row.id)))[0]!;
      return view(now, origin, [...extra, ...pay.messages]);
    }
    return view(row, origin, extra, pay);
  }

  /**
   * Pays a card checkout's held purchase: with the agent's token (checked, then charged at the provider), or, without
   * one, by the shopper on the provider's page (continue_url).
   */
  async function payByCard(row: Row, token: string | undefined, origin: string) {
    const card = deps.card!;
    const purchase = await card.purchase(row.orderNumber!);
    if (!purchase) return view(row, origin);
    if (token) {
      const problems = await credentialProblems(card, token, row.id);
      if (problems.length) return read(row, origin, problems);
    }
    const state = token ? await card.payWithMethod(purchase, token, 'en') : await card.begin(purchase, 'en', { tokenInReturn: true });
    return settle(row, state, origin);
  }

  /** The session as it stands, a card checkout's payment read back first. */
  async function read(row: Row, origin: string, extra: UcpMessage[] = [], shopper: number | null = null) {
    if (!awaitingPayment(row) || !deps.card) return view(row, origin, extra, null, shopper);
    const purchase = await deps.card.purchase(row.orderNumber!);
    const state = purchase ? await deps.card.stateOfPurchase(purchase, 'en') : null;
    return state ? settle(row, state, origin, extra) : view(row, origin, extra);
  }

  /**
   * Creates a session from line items, or from the agent's cart (`cart_id`: its lines, the payload's ignored); with an
   * Idempotency-Key a retry answers the same session (another body with it is a 409).
   */
  async function create(agent: string, body: UcpCheckoutCreate, opts: { idempotencyKey: string; origin: string; shopper?: number | null }): Promise<{ created: boolean; body: UcpErrorResponse | Awaited<ReturnType<typeof view>> }> {
    let lines: AgentCheckoutLine[];
    if (body.cart_id !== undefined) {
      const fromCart = await deps.cartLines(agent, body.cart_id);
      if (!fromCart) return { created: false, body: errorResponse([{ type: 'error', code: 'not_found', path: '$.cart_id', content: `Cart not found: ${body.cart_id}`, severity: 'unrecoverable' }]) };
      lines = fromCart;
    } else lines = linesOf({ line_items: body.line_items! });
    return createIdempotently({
      body, lines, resolve, refuse: errorResponse, view: (row: Row) => view(row, opts.origin, [], null, opts.shopper ?? null),
      constraint: 'agent_checkouts_idempotency_key',
      earlier: async () => (await db.select().from(agentCheckouts).where(and(eq(agentCheckouts.agent, agent), eq(agentCheckouts.idempotencyKey, opts.idempotencyKey))))[0],
      insert: async (rows, requestHash) => (await db.insert(agentCheckouts).values({ id: `chk_${randomBytes(16).toString('hex')}`, agent, ...choices(body, rows), idempotencyKey: opts.idempotencyKey, requestHash, expiresAt: expiry() }).returning())[0]!,
    });
  }

  return {
    create,

    /** `shopper`: the linked shopper asking (identity linking), whom the codes are checked for. */
    async get(agent: string, id: string, origin: string, shopper: number | null = null) {
      return read(await load(agent, id), origin, [], shopper);
    },

    /** A purchase released after its card payment (the shopper passed 3-D Secure in the browser): its checkout completes. */
    async paid(purchaseId: number, origin: string) {
      const rows = await db.select().from(agentCheckouts).where(and(eq(agentCheckouts.orderId, purchaseId), eq(agentCheckouts.status, 'open')));
      for (const row of rows) await read(row, origin);
    },

    /** Replaces what the agent chose (PUT: a repeat changes nothing more); only an open session changes. */
    async update(agent: string, id: string, body: UcpCheckoutWrite, origin: string, shopper: number | null = null) {
      const row = await load(agent, id);
      if (row.status !== 'open') return view(row, origin, [{ type: 'error', code: 'invalid_state', content: `This checkout is ${row.status}`, severity: 'unrecoverable' }]);
      if (awaitingPayment(row)) return read(row, origin, [{ type: 'error', code: 'invalid_state', content: 'This checkout was placed and waits for its payment; only the payment can change', severity: 'recoverable' }]);
      const lines = linesOf(body);
      const { unknown } = await resolve(lines);
      if (unknown.length) return errorResponse(unknown);
      const [updated] = await db.update(agentCheckouts).set({ ...choices(body, lines), updatedAt: new Date(), expiresAt: expiry() }).where(eq(agentCheckouts.id, id)).returning();
      return view(updated!, origin, [], null, shopper);
    },

    /**
     * Places the order. The checkout's id is the order's idempotency key, so completing twice (a retry, or two
     * racing calls) gives one order; a refusal (stock, missing buyer data) leaves the session open with the messages.
     */
    async complete(agent: string, id: string, body: UcpCheckoutComplete, origin: string, linked: AgentGrant | null = null, hooks: { webhookUrl: string | null; profileUrl: string | null } = { webhookUrl: null, profileUrl: null }) {
      let row = await load(agent, id);
      if (row.status !== 'open') {
        return row.status === 'completed' ? view(row, origin) : view(row, origin, [{ type: 'error', code: 'invalid_state', content: 'This checkout is canceled', severity: 'unrecoverable' }]);
      }
      const instrument = body.payment?.instruments?.[0];
      if (awaitingPayment(row)) return payByCard(row, instrument?.credential?.token, origin);
      if (instrument?.handler_id && instrument.handler_id !== row.paymentHandler) {
        [row] = await db.update(agentCheckouts).set({ paymentHandler: instrument.handler_id, updatedAt: new Date() }).where(eq(agentCheckouts.id, id)).returning() as [Row];
      }
      const shopper = linked?.userId ?? null;
      const current = await view(row, origin, [], null, shopper);
      if (current.status !== 'ready_for_complete') return current;
      const card = row.paymentHandler === 'card';
      if (card) {
        if (!deps.card) return view(row, origin, [{ type: 'error', code: 'payment_failed', path: '$.payment.instruments[0]', content: 'Card payments are not available; choose cod', severity: 'recoverable' }]);
        // a token that cannot pay this checkout is refused before any stock is held for it
        const token = instrument?.credential?.token;
        const problems = token ? await credentialProblems(deps.card, token, row.id) : [];
        if (problems.length) return view(row, origin, problems);
      }
      if (!card) {
        const refused = await cashRefused(deps.cod, linked?.userId ?? null, row.buyer?.email ?? null);
        if (refused) return view(row, origin, [refused]);
      }
      // the coupon the codes chose is the purchase's coupon_code: the purchase applies it (and the deals) again by the
      // same rule under its locks, redeems it and posts the marketplace's share, as for the storefront (decision 0152)
      const { priced, discounts } = await price(row.lines, origin, discountsOf(row, shopper));
      const outcome = await placeAgentOrder(orders, {
        checkoutId: row.id, agent, userId: shopper, buyer: row.buyer!, address: row.address!, handler: row.paymentHandler as 'cod' | 'card',
        lines: priced.map((p) => ({ productId: p.product.id, quantity: p.line.quantity, variant: p.variant })),
        couponCode: discounts?.code ?? null,
        couponRefused: (err) => deps.promotions().isRefusal(err.message),
      });
      if (!outcome.ok) return view(row, origin, outcome.messages);
      // the purchase and its trail entry (naming the agent) in one transaction; a card purchase's session stays open
      // until its payment is read back as authorised
      const done = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(agentCheckouts)
          .set({
            status: card ? 'open' : 'completed', orderId: outcome.orderId, orderNumber: outcome.orderNumber, userId: linked?.userId ?? null, clientId: linked?.clientId ?? null,
            discountsPlaced: discounts ? placedDiscounts(discounts) : null,
            // where the order's events go from now on (the agent's order webhook), signed for the profile it named
            webhookUrl: hooks.webhookUrl, profileUrl: hooks.profileUrl, updatedAt: new Date(),
          })
          .where(and(eq(agentCheckouts.id, id), eq(agentCheckouts.status, 'open'), isNull(agentCheckouts.orderId)))
          .returning();
        if (updated) {
          await deps.audit.record(tx, {
            // a linked agent acts for its shopper and is named by its registered name; an anonymous one by its profile
            actor: linked ? { userId: linked.userId, role: 'user', name: `agent ${linked.clientName}`, ip: null } : { userId: null, role: 'system', name: `agent ${new URL(agent).host}`, ip: null },
            action: 'agent.checkout_complete',
            target: { type: 'order', id: outcome.orderId },
            changes: { checkout: { before: null, after: id }, agent: { before: null, after: agent }, ...(linked ? { client: { before: null, after: linked.clientId } } : {}) },
          });
        }
        return updated;
      });
      // a racing completion already placed it (same purchase, by the key): go on from the session as it is now
      const now = done ?? (await load(agent, id));
      if (card) return payByCard(now, instrument?.credential?.token, origin);
      if (done?.webhookUrl) await deps.placed?.(outcome.orderId);
      return view(now, origin);
    },

    /** Cancels an open session (a repeat answers the canceled session); a completed one stays completed. */
    async cancel(agent: string, id: string, origin: string) {
      const row = await load(agent, id);
      if (row.status === 'completed') return view(row, origin, [{ type: 'error', code: 'invalid_state', content: 'This checkout is completed', severity: 'unrecoverable' }]);
      if (awaitingPayment(row) && deps.card) {
        // the held purchase is given up at once (its stock back), unless its payment was authorised meanwhile
        const purchase = await deps.card.purchase(row.orderNumber!);
        const state = purchase ? await deps.card.cancelUnpaid(purchase, 'en') : null;
        if (state) return settle(row, state, origin);
      }
      const [done] = await db.update(agentCheckouts).set({ status: 'canceled', updatedAt: new Date() }).where(eq(agentCheckouts.id, id)).returning();
      return view(done!, origin);
    },
  };
}
