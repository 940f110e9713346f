import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
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
 * An assistant conversation of a signed-in shopper (decisions 0107, 0127): the step it waits on — a proposal (cancel,
 * return, a person) or a question (which one, how many, why) — and what it last told about the shopper's orders, for
 * follow-ups ('when will it arrive?'). Keyed by the conversation's own id AND the shopper: a 'yes' confirms only what
 * was proposed in that conversation, to that shopper, before it expired; a yes in another chat finds nothing.
 */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    conversationId: text('conversation_id').notNull(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The step waited on (null: none), with the language it was asked in. */
    pending: jsonb('pending').$type<Record<string, unknown>>(),
    /** When the step waited on lapses: a later 'yes' does nothing. */
    pendingExpiresAt: timestamp('pending_expires_at', { withTimezone: true }),
    /** The sub-orders the conversation last told about (ids), what a follow-up without a name refers to. */
    topic: jsonb('topic').$type<Record<string, unknown>>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('assistant_conversations_updated_idx').on(t.updatedAt)],
);
