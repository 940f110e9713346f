import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import { createTimeline, DAY_MS, idSequence, seconds, type Clock } from '../clock.js';
import { createWebhookQueue, type WebhookQueue } from '../webhook-queue.js';
import type { CardBehaviour } from './cards.js';
import { missing } from './errors.js';
import { balanceTransaction } from './objects.js';

/** Stripe's webhook signature: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.body" with the endpoint's secret>`. */
export function stripeSignature(secret: string, body: string, timestampS: number) {
  const v1 = createHmac('sha256', secret).update(`${timestampS}.${body}`, 'utf8').digest('hex');
  return { 'Stripe-Signature': `t=${timestampS},v1=${v1}` };
}

export type LocalStripeOptions = {
  clock: Clock;
  /** Seed of the id sequence (same seed, same ids). */
  seed?: number;
  /** The secret key clients must present (Authorization: Bearer …). */
  secretKey?: string;
  /** The publishable key: what a browser or an agent may use, and only to create payment methods (decision 0138). */
  publishableKey?: string;
  /** Where the provider's own pages (3-D Secure, onboarding) are reached; set when its HTTP listener starts. */
  baseUrl?: string;
  /** Processing fee: basis points of the amount plus a fixed part in minor units (Stripe UAE: 2.9 % + AED 1.00). */
  feeBps?: number;
  feeFixed?: number;
  /** Days before a charge's funds become available (pending until then). */
  availableAfterDays?: number;
  /** What a dispute costs the platform, minor units. */
  disputeFee?: number;
  /** Country of the platform account: Connect accounts must be of the same (Stripe UAE: AE only). */
  platformCountry?: string;
  apiVersion?: string;
  queue?: WebhookQueue;
};

type Account = string | null; // null = the platform

/**
 * The local provider's state: every object by id, in creation order, with the account it belongs to; the balance
 * transactions behind every balance; the events and where they are delivered. Operations (payments.ts, money.ts,
 * connect.ts) change objects the way Stripe does and emit the events Stripe would.
 */
export function createEngine(opts: LocalStripeOptions) {
  const clock = opts.clock;
  const ids = idSequence(opts.seed);
  const timeline = createTimeline(clock);
  const queue = opts.queue ?? createWebhookQueue({ clock, signWith: stripeSignature });
  const cfg = {
    secretKey: opts.secretKey ?? 'sk_test_souq_local',
    publishableKey: opts.publishableKey ?? 'pk_test_souq_local',
    baseUrl: opts.baseUrl ?? 'http://127.0.0.1:0',
    feeBps: opts.feeBps ?? 290,
    feeFixed: opts.feeFixed ?? 100,
    availableAfterDays: opts.availableAfterDays ?? 7,
    disputeFee: opts.disputeFee ?? 1500,
    platformCountry: opts.platformCountry ?? 'AE',
    apiVersion: opts.apiVersion ?? '2026-10-28.endive',
    platformBank: 'ba_souq_platform_bank',
  };
  let seq = 0;
  const objects = new Map<string, { obj: any; seq: number; account: Account }>();
  /** The same entries by kind, in creation order (a list reads one kind, newest first, without sorting the rest). */
  const byKind = new Map<string, { obj: any; seq: number; account: Account }[]>();
  /** Per charge and per payment method: what its test card does. */
  const cards = new Map<string, CardBehaviour>();
  const endpoints: (Stripe.WebhookEndpoint & { secret: string; connect: boolean })[] = [];
  let currentRequest: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null };

  const now = () => seconds(clock.now());

  function put<T extends { id: string }>(obj: T, account: Account = null): T {
    const entry = { obj, seq: (seq += 1), account };
    const previous = objects.get(obj.id);
    objects.set(obj.id, entry);
    const kind = (obj as { object?: string }).object ?? '';
    let list = byKind.get(kind);
    if (!list) byKind.set(kind, (list = []));
    if (previous) list.splice(list.indexOf(previous), 1);
    list.push(entry);
    return obj;
  }
  function get<T = any>(kind: string, id: string, param = 'id'): T {
    const found = objects.get(id);
    if (!found || found.obj.object !== kind) throw missing(kind, id, param);
    return found.obj as T;
  }
  const find = (id: string) => objects.get(id)?.obj;
  const accountOf = (id: string) => objects.get(id)?.account ?? null;

  /** Objects of a kind (newest first, as Stripe lists), of one account, passing a filter. */
  function all<T = any>(kind: string, account: Account, filter: (o: T) => boolean = () => true): T[] {
    return [...newestFirst<T>(kind, account, filter)];
  }

  /**
   * Objects of a kind, newest first, lazily; with `olderThan` (an id of that kind) only those created before it. A page
   * of a long list reads its own items, not the whole list (reconciliation pages through every balance transaction).
   */
  function* newestFirst<T = any>(kind: string, account: Account, filter: (o: T) => boolean = () => true, olderThan?: string): Generator<T> {
    const list = byKind.get(kind) ?? [];
    let i = list.length - 1;
    if (olderThan !== undefined) {
      const anchor = objects.get(olderThan);
      if (!anchor) return;
      // creation order is seq order: the anchor's place by binary search
      let lo = 0;
      let hi = list.length - 1;
      i = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid]!.seq < anchor.seq) {
          i = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
    }
    for (; i >= 0; i -= 1) {
      const e = list[i]!;
      if (e.account === account && e.obj.object === kind && filter(e.obj)) yield e.obj as T;
    }
  }

  const fee = (amount: number) => Math.round((amount * cfg.feeBps) / 10_000) + cfg.feeFixed;

  /** A balance transaction, pending until `availableOn` (a task flips it and says so with `balance.available`). */
  function addTxn(p: { account: Account; amount: number; fee?: number; currency: string; type: Stripe.BalanceTransaction.Type; reportingCategory: string; source: string; description?: string | null; availableOn?: number }) {
    const availableOn = p.availableOn ?? now();
    const txn = put(
      balanceTransaction({ id: ids.id('txn'), created: now(), availableOn, amount: p.amount, fee: p.fee ?? 0, currency: p.currency, description: p.description ?? null, source: p.source, type: p.type, reportingCategory: p.reportingCategory }),
      p.account,
    );
    const settle = () => {
      txn.status = 'available';
      emit('balance.available', balance(p.account), p.account);
    };
    if (availableOn <= now()) txn.status = 'available';
    else timeline.at(availableOn * 1000, settle);
    return txn;
  }

  /** Available and pending per currency: sums of the account's balance transactions, never a counter. */
  function balance(account: Account): Stripe.Balance {
    const sums = new Map<string, { available: number; pending: number }>();
    for (const t of all<Stripe.BalanceTransaction>('balance_transaction', account)) {
      const s = sums.get(t.currency) ?? { available: 0, pending: 0 };
      if (t.status === 'available') s.available += t.net;
      else s.pending += t.net;
      sums.set(t.currency, s);
    }
    if (!sums.size) sums.set('aed', { available: 0, pending: 0 });
    const list = [...sums.entries()].sort(([a], [b]) => a.localeCompare(b));
    return {
      object: 'balance',
      available: list.map(([currency, s]) => ({ amount: s.available, currency, source_types: { card: s.available } })),
      connect_reserved: list.map(([currency]) => ({ amount: 0, currency })),
      livemode: false,
      pending: list.map(([currency, s]) => ({ amount: s.pending, currency, source_types: { card: s.pending } })),
    };
  }
  const availableIn = (account: Account, currency: string) => balance(account).available.find((b) => b.currency === currency)?.amount ?? 0;
  const totalIn = (account: Account, currency: string) => {
    const b = balance(account);
    return (b.available.find((x) => x.currency === currency)?.amount ?? 0) + (b.pending.find((x) => x.currency === currency)?.amount ?? 0);
  };

  /** An event with a snapshot of the object as it is now, queued to every endpoint that listens for it. */
  function emit(type: string, object: any, account: Account = null, previous?: Record<string, unknown>) {
    const event = put(
      {
        id: ids.id('evt'),
        object: 'event',
        ...(account ? { account } : {}),
        api_version: cfg.apiVersion,
        created: now(),
        data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
        livemode: false,
        pending_webhooks: 0,
        request: { ...currentRequest },
        type,
      } as Stripe.Event,
      null,
    );
    const listening = endpoints.filter((ep) => ep.status === 'enabled' && ep.connect === Boolean(account) && (ep.enabled_events.includes('*') || ep.enabled_events.includes(type)));
    if (!listening.length) return event;
    // the body is written only for an event someone listens to: most events of a paid purchase are kept for
    // /v1/events, never sent (the same bytes as before: written before the count of deliveries is set)
    const body = JSON.stringify(event, null, 2);
    event.pending_webhooks = listening.length;
    for (const ep of listening) queue.enqueue({ eventId: event.id, type, body, target: { id: ep.id, url: ep.url, sign: (b, t) => stripeSignature(ep.secret, b, t) } });
    return event;
  }

  return {
    clock, ids, timeline, queue, cfg, cards, endpoints, objects,
    now, put, get, find, all, newestFirst, accountOf, fee, addTxn, balance, availableIn, totalIn, emit,
    /** Seconds from now, as Stripe's timestamps. */
    later: (ms: number) => seconds(clock.now() + ms),
    availableOn: (bypass: boolean) => (bypass ? now() : seconds(clock.now() + cfg.availableAfterDays * DAY_MS)),
    withRequest<T>(req: { id: string; idempotency_key: string | null }, fn: () => T): T {
      currentRequest = req;
      try {
        return fn();
      } finally {
        currentRequest = { id: null, idempotency_key: null };
      }
    },
  };
}
export type Engine = ReturnType<typeof createEngine>;
