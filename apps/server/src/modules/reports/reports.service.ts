import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import {
  ADMIN_RECENT_ORDERS, CHAT_CART_SOURCES, CHATBOT_WINDOW_HOURS, COD_SETTLED_STATUSES, LOW_STOCK_THRESHOLD, PAYMENT_METHOD_LABELS,
  PAID_BY,
} from '@souq/shared/constants';
import type { ManagedProduct } from '@souq/shared/api/products';
import type { AdminAlerts, AdminOverview, ChatbotStats, PaymentsSummary, SalesAnalytics, SalesQuery } from '@souq/shared/api/reports';
import { centsToAmount } from '@souq/shared/rules/money';
import { products } from '../../db/schema/catalogue.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import { ledgerEntries } from '../../db/schema/ledger.js';
import { chatMessages, chatSessions } from '../../db/schema/assistant.js';
import { interactionEvents } from '../../db/schema/recommendations.js';
import type { Db } from '../../platform/db.js';
import { createAdminOrderQueries } from './admin-orders.queries.js';
import { createAdminProductQueries } from './admin-products.queries.js';
import { createSalesQueries } from './sales.queries.js';
import { resolveRange } from '../../platform/day-range.js';
import { ARABIC_LETTER, CHAT_TOPICS, topicPattern, topicsOfArabicMessage } from './chat-topics.js';
import { overviewSummary } from './overview-summary.js';
import { ENGLISH_READER, withReader, type Reader } from '../../platform/request-locale.js';
import { messagesFor } from '@souq/shared/messages-for';
import type { Locale } from '@souq/shared/rules/locale';
import { bringsRevenue, intOf } from './report-sql.js';

export type ReportsService = ReturnType<typeof createReportsService>;

const HOUR_MS = 3_600_000;

/**
 * The admin area's read model (decision 0040): read-only queries across the orders, catalogue, vendors, accounts,
 * assistant and interaction tables, aggregated in SQL so no report ever loads all orders or products into memory.
 * Every write stays with the module that owns the data (orders.setStatus, catalogue.editProduct, …).
 */
export function createReportsService(deps: {
  db: Db;
  currency: string;
  /** Products as the catalogue manages them, by id in the order asked (the admin product list's rows). */
  managedProducts: (ids: number[]) => Promise<ManagedProduct[]>;
  /** Vendors waiting for verification (the vendors module), for the bell; absent until that module offers it. */
  pendingVendors?: () => Promise<number>;
  /** Support conversations waiting for staff (the support module), for the bell; absent until it exists. */
  supportAwaiting?: () => Promise<number>;
  /** The departments' Arabic names (the catalogue's), for the summary of a reader in Arabic. */
  departmentsAr?: () => Promise<ReadonlyMap<string, string>>;
  now?: () => Date;
}) {
  const { db, currency } = deps;
  const now = deps.now ?? (() => new Date());
  const adminOrders = createAdminOrderQueries(db);
  const adminProducts = createAdminProductQueries(db, deps.managedProducts);
  const salesQueries = createSalesQueries(db);

  function summaryFor(figures: Parameters<typeof overviewSummary>[0], reader: Reader, names: ReadonlyMap<string, string>): string {
    if (reader.locale === 'en') return overviewSummary(figures);
    return withReader(reader, () => overviewSummary(figures, reader.locale, (c) => (reader.locale === 'ar' && names.get(c)) || c));
  }

  /** The overview's figures and its AI summary, written for `reader` (its language, digits and money). */
  async function overview(reader: Reader = ENGLISH_READER): Promise<AdminOverview> {
    const since = new Date(now().getTime() - 30 * 24 * HOUR_MS);
    const recent = and(gte(orders.createdAt, since), bringsRevenue);
    const [[catalogue], [sales], [pending], [top]] = await Promise.all([
      db
        .select({
          total: intOf(sql`count(*)`),
          active: intOf(sql`count(*) filter (where ${products.status} = 'active')`),
          inventory: intOf(sql`sum(${products.stock})`),
          valueCents: intOf(sql`sum(${products.priceCents}::int8 * ${products.stock})`),
          lowStock: intOf(sql`count(*) filter (where ${products.status} = 'active' and ${products.stock} < ${LOW_STOCK_THRESHOLD})`),
        })
        .from(products)
        .where(ne(products.status, 'archived')),
      db.select({ n: intOf(sql`count(*)`), cents: intOf(sql`sum(${orders.subtotalCents})`) }).from(orders).where(recent),
      db.select({ n: intOf(sql`count(*)`) }).from(orders).where(eq(orders.status, 'pending')),
      db
        .select({ category: sql<string>`${products.categories}[1]` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(and(recent, sql`cardinality(${products.categories}) > 0`))
        .groupBy(sql`1`)
        .orderBy(sql`sum(${orderItems.lineTotalCents}) desc`, sql`1`)
        .limit(1),
    ]);
    const figures = {
      totalProducts: catalogue?.total ?? 0,
      activeProducts: catalogue?.active ?? 0,
      totalInventory: catalogue?.inventory ?? 0,
      inventoryValue: centsToAmount(catalogue?.valueCents ?? 0),
      lowStock: catalogue?.lowStock ?? 0,
      orders30d: sales?.n ?? 0,
      revenue30d: centsToAmount(sales?.cents ?? 0),
      pendingOrders: pending?.n ?? 0,
      topCategory30d: top?.category ?? null,
      currency,
    };
    // the departments' Arabic names (cached by the catalogue), read once for the top category's card and the summary
    const namesAr = figures.topCategory30d && deps.departmentsAr ? await deps.departmentsAr() : new Map<string, string>();
    return {
      total_products: figures.totalProducts,
      active_products: figures.activeProducts,
      total_inventory: figures.totalInventory,
      inventory_value: figures.inventoryValue,
      low_stock: figures.lowStock,
      orders_30d: figures.orders30d,
      revenue_30d: figures.revenue30d,
      pending_orders: figures.pendingOrders,
      top_category_30d: figures.topCategory30d,
      top_category_30d_ar: (figures.topCategory30d && namesAr.get(figures.topCategory30d)) || null,
      currency,
      generated_at: now().toISOString(),
      ai: { summary: summaryFor(figures, reader, namesAr) },
    };
  }

  async function payments(): Promise<PaymentsSummary> {
    const settled = sql.join(COD_SETTLED_STATUSES.map((s) => sql`${s}`), sql`, `);
    const [byMethod, [other], [refunded], [captured]] = await Promise.all([
      db
        .select({ method: orders.paymentMethod, n: intOf(sql`count(*)`), cents: intOf(sql`sum(${orders.totalCents})`) })
        .from(orders)
        .where(bringsRevenue)
        .groupBy(orders.paymentMethod),
      db
        .select({
          codN: intOf(sql`count(*) filter (where ${orders.paymentMethod} = 'cod' and ${orders.status} not in (${settled}))`),
          codCents: intOf(sql`sum(${orders.totalCents}) filter (where ${orders.paymentMethod} = 'cod' and ${orders.status} not in (${settled}))`),
        })
        .from(orders),
      // the refunded sub-orders and what they gave back, from the ledger (their refunds to the shopper), never their
      // totals: a status records a refund, it does not make one (decision 0117)
      db
        .select({ n: intOf(sql`count(distinct ${orders.id})`), cents: intOf(sql`-sum(${ledgerEntries.amountCents})`) })
        .from(orders)
        .innerJoin(ledgerEntries, eq(ledgerEntries.orderId, orders.id))
        .where(and(eq(orders.status, 'refunded'), inArray(ledgerEntries.account, ['shopper_receivable', 'shopper_store_credit', 'shopper_refunds_payable']), eq(ledgerEntries.kind, 'refund'))),
      // what the payment provider captured for card purchases, from the ledger's cash side (decision 0137)
      db
        .select({ cents: intOf(sql`coalesce(-sum(${ledgerEntries.amountCents}), 0)`) })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.account, 'shopper_receivable'), eq(ledgerEntries.kind, 'payment_received'))),
    ]);
    const found = new Map(byMethod.map((m) => [m.method, m]));
    return {
      currency,
      methods: PAID_BY.map((method) => ({
        method,
        label: PAYMENT_METHOD_LABELS[method],
        orders: found.get(method)?.n ?? 0,
        amount: centsToAmount(found.get(method)?.cents ?? 0),
        // card money is shown as received only as far as the provider captured it (the ledger's cash side); cash is
        // collected by the courier on delivery (what is not yet is cod_to_collect)
        collection: method === 'cod' ? ('on_delivery' as const) : method === 'store_credit' ? ('store_credit' as const) : (captured?.cents ?? 0) > 0 ? ('by_provider' as const) : ('not_taken' as const),
        collected: method === 'card' ? centsToAmount(captured?.cents ?? 0) : null,
      })),
      cod_to_collect: { orders: other?.codN ?? 0, amount: centsToAmount(other?.codCents ?? 0) },
      refunded: { orders: refunded?.n ?? 0, amount: centsToAmount(refunded?.cents ?? 0) },
    };
  }

  /**
   * The AI chatbot section from the stored assistant conversations of the last 24 hours. A chat "ended with an
   * add-to-cart" when the assistant put a product in the cart in it (an add_to_cart action on one of its replies) or
   * the shopper's browser recorded an add_to_cart event from the chat in that visit (the chat session's key carries
   * the visit's tracking session id).
   */
  /** The chatbot figures; the topics named in `locale`. */
  async function chatbot(locale: Locale = 'en'): Promise<ChatbotStats> {
    const names = messagesFor(locale).chatTopics;
    const since = new Date(now().getTime() - CHATBOT_WINDOW_HOURS * HOUR_MS);
    const inWindow = gte(chatMessages.createdAt, since);
    const sources = sql.join(CHAT_CART_SOURCES.map((s) => sql`${s}`), sql`, `);
    // messages with Arabic letters are read in topicsOfArabicMessage (folded as search folds Arabic), the others here
    const topicCounts = Object.fromEntries(
      CHAT_TOPICS.map((t, i) => [`t${i}`, intOf(sql`count(*) filter (where ${chatMessages.messageContent} ~* ${topicPattern(t.keywords)} and ${chatMessages.messageContent} !~ ${ARABIC_LETTER})`)]),
    );
    const asked = and(inWindow, eq(chatMessages.messageType, 'user'));
    const [[volume], [carts], [topics], arabic] = await Promise.all([
      db
        .select({
          chats: intOf(sql`count(distinct ${chatMessages.sessionId})`),
          messages: intOf(sql`count(*)`),
          userMessages: intOf(sql`count(*) filter (where ${chatMessages.messageType} = 'user')`),
        })
        .from(chatMessages)
        .where(inWindow),
      db
        .select({ n: intOf(sql`count(*)`) })
        .from(chatSessions)
        .where(sql`exists (select 1 from ${chatMessages} m where m.session_id = ${chatSessions.id} and m.created_at >= ${since.toISOString()})
          and (
            exists (select 1 from ${chatMessages} m where m.session_id = ${chatSessions.id} and m.created_at >= ${since.toISOString()}
                      and m.message_type = 'assistant' and m.mentioned_products @> '[{"action":"add_to_cart"}]'::jsonb)
            or exists (select 1 from ${interactionEvents} e where e.event_type = 'add_to_cart' and e.created_at >= ${since.toISOString()}
                      and e.properties->>'source' in (${sources})
                      and e.session_id <> '' and e.session_id = split_part(${chatSessions.clientSessionId}, ':', 2))
          )`),
      db.select(topicCounts).from(chatMessages).where(asked),
      db.select({ text: chatMessages.messageContent }).from(chatMessages).where(and(asked, sql`${chatMessages.messageContent} ~ ${ARABIC_LETTER}`)),
    ]);
    const counts = new Map(CHAT_TOPICS.map((t, i) => [t.id, Number((topics as Record<string, number> | undefined)?.[`t${i}`] ?? 0)]));
    for (const { text } of arabic) for (const id of topicsOfArabicMessage(text)) counts.set(id, counts.get(id)! + 1);
    const chats = volume?.chats ?? 0;
    const messages = volume?.messages ?? 0;
    const withCart = carts?.n ?? 0;
    return {
      window_hours: CHATBOT_WINDOW_HOURS,
      chats,
      messages,
      user_messages: volume?.userMessages ?? 0,
      messages_per_chat: chats ? Math.round((messages / chats) * 10) / 10 : 0,
      chats_with_add_to_cart: withCart,
      add_to_cart_share: chats ? withCart / chats : 0,
      topics: CHAT_TOPICS.map((t) => ({ topic: names[t.id], messages: counts.get(t.id)! }))
        .filter((t) => t.messages > 0)
        .sort((a, b) => b.messages - a.messages || a.topic.localeCompare(b.topic)),
    };
  }

  /** The bell: vendors pending review and support conversations awaiting staff, each as its own line. */
  async function alerts(): Promise<AdminAlerts> {
    const [vendors, support] = await Promise.all([deps.pendingVendors?.(), deps.supportAwaiting?.()]);
    const items: AdminAlerts['items'] = [];
    if (vendors !== undefined) items.push({ kind: 'vendors_pending_review', label: vendors === 1 ? 'vendor pending review' : 'vendors pending review', count: vendors, section: 'vendors' });
    if (support !== undefined) items.push({ kind: 'support_awaiting_staff', label: support === 1 ? 'support conversation awaiting a reply' : 'support conversations awaiting a reply', count: support, section: 'support' });
    return { total: items.reduce((sum, i) => sum + i.count, 0), items };
  }

  return {
    orders: adminOrders,
    products: adminProducts,
    overview,
    payments,
    chatbot,
    alerts,
    sales(q: SalesQuery): Promise<SalesAnalytics> {
      return salesQueries.sales(resolveRange(q, now()), currency);
    },
    /** A user's details for the admin: latest orders, their count and what was spent. */
    async userActivity(userId: number) {
      const { orders: latest, orderCount, spentCents } = await adminOrders.forUser(userId, ADMIN_RECENT_ORDERS);
      return { orders: latest, order_count: orderCount, total_spent: centsToAmount(spentCents), currency };
    },
  };
}
