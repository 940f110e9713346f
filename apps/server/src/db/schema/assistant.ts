import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** Every assistant conversation, kept for the admin live chat monitor. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The browser's own session id, so anonymous exchanges of one visit land in one session. */
    clientSessionId: text('client_session_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionName: text('session_name').notNull().default('Shopping chat'),
    status: text('status', { enum: ['active', 'paused', 'escalated', 'closed'] }).notNull().default('active'),
    priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] }).notNull().default('normal'),
    adminAssigned: integer('admin_assigned').references(() => users.id, { onDelete: 'set null' }),
    statusNotes: text('status_notes').notNull().default(''),
    totalMessages: integer('total_messages').notNull().default(0),
    unreadMessages: integer('unread_messages').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_sessions_client_key').on(t.clientSessionId), index('chat_sessions_last_idx').on(t.lastMessageAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id').notNull().references(() => chatSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    messageType: text('message_type', { enum: ['user', 'assistant', 'admin', 'system'] }).notNull(),
    messageContent: text('message_content').notNull(),
    mentionedProducts: jsonb('mentioned_products').$type<{ id: number; action: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_session_idx').on(t.sessionId, t.createdAt)],
);

/**
 * The one after-sales step the assistant is waiting on per signed-in shopper (decision 0107): which line to return and
 * how many, why, then the confirmation; or the sub-order to cancel. Kept on the server, so a shopper's 'yes' confirms
 * what the server proposed, never what a client says was proposed. Expires on its own.
 */
export const assistantPendingActions = pgTable('assistant_pending_actions', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['return', 'cancel'] }).notNull(),
  state: jsonb('state').$type<Record<string, unknown>>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
