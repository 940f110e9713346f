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
  /**
   * Real Stripe (decision 0162): the card is typed into Stripe's own fields (the Payment Element, loaded from Stripe's
   * script) on Souq's payment page, with the publishable key and this payment's client secret; null in local mode
   * (the local provider's card page is `pay_url`) and once paid, expired or waiting for 3-D Secure.
   */
  card_form: z.object({ provider: z.literal('stripe'), publishable_key: z.string(), client_secret: z.string(), script_url: z.string() }).nullable(),
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

/**
 * Admin › Finance › Card disputes and refunds (decision 0145): the disputes the provider reported, with what they
 * hold and cost, and the refunds to a card that failed (money owed to the shopper again). Amounts in minor units.
 */
export const cardIssuesSchema = z.object({
  disputes: z.array(z.object({
    id: z.number().int(),
    purchase_number: z.string(),
    provider_dispute_id: z.string(),
    status: z.enum(['needs_response', 'under_review', 'won', 'lost', 'other']),
    reason: z.string(),
    amount_cents: z.number().int(),
    /** What the dispute has out of the provider's balance now. */
    withdrawn_cents: z.number().int(),
    fee_cents: z.number().int(),
    lost_cents: z.number().int(),
    currency: z.string(),
    updated_at: z.string(),
  })),
  failed_refunds: z.array(z.object({
    id: z.number().int(),
    purchase_number: z.string(),
    amount_cents: z.number().int(),
    currency: z.string(),
    failure_reason: z.string().nullable(),
    updated_at: z.string(),
  })),
});
export type CardIssues = z.infer<typeof cardIssuesSchema>;
