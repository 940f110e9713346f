import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import {
  defaultNotificationPreferences, type DeliveryResult, type DeliveryStats, type NotificationPreferences, type PushPayload,
  type PushSubscriptionJson,
} from '@souq/shared/api/notifications';
import { RETURN_STATUS_LABELS, type NOTIFICATION_TYPES, type ReturnStatus } from '@souq/shared/constants';
import { formatCents } from '@souq/shared/rules/money';
import { MSG } from '@souq/shared/messages';
import { messagesFor, type Messages } from '@souq/shared/messages-for';
import { isDigits, isLocale } from '@souq/shared/rules/locale';
import { ENGLISH_READER, withReader, type Reader } from '../../platform/request-locale.js';
import { formatMoney } from '@souq/shared/rules/money';
import { productPageUrl } from '@souq/shared/rules/embed';
import type {} from '../prices/prices.service.js';
import type {} from '../payouts/payouts.notices.js';
import type {} from '../seller-performance/seller-performance.service.js';
import { settings, users } from '../../db/schema/accounts.js';
import { broadcasts, notificationPreferences, pushSubscriptions } from '../../db/schema/notifications.js';
import type { Db } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import type { Actor, AuditLog } from '../../platform/audit.js';
import { unprocessable } from '../../platform/errors.js';
import { checkEndpoint, EndpointRefused } from './push-endpoint.js';
import { createPushSender, generateVapidKeys, type Outcome, type Target, type VapidKeys } from './push-sender.js';

const VAPID_PUBLIC = 'vapid_public_key';
const VAPID_PRIVATE = 'vapid_private_key';
/** Pushes in flight at once during a broadcast, and subscriptions read per page. */
const SEND_CONCURRENCY = 16;
const BROADCAST_PAGE = 500;

type PrefRow = typeof notificationPreferences.$inferSelect;
type BroadcastType = (typeof NOTIFICATION_TYPES)[number];
export type NotificationsService = ReturnType<typeof createNotificationsService>;

const prefsOf = (row: PrefRow | undefined): NotificationPreferences =>
  row
    ? { orderUpdates: row.orderUpdates, productRecommendations: row.productRecommendations, promotions: row.promotions, aiInsights: row.aiInsights }
    : defaultNotificationPreferences();

/** Runs `fn` over the items with at most `limit` running at once. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Web push: the VAPID key pair (from the environment, else generated once and kept in `settings`), browsers'
 * subscriptions, each user's four preferences, and delivery — to one user, to everyone (admin broadcast), and on
 * an order's status change. Dead subscriptions (404/410 from the push service) are removed as they are found.
 */
export function createNotificationsService(deps: {
  db: Db;
  bus: Bus;
  audit: AuditLog;
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  allowPrivateEndpoints: boolean;
  log: (msg: string) => void;
}) {
  const { db, audit } = deps;
  let keys: Promise<VapidKeys> | null = null;

  /** The key pair: the environment's, else the stored one, else a new one stored by whichever instance is first. */
  function vapidKeys(): Promise<VapidKeys> {
    keys ??= (async () => {
      const subject = deps.vapid.subject;
      if (deps.vapid.publicKey && deps.vapid.privateKey) return { publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey, subject };
      const fresh = generateVapidKeys();
      // a pair is written together; a concurrent instance's pair wins if it was first, and both then read it
      await db.transaction(async (tx) => {
        const [existing] = await tx.select().from(settings).where(eq(settings.key, VAPID_PUBLIC));
        if (existing) return;
        await tx.insert(settings).values([{ key: VAPID_PUBLIC, value: fresh.publicKey }, { key: VAPID_PRIVATE, value: fresh.privateKey }]).onConflictDoNothing();
      });
      const rows = await db.select().from(settings).where(inArray(settings.key, [VAPID_PUBLIC, VAPID_PRIVATE]));
      const get = (k: string) => rows.find((r) => r.key === k)?.value;
      return { publicKey: get(VAPID_PUBLIC) ?? fresh.publicKey, privateKey: get(VAPID_PRIVATE) ?? fresh.privateKey, subject };
    })().catch((err: unknown) => {
      keys = null;
      throw err;
    });
    return keys;
  }

  const send = createPushSender({ vapid: vapidKeys, allowPrivate: deps.allowPrivateEndpoints, log: deps.log });

  /** Delivers to a set of subscriptions, removes the dead ones, and counts. */
  async function deliver(targets: (Target & { id: number })[], payload: PushPayload): Promise<DeliveryStats> {
    const stats = { successCount: 0, errorCount: 0 };
    const gone: number[] = [];
    await eachLimited(targets, SEND_CONCURRENCY, async (t) => {
      const outcome: Outcome = await send(t, { ...payload, icon: payload.icon || '/favicon.svg', url: payload.url || '/' });
      if (outcome === 'ok') stats.successCount++;
      else {
        stats.errorCount++;
        if (outcome === 'gone') gone.push(t.id);
      }
    });
    if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    return stats;
  }

  const subscriptionsOf = (userId: number) =>
    db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  async function preferences(userId: number): Promise<NotificationPreferences> {
    const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    return prefsOf(row);
  }

  const result = (stats: DeliveryStats): DeliveryResult => ({
    success: stats.successCount > 0,
    message: MSG.deliveryReport(stats.successCount, stats.errorCount),
    stats,
  });

  async function sendToUser(userId: number, payload: PushPayload): Promise<DeliveryStats> {
    return deliver(await subscriptionsOf(userId), payload);
  }

  /** The language and digits a person saved (decision 0105): their push texts are written in them; English if none. */
  async function readerOfUser(userId: number): Promise<Reader> {
    const [row] = await db.select({ locale: users.locale, digits: users.digits }).from(users).where(eq(users.id, userId));
    return isLocale(row?.locale) ? { locale: row.locale, digits: row.locale === 'ar' && isDigits(row.digits) ? row.digits : 'latn' } : ENGLISH_READER;
  }
  /** A push built in the recipient's language: its texts from their MSG, its numbers and money in their digits. */
  async function sendInTheirLanguage(userId: number, build: (M: Messages) => PushPayload): Promise<DeliveryStats> {
    const reader = await readerOfUser(userId);
    return sendToUser(userId, withReader(reader, () => build(messagesFor(reader.locale))));
  }

  // An order's status change reaches its customer once in the cluster (origin scope), when they want order updates.
  deps.bus.on('order.statusChanged', async (e) => {
    if (!e.userId || !(await preferences(e.userId)).orderUpdates) return;
    await sendInTheirLanguage(e.userId, (M) => ({
      title: M.orderStatusPush(e.orderNumber, e.to),
      body: e.tracking ? M.orderShippedPushBody(e.tracking.carrier, e.tracking.number) : M.orderStatusPushBody,
      url: '/profile',
    }));
  }, { scope: 'origin' });
  // a booked parcel's moves that leave the status as it is (out for delivery, a failed attempt…, decision 0150)
  deps.bus.on('order.parcelMoved', async (e) => {
    if (!e.userId || !(await preferences(e.userId)).orderUpdates) return;
    await sendInTheirLanguage(e.userId, (M) => ({ title: M.pushParcelMoved(e.orderNumber, M.parcelState(e.state)), body: e.reason ?? M.orderStatusPushBody, url: '/profile' }));
  }, { scope: 'origin' });
  // each step of a return reaches its shopper the same way (decision 0094)
  deps.bus.on('return.changed', async (e) => {
    if (!(await preferences(e.userId)).orderUpdates) return;
    await sendInTheirLanguage(e.userId, (M) => ({
      title: M.returnPush(e.orderNumber, RETURN_STATUS_LABELS[e.status as ReturnStatus] ?? e.status),
      body: e.refundCents !== null ? M.returnRefundedPushBody(formatCents(e.refundCents, e.currency)) : M.returnPushBody,
      url: '/profile',
    }));
  }, { scope: 'origin' });

  // A price alert the shopper set fires once (the prices module marks it): a push to their browsers, whatever their
  // four preferences say — they asked for this one by name.
  deps.bus.on('price.alertFired', async (e) => {
    await sendInTheirLanguage(e.userId, (M) => ({
      title: M.priceAlertPushTitle(e.productName),
      body: M.priceAlertPushBody(formatMoney(e.priceCents / 100, e.currency), formatMoney(e.belowCents / 100, e.currency)),
      url: productPageUrl('', e.productId),
    }));
  }, { scope: 'origin' });

  // a seller's payout account changed or bounced (decision 0125): its owner's browsers, whatever the preferences say —
  // a change it did not make must be noticed within the waiting days
  deps.bus.on('payoutAccount.notice', async (e) => {
    await sendInTheirLanguage(e.userId, (M) => e.kind === 'changed'
      ? { title: M.payoutAccountChangedSubject, body: M.payoutAccountChangedBody(e.ibanMasked, e.holder, e.payableFrom?.slice(0, 10) ?? ''), url: '/vendor?tab=earnings' }
      : { title: M.payoutAccountFailedSubject, body: M.payoutAccountFailedBody(e.ibanMasked, e.reason ?? ''), url: '/vendor?tab=earnings' });
  }, { scope: 'origin' });

  // a seller past a warn or a pause level (decision 0154): its owner's browsers, whatever the preferences say
  deps.bus.on('sellerPerformance.notice', async (e) => {
    await sendInTheirLanguage(e.userId, (M) => ({
      title: e.state === 'paused' ? M.performancePausedPushTitle : M.performanceWarnedPushTitle,
      body: M.performancePushBody(e.rates.map((r) => M.performanceRateNames[r as keyof typeof M.performanceRateNames] ?? r).join(', ')),
      url: '/vendor?tab=performance',
    }));
  }, { scope: 'origin' });

  return {
    async publicKey(): Promise<string> {
      return (await vapidKeys()).publicKey;
    },

    /** Saves this browser's subscription for the user (a browser re-subscribing under another account moves to it). */
    async subscribe(userId: number, sub: PushSubscriptionJson, userAgent: string) {
      try {
        await checkEndpoint(sub.endpoint, deps.allowPrivateEndpoints);
      } catch (err) {
        if (err instanceof EndpointRefused) throw unprocessable(MSG.pushEndpointRefused);
        throw err;
      }
      const values = { userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent: userAgent.slice(0, 300) };
      await db.insert(pushSubscriptions).values(values).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
    },

    /** Removes one of the user's subscriptions, or all of them without an endpoint. */
    async unsubscribe(userId: number, endpoint?: string) {
      const conds: SQL[] = [eq(pushSubscriptions.userId, userId)];
      if (endpoint) conds.push(eq(pushSubscriptions.endpoint, endpoint));
      await db.delete(pushSubscriptions).where(and(...conds));
    },

    preferences,

    async savePreferences(userId: number, patch: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
      const merged = { ...(await preferences(userId)), ...patch };
      await db
        .insert(notificationPreferences)
        .values({ userId, ...merged, updatedAt: new Date() })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...merged, updatedAt: new Date() } });
      return merged;
    },

    /** A push to one user's browsers; 422 when they have none. */
    async sendTo(userId: number, payload: PushPayload): Promise<DeliveryResult> {
      const targets = await subscriptionsOf(userId);
      if (targets.length === 0) throw unprocessable(MSG.notificationsNotEnabled);
      return result(await deliver(targets, payload));
    },

    /**
     * An admin broadcast to every subscribed browser (promotions only to people who accept them). The broadcast and
     * its audit entry are written first, in one transaction, so an interrupted send is still on record; the counts
     * follow when the sending is done.
     */
    async broadcast(actor: Actor, input: PushPayload & { type: BroadcastType }): Promise<DeliveryResult> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(broadcasts)
          .values({ title: input.title, body: input.body, url: input.url || null, type: input.type, sentBy: actor.userId })
          .returning({ id: broadcasts.id });
        await audit.record(tx, {
          actor,
          action: 'notification.broadcast',
          target: { type: 'broadcast', id: row!.id },
          changes: { type: { before: null, after: input.type }, title: { before: null, after: input.title }, body: { before: null, after: input.body }, url: { before: null, after: input.url || null } },
        });
        return row!.id;
      });
      const payload: PushPayload = { title: input.title, body: input.body, url: input.url };
      const stats = { successCount: 0, errorCount: 0 };
      // page through the subscriptions by id: a broadcast to many browsers never holds them all in memory
      for (let after = 0; ; ) {
        const page = await db
          .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth, userId: pushSubscriptions.userId })
          .from(pushSubscriptions)
          .where(gt(pushSubscriptions.id, after))
          .orderBy(asc(pushSubscriptions.id))
          .limit(BROADCAST_PAGE);
        if (page.length === 0) break;
        after = page[page.length - 1]!.id;
        let targets = page;
        if (input.type === 'promotion') {
          const accepted = await promotionsAccepted([...new Set(page.map((t) => t.userId))]);
          targets = page.filter((t) => accepted.has(t.userId));
        }
        const s = await deliver(targets, payload);
        stats.successCount += s.successCount;
        stats.errorCount += s.errorCount;
      }
      await db.update(broadcasts).set(stats).where(eq(broadcasts.id, id));
      return result(stats);
    },
  };

  /** The users (of the given ones) whose promotions preference is on; the default is off. */
  async function promotionsAccepted(userIds: number[]): Promise<Set<number>> {
    const rows = await db
      .select({ userId: notificationPreferences.userId })
      .from(notificationPreferences)
      .where(and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.promotions, true)));
    return new Set(rows.map((r) => r.userId));
  }
}
