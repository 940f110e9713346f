import type { Order, OrderRequest } from '@souq/shared/api/orders';
import { api } from '@/lib/api-client';

export type PlacedOrder = { order: Order; order_number: string };

/** POST /api/orders → 201 {order, order_number}. The customer token goes along when signed in. */
export const placeOrder = (body: OrderRequest, idempotencyKey: string) =>
  api<PlacedOrder>('/api/orders', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
