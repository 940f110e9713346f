import type { z } from 'zod';
import type { OrderRequest, orderResponseSchema, Quote } from '@souq/shared/api/orders';
import type { PaymentState } from '@souq/shared/api/payments';
import type { CodEligibility } from '@souq/shared/api/cod';
import { paths } from '@/lib/paths';
import { api } from '@/lib/api-client';
import { forgetOffers } from '@/lib/shop/offers';

export type PlacedOrder = z.infer<typeof orderResponseSchema>;

/** POST /api/orders → 201 {order, order_number, confirmation_email_queued}. The customer token goes along when signed in. */
export const placeOrder = (body: OrderRequest, idempotencyKey: string) =>
  api<PlacedOrder>('/api/orders', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }).then((placed) => {
    // a deal limited per shopper may be used up now: the cards ask again (decision 0163)
    forgetOffers();
    return placed;
  });

/** POST /api/orders/quote: the cart priced by the server and split by seller, each with its own shipping (decision 0086). */
export const quoteCart = (items: { product_id: number; quantity: number; variants?: Record<string, string> }[], signal?: AbortSignal, emirate?: string, couponCode?: string | null) =>
  api<Quote>('/api/orders/quote', { method: 'POST', body: { items, ...(emirate ? { emirate } : {}), ...(couponCode ? { coupon_code: couponCode } : {}) }, signal });

// A card purchase's payment (decision 0137): the token its checkout was given is kept for this tab, so the page the
// provider sends the shopper back to can read the payment even as a guest.
const tokenKey = (purchase: string) => `souq.payment.${purchase}`;
export function rememberPaymentToken(purchase: string, token: string) {
  try {
    sessionStorage.setItem(tokenKey(purchase), token);
  } catch {
    // storage refused (private mode): a signed-in shopper is still known by the session
  }
}
export function paymentToken(purchase: string): string | null {
  try {
    return sessionStorage.getItem(tokenKey(purchase));
  } catch {
    return null;
  }
}
export const paymentReturnUrl = (purchase: string) => `${paths.checkoutPayment}?${new URLSearchParams({ purchase })}`;

/** GET /api/payments/purchases/:number: the payment read back from the provider (paid, where to pay now, or expired). */
export const paymentState = (purchase: string, signal?: AbortSignal) => {
  const token = paymentToken(purchase);
  return api<PaymentState>(`/api/payments/purchases/${encodeURIComponent(purchase)}${token ? `?${new URLSearchParams({ token })}` : ''}`, { signal });
};

/**
 * GET /api/cod/eligibility: whether cash on delivery is offered to this shopper (decision 0140: too many refused
 * deliveries leave card only), for the signed-in shopper (the session says who). A guest is told when placing.
 */
export const codEligibility = (signal?: AbortSignal) => api<CodEligibility>('/api/cod/eligibility', { signal });
