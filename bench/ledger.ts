// The ledger at scale (issue 24 item 8, decision 0096): a vendor's balance and a statement page with 1,000,000 entries.
//
//   npm run bench:ledger [-- --postgres postgres://postgres@127.0.0.1:5432/postgres] [--entries 1000000] [--vendors 200]
//                        [--samples 300] [--json]
//
// On a FRESH PostgreSQL database (migrated, dropped afterwards) it bulk-inserts the entries with one generate_series
// statement: postings of four rows (shopper receivable +a; the vendor's payable −a; the vendor's payable +c
// commission; commission revenue −c), spread over the vendors, so every posting sums to zero. Then it measures, from
// the app's own ledger service (modules/ledger/ledger.service.ts):
//   - vendorBalance(vendorId): −Σ of the vendor's payable rows;
//   - statementPage(vendorId, cursor): 50 rows newest first, first page and a page deep in the statement;
// each `samples` times over random vendors, p50/p95 in ms; then the same with the index they need dropped (the
// baseline the index is worth), and a count(*) of the whole table as a scale reference. Budget: ≤ 50 ms p95.
import { freshApp, parseArgs } from './lib/fresh-app.js';

const round2 = (x: number) => Math.round(x * 100) / 100;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function timed(samples: number, fn: (i: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await fn(i);
    ms.push(performance.now() - t0);
  }
  return { p50: round2(pct(ms, 50)), p95: round2(pct(ms, 95)), max: round2(Math.max(...ms)) };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const postgresUrl = typeof args.get('postgres') === 'string' ? (args.get('postgres') as string) : 'postgres://postgres@127.0.0.1:5432/postgres';
  const entries = Number(args.get('entries') ?? 1_000_000);
  const vendorCount = Number(args.get('vendors') ?? 200);
  const samples = Number(args.get('samples') ?? 300);
  const json = args.has('json');
  const log = (m: string) => (json ? undefined : console.log(m));

  const bench = await freshApp({ postgresUrl });
  try {
    const db = bench.database;
    log(`creating ${vendorCount} vendors …`);
    // a vendor is its own account (one vendor per user); the bench never signs in, so no password
    const vendors = (await db.query<{ id: number }>(
      `with u as (insert into users (name, email, role) select 'Ledger Vendor ' || g, 'v' || g || '@bench.test', 'vendor' from generate_series(1, $1::int) g returning id, name, email)
       insert into vendors (user_id, company_name, contact_name, email, address, is_verified)
       select id, name, 'Bench', email, '{"country":"UAE"}'::jsonb, true from u order by id returning id`,
      [vendorCount])).map((r) => r.id);

    log(`inserting ${entries.toLocaleString('en')} ledger entries (one statement) …`);
    const t0 = performance.now();
    const postings = Math.ceil(entries / 4);
    // posting p belongs to vendor (p mod n); a = 10.00–509.99, commission c = 10 % of it; row r of the posting picks its account
    await db.query(`
      insert into ledger_entries (posting, account, vendor_id, kind, amount_cents, currency, created_at)
      select 'bench:' || p,
        (array['shopper_receivable', 'vendor_payable', 'vendor_payable', 'commission_revenue'])[r],
        case when r in (2, 3) then ($1::int[])[1 + p % cardinality($1::int[])] end,
        (array['sale', 'sale', 'commission', 'commission'])[r],
        case r when 1 then a when 2 then -a when 3 then a / 10 else -(a / 10) end,
        'AED', now() - (($2::int - p) * interval '1 second')
      from generate_series(1, $2::int) p, lateral (select 1000 + (p * 7919) % 50000 as a) amt, generate_series(1, 4) r
      where (p - 1) * 4 + r <= $3::int`, [vendors, postings, entries]);
    const insertMs = Math.round(performance.now() - t0);
    // as autovacuum would soon: the visibility map lets the balance be an index-only scan
    await db.query('vacuum (analyze) ledger_entries');
    const [check] = await db.query<{ n: string; total: string }>('select count(*)::text as n, coalesce(sum(amount_cents), 0)::text as total from ledger_entries');
    log(`  ${Number(check!.n).toLocaleString('en')} entries in ${insertMs} ms, total ${check!.total}`);

    const ledger = bench.app.services.ledger;
    const pick = (i: number) => vendors[(i * 7 + 3) % vendors.length]!;
    // a cursor deep in each vendor's statement: its median entry id
    const deep = new Map((await db.query<{ vendor_id: number; mid: string }>(
      `select vendor_id, percentile_disc(0.5) within group (order by id)::text as mid from ledger_entries where account = 'vendor_payable' group by vendor_id`))
      .map((r) => [r.vendor_id, Number(r.mid)]));

    const measure = async () => ({
      balance: await timed(samples, (i) => ledger.vendorBalance(pick(i))),
      statement_first: await timed(samples, (i) => ledger.statementPage(pick(i), null)),
      statement_deep: await timed(samples, (i) => ledger.statementPage(pick(i), deep.get(pick(i)) ?? null)),
    });
    // sanity: the balance is the figure worked out from the posting rule, and a page is 50 rows newest first
    const sample = await ledger.vendorBalance(vendors[0]!);
    const page = await ledger.statementPage(vendors[0]!, null);
    if (page.entries.length !== 50 || page.entries.some((e, i) => i > 0 && e.id >= page.entries[i - 1]!.id)) throw new Error('statement page is not 50 rows newest first');
    const [expected] = await db.query<{ cents: string }>(
      `select (-sum(amount_cents))::text as cents from ledger_entries where account = 'vendor_payable' and vendor_id = $1`, [vendors[0]]);
    if (sample[0]?.balance_cents !== Number(expected!.cents)) throw new Error('vendorBalance disagrees with the sum of its rows');

    // the plans, once: the balance an index-only scan, a page a short backward range scan, both on the partial index
    if (!json) {
      const v = vendors[0]!;
      for (const [label, q] of [
        ['balance', `select currency, -sum(amount_cents) from ledger_entries where account = 'vendor_payable' and vendor_id = ${v} group by currency`],
        ['statement page', `select id, posting, kind, amount_cents, currency, order_id, purchase_id, created_at from ledger_entries where account = 'vendor_payable' and vendor_id = ${v} and id < ${deep.get(v)} order by id desc limit 51`],
      ] as const) {
        const plan = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${q}`);
        log(`plan of the ${label}:\n  ${plan.map((r) => r['QUERY PLAN']).join('\n  ')}`);
      }
      // the first page as the service sends it (bound parameters, no cursor)
      const first = await db.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off) select id::text, posting, kind, amount_cents::text, currency, order_id, purchase_id, created_at
         from ledger_entries where account = 'vendor_payable' and vendor_id = $1 order by ledger_entries.id desc limit $2`, [v, 51]);
      log(`plan of the first statement page (parameters):\n  ${first.map((r) => r['QUERY PLAN']).join('\n  ')}`);
      const t0 = performance.now();
      for (let i = 0; i < 50; i++) await db.query('select 1');
      log(`a round trip to the database (select 1) now: ${round2((performance.now() - t0) / 50)} ms on average`);
    }
    log(`measuring with the index (${samples} samples each) …`);
    await measure(); // warm the cache, as a live server is
    const indexed = await measure();
    const count = await timed(Math.min(samples, 20), () => db.query('select count(*) from ledger_entries'));

    log('measuring without ledger_entries_vendor_statement_idx (baseline) …');
    await db.query('drop index ledger_entries_vendor_statement_idx');
    await measure();
    const baseline = await measure();

    const budget = 50;
    const results = {
      entries: Number(check!.n), vendors: vendorCount, entries_per_vendor: Math.round(Number(check!.n) / 2 / vendorCount), insert_ms: insertMs, ledger_total_cents: Number(check!.total),
      indexed, baseline_without_index: baseline, count_all_ms: count,
      budgets: Object.fromEntries(Object.entries(indexed).map(([k, v]) => [k, { p95_ms: v.p95, budget: budget, ok: v.p95 <= budget }])),
    };
    if (json) {
      console.log(JSON.stringify(results));
      return;
    }
    console.log('');
    console.log('query (p50 / p95 / max ms)     | with index            | without the index (baseline)');
    for (const k of ['balance', 'statement_first', 'statement_deep'] as const) {
      const f = (x: { p50: number; p95: number; max: number }) => `${x.p50} / ${x.p95} / ${x.max}`;
      console.log(`${k.padEnd(30)} | ${f(indexed[k]).padEnd(21)} | ${f(baseline[k])}`);
    }
    console.log(`count(*) of all ${Number(check!.n).toLocaleString('en')} entries: p50 ${count.p50} ms (scale reference)`);
    for (const [k, b] of Object.entries(results.budgets)) console.log(`  ${b.ok ? 'PASS' : 'FAIL'} ${k} p95: ${b.p95_ms} ms (budget ≤ ${b.budget} ms)`);
  } finally {
    await bench.close();
  }
}

await main();
