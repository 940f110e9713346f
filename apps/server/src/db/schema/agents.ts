import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A line of an agent's checkout: the UCP variant id ("42", "42:7", "42:default") and how many. */
export type AgentCheckoutLine = { id: string; item: string; quantity: number };
/** The shipping destination the agent gave (types/postal_address.json fields Souq reads). */
export type AgentCheckoutAddress = {
  street_address: string; address_locality: string; address_country: string; postal_code: string;
  first_name?: string; last_name?: string; phone_number?: string;
};
export type AgentCheckoutBuyer = { first_name?: string; last_name?: string; email?: string; phone_number?: string };

/**
 * Checkout sessions of agents over the Universal Commerce Protocol (issue 27, decision 0089): what the agent asked
 * for, priced again from the catalogue on every read; completing one places a Souq order (order id kept here).
 * An Idempotency-Key on creation is unique per agent, so a retried create answers the same session.
 */
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
    orderId: integer('order_id'),
    orderNumber: text('order_number'),
    /** the linked shopper (identity linking) whose purchase this became, and the OAuth client that completed it */
    userId: integer('user_id'),
    clientId: text('client_id'),
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
