import type { z } from 'zod';
import type { OrderRequest, orderResponseSchema, Quote } from '@souq/shared/api/orders';
import { api } from '@/lib/api-client';

export type PlacedOrder = z.infer<typeof orderResponseSchema>;

/** POST /api/orders → 201 {order, order_number, confirmation_email_queued}. The customer token goes along when signed in. */
export const placeOrder = (body: OrderRequest, idempotencyKey: string) =>
  api<PlacedOrder>('/api/orders', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

/** POST /api/orders/quote: the cart priced by the server and split by seller, each with its own shipping (decision 0086). */
export const quoteCart = (items: { product_id: number; quantity: number; variants?: Record<string, string> }[], signal?: AbortSignal) =>
  api<Quote>('/api/orders/quote', { method: 'POST', body: { items }, signal });
