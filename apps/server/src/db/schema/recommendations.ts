import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Interaction events that feed recommendations. user_id is a string: a user id or an anonymous session id. */
export const interactionEvents = pgTable(
  'interaction_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    sessionId: text('session_id').notNull().default(''),
    itemId: text('item_id').notNull(),
    eventType: text('event_type', {
      enum: ['view', 'click', 'add_to_cart', 'purchase', 'search', 'chat_interaction', 'session_start', 'session_end'],
    }).notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interaction_events_user_idx').on(t.userId, t.createdAt),
    index('interaction_events_item_idx').on(t.itemId),
    index('interaction_events_session_idx').on(t.sessionId),
  ],
);
