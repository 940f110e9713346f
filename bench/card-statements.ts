// What one paid card purchase costs in statements and provider calls, step by step (issue 36 item 10, decision 0157):
//
//   npm run bench:card-statements [-- --postgres postgres://postgres@127.0.0.1:5432/postgres] [--purchases 20]
//                                 [--texts [STEP]] [--cpu-prof DIR]
//
// The real app on a FRESH database (a new PostgreSQL database, dropped afterwards) with the local Stripe; purchases
// placed by card (POST /api/orders), paid on the provider's card page, then the provider's webhooks delivered one at a
// time. Every statement sent to PostgreSQL (pg's Client.query) and every request the provider's client makes is
// counted per step: the checkout, the card page, each webhook by its event type, and what runs after a webhook's
// answer (the capture). Prints the mean per purchase and per event type, beside a cash purchase's.
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { freshApp, parseArgs } from './lib/fresh-app.js';
import { measurePhase } from './lib/cpu.js';

const args = parseArgs(process.argv.slice(2));
const postgresUrl = typeof args.get('postgres') === 'string' ? (args.get('postgres') as string) : 'postgres://postgres@127.0.0.1:5432/postgres';
const purchases = Number(args.get('purchases') ?? 20);

let statements = 0;
/** The step running now (--texts STEP lists the statements of that step only). */
let current = '';
const texts = new Map<string, number>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
  statements++;
  if (args.has('texts') && (current === String(args.get('texts')) || args.get('texts') === true)) {
    const q = a[0] as string | { text: string };
    const t = (typeof q === 'string' ? q : q.text).replace(/\s+/g, ' ').slice(0, 140);
    texts.set(t, (texts.get(t) ?? 0) + 1);
  }
  return (query as (...x: unknown[]) => unknown).apply(this, a);
} as typeof pg.Client.prototype.query;

const bench = await freshApp({ postgresUrl });
try {
  const [p] = await bench.database.query<{ id: number }>(
    `insert into products (name, slug, price_cents, stock, categories, status) values ('Profiled item', 'profiled-item', 1500, 1000000, array['Bench'], 'active') returning id`);
  await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(bench.app.server.address() as AddressInfo).port}`;
  await bench.app.services.payments.start();
  const local = bench.app.services.payments.local!.stripe!;
  local.queue.stop();
  local.queue.hold();
  let providerCalls = 0;
  const handle = local.handle;
  // the provider's API (the client's calls arrive over HTTP at the local provider's listener, which calls handle)
  (local as { handle: typeof handle }).handle = (req) => {
    if (req.url.startsWith('/v1/')) providerCalls++;
    return handle(req);
  };
  const body = (pm: string) => JSON.stringify({
    customer_info: { email: 'profile@orders.test', name: 'Profile Buyer', phone: null },
    shipping_address: { address: '1 Load Street', city: 'Dubai', country: 'UAE', zip: '00000' }, notes: '',
    items: [{ product_id: p!.id, quantity: 1 }], payment_method: pm,
  });
  const steps = new Map<string, { n: number; statements: number; provider: number; ms: number }>();
  async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const s0 = statements, p0 = providerCalls, t0 = performance.now();
    current = name;
    const r = await fn();
    // what the handling left running after its answer (a capture) is counted with it
    await bench.app.services.cardPayments.idle();
    const s = steps.get(name) ?? { n: 0, statements: 0, provider: 0, ms: 0 };
    steps.set(name, { n: s.n + 1, statements: s.statements + statements - s0, provider: s.provider + providerCalls - p0, ms: s.ms + performance.now() - t0 });
    current = '';
    return r;
  }
  const place = (pm: string, i: number) => fetch(`${base}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `profile-${pm}-${i}` }, body: body(pm) }).then(async (r) => (await r.json()) as { order_number: string; payment?: { pay_url: string } });
  for (let i = 0; i < 3; i++) await place('cod', -1 - i); // warm-up
  texts.clear();
  // CPU of the app (this process, the local provider's work included) and of the database's backends, per phase
  const cpu: Record<string, { app: number; db: number }> = {};
  async function phase(name: string, fn: () => Promise<void>) {
    // --cpu-prof DIR: the app's CPU profile of each phase alone (start-up left out), for `node --cpu-prof`'s readers
    const end = await measurePhase(bench.databaseUrl, typeof args.get('cpu-prof') === 'string' ? String(args.get('cpu-prof')) : null, name);
    await fn();
    const { appMs, dbMs } = await end();
    cpu[name] = { app: appMs / purchases, db: dbMs / purchases };
  }
  await phase('cash', async () => {
    for (let i = 0; i < purchases; i++) await step('cash: checkout', () => place('cod', i));
  });
  await phase('card', async () => { for (let i = 0; i < purchases; i++) {
    const placed = await step('card: checkout', () => place('card', i));
    await step('card: card page', async () => {
      const page = await fetch(placed.payment!.pay_url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'number=4242424242424242&expiry=12+%2F+34&cvc=123', redirect: 'manual' });
      await page.arrayBuffer();
    });
    // the deliveries one at a time, as the local queue sends them (a capture after a webhook queues more)
    for (;;) {
      const d = local.queue.pending()[0];
      if (!d) break;
      local.queue.drop(d.id);
      await step(`webhook: ${d.type}`, async () => {
        const res = await fetch(`${base}${new URL(d.target.url).pathname}`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', ...d.target.sign(d.body, Math.floor(Date.now() / 1000)) }, body: d.body });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`webhook ${d.type}: ${res.status}`);
      });
    }
  } });
  const r1 = (x: number) => Math.round(x * 10) / 10;
  console.log('step | count | statements each | provider calls each | ms each (sequential, with what runs after the answer)');
  let cardStatements = 0, cardProvider = 0;
  for (const [name, s] of steps) {
    console.log(`${name} | ${s.n} | ${r1(s.statements / s.n)} | ${r1(s.provider / s.n)} | ${r1(s.ms / s.n)}`);
    if (name.startsWith('card') || name.startsWith('webhook')) {
      cardStatements += s.statements;
      cardProvider += s.provider;
    }
  }
  const cash = steps.get('cash: checkout')!;
  console.log(`per paid card purchase: ${r1(cardStatements / purchases)} statements, ${r1(cardProvider / purchases)} provider API calls, ` +
    `${r1([...steps.keys()].filter((k) => k.startsWith('webhook')).reduce((n, k) => n + steps.get(k)!.n, 0) / purchases)} webhooks; a cash purchase: ${r1(cash.statements / cash.n)} statements`);
  for (const [name, c] of Object.entries(cpu)) console.log(`CPU per ${name} purchase (one shopper at a time): app ${r1(c.app)} ms (the local provider's work included) + database ${r1(c.db)} ms`);
  if (args.has('texts')) for (const [t, n] of [...texts].sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log(`${String(n).padStart(5)}  ${t}`);
} finally {
  await bench.app.services.payments.stop().catch(() => undefined);
  await bench.close();
}
