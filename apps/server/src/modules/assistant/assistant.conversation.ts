import { and, eq } from 'drizzle-orm';
import type { Locale } from '@souq/shared/rules/locale';
import { assistantConversations } from '../../db/schema/assistant.js';
import type { Db } from '../../platform/db.js';

// What one assistant conversation remembers on the server for a signed-in shopper (decision 0127): the step it waits
// on and what it last told about the shopper's orders. A conversation is the chat panel's own id and the shopper
// together, so a 'yes' can only confirm what was proposed in the same chat to the same person; a proposal lapses on
// its own. Nothing here is read from the client's copy of the chat.

/** A proposal or a question is forgotten when not answered within this long: a late 'yes' does nothing. */
export const PENDING_MINUTES = 15;

export type ConversationRef = { conversationId: string; userId: number };

/** The step waited on, as stored: its own fields and the language it was asked in. */
export type Stored<P> = P & { locale: Locale };

/** What the conversation last told about: the sub-orders (ids) of its last answer about orders. */
export type Topic = { parts: number[] };

export type ConversationStore = ReturnType<typeof createConversationStore>;

export function createConversationStore(db: Db) {
  const key = (ref: ConversationRef) => and(eq(assistantConversations.conversationId, ref.conversationId), eq(assistantConversations.userId, ref.userId));

  async function upsert(ref: ConversationRef, set: Partial<typeof assistantConversations.$inferInsert>) {
    await db.insert(assistantConversations).values({ conversationId: ref.conversationId, userId: ref.userId, ...set, updatedAt: new Date() })
      .onConflictDoUpdate({ target: [assistantConversations.conversationId, assistantConversations.userId], set: { ...set, updatedAt: new Date() } });
  }

  return {
    /** The step this conversation waits on, unless it lapsed, and what it last told about. */
    async read<P>(ref: ConversationRef): Promise<{ pending: Stored<P> | null; topic: Topic | null }> {
      const [row] = await db.select().from(assistantConversations).where(key(ref));
      if (!row) return { pending: null, topic: null };
      const live = row.pending && row.pendingExpiresAt && row.pendingExpiresAt.getTime() > Date.now();
      return { pending: live ? (row.pending as Stored<P>) : null, topic: (row.topic as Topic | null) ?? null };
    },
    /** Waits on this step now (replacing any other), for PENDING_MINUTES. */
    async wait<P extends object>(ref: ConversationRef, pending: P, locale: Locale) {
      await upsert(ref, { pending: { ...pending, locale } as Record<string, unknown>, pendingExpiresAt: new Date(Date.now() + PENDING_MINUTES * 60_000) });
    },
    /** Waits on nothing. */
    async clear(ref: ConversationRef) {
      await db.update(assistantConversations).set({ pending: null, pendingExpiresAt: null, updatedAt: new Date() }).where(key(ref));
    },
    /** Remembers the sub-orders an answer told about. */
    async tell(ref: ConversationRef, topic: Topic) {
      await upsert(ref, { topic: topic as unknown as Record<string, unknown> });
    },
  };
}
