import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { agentCheckouts, agentWebhookDeliveries } from '../../db/schema/agents.js';
import { orders as subOrders } from '../../db/schema/orders.js';
import type { Db } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import { isPrivateAddress } from '../../platform/private-address.js';
import type { AgentOrders } from './agents.orders.js';
import { contentDigest, type AgentSigning } from './agents.signing.js';
import { PROFILE_PATH } from './agents.profiles.js';

/**
 * Order webhooks (the release's order capability, Events; decision 0131). An agent that completed a checkout with an
 * order webhook in its profile (`dev.ucp.shopping.order` config `webhook_url`, negotiated) is sent the order's
 * events: placed, shipped, delivered, canceled, returned, refunded — from the domain events on the bus. Each event is
 * a row of `agent_webhook_deliveries`, unique per (agent, event), so an event announced twice is delivered once; a
 * background step sends the due rows — the full order as the release's current-state snapshot, signed (RFC 9421 over
 * method, authority, path, digest, type and UCP-Agent) with Webhook-Id and Webhook-Timestamp — and retries failures
 * with exponential backoff until a 2xx (at least once), giving up after MAX_ATTEMPTS.
 */

export const MAX_ATTEMPTS = 12;
const BASE_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** A row being sent is leased this long, so two instances never send it at once. */
const LEASE_MS = 60_000;
const BATCH = 20;
const TIMEOUT_MS = 5_000;

export type OrderEventType = 'placed' | 'shipped' | 'delivered' | 'canceled' | 'returned' | 'refunded';

/** Backoff before attempt `n + 1` (n ≥ 1): 5 s, 10 s, 20 s … at most an hour, with up to 20% jitter. */
export function backoffMs(attempts: number, random = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + 0.2 * random()));
}

/** The Webhook-Id: a UUID fixed by agent and event, so every retry of an event carries the same id. */
export function webhookId(agent: string, eventId: string): string {
  const h = createHash('sha256').update(`${agent}\n${eventId}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

export type AgentWebhooks = ReturnType<typeof createAgentWebhooks>;

export function createAgentWebhooks(deps: {
  db: Db; bus: Bus; orders: AgentOrders; signing: AgentSigning; publicUrl: string;
  /** tests: targets on this machine's loopback (and http) are allowed */
  allowLoopback: boolean;
  requireHttps: boolean;
  log: (msg: string) => void;
}) {
  const { db } = deps;
  const profileUrl = new URL(PROFILE_PATH, deps.publicUrl).href;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  const allowed = (address: string) => !isPrivateAddress(address) || (deps.allowLoopback && net.isIP(address) !== 0 && ipaddr.process(address).range() === 'loopback');
  const lookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const usable = addresses.filter((a) => allowed(a.address));
      if (!usable.length) return callback(Object.assign(new Error('the webhook resolves to an address Souq does not call'), { code: 'EREFUSED' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };

  /** Records the event for every agent that placed the purchase with a webhook; sending follows. */
  async function enqueue(purchaseId: number, type: OrderEventType, eventKey: string, occurredAt: Date) {
    const owners = await db.select({ id: agentCheckouts.id, agent: agentCheckouts.agent, url: agentCheckouts.webhookUrl })
      .from(agentCheckouts).where(and(eq(agentCheckouts.orderId, purchaseId), isNotNull(agentCheckouts.webhookUrl)));
    if (!owners.length) return 0;
    const rows = await db.insert(agentWebhookDeliveries)
      .values(owners.map((o) => ({ agent: o.agent, url: o.url!, eventId: `${type}:${eventKey}`, eventType: type, purchaseId, checkoutId: o.id, occurredAt })))
      .onConflictDoNothing().returning({ id: agentWebhookDeliveries.id });
    if (rows.length) soon();
    return rows.length;
  }

  /** The purchase a sub-order belongs to. */
  async function purchaseOf(subOrderId: number): Promise<number | null> {
    const [row] = await db.select({ purchaseId: subOrders.purchaseId }).from(subOrders).where(eq(subOrders.id, subOrderId));
    return row?.purchaseId ?? null;
  }

  // the domain events, once in the cluster (the instance that emitted them writes the rows)
  const fail = (what: string) => (err: unknown) => deps.log(`agent webhooks: ${what}: ${err instanceof Error ? err.message : String(err)}`);
  deps.bus.on('order.statusChanged', async (e) => {
    const type = ({ shipped: 'shipped', delivered: 'delivered', cancelled: 'canceled' } as const)[e.to as 'shipped' | 'delivered' | 'cancelled'];
    if (!type) return;
    const purchaseId = await purchaseOf(e.orderId);
    if (purchaseId !== null) await enqueue(purchaseId, type, `order_${e.orderId}`, new Date()).catch(fail('enqueue'));
  }, { scope: 'origin' });
  deps.bus.on('return.changed', async (e) => {
    if (e.status !== 'received') return;
    const purchaseId = await purchaseOf(e.orderId);
    if (purchaseId === null) return;
    // received: the goods are back (returned) and the refund issued with it (refunded)
    await enqueue(purchaseId, 'returned', `return_${e.returnId}`, new Date()).catch(fail('enqueue'));
    if (e.refundCents !== null) await enqueue(purchaseId, 'refunded', `return_${e.returnId}`, new Date()).catch(fail('enqueue'));
  }, { scope: 'origin' });

  /** POSTs one delivery; answers null when the agent acknowledged it (2xx), else why not. */
  async function send(row: typeof agentWebhookDeliveries.$inferSelect): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(row.url);
    } catch {
      return 'not a URL';
    }
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    const loopbackHttp = deps.allowLoopback && url.protocol === 'http:';
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && (!deps.requireHttps || loopbackHttp))) return 'the webhook must be https';
    if (net.isIP(literal) && !allowed(literal)) return 'the webhook is on an address Souq does not call';
    const order = await deps.orders.snapshot(row.purchaseId, deps.publicUrl);
    if (!order) return 'the order is gone';
    const id = webhookId(row.agent, row.eventId);
    const body = Buffer.from(JSON.stringify({ ...order, event_id: id, created_time: row.occurredAt.toISOString() }));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'ucp-agent': `profile="${profileUrl}"`,
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(row.occurredAt.getTime() / 1000)),
      'content-digest': contentDigest(body),
    };
    const sig = await deps.signing.signRequest('POST', url.href, headers);
    return new Promise((resolve) => {
      const req = (url.protocol === 'https:' ? https : http).request(url, {
        method: 'POST', lookup, timeout: TIMEOUT_MS, headers: { ...headers, ...sig, 'content-length': String(body.length) },
      }, (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        resolve(status >= 200 && status < 300 ? null : `HTTP ${status}`);
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
      req.on('error', (e) => resolve(e.message));
      req.end(body);
    });
  }

  /** Sends what is due now, a batch at a time; answers how many were acknowledged. */
  async function runDue(now = new Date()): Promise<number> {
    let delivered = 0;
    for (;;) {
      // a lease: due rows are taken by pushing their next attempt ahead, so another instance skips them meanwhile
      const due = await db.execute(sql`
        update ${agentWebhookDeliveries} set next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}
        where id in (
          select id from ${agentWebhookDeliveries}
          where delivered_at is null and failed_at is null and next_attempt_at <= ${now}
          order by next_attempt_at limit ${BATCH} for update skip locked
        ) returning id`) as unknown as { rows: { id: number | string }[] };
      if (!due.rows.length) break;
      for (const { id } of due.rows) {
        const [row] = await db.select().from(agentWebhookDeliveries).where(eq(agentWebhookDeliveries.id, Number(id)));
        if (!row) continue;
        const error = await send(row).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
        const attempts = row.attempts + 1;
        if (error === null) {
          delivered++;
          await db.update(agentWebhookDeliveries).set({ attempts, deliveredAt: new Date(), lastError: null }).where(eq(agentWebhookDeliveries.id, row.id));
        } else {
          const gaveUp = attempts >= MAX_ATTEMPTS;
          await db.update(agentWebhookDeliveries).set({
            attempts, lastError: error.slice(0, 500),
            ...(gaveUp ? { failedAt: new Date() } : { nextAttemptAt: new Date(Date.now() + backoffMs(attempts)) }),
          }).where(eq(agentWebhookDeliveries.id, row.id));
        }
      }
      if (due.rows.length < BATCH) break;
    }
    return delivered;
  }

  function runOnce(now?: Date): Promise<number> {
    running ??= runDue(now).finally(() => {
      running = null;
    });
    return running;
  }
  /** Sends soon (an event was just recorded): a short delay lets a burst of events go together. */
  function soon() {
    if (stopped) return;
    setTimeout(() => void runOnce().catch(fail('send')), 50).unref();
  }

  return {
    enqueue,
    /** The purchase an agent placed: its 'placed' event. */
    placed: (purchaseId: number, at = new Date()) => enqueue(purchaseId, 'placed', `purchase_${purchaseId}`, at),
    runOnce,
    /** Checks for due retries every `everyMs`. */
    start(everyMs = 5_000) {
      stopped = false;
      timer ??= setInterval(() => void runOnce().catch(fail('send')), everyMs).unref();
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
    },
    /** Deliveries of an agent (tests and the admin): newest first. */
    async of(agent: string) {
      return db.select().from(agentWebhookDeliveries).where(eq(agentWebhookDeliveries.agent, agent)).orderBy(asc(agentWebhookDeliveries.id));
    },
    /** Deliveries still owed (not acknowledged, not given up). */
    async pending() {
      return db.select().from(agentWebhookDeliveries).where(and(isNull(agentWebhookDeliveries.deliveredAt), isNull(agentWebhookDeliveries.failedAt), lte(agentWebhookDeliveries.createdAt, new Date())));
    },
  };
}
