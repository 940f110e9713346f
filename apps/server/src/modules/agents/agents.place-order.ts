import { orderRequestSchema, type OrderRequest } from '@souq/shared/api/orders';
import { uaeAddressFieldsSchema, type UaeAddressFieldsInput } from '@souq/shared/api/addresses';
import { EMIRATE_NAMES, emirateNamed, isUaeCountry } from '@souq/shared/rules/uae-address';
import type { UcpMessage } from '@souq/shared/api/ucp';
import type { AgentCheckoutAddress, AgentCheckoutBuyer } from '../../db/schema/agents.js';
import { AppError } from '../../platform/errors.js';
import type { OrdersService } from '../orders/orders.service.js';

/** The idempotency key of the purchase an agent's checkout places: the checkout's id, so completing twice is one purchase. */
export const checkoutPurchaseKey = (checkoutId: string): string => `ucp-checkout:${checkoutId}`;
/** Whether a purchase with this idempotency key may be an agent checkout's (only those keys are). */
export const mayBeCheckoutPurchase = (key: string | null): boolean => key !== null && key.startsWith(checkoutPurchaseKey(''));

/**
 * The one place where an agent's checkout becomes a Souq purchase (decision 0089): the storefront's own order
 * request, validated by its own schema and placed through the orders service's public placeOrder — same prices,
 * stock guard, totals and idempotency as the storefront. When orders become one purchase with a sub-order per vendor,
 * this mapping (request in, order out) is what changes.
 */
export type PlacedLine = { productId: number; quantity: number; variant: { type: string; value: string } | null };
export type PlaceInput = {
  checkoutId: string;
  agent: string;
  /** the linked shopper the purchase is for (identity linking), or null for a guest order */
  userId: number | null;
  lines: PlacedLine[];
  buyer: AgentCheckoutBuyer;
  address: AgentCheckoutAddress;
  handler: 'cod' | 'card';
  /** the coupon the session's codes chose (decision 0159): redeemed by the purchase as the storefront's is */
  couponCode?: string | null;
  /** whether a refusal is the coupon's (used up or used meanwhile): answered as the discount's, not the items' */
  couponRefused?: (err: AppError) => boolean;
};
export type PlaceOutcome = { ok: true; orderId: number; orderNumber: string } | { ok: false; messages: UcpMessage[] };

/**
 * A UAE destination as the structured address the storefront's checkout takes (decision 0151), when it can be read:
 * the country is the UAE, the region (or else the city) names an emirate, and a UAE phone number comes with it (the
 * destination's or the buyer's). The city is the area unless it only repeats the emirate. Otherwise null: the order
 * keeps the destination as free text, as before, and is promised by the sellers' own estimates.
 */
export function structuredDestination(a: AgentCheckoutAddress, buyer: AgentCheckoutBuyer, name: string): UaeAddressFieldsInput | null {
  if (!isUaeCountry(a.address_country)) return null;
  const emirate = emirateNamed(a.address_region) ?? emirateNamed(a.address_locality);
  if (!emirate) return null;
  const area = emirateNamed(a.address_locality) === emirate ? EMIRATE_NAMES[emirate].en : a.address_locality;
  const fields = { name, phone: a.phone_number || buyer.phone_number || '', emirate, area, street: a.street_address };
  return uaeAddressFieldsSchema.safeParse(fields).success ? fields : null;
}

export function toOrderRequest(input: PlaceInput): OrderRequest {
  const a = input.address;
  const name = [input.buyer.first_name ?? a.first_name, input.buyer.last_name ?? a.last_name].filter(Boolean).join(' ');
  const structured = structuredDestination(a, input.buyer, name);
  return {
    items: input.lines.map((l) => ({ product_id: l.productId, quantity: l.quantity, variants: l.variant ? { [l.variant.type]: l.variant.value } : {} })),
    customer_info: { email: input.buyer.email ?? '', name, phone: input.buyer.phone_number ?? a.phone_number ?? null },
    shipping_address: { address: a.street_address, city: a.address_locality, country: a.address_country, zip: a.postal_code },
    ...(structured ? { delivery_address: structured } : {}),
    // a card purchase is held until the provider authorises its payment, as the storefront's is (decision 0138)
    payment_method: input.handler === 'cod' ? 'cod' : 'card',
    notes: `Ordered by an agent over UCP (${new URL(input.agent).host})`,
    ...(input.couponCode ? { coupon_code: input.couponCode } : {}),
  };
}

/** The card-only rule after refused deliveries (the cod module's, decision 0140): a 422 with the reason, or nothing. */
export type CodRule = { assertCodAllowed: (who: { userId: number | null; email: string | null }) => Promise<void> };

/**
 * Cash on delivery for the shopper the agent buys for (its linked shopper, or the buyer's e-mail), checked before any
 * stock is held, as the storefront checks it: refused, the protocol's message says why, and the agent can switch the
 * session to the card handler and complete again (recoverable).
 */
export async function cashRefused(rule: CodRule | undefined, userId: number | null, email: string | null): Promise<UcpMessage | null> {
  if (!rule) return null;
  try {
    await rule.assertCodAllowed({ userId, email });
    return null;
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 422) throw err;
    return { type: 'error', code: 'payment_handler_unavailable', path: '$.payment', content: err.message, severity: 'recoverable' };
  }
}

/** Places the order; a repeated completion of the same checkout answers the same order (its id is the key). */
export async function placeAgentOrder(orders: OrdersService, input: PlaceInput): Promise<PlaceOutcome> {
  const parsed = orderRequestSchema.safeParse(toOrderRequest(input));
  if (!parsed.success) {
    return {
      ok: false,
      messages: parsed.error.issues.map((i) => ({ type: 'error', code: 'invalid', path: `$.${i.path.join('.')}`, content: i.message, severity: 'requires_buyer_input' })),
    };
  }
  try {
    const { order } = await orders.placeOrder(parsed.data, { userId: input.userId, idempotencyKey: checkoutPurchaseKey(input.checkoutId), holdForPayment: input.handler === 'card' });
    return { ok: true, orderId: order.id, orderNumber: order.order_number };
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    if (input.couponCode && input.couponRefused?.(err)) {
      return { ok: false, messages: [{ type: 'error', code: 'discount_code_invalid', path: '$.discounts.codes', content: `Code '${input.couponCode}': ${err.message}`, severity: 'requires_buyer_review' }] };
    }
    // the storefront's refusals in the protocol's words: 409 stock, 404/422 an item gone or off sale
    const code = err.status === 409 ? 'out_of_stock' : err.status === 404 || err.status === 422 ? 'item_unavailable' : 'invalid';
    return { ok: false, messages: [{ type: 'error', code, content: err.message, severity: 'requires_buyer_review' }] };
  }
}
