import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminSupportConversation, SupportConversation, SupportMessage, SupportPriority, SupportStatus,
} from '@souq/shared/api/support';
import { MSG } from '@souq/shared/messages';
import { supportConversations, supportMessages } from '../../db/schema/support.js';
import type { Db, Tx } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import { changesBetween, type Actor, type AuditLog } from '../../platform/audit.js';
import { notFound, unprocessable } from '../../platform/errors.js';

declare module '../../platform/bus.js' {
  interface BusEvents {
    /** A message was added to a support conversation (customer, staff or a status note). */
    'support.message': { conversationId: number; userId: number; message: SupportMessage };
    /** A conversation was opened, or its status or priority changed. */
    'support.conversation': { conversationId: number; userId: number; status: SupportStatus; priority: SupportPriority };
  }
}

/** Messages returned with a thread: the latest ones, oldest first. */
export const SUPPORT_THREAD_KEPT = 500;

type ConversationRow = typeof supportConversations.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;
type Page = { limit: number; offset: number };
export type SupportUserInfo = { name: string; email: string };
/** The signed-in customer, as the service needs them. */
export type Customer = { userId: number; name: string };

export type SupportService = ReturnType<typeof createSupportService>;

const messageDto = (m: MessageRow): SupportMessage => ({
  id: m.id,
  conversation_id: m.conversationId,
  sender_type: m.senderType,
  sender_name: m.senderName,
  message: m.message,
  created_at: m.createdAt.toISOString(),
});

/** The conversation seen from one side: the unread count is that side's. */
function conversationDto(r: ConversationRow, side: 'customer' | 'staff'): SupportConversation {
  return {
    id: r.id,
    subject: r.subject,
    status: r.status,
    priority: r.priority,
    unread_count: side === 'customer' ? r.userUnread : r.staffUnread,
    last_message: r.lastMessage,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Support conversations between customers and staff (customer widget, admin inbox). Unread counters are kept per
 * side in the conversation row, changed in the same transaction as the message they count; every change is
 * announced on the bus after its commit, so the live streams of every instance can forward it.
 */
export function createSupportService(deps: {
  db: Db;
  bus: Bus;
  audit: AuditLog;
  /** Names and e-mails of customers, through the accounts service. */
  userInfo: (ids: number[]) => Promise<Map<number, SupportUserInfo>>;
  /** Ids of the customers whose name or e-mail matches a search (bounded), through the accounts service. */
  findUserIds: (search: string) => Promise<number[]>;
}) {
  const { db, bus, audit } = deps;

  async function rowOf(id: number, exec: Db | Tx = db): Promise<ConversationRow> {
    const [row] = await exec.select().from(supportConversations).where(eq(supportConversations.id, id));
    if (!row) throw notFound(MSG.supportConversationNotFound);
    return row;
  }

  /** A customer's own conversation; another person's is answered exactly like a missing one. */
  async function ownRow(userId: number, id: number): Promise<ConversationRow> {
    const row = await rowOf(id);
    if (row.userId !== userId) throw notFound(MSG.supportConversationNotFound);
    return row;
  }

  async function threadOf(id: number): Promise<SupportMessage[]> {
    const rows = await db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.conversationId, id))
      .orderBy(desc(supportMessages.id))
      .limit(SUPPORT_THREAD_KEPT);
    return rows.reverse().map(messageDto);
  }

  async function staffDtos(rows: ConversationRow[]): Promise<AdminSupportConversation[]> {
    const users = await deps.userInfo([...new Set(rows.map((r) => r.userId))]);
    return rows.map((r) => ({
      ...conversationDto(r, 'staff'),
      user_id: r.userId,
      user_name: users.get(r.userId)?.name ?? '',
      user_email: users.get(r.userId)?.email ?? '',
    }));
  }

  /** Adds a message and moves the counters in one statement pair; returns the message and the updated row. */
  async function addMessage(
    tx: Tx,
    row: ConversationRow,
    msg: { senderType: MessageRow['senderType']; senderUserId: number | null; senderName: string; message: string },
    counters: Partial<Pick<ConversationRow, 'status'>> & { userUnread?: SQL | number; staffUnread?: SQL | number } = {},
  ) {
    const now = new Date();
    const [message] = await tx.insert(supportMessages).values({ conversationId: row.id, ...msg, createdAt: now }).returning();
    const [updated] = await tx
      .update(supportConversations)
      .set({ ...counters, ...(msg.senderType !== 'system' ? { lastMessage: msg.message } : {}), updatedAt: now })
      .where(eq(supportConversations.id, row.id))
      .returning();
    return { message: message!, row: updated! };
  }

  function announceMessage(row: ConversationRow, message: MessageRow) {
    void bus.emit('support.message', { conversationId: row.id, userId: row.userId, message: messageDto(message) });
  }
  function announceConversation(row: ConversationRow) {
    void bus.emit('support.conversation', { conversationId: row.id, userId: row.userId, status: row.status, priority: row.priority });
  }

  return {
    // ---- customer side (bearer of a customer; only their own conversations) ----

    async listForCustomer(userId: number, page: Page) {
      const where = eq(supportConversations.userId, userId);
      const [rows, total] = await Promise.all([
        db.select().from(supportConversations).where(where).orderBy(desc(supportConversations.updatedAt), desc(supportConversations.id)).limit(page.limit).offset(page.offset),
        db.$count(supportConversations, where),
      ]);
      return { items: rows.map((r) => conversationDto(r, 'customer')), total };
    },

    /** Opens a ticket; a non-blank message becomes its first message (unread for staff). */
    async create(customer: Customer, input: { subject: string; message: string; priority: SupportPriority }) {
      const result = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(supportConversations)
          .values({ userId: customer.userId, subject: input.subject, priority: input.priority })
          .returning();
        if (!input.message) return { row: row!, message: null };
        return addMessage(tx, row!, { senderType: 'user', senderUserId: customer.userId, senderName: customer.name, message: input.message }, { staffUnread: 1 });
      });
      announceConversation(result.row);
      if (result.message) announceMessage(result.row, result.message);
      return conversationDto(result.row, 'customer');
    },

    /** The customer opens a thread: its messages, and the staff messages count as read. */
    async threadForCustomer(userId: number, id: number) {
      let row = await ownRow(userId, id);
      if (row.userUnread > 0) {
        [row] = (await db.update(supportConversations).set({ userUnread: 0 }).where(eq(supportConversations.id, id)).returning()) as [ConversationRow];
      }
      return { conversation: conversationDto(row, 'customer'), messages: await threadOf(id) };
    },

    async postAsCustomer(customer: Customer, id: number, text: string) {
      const row = await ownRow(customer.userId, id);
      if (row.status === 'resolved') throw unprocessable(MSG.supportConversationResolved);
      const result = await db.transaction((tx) =>
        addMessage(tx, row, { senderType: 'user', senderUserId: customer.userId, senderName: customer.name, message: text }, {
          staffUnread: sql`${supportConversations.staffUnread} + 1`,
        }),
      );
      announceMessage(result.row, result.message);
      return messageDto(result.message);
    },

    // ---- staff side (admins) ----

    async listForStaff(q: Page & { status?: SupportStatus; priority?: SupportPriority; search?: string }) {
      const term = q.search?.trim();
      const userIds = term ? await deps.findUserIds(term) : [];
      const conds: (SQL | undefined)[] = [
        q.status ? eq(supportConversations.status, q.status) : undefined,
        q.priority ? eq(supportConversations.priority, q.priority) : undefined,
        term
          ? or(
              ilike(supportConversations.subject, likePattern(term)),
              ilike(supportConversations.lastMessage, likePattern(term)),
              userIds.length ? inArray(supportConversations.userId, userIds) : undefined,
            )
          : undefined,
      ];
      const where = and(...conds);
      const [rows, total] = await Promise.all([
        db.select().from(supportConversations).where(where).orderBy(desc(supportConversations.updatedAt), desc(supportConversations.id)).limit(q.limit).offset(q.offset),
        db.$count(supportConversations, where),
      ]);
      return { items: await staffDtos(rows), total };
    },

    /** Staff open a thread: its messages, and the customer's messages count as read by staff. */
    async threadForStaff(id: number) {
      let row = await rowOf(id);
      if (row.staffUnread > 0) {
        [row] = (await db.update(supportConversations).set({ staffUnread: 0 }).where(eq(supportConversations.id, id)).returning()) as [ConversationRow];
      }
      const [conversation] = await staffDtos([row]);
      return { conversation: conversation!, messages: await threadOf(id) };
    },

    /**
     * A staff reply: unread for the customer; whatever the customer wrote before it counts as read by staff. It is
     * signed with the signed-in admin's own name: a sender_name in the request (the spec's payload) is not trusted, so
     * no admin can speak to a customer in another person's name.
     */
    async reply(actor: Actor, id: number, input: { message: string }) {
      const row = await rowOf(id);
      if (row.status === 'resolved') throw unprocessable(MSG.supportConversationResolved);
      const senderName = actor.name || MSG.supportStaffName;
      const result = await db.transaction(async (tx) => {
        const r = await addMessage(tx, row, { senderType: 'support', senderUserId: actor.userId, senderName, message: input.message }, {
          userUnread: sql`${supportConversations.userUnread} + 1`,
          staffUnread: 0,
        });
        await audit.record(tx, {
          actor,
          action: 'support.reply',
          target: { type: 'support_conversation', id },
          changes: { message: { before: null, after: input.message }, sender_name: { before: null, after: senderName } },
        });
        return r;
      });
      announceMessage(result.row, result.message);
      return messageDto(result.message);
    },

    /** Status and/or priority; a status change leaves the note 'Conversation marked as {status}' in the thread. */
    async update(actor: Actor, id: number, patch: { status?: SupportStatus; priority?: SupportPriority }) {
      const result = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(supportConversations).where(eq(supportConversations.id, id)).for('update');
        if (!before) throw notFound(MSG.supportConversationNotFound);
        const changes = changesBetween(before, patch, ['status', 'priority'].filter((k) => k in patch));
        if (Object.keys(changes).length === 0) return { row: before, note: null };
        const [row] = await tx
          .update(supportConversations)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(supportConversations.id, id))
          .returning();
        const note = patch.status && patch.status !== before.status
          ? (await addMessage(tx, row!, { senderType: 'system', senderUserId: actor.userId, senderName: MSG.supportSystemName, message: MSG.supportMarked(patch.status) })).message
          : null;
        await audit.record(tx, { actor, action: 'support.update', target: { type: 'support_conversation', id }, changes });
        return { row: row!, note };
      });
      if (result.note) announceMessage(result.row, result.note);
      announceConversation(result.row);
      return (await staffDtos([result.row]))[0]!;
    },

    /**
     * Conversations waiting for staff: not resolved, and the latest message other than a status note is the
     * customer's (the admin bell's support part).
     */
    async countAwaitingStaff(): Promise<number> {
      const latestSender = sql`(
        select ${supportMessages.senderType} from ${supportMessages}
        where ${supportMessages.conversationId} = ${supportConversations.id} and ${supportMessages.senderType} <> 'system'
        order by ${supportMessages.id} desc limit 1)`;
      return db.$count(supportConversations, and(ne(supportConversations.status, 'resolved'), eq(latestSender, 'user')));
    },
  };
}
