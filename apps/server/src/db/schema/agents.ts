import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A line of an agent's checkout: the UCP variant id ("42", "42:7", "42:default") and how many. */
export type AgentCheckoutLine = { id: string; item: string; quantity: number };
/** The shipping destination the agent gave (types/postal_address.json fields Souq reads). */
export type AgentCheckoutAddress = {
  street_address: string; address_locality: string; address_country: string; postal_code: string;
  /** the emirate, for a UAE destination (read into a structured address at completion, decision 0151) */
  address_region?: string;
  first_name?: string; last_name?: string; phone_number?: string;
};
export type AgentCheckoutBuyer = { first_name?: string; last_name?: string; email?: string; phone_number?: string };

/**
 * Checkout sessions of agents over the Universal Commerce Protocol (issue 27, decision 0089): what the agent asked
 * for, priced again from the catalogue on every read; completing one places a Souq order (order id kept here).
 * An Idempotency-Key on creation is unique per agent, so a retried create answers the same session.
 */
/** A placed checkout's promotions: per line (its index), each promotion's part, and the coupon code it took. */
export type AgentPlacedDiscounts = { lines: [number, { promotionId: number; kind: 'coupon' | 'deal'; discountCents: number; sellerCents: number; marketplaceCents: number }[]][]; code: string | null };

export const agentCheckouts = pgTable(
  'agent_checkouts',
  {
    id: text('id').primaryKey(),
    agent: text('agent').notNull(),
    status: text('status', { enum: ['open', 'completed', 'canceled'] }).notNull().default('open'),
    lines: jsonb('lines').$type<AgentCheckoutLine[]>().notNull(),
    buyer: jsonb('buyer').$type<AgentCheckoutBuyer>(),
    address: jsonb('address').$type<AgentCheckoutAddress>(),
    paymentHandler: text('payment_handler'),
    /** the discount codes the agent submitted (UCP discount extension), as sent; each is checked again on every read */
    discountCodes: jsonb('discount_codes').$type<string[]>().notNull().default([]),
    /** the promotions as the placed purchase took them (set when the order is placed): its later reads show these */
    discountsPlaced: jsonb('discounts_placed').$type<AgentPlacedDiscounts>(),
    orderId: integer('order_id'),
    orderNumber: text('order_number'),
    /** the linked shopper (identity linking) whose purchase this became, and the OAuth client that completed it */
    userId: integer('user_id'),
    clientId: text('client_id'),
    /** where the agent takes order events (its profile's dev.ucp.shopping.order config.webhook_url), kept at completion */
    webhookUrl: text('webhook_url'),
    /** the agent's profile URL, the business profile its webhooks are signed for */
    profileUrl: text('profile_url'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('agent_checkouts_idempotency_key').on(t.agent, t.idempotencyKey), index('agent_checkouts_created_idx').on(t.createdAt)],
);

/**
 * Agents' carts (UCP cart capability): lines only, priced again on every read; canceling one deletes it. An
 * Idempotency-Key on creation is unique per agent, as for checkouts.
 */
export const agentCarts = pgTable(
  'agent_carts',
  {
    id: text('id').primaryKey(),
    agent: text('agent').notNull(),
    lines: jsonb('lines').$type<AgentCheckoutLine[]>().notNull(),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('agent_carts_idempotency_key').on(t.agent, t.idempotencyKey), index('agent_carts_created_idx').on(t.createdAt)],
);

/**
 * The OAuth authorization server's storage (identity linking, decision 0097): every record oidc-provider keeps
 * (grants, authorization codes, access and refresh tokens, sessions, interactions, registered clients) as its own
 * JSON payload, keyed by model and id. `grant_id` lets one revocation end a grant's every token; `uid` finds an
 * interaction's session; `account_id` lists a shopper's grants for 'Connected assistants'.
 */
export const oauthRecords = pgTable(
  'oauth_records',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    accountId: text('account_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oauth_records_grant_idx').on(t.grantId),
    index('oauth_records_uid_idx').on(t.uid),
    index('oauth_records_account_idx').on(t.model, t.accountId),
    index('oauth_records_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Agents an admin has blocked (issue 27 item 7): keyed as the rate limiter keys them (an OAuth client id, or the
 * UCP profile URL an anonymous agent names). A blocked agent gets the protocol's error on every call.
 */
export const agentBlocks = pgTable('agent_blocks', {
  agent: text('agent').primaryKey(),
  reason: text('reason').notNull(),
  blockedBy: integer('blocked_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Agent traffic per agent and hour, for the admin's Agents view: requests counted as they are served (traffic
 * statistics, not money: a counter row is the point here). Checkouts and orders are counted from their own rows.
 */
export const agentTraffic = pgTable(
  'agent_traffic',
  {
    agent: text('agent').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agent, t.hour] })],
);

/**
 * Souq's signing keys for UCP answers and webhooks (decision 0131): ES256 key pairs as JWKs. The newest without
 * `retired_at` signs; retired ones stay published (and verifying) for the grace period, then leave the profile.
 */
export const agentSigningKeys = pgTable('agent_signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/**
 * The release's idempotency for agents' writes (decision 0130): a key is claimed by its first request (agent, key) with
 * the SHA-256 of the operation and its body; a retry with the same body gets the stored answer, another body a 409.
 * Kept 48 hours (the release: at least 24).
 */
export const agentIdempotency = pgTable(
  'agent_idempotency',
  {
    agent: text('agent').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while the first request is still being answered */
    status: integer('status'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agent, t.key] }), index('agent_idempotency_created_idx').on(t.createdAt)],
);

/**
 * Every agent Souq has served, by its identity (decision 0130): a profile's origin ("https://agent.example") or an
 * OAuth client ("client:…"). Written in batches with the traffic counts; the admin's Agents list reads it.
 */
export const agentIdentities = pgTable('agent_identities', {
  agent: text('agent').primaryKey(),
  /** the last profile URL it named (an OAuth client: the profile it called with) */
  profileUrl: text('profile_url'),
  /** whether its last request carried a signature that verified against its profile */
  signed: boolean('signed').notNull().default(false),
  firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
  lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('agent_identities_last_seen_idx').on(t.lastSeen)]);

/**
 * Order events owed to agents' webhooks (decision 0131): one row per (agent, event), so an event is delivered once
 * per agent however often it is announced; retried with backoff until it is acknowledged or gives up.
 */
export const agentWebhookDeliveries = pgTable(
  'agent_webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agent: text('agent').notNull(),
    /** the agent's webhook_url when the order was placed */
    url: text('url').notNull(),
    /** one per order event (the sub-order's status history row, the return's step) */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    purchaseId: integer('purchase_id').notNull(),
    checkoutId: text('checkout_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agent_webhook_deliveries_event').on(t.agent, t.eventId), index('agent_webhook_deliveries_due_idx').on(t.nextAttemptAt)],
);
