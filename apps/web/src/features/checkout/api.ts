import type { z } from 'zod';
import type { OrderRequest, orderResponseSchema } from '@souq/shared/api/orders';
import { api } from '@/lib/api-client';

export type PlacedOrder = z.infer<typeof orderResponseSchema>;

/** POST /api/orders → 201 {order, order_number, confirmation_email_queued}. The customer token goes along when signed in. */
export const placeOrder = (body: OrderRequest, idempotencyKey: string) =>
  api<PlacedOrder>('/api/orders', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
