// The delivery promise's cost on the checkout quote (issue 40 item 10, decision 0151).
//
//   npm run bench:delivery [-- --postgres postgres://postgres@127.0.0.1:5432/postgres] [--rounds 2000] [--json]
//
// Starts the real app on a FRESH database (PGlite in memory unless --postgres) with three verified vendors, each with
// its own handling days and cut-off, and 30 products among them; then, in the same process and the same run, sends
// POST /api/orders/quote for three-seller carts alternately WITHOUT an emirate (no promise) and WITH one (a promise
// per seller: the holiday set, cached, and the pure rule), the order of the pair swapped every round so neither side
// always runs warm. Budget: the promise adds ≤ 2 ms to the quote's p95. The rule alone is timed too (µs per promise).
import { performance } from 'node:perf_hooks';
import { UAE_EMIRATES } from '@souq/shared/rules/uae-address';
import { DEFAULT_TRANSIT_DAYS, deliveryPromise } from '@souq/shared/rules/delivery-promise';
import { freshApp, parseArgs } from './lib/fresh-app.js';
import { quantile } from './lib/metrics.js';

const BUDGET_MS = 2;
const args = parseArgs(process.argv.slice(2));
const rounds = Number(args.get('rounds') ?? 2000);
const json = args.has('json');
const postgres = typeof args.get('postgres') === 'string' ? (args.get('postgres') as string) : undefined;

const bench = await freshApp({ postgresUrl: postgres });
try {
  const { app, database } = bench;
  const vendorIds: number[] = [];
  for (let v = 0; v < 3; v++) {
    const { vendor } = await app.services.accounts.vendorSignup({
      company_name: `Promise Seller ${v + 1} LLC`, contact_name: 'Bench', email: `promise${v + 1}-${Date.now()}@bench.test`, password: 'bench-password-1', phone: '+971 4 000 0000',
      address: { city: 'Dubai', country: 'UAE' },
    });
    vendorIds.push(vendor.id);
  }
  await database.query(`update vendors set is_verified = true, handling_days = 1 + (id % 3), cutoff_time = case id % 2 when 0 then '12:00' else '16:30' end where id = any($1::int[])`, [vendorIds]);
  const products = await database.query<{ id: number }>(
    `insert into products (name, slug, price_cents, stock, categories, status, vendor_id)
     select 'Promise item ' || g, 'promise-item-' || g || '-' || $1::text, 500 + (g * 37) % 20000, 1000, array['Bench'], 'active', ($2::int[])[1 + g % 3]
     from generate_series(1, 30) g returning id`, [String(Date.now()), vendorIds]);
  const ids = products.map((p) => p.id);
  // three-seller carts: one product of each vendor (ids are spread over the vendors by g % 3)
  const cart = (n: number) => [0, 1, 2].map((k) => ({ product_id: ids[(3 * n + k) % ids.length]!, quantity: 1 + ((n + k) % 2) }));

  async function quote(n: number, emirate?: string): Promise<number> {
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/orders/quote', payload: { items: cart(n), ...(emirate ? { emirate } : {}) } });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`quote: ${res.statusCode} ${res.body}`);
    if (emirate && (res.json() as { sellers: { delivery_promise: unknown }[] }).sellers.some((s) => !s.delivery_promise)) throw new Error('quote without a promise');
    return ms;
  }

  for (let i = 0; i < 200; i++) {
    await quote(i);
    await quote(i, UAE_EMIRATES[i % 7]);
  }
  const without: number[] = [];
  const withPromise: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const emirate = UAE_EMIRATES[i % 7];
    if (i % 2 === 0) {
      without.push(await quote(i));
      withPromise.push(await quote(i, emirate));
    } else {
      withPromise.push(await quote(i, emirate));
      without.push(await quote(i));
    }
  }
  // the rule alone: three sellers' promises per quote
  const holidays = await app.services.delivery.holidays();
  const ruleUs: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const at = new Date(Date.parse('2026-01-01T00:00:00Z') + i * 1_234_567);
    const t0 = performance.now();
    deliveryPromise({ at, handlingDays: i % 5, cutoff: '14:00', transit: DEFAULT_TRANSIT_DAYS[UAE_EMIRATES[i % 7]!], holidays });
    ruleUs.push((performance.now() - t0) * 1000);
  }
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return { p50: quantile(s, 0.5), p95: quantile(s, 0.95), p99: quantile(s, 0.99) };
  };
  const a = stats(without);
  const b = stats(withPromise);
  const r = stats(ruleUs);
  const added = b.p95 - a.p95;
  const ok = added <= BUDGET_MS;
  const report = {
    database: postgres ? 'postgres' : 'pglite', rounds,
    quote_without_promise_ms: a, quote_with_promise_ms: b, promise_added_p95_ms: added, budget_ms: BUDGET_MS, ok,
    rule_alone_us: r,
  };
  if (json) console.log(JSON.stringify(report));
  else {
    const f = (x: number) => x.toFixed(2);
    console.log(`delivery promise on the checkout quote (${report.database}, ${rounds} rounds, three-seller carts)`);
    console.log(`  quote without promise  p50 ${f(a.p50)} ms  p95 ${f(a.p95)} ms  p99 ${f(a.p99)} ms`);
    console.log(`  quote with promise     p50 ${f(b.p50)} ms  p95 ${f(b.p95)} ms  p99 ${f(b.p99)} ms`);
    console.log(`  promise adds ${f(added)} ms at p95 (budget ≤ ${BUDGET_MS} ms): ${ok ? 'OK' : 'OVER BUDGET'}`);
    console.log(`  the rule alone: p50 ${f(r.p50)} µs  p95 ${f(r.p95)} µs per promise`);
  }
  if (!ok) process.exitCode = 1;
} finally {
  await bench.close();
}
