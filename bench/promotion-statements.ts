// What one purchase with promotions costs in statements and CPU, beside the same purchase without (issue 39 item 8,
// decision 0167):
//
//   npm run bench:promotion-statements [-- --postgres postgres://postgres@127.0.0.1:5432/postgres] [--purchases 50]
//                                      [--texts [PHASE]] [--cpu-prof DIR] [--explain]
//
// The real app on a FRESH PostgreSQL database (dropped afterwards) with bench:orders' marketplace: three sellers, a
// cart of one product from each. Purchases are placed one at a time (POST /api/orders, cash, a fresh Idempotency-Key)
// in three phases: `plain` (no promotion running), `promotions` (bench:orders' case: seller 2's own deal of 10 % and a
// marketplace coupon of 5 % typed on every cart, neither with a limit) and `limited` (the same with a coupon that has a
// total limit: locked and counted). Every statement sent to PostgreSQL (pg's Client.query, BEGIN and COMMIT
// included) is counted per purchase; --texts lists them (of one phase with --texts PHASE); the CPU of the app and of
// the database's backends is measured per phase, and --cpu-prof DIR writes the app's CPU profile of each phase.
// --explain prints EXPLAIN (ANALYZE, BUFFERS) of the last purchase's named statements of each phase (the purchase
// statement run again under a new number in a transaction rolled back).
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import pg from 'pg';
import { campaignRequestSchema, vendorPromotionRequestSchema } from '@souq/shared/api/promotions';
import { freshApp, parseArgs } from './lib/fresh-app.js';
import { measurePhase } from './lib/cpu.js';

const args = parseArgs(process.argv.slice(2));
const postgresUrl = typeof args.get('postgres') === 'string' ? (args.get('postgres') as string) : 'postgres://postgres@127.0.0.1:5432/postgres';
const purchases = Number(args.get('purchases') ?? 50);
const SELLERS = 3;
const PER_SELLER = 20;

let statements = 0;
let current = '';
const texts = new Map<string, Map<string, number>>();
/** The last call of each named statement, per phase (--explain). */
const lastNamed = new Map<string, { text: string; values: unknown[] }>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
  if (current && !(typeof a[0] === 'string' && a[0].startsWith('select pid from pg_stat_activity'))) {
    statements++;
    const q = a[0] as string | { text: string; name?: string; values?: unknown[] };
    const t = (typeof q === 'string' ? q : q.text).replace(/\s+/g, ' ').trim().slice(0, 150);
    const own = texts.get(current) ?? new Map<string, number>();
    own.set(t, (own.get(t) ?? 0) + 1);
    texts.set(current, own);
    if (typeof q === 'object' && q.name) lastNamed.set(`${current}: ${q.name}`, { text: q.text, values: q.values ?? [] });
  }
  return (query as (...x: unknown[]) => unknown).apply(this, a);
} as typeof pg.Client.prototype.query;

const bench = await freshApp({ postgresUrl });
try {
  const system = { userId: null, role: 'system' as const, name: 'bench', ip: null };
  const vendorIds: number[] = [];
  for (let v = 0; v < SELLERS; v++) {
    const { vendor } = await bench.app.services.accounts.vendorSignup({
      company_name: `Statements Seller ${v + 1} LLC`, contact_name: 'Bench', email: `statements${v + 1}-${Date.now()}@bench.test`, password: 'bench-password-1',
      phone: '+971 4 000 0000', address: { city: 'Dubai', country: 'UAE' },
    });
    vendorIds.push(vendor.id);
  }
  await bench.database.query('update vendors set is_verified = true, shipping_fee_cents = 1000, free_shipping_above_cents = 20000 where id = any($1::int[])', [vendorIds]);
  await bench.app.services.ledger.setRate({ scope: 'default', rate_bps: 1000 }, system);
  const byVendor: number[][] = [];
  for (const [v, vendorId] of vendorIds.entries()) {
    const rows = await bench.database.query<{ id: number }>(
      `insert into products (name, slug, price_cents, stock, categories, status, vendor_id)
       select 'Statements item ' || $2::int || '-' || g, 'statements-item-' || $2::int || '-' || g || '-' || $3::text, 500 + (g * 37) % 20000, 10000000, array['Bench'], 'active', $4
       from generate_series(1, $1::int) g returning id`, [PER_SELLER, v, String(Date.now()), vendorId]);
    byVendor.push(rows.map((r) => r.id));
  }
  await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(bench.app.server.address() as AddressInfo).port}`;
  let k = 0;
  const place = async (code: string | null) => {
    const i = k++;
    const body = {
      customer_info: { email: 'statements@orders.test', name: 'Statements Buyer', phone: null },
      shipping_address: { address: '1 Load Street', city: 'Dubai', country: 'UAE', zip: '00000' }, notes: '',
      items: byVendor.map((ids, v) => ({ product_id: ids[(i + v) % ids.length]!, quantity: 1 + ((i + v) % 2) })),
      ...(code ? { coupon_code: code } : {}),
    };
    const res = await fetch(`${base}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `statements-${i}` }, body: JSON.stringify(body) });
    const json = (await res.json()) as { error?: string };
    if (res.status !== 201) throw new Error(`purchase ${i}: ${res.status} ${JSON.stringify(json)}`);
  };
  const results: { phase: string; statements: number; app: number; db: number; ms: number }[] = [];
  async function phase(name: string, code: string | null) {
    for (let i = 0; i < 5; i++) await place(code); // warm-up: compiled paths, prepared statements on the pool's connections
    const end = await measurePhase(bench.databaseUrl, typeof args.get('cpu-prof') === 'string' ? String(args.get('cpu-prof')) : null, name);
    const s0 = statements;
    const t0 = performance.now();
    current = name;
    for (let i = 0; i < purchases; i++) await place(code);
    current = '';
    const ms = performance.now() - t0;
    const { appMs, dbMs } = await end();
    results.push({ phase: name, statements: (statements - s0) / purchases, app: appMs / purchases, db: dbMs / purchases, ms: ms / purchases });
  }
  await phase('plain', null);
  const dates = { starts_at: new Date(Date.now() - 86_400_000).toISOString(), ends_at: new Date(Date.now() + 86_400_000).toISOString() };
  await bench.app.services.promotions.createForVendor(vendorIds[1]!, vendorPromotionRequestSchema.parse({ kind: 'deal', name: 'Statements deal', percent_bps: 1000, product_ids: byVendor[1], ...dates }), system);
  await bench.app.services.promotions.createCampaign(campaignRequestSchema.parse({ kind: 'coupon', name: 'Statements coupon', code: 'BENCH-5', percent_bps: 500, funder: 'marketplace', product_ids: byVendor.flat(), ...dates }), system);
  await bench.app.services.promotions.createCampaign(campaignRequestSchema.parse({ kind: 'coupon', name: 'Limited coupon', code: 'LIMITED-5', percent_bps: 500, funder: 'marketplace', total_limit: 1_000_000, product_ids: byVendor.flat(), ...dates }), system);
  await phase('promotions', 'BENCH-5');
  await phase('limited', 'LIMITED-5');
  const r1 = (x: number) => Math.round(x * 10) / 10;
  console.log(`phase | statements per purchase | CPU ms per purchase app + database | ms per purchase (one at a time)   (${purchases} purchases each, load average ${os.loadavg()[0]!.toFixed(1)})`);
  for (const r of results) console.log(`${r.phase} | ${r1(r.statements)} | ${r1(r.app)} + ${r1(r.db)} | ${r1(r.ms)}`);
  if (args.has('explain')) {
    const client = new pg.Client({ connectionString: bench.databaseUrl! });
    await client.connect();
    for (const [key, q] of lastNamed) {
      if (!/orders\.place|promotions\./.test(key)) continue;
      // the purchase again under a new number and key (its sub-orders' numbers follow it), rolled back
      const number = q.values[3];
      const values = key.includes('orders.place')
        ? q.values.map((v) => (typeof v === 'string' && typeof number === 'string' ? v.split(number).join(`${number.slice(0, -3)}XPL`) : v))
        : q.values;
      if (key.includes('orders.place')) values[17] = `explain-${Date.now()}`;
      await client.query('begin');
      const plan = await client.query({ text: `explain (analyze, buffers, costs off) ${q.text}`, values });
      await client.query('rollback');
      console.log(`\n${key}:`);
      for (const r of plan.rows as { 'QUERY PLAN': string }[]) console.log(r['QUERY PLAN']);
    }
    await client.end();
    // whether the pool's connections run the named statements on a generic plan (planned once) or plan each call
    const seen = new Map<string, string>();
    for (let i = 0; i < 20; i++) {
      for (const r of await bench.database.query<{ name: string; generic_plans: number; custom_plans: number }>('select name, generic_plans::int, custom_plans::int from pg_prepared_statements where name like $1 or name like $2', ['orders.place%', 'promotions.%'])) {
        seen.set(r.name, `${seen.get(r.name) ?? ''} ${r.generic_plans}/${r.custom_plans}`);
      }
    }
    console.log('\nnamed statements on the pool\'s connections: generic/custom plans each time seen');
    for (const [name, counts] of seen) console.log(`${name}:${counts}`);
  }
  if (args.has('texts')) {
    for (const [name, own] of texts) {
      if (args.get('texts') !== true && args.get('texts') !== name) continue;
      console.log(`\n${name}: statements per purchase`);
      for (const [t, n] of [...own].sort((a, b) => b[1] - a[1])) console.log(`${(n / purchases).toFixed(2).padStart(6)}  ${t}`);
    }
  }
} finally {
  await bench.close();
}
