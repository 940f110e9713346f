import { z } from 'zod';

// Sellers paid from what was collected (issue 36 item 5, decision 0147): a seller's connected account at the payment
// provider, and the transfers of its card sub-orders' money to it. Money in integer fils.

/** GET /api/vendor/earnings/provider-account: the connected account as last read back from the provider (null: none). */
export const sellerAccountSchema = z.object({
  provider: z.enum(['stripe', 'checkout']),
  account_id: z.string(),
  transfers_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  details_submitted: z.boolean(),
  requirements_due: z.array(z.string()),
  /** Transfers are paused: a payout on the account failed or a transfer came back (what the provider said). */
  payout_failure: z.string().nullable(),
  /** Card sub-orders are paid to it by transfer now (enabled and not paused). */
  receives_transfers: z.boolean(),
  updated_at: z.string(),
});
export type SellerAccount = z.infer<typeof sellerAccountSchema>;

export const sellerAccountStateSchema = z.object({
  /** The provider in use can onboard sellers (a hosted page): the Connect button is offered. */
  can_connect: z.boolean(),
  account: sellerAccountSchema.nullable(),
  /** What the provider charged on the card payments behind this seller's transfers: the marketplace's cost, never the seller's. */
  provider_fees_cents: z.number().int(),
  /** What the seller owes back on card sub-orders refunded after they were transferred (positive: owed). */
  owed_cents: z.number().int(),
});
export type SellerAccountState = z.infer<typeof sellerAccountStateSchema>;

/** POST /api/vendor/earnings/provider-account/onboarding: where the seller goes to connect (the provider's page). */
export const onboardingLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type OnboardingLinkDto = z.infer<typeof onboardingLinkSchema>;

export const SELLER_TRANSFER_STATUS_VALUES = ['requested', 'paid', 'partially_reversed', 'reversed', 'failed'] as const;
export const sellerTransferSchema = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  vendor_name: z.string(),
  order_id: z.number().int(),
  order_number: z.string(),
  amount_cents: z.number().int(),
  reversed_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(SELLER_TRANSFER_STATUS_VALUES),
  provider_transfer_id: z.string().nullable(),
  /** Why it failed or came back, as the provider said; or a refund's reversal it refused. */
  failure: z.string().nullable(),
  reversal_refused: z.boolean(),
  created_at: z.string(),
});
export type SellerTransfer = z.infer<typeof sellerTransferSchema>;

export const transfersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  status: z.enum(SELLER_TRANSFER_STATUS_VALUES).optional(),
});
