import { randomUUID } from 'node:crypto';
import { and, count, countDistinct, desc, eq, gt, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ChatMonitorMessage, ChatSession, ShopperChatReply } from '@souq/shared/api/chat-monitor';
import type { CHAT_PRIORITIES, CHAT_SESSION_STATUSES } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import { chatMessages, chatSessions } from '../../db/schema/assistant.js';
import type { Db } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import { changesBetween, type Actor, type AuditLog } from '../../platform/audit.js';
import { forbidden, notFound, unprocessable } from '../../platform/errors.js';

declare module '../../platform/bus.js' {
  interface BusEvents {
    /** An admin answered in an assistant chat: the shopper's open chat panel shows it. */
    'chat.reply': { sessionId: string; userId: number | null; reply: ShopperChatReply };
    /** A session changed (new exchange, admin action): the live monitor refreshes. */
    'chat.session': { sessionId: string };
  }
}

/** Messages kept per session: older ones are dropped as new ones arrive (the counters keep counting). */
export const CHAT_HISTORY_KEPT = 200;
const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Status = (typeof CHAT_SESSION_STATUSES)[number];
type Priority = (typeof CHAT_PRIORITIES)[number];
type SessionRow = typeof chatSessions.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;
export type UserInfo = { name: string; role: string };
export type Mention = { id: number; action: string };

export type ChatMonitorService = ReturnType<typeof createChatMonitorService>;

/**
 * 'Layla Al Customer' → first 'Layla', last 'Al Customer'. A guest, the assistant and the system have no name: empty
 * names, which the admin's screen labels in the admin's language from user_id and message_type.
 */
function splitName(name: string | undefined): { first_name: string; last_name: string } {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return { first_name: '', last_name: '' };
  const i = trimmed.indexOf(' ');
  return i < 0 ? { first_name: trimmed, last_name: '' } : { first_name: trimmed.slice(0, i), last_name: trimmed.slice(i + 1).trim() };
}

/**
 * The stored side of the shopping assistant: every exchange lands in a chat session (one per browser visit and
 * user), and admins read, assign, prioritise and answer them in the live chat monitor.
 */
export function createChatMonitorService(deps: {
  db: Db;
  bus: Bus;
  audit: AuditLog;
  userInfo: (ids: number[]) => Promise<Map<number, UserInfo>>;
}) {
  const { db, bus, audit } = deps;
  const announce = (sessionId: string) => void bus.emit('chat.session', { sessionId });

  /**
   * The stored key of a visit: a signed-in user's sessions are keyed by their id as well, so nobody can write
   * into another person's conversation by sending the same browser session id.
   */
  function sessionKey(clientSessionId: string | undefined, userId: number | null): string {
    if (userId) return `u${userId}:${clientSessionId ?? new Date().toISOString().slice(0, 10)}`;
    return `a:${clientSessionId ?? randomUUID()}`;
  }

  async function getRow(id: string): Promise<SessionRow> {
    // the column is a uuid: anything else cannot exist (and must not reach the database as a cast error)
    if (!UUID.test(id)) throw notFound(MSG.chatSessionNotFound);
    const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, id));
    if (!row) throw notFound(MSG.chatSessionNotFound);
    return row;
  }

  /**
   * One audited admin change of a session's fields, in one transaction with its audit entry; announced after the
   * commit. Returns the session as the monitor shows it.
   */
  async function adminUpdate(id: string, actor: Actor, action: string, set: Partial<SessionRow>) {
    await getRow(id);
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(chatSessions).where(eq(chatSessions.id, id)).for('update');
      await tx.update(chatSessions).set({ ...set, updatedAt: new Date() }).where(eq(chatSessions.id, id));
      await audit.record(tx, { actor, action, target: { type: 'chat_session', id }, changes: changesBetween(before!, set, Object.keys(set)) });
    });
    announce(id);
    return (await toSessionDtos([await getRow(id)]))[0]!;
  }

  async function lastMessages(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([chatMessages.sessionId], { sessionId: chatMessages.sessionId, content: chatMessages.messageContent })
      .from(chatMessages)
      .where(inArray(chatMessages.sessionId, ids))
      .orderBy(chatMessages.sessionId, desc(chatMessages.id));
    return new Map(rows.map((r) => [r.sessionId, r.content]));
  }

  async function toSessionDtos(rows: SessionRow[]): Promise<ChatSession[]> {
    const userIds = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
    const [users, last] = await Promise.all([deps.userInfo(userIds), lastMessages(rows.map((r) => r.id))]);
    return rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      ...splitName(r.userId ? users.get(r.userId)?.name : undefined),
      session_name: r.sessionName,
      status: r.status,
      priority: r.priority,
      status_notes: r.statusNotes,
      admin_assigned: r.adminAssigned,
      total_messages: r.totalMessages,
      unread_messages: r.unreadMessages,
      last_message: last.get(r.id) ?? null,
      last_message_at: r.lastMessageAt.toISOString(),
      created_at: r.createdAt.toISOString(),
    }));
  }

  function toMessageDto(m: MessageRow, users: Map<number, UserInfo>): ChatMonitorMessage {
    const names = m.messageType === 'assistant' || m.messageType === 'system' ? splitName(undefined) : splitName(m.userId ? users.get(m.userId)?.name : undefined);
    return {
      id: m.id,
      session_id: m.sessionId,
      user_id: m.userId,
      message_type: m.messageType,
      message_content: m.messageContent,
      mentioned_products: m.mentionedProducts,
      timestamp: m.createdAt.toISOString(),
      ...names,
    };
  }

  function toShopperReply(m: MessageRow, users: Map<number, UserInfo>): ShopperChatReply {
    const name = m.userId ? users.get(m.userId)?.name : undefined;
    return {
      id: m.id,
      session_id: m.sessionId,
      sender_name: name ? `${name} · ${MSG.chatSupportLabel}` : MSG.chatSupportLabel,
      message: m.messageContent,
      created_at: m.createdAt.toISOString(),
    };
  }

  /** Drops a session's oldest messages beyond the kept history. */
  async function trim(tx: Db, sessionId: string) {
    await tx.execute(sql`
      delete from ${chatMessages}
      where ${chatMessages.sessionId} = ${sessionId}
        and ${chatMessages.id} < (
          select id from ${chatMessages} where ${chatMessages.sessionId} = ${sessionId}
          order by id desc offset ${CHAT_HISTORY_KEPT - 1} limit 1)`);
  }

  return {
    sessionKey,

    /**
     * Stores one exchange (the shopper's message and the assistant's reply) in one transaction, creating the
     * session on its first message. Returns the stored session id.
     */
    async recordExchange(input: {
      clientSessionId?: string;
      userId: number | null;
      userMessage: string;
      reply: string;
      mentionedProducts: Mention[];
      /** 'system' when the reply is a note (a person is handling the chat), not the assistant's answer. */
      replyType?: 'assistant' | 'system';
    }): Promise<string> {
      const key = sessionKey(input.clientSessionId, input.userId);
      const id = await db.transaction(async (tx) => {
        const now = new Date();
        const [session] = await tx
          .insert(chatSessions)
          .values({ clientSessionId: key, userId: input.userId, totalMessages: 2, unreadMessages: 1, lastMessageAt: now })
          .onConflictDoUpdate({
            target: chatSessions.clientSessionId,
            set: {
              totalMessages: sql`${chatSessions.totalMessages} + 2`,
              unreadMessages: sql`${chatSessions.unreadMessages} + 1`,
              lastMessageAt: now,
              updatedAt: now,
            },
          })
          .returning({ id: chatSessions.id, total: chatSessions.totalMessages });
        const id = session!.id;
        await tx.insert(chatMessages).values([
          { sessionId: id, userId: input.userId, messageType: 'user', messageContent: input.userMessage, createdAt: now },
          // a millisecond later, so the transcript orders the reply after the question by time as well as by id
          { sessionId: id, userId: null, messageType: input.replyType ?? 'assistant', messageContent: input.reply, mentionedProducts: input.mentionedProducts, createdAt: new Date(now.getTime() + 1) },
        ]);
        if (session!.total > CHAT_HISTORY_KEPT) await trim(tx as unknown as Db, id);
        return id;
      });
      announce(id);
      return id;
    },

    /**
     * True while a person handles the shopper's session: an admin has it assigned and has not closed it. The
     * assistant then says so instead of answering on its own.
     */
    async isHumanHandling(clientSessionId: string | undefined, userId: number | null): Promise<boolean> {
      if (!clientSessionId && !userId) return false;
      const [row] = await db
        .select({ admin: chatSessions.adminAssigned, status: chatSessions.status })
        .from(chatSessions)
        .where(eq(chatSessions.clientSessionId, sessionKey(clientSessionId, userId)));
      return !!row && row.admin !== null && row.status !== 'closed';
    },

    /** The owner of a session (null: an anonymous visit); 404 when there is none. */
    async sessionOwner(id: string): Promise<number | null> {
      return (await getRow(id)).userId;
    },

    /**
     * The admin replies after a message id, for the shopper's chat panel (its catch-up after a reconnect and its
     * polling fallback). A signed-in shopper's session is theirs alone; an anonymous one is held by its id.
     */
    async repliesFor(id: string, callerUserId: number | null, afterId: number): Promise<ShopperChatReply[]> {
      const row = await getRow(id);
      if (row.userId !== null && row.userId !== callerUserId) throw forbidden();
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.sessionId, id), eq(chatMessages.messageType, 'admin'), gt(chatMessages.id, afterId)))
        .orderBy(chatMessages.id)
        .limit(CHAT_HISTORY_KEPT);
      const users = await deps.userInfo([...new Set(rows.flatMap((m) => (m.userId ? [m.userId] : [])))]);
      return rows.map((m) => toShopperReply(m, users));
    },

    /** The monitor's session list, most recent activity first (bounded; total for X-Total-Count). */
    async list(q: { limit: number; offset: number; status?: Status; priority?: Priority; assigned?: 'me' | 'unassigned' | 'any'; adminId: number }) {
      const conds: (SQL | undefined)[] = [
        q.status ? eq(chatSessions.status, q.status) : undefined,
        q.priority ? eq(chatSessions.priority, q.priority) : undefined,
        q.assigned === 'me' ? eq(chatSessions.adminAssigned, q.adminId) : q.assigned === 'unassigned' ? isNull(chatSessions.adminAssigned) : undefined,
      ];
      const where = and(...conds);
      const [rows, [total]] = await Promise.all([
        db.select().from(chatSessions).where(where).orderBy(desc(chatSessions.lastMessageAt), desc(chatSessions.id)).limit(q.limit).offset(q.offset),
        db.select({ n: count() }).from(chatSessions).where(where),
      ]);
      return { items: await toSessionDtos(rows), total: total?.n ?? 0 };
    },

    /** Counts over the sessions active in the last 24 hours. */
    async analytics24h(now = new Date()) {
      const since = new Date(now.getTime() - DAY_MS);
      const recent = gte(chatSessions.lastMessageAt, since);
      const [[s], [m]] = await Promise.all([
        db
          .select({
            active: sql<number>`count(*) filter (where ${chatSessions.status} = 'active')`.mapWith(Number),
            urgent: sql<number>`count(*) filter (where ${chatSessions.priority} = 'urgent')`.mapWith(Number),
            // a signed-in shopper is one user across visits; each anonymous visit counts once
            users: countDistinct(sql`coalesce(${chatSessions.userId}::text, ${chatSessions.clientSessionId})`),
          })
          .from(chatSessions)
          .where(recent),
        db.select({ n: count() }).from(chatMessages).where(gte(chatMessages.createdAt, since)),
      ]);
      return {
        active_sessions: s?.active ?? 0,
        urgent_sessions: s?.urgent ?? 0,
        unique_users: s?.users ?? 0,
        total_messages: m?.n ?? 0,
      };
    },

    /** One session with its kept transcript, oldest first. */
    async get(id: string) {
      const row = await getRow(id);
      const messages = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.sessionId, id))
        .orderBy(chatMessages.createdAt, chatMessages.id)
        .limit(CHAT_HISTORY_KEPT);
      const ids = [...new Set(messages.flatMap((m) => (m.userId ? [m.userId] : [])).concat(row.userId ? [row.userId] : []))];
      const users = await deps.userInfo(ids);
      const [session] = await toSessionDtos([row]);
      return { session: session!, messages: messages.map((m) => toMessageDto(m, users)) };
    },

    async setStatus(id: string, actor: Actor, input: { status: Status; notes?: string; priority?: Priority }) {
      return adminUpdate(id, actor, 'chat.status', {
        status: input.status,
        ...(input.notes !== undefined ? { statusNotes: input.notes } : {}),
        ...(input.priority ? { priority: input.priority } : {}),
      });
    },

    /** Assigns the session to an admin (the caller unless another admin's id is given); null unassigns. */
    async assign(id: string, actor: Actor, adminId: number | null) {
      if (adminId !== null) {
        const info = (await deps.userInfo([adminId])).get(adminId);
        if (!info || info.role !== 'admin') throw unprocessable(MSG.chatAssignNotAdmin);
      }
      return adminUpdate(id, actor, 'chat.assign', { adminAssigned: adminId });
    },

    async markRead(id: string, actor: Actor) {
      return adminUpdate(id, actor, 'chat.markRead', { unreadMessages: 0 });
    },

    /**
     * An admin's reply in the transcript: the session becomes active with the note 'Admin responding', and the
     * replying admin takes it when nobody has it (from then on the assistant tells the shopper a person answers).
     * The reply reaches the shopper's open chat through the bus and their live stream.
     */
    async reply(id: string, actor: Actor, message: string) {
      await getRow(id);
      const adminId = actor.userId;
      // read before the transaction: on PGlite a query outside an open transaction waits for it to end
      const users = adminId ? await deps.userInfo([adminId]) : new Map<number, UserInfo>();
      const { row, owner } = await db.transaction(async (tx) => {
        const now = new Date();
        const [before] = await tx.select().from(chatSessions).where(eq(chatSessions.id, id)).for('update');
        const [row] = await tx
          .insert(chatMessages)
          .values({ sessionId: id, userId: adminId, messageType: 'admin', messageContent: message, createdAt: now })
          .returning();
        const set = {
          status: 'active' as const,
          statusNotes: MSG.chatAdminResponding,
          adminAssigned: before!.adminAssigned ?? adminId,
        };
        const [s] = await tx
          .update(chatSessions)
          .set({ ...set, totalMessages: sql`${chatSessions.totalMessages} + 1`, lastMessageAt: now, updatedAt: now })
          .where(eq(chatSessions.id, id))
          .returning({ total: chatSessions.totalMessages });
        if (s!.total > CHAT_HISTORY_KEPT) await trim(tx as unknown as Db, id);
        await audit.record(tx, {
          actor,
          action: 'chat.reply',
          target: { type: 'chat_session', id },
          changes: { ...changesBetween(before!, set, Object.keys(set)), message: { before: null, after: message } },
        });
        return { row: row!, owner: before!.userId };
      });
      void bus.emit('chat.reply', { sessionId: id, userId: owner, reply: toShopperReply(row, users) });
      announce(id);
      return toMessageDto(row, users);
    },
  };
}
