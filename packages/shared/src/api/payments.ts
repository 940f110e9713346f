import { z } from 'zod';

/** Where a card purchase's payment stands, as the shopper's browser reads it (decision 0137). */
export const paymentStateSchema = z.object({
  purchase_number: z.string(),
  /** The provider's state in Souq's words: waiting for a card, 3-D Secure, deciding, authorised, captured, cancelled. */
  status: z.enum(['requires_payment_method', 'requires_action', 'processing', 'authorized', 'captured', 'canceled']),
  /** The provider authorised the payment: the purchase is placed and its sellers have it. */
  paid: z.boolean(),
  /** The time to pay ran out: the purchase was cancelled unpaid, its stock released. */
  expired: z.boolean(),
  /** Where the shopper pays now (the provider's card page or its 3-D Secure page); null once paid or expired. */
  pay_url: z.string().nullable(),
  /** The last attempt's decline or failed authentication, in the provider's words. */
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  amount: z.number(),
  currency: z.string(),
  /** Until when the stock is held for this payment (ISO). */
  expires_at: z.string(),
});
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** GET /api/payments/purchases/:number — the purchase's owner signed in, or the token the return address carries. */
export const paymentStateQuerySchema = z.object({ token: z.string().trim().max(100).optional() });
export const purchaseNumberParamSchema = z.object({ number: z.string().trim().min(1).max(40) });

/** The answer to a provider's webhook. */
export const webhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
