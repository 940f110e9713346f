import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
