import http from 'node:http';
import https from 'node:https';
import type { Clock } from './clock.js';

/**
 * Webhook deliveries of a local provider, through a queue a test can make misbehave on purpose: hold, delay,
 * duplicate, reorder, drop, tamper with a body or its signature, and watch retries. Delivery follows the providers'
 * published rule: at least once, in no guaranteed order, retried with growing gaps while the endpoint does not
 * answer 2xx (Stripe: up to three days in live mode), each attempt signed afresh with its own timestamp.
 */

/** Gaps between attempts after a failure: growing, and ending three days after the first attempt. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 12 * 3_600_000, 12 * 3_600_000, 12 * 3_600_000, 12 * 3_600_000, 6 * 3_600_000 + 24 * 60_000];

export type WebhookTarget = {
  id: string;
  url: string;
  /** The provider's signature headers for this body sent at this time (seconds). */
  sign(body: string, timestampS: number): Record<string, string>;
};

/** Sends one HTTP request and answers its status (anything thrown counts as no answer). */
export type WebhookSender = (url: string, headers: Record<string, string>, body: string) => Promise<number>;

export type Delivery = {
  /** Unique per queued delivery (a duplicate has its own). */
  id: number;
  eventId: string;
  type: string;
  target: WebhookTarget;
  body: string;
  dueAt: number;
  attempts: number;
  firstAttemptAt: number | null;
  /** Set by tamper(): what is sent instead of the honest delivery. */
  tamper?: Tamper;
  held: boolean;
};

export type Tamper = {
  /** Replaces the body after it was signed (the signature no longer matches). */
  body?: (body: string) => string;
  /** Signs with this secret instead of the endpoint's. */
  secret?: string;
  /** Shifts the signature's timestamp (seconds; negative = stale). */
  timestampSkewS?: number;
  /** Sends no signature header at all. */
  unsigned?: boolean;
};

export type Attempt = { deliveryId: number; eventId: string; type: string; at: number; status: number | null; attempt: number };

/**
 * Keep-alive connections to the endpoints, as a provider's delivery service keeps them. An idle one is closed after
 * 4 s, before a Node server's own 5 s default would close it under a request (that delivery would fail and wait a
 * minute for its retry).
 */
const AGENTS = { http: new http.Agent({ keepAlive: true, timeout: 4_000 }), https: new https.Agent({ keepAlive: true, timeout: 4_000 }) };

/**
 * POSTs a delivery over node:http (10 s to answer, the body read and dropped). `fetch` did the same through undici's
 * web streams at several times the CPU: a fifth of the local Stripe's work per paid purchase in bench:orders.
 */
export const httpSender: WebhookSender = (url, headers, body) => new Promise<number>((resolve, reject) => {
  const target = new URL(url);
  const payload = Buffer.from(body);
  const secure = target.protocol === 'https:';
  const req = (secure ? https : http).request(target, {
    method: 'POST', agent: secure ? AGENTS.https : AGENTS.http, timeout: 10_000,
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(payload.length), ...headers },
  }, (res) => {
    res.on('error', reject);
    res.on('end', () => resolve(res.statusCode ?? 0));
    res.resume();
  });
  req.on('timeout', () => req.destroy(new Error('the endpoint did not answer within 10 s')));
  req.on('error', reject);
  req.end(payload);
});

export function createWebhookQueue(opts: {
  clock: Clock;
  send?: WebhookSender;
  retryDelaysMs?: number[];
  /** Re-signs a body with a given secret (for tamper.secret): the provider's own signing with another key. */
  signWith?: (secret: string, body: string, timestampS: number) => Record<string, string>;
  /**
   * Deliveries in flight at once (decision 0166): 1 (the default) sends one at a time in queue order, which tests read
   * as a script; Stripe sends several at once, in no set order.
   */
  concurrency?: number;
}) {
  const { clock } = opts;
  let send = opts.send ?? httpSender;
  const delays = opts.retryDelaysMs ?? RETRY_DELAYS_MS;
  let seq = 0;
  let queue: Delivery[] = [];
  const attempts: Attempt[] = [];
  const failed: Delivery[] = [];
  let flushing: Promise<Attempt[]> | null = null;
  let concurrency = Math.max(1, opts.concurrency ?? 1);
  let timer: NodeJS.Timeout | null = null;

  const find = (id: number) => {
    const d = queue.find((x) => x.id === id);
    if (!d) throw new Error(`no queued delivery ${id}`);
    return d;
  };

  async function attempt(d: Delivery): Promise<Attempt> {
    const now = clock.now();
    d.attempts += 1;
    d.firstAttemptAt ??= now;
    const t = d.tamper;
    const ts = Math.floor(now / 1000) + (t?.timestampSkewS ?? 0);
    let headers: Record<string, string> = t?.unsigned
      ? {}
      : t?.secret && opts.signWith
        ? opts.signWith(t.secret, d.body, ts)
        : d.target.sign(d.body, ts);
    const body = t?.body ? t.body(d.body) : d.body;
    headers = { ...headers };
    let status: number | null = null;
    try {
      status = await send(d.target.url, headers, body);
    } catch {
      status = null;
    }
    const a: Attempt = { deliveryId: d.id, eventId: d.eventId, type: d.type, at: now, status, attempt: d.attempts };
    attempts.push(a);
    if (status !== null && status >= 200 && status < 300) return a;
    const gap = delays[d.attempts - 1];
    if (gap === undefined) failed.push(d);
    else queue.push({ ...d, dueAt: now + gap, held: false });
    return a;
  }

  /** The pass running now: its attempts and its senders (more join it while it runs, up to `concurrency`). */
  let pass: { done: Attempt[]; senders: Set<Promise<void>> } | null = null;

  /** A sender of the running pass: takes what is due, in queue order, until nothing is. */
  function addSender(p: NonNullable<typeof pass>) {
    const run = (async () => {
      for (;;) {
        const now = clock.now();
        const i = queue.findIndex((d) => !d.held && d.dueAt <= now);
        if (i < 0) return;
        const [next] = queue.splice(i, 1);
        p.done.push(await attempt(next!));
      }
    })().finally(() => p.senders.delete(run));
    p.senders.add(run);
  }

  async function runFlush(): Promise<Attempt[]> {
    // one pass in queue order over what is due now, `concurrency` deliveries in flight; retries scheduled by this pass
    // wait for their time
    const p = (pass = { done: [], senders: new Set() });
    try {
      for (let k = 0; k < concurrency; k++) addSender(p);
      while (p.senders.size) await Promise.all([...p.senders]);
      return p.done;
    } finally {
      pass = null;
    }
  }

  const api = {
    enqueue(input: { eventId: string; type: string; target: WebhookTarget; body: string }) {
      const d: Delivery = { id: (seq += 1), ...input, dueAt: clock.now(), attempts: 0, firstAttemptAt: null, held: api.holding };
      queue.push(d);
      // several at once (decision 0166): a pass whose senders ran dry while others are still busy takes it at once
      if (pass && concurrency > 1 && pass.senders.size < concurrency) addSender(pass);
      else if (timer) setImmediate(() => void api.flush());
      return d;
    },
    /** New deliveries wait in the queue until release() (a test then rearranges them). */
    holding: false,
    hold() {
      api.holding = true;
    },
    release() {
      api.holding = false;
      for (const d of queue) d.held = false;
    },
    /** What is waiting, in the order it will be sent. */
    pending(): readonly Delivery[] {
      return queue;
    },
    /** Sends everything due now, in queue order (awaits a flush already running first). */
    async flush(): Promise<Attempt[]> {
      while (flushing) await flushing;
      flushing = runFlush();
      try {
        return await flushing;
      } finally {
        flushing = null;
      }
    },
    delay(id: number, ms: number) {
      find(id).dueAt += ms;
    },
    duplicate(id: number, times = 1) {
      const d = find(id);
      for (let i = 0; i < times; i += 1) queue.splice(queue.indexOf(d) + 1, 0, { ...d, id: (seq += 1) });
    },
    drop(id: number) {
      queue = queue.filter((d) => d.id !== find(id).id);
    },
    /** Puts the waiting deliveries in a new order: 'reverse', or a list of delivery ids (the rest keep their order after them). */
    reorder(order: 'reverse' | number[]) {
      if (order === 'reverse') queue.reverse();
      else {
        const first = order.map(find);
        queue = [...first, ...queue.filter((d) => !first.includes(d))];
      }
    },
    tamper(id: number, how: Tamper) {
      find(id).tamper = how;
    },
    setSender(s: WebhookSender) {
      send = s;
    },
    /** How many deliveries are in flight at once (1: one at a time, in queue order). */
    setConcurrency(n: number) {
      concurrency = Math.max(1, Math.floor(n));
    },
    /** Every attempt made, in order. */
    attempts(): readonly Attempt[] {
      return attempts;
    },
    /** Deliveries given up after the last retry. */
    failed(): readonly Delivery[] {
      return failed;
    },
    /** Wall-clock mode (the demo): deliver as events are queued and retry on time. */
    startAuto(intervalMs = 1000) {
      if (timer) return;
      timer = setInterval(() => void api.flush(), intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
  return api;
}
export type WebhookQueue = ReturnType<typeof createWebhookQueue>;
