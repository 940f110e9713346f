import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders, purchases } from './orders.js';
import { vendors } from './vendors.js';

// The payments module's tables (decision 0137): one row per payment a purchase has at its provider, and every event the
// provider sent, stored once. The purchase and its sub-orders stay the orders module's; the ledger stays the ledger's.

export const PAYMENT_ATTEMPT_STATUSES = ['requires_payment_method', 'requires_action', 'processing', 'authorized', 'captured', 'canceled'] as const;

/**
 * A purchase's payment at the provider, as last read back from it. Stripe keeps one PaymentIntent across a shopper's
 * retries; a provider whose retry is a new payment adds a row per attempt. `sale_posted_at`/`cash_posted_at` say which
 * of the ledger's postings this payment has made, so a duplicated or reordered event never posts twice.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    purchaseId: integer('purchase_id').notNull().references(() => purchases.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'checkout'] }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    status: text('status', { enum: PAYMENT_ATTEMPT_STATUSES }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    capturedCents: integer('captured_cents').notNull().default(0),
    feeCents: integer('fee_cents'),
    /** The last decline or failed authentication: the provider's code and its message for the shopper. */
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** A secret the return page carries, so a guest's browser may read its own purchase's payment. */
    accessToken: text('access_token').notNull(),
    /** Unpaid by then: the payment is cancelled at the provider and the stock released. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    salePostedAt: timestamp('sale_posted_at', { withTimezone: true }),
    cashPostedAt: timestamp('cash_posted_at', { withTimezone: true }),
    /** The purchase was given up (payment cancelled, stock released). */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_provider_payment_key').on(t.provider, t.providerPaymentId),
    index('payment_attempts_purchase_idx').on(t.purchaseId),
    index('payment_attempts_open_idx').on(t.expiresAt).where(sql`${t.salePostedAt} is null and ${t.expiredAt} is null`),
    check('payment_attempts_amounts', sql`${t.amountCents} > 0 and ${t.capturedCents} >= 0 and ${t.capturedCents} <= ${t.amountCents}`),
  ],
);

/** Every verified provider event, once (unique by provider and event id): a duplicate delivery is answered and ignored. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'checkout'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The payment, refund, … the event names (read back from the provider before anything is acted on). */
    objectId: text('object_id'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** What acting on it did ('payment captured', 'no purchase of ours', …). */
    outcome: text('outcome'),
  },
  (t) => [uniqueIndex('payment_events_provider_event_key').on(t.provider, t.eventId)],
);

/**
 * A card dispute (chargeback) at the provider (decision 0145): what the ledger has posted for it so far, so each
 * read-back posts only the difference between what the provider now says and what is already booked.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id').notNull().references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'checkout'] }).notNull(),
    providerDisputeId: text('provider_dispute_id').notNull(),
    status: text('status', { enum: ['needs_response', 'under_review', 'won', 'lost', 'other'] }).notNull(),
    reason: text('reason').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The money the dispute has out of the provider's balance, as posted to provider_disputes. */
    withdrawnCents: integer('withdrawn_cents').notNull().default(0),
    feeCents: integer('fee_cents').notNull().default(0),
    /** What was moved from provider_disputes to dispute_losses once the dispute was lost. */
    lostCents: integer('lost_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_disputes_provider_key').on(t.provider, t.providerDisputeId), index('payment_disputes_attempt_idx').on(t.attemptId)],
);

/**
 * Money given back to a card through the provider (decision 0137): what the ledger says the marketplace owes the
 * shopper of a paid card purchase (a cancellation, a return refunded to the original payment). Requested under an
 * idempotency key before the provider is called, so a retry is the same refund; posted once when it succeeds, and
 * taken back if the provider later reports it failed.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id').notNull().references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Null until the provider has answered. */
    providerRefundId: text('provider_refund_id'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['requested', 'pending', 'succeeded', 'failed', 'canceled'] }).notNull(),
    failureReason: text('failure_reason'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refunds_key').on(t.idempotencyKey),
    uniqueIndex('payment_refunds_provider_key').on(t.providerRefundId),
    index('payment_refunds_attempt_idx').on(t.attemptId),
    check('payment_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A seller's connected account at the provider (decision 0147), as last read back from it: on the seller's return from
 * the provider's onboarding and on every `account.updated`. A seller with one whose transfers are enabled is paid its
 * card sub-orders by transfer; one without keeps the bank-transfer payouts. `payout_failure` is set when a payout on
 * the connected account failed: transfers stop (the money goes back to the seller's Souq balance) until the seller
 * updates its details at the provider.
 */
export const sellerAccounts = pgTable(
  'seller_accounts',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id').notNull().references(() => vendors.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'checkout'] }).notNull(),
    accountId: text('account_id').notNull(),
    transfersEnabled: boolean('transfers_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
    payoutFailure: text('payout_failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('seller_accounts_vendor_key').on(t.vendorId, t.provider), uniqueIndex('seller_accounts_account_key').on(t.provider, t.accountId)],
);

export const SELLER_TRANSFER_STATUSES = ['requested', 'paid', 'partially_reversed', 'reversed', 'failed'] as const;

/**
 * A transfer of a card sub-order's money to its seller (decision 0147): stored with its idempotency key before the
 * provider is called (a retry is the same transfer), posted (vendor payable → provider clearing) in the transaction
 * that records the provider's answer. `reversed_cents` is what its reversals have posted back.
 */
export const sellerTransfers = pgTable(
  'seller_transfers',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id').notNull().references(() => vendors.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    purchaseId: integer('purchase_id').notNull().references(() => purchases.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'checkout'] }).notNull(),
    destination: text('destination').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    fundsSource: text('funds_source'),
    providerTransferId: text('provider_transfer_id'),
    status: text('status', { enum: SELLER_TRANSFER_STATUSES }).notNull(),
    reversedCents: integer('reversed_cents').notNull().default(0),
    /** Why the provider refused it, or what returned it (shown to the seller and in admin Finance). */
    failure: text('failure'),
    /** A reversal for a refund the provider refused (the seller's balance there was short): not asked again before a day. */
    reversalRefusedAt: timestamp('reversal_refused_at', { withTimezone: true }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seller_transfers_key').on(t.idempotencyKey),
    uniqueIndex('seller_transfers_provider_key').on(t.provider, t.providerTransferId),
    index('seller_transfers_vendor_idx').on(t.vendorId, t.id),
    index('seller_transfers_order_idx').on(t.orderId),
    check('seller_transfers_amounts', sql`${t.amountCents} > 0 and ${t.reversedCents} >= 0 and ${t.reversedCents} <= ${t.amountCents}`),
  ],
);

/**
 * A reversal of a seller transfer (decision 0147), once per provider reversal id: asked by Souq (a refund after the
 * seller was paid, a payout that failed on the connected account) or made by the provider itself.
 */
export const sellerTransferReversals = pgTable(
  'seller_transfer_reversals',
  {
    id: serial('id').primaryKey(),
    transferId: integer('transfer_id').notNull().references(() => sellerTransfers.id, { onDelete: 'cascade' }),
    providerReversalId: text('provider_reversal_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    by: text('by', { enum: ['souq', 'provider'] }).notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('seller_transfer_reversals_key').on(t.providerReversalId), check('seller_transfer_reversals_amount', sql`${t.amountCents} > 0`)],
);
