// Admin lists at scale (issue 9, item 10; decision 0042).
//
//   npm run bench:admin [-- --orders 10000 --products 50000 --users 5000 --vendors 200] [--postgres postgres://…]
//                       [--requests 200] [--json]
//
// Seeds a FRESH database (PGlite in memory, or a new database on the given PostgreSQL server, dropped afterwards)
// with generated users, vendors, products and orders (1–3 lines each, every status, both payment methods, spread
// over 180 days, a fifth assigned to a vendor), starts the real app on a loopback port with an admin session and
// measures each admin list's first page (and the filters, sorts and figures the screens ask for) from a separate
// process, one client: p50/p95. Budget (ARCHITECTURE "Performance budgets"): first page p95 ≤ 100 ms on PostgreSQL.
import type { AddressInfo } from 'node:net';
import { freshApp, parseArgs } from './lib/fresh-app.js';
import { runLoad } from './lib/run-load.js';
import { insertProducts } from './lib/bulk-insert.js';
import { generateBatches } from './lib/catalogue-gen.js';
import type { Database } from '../apps/server/src/platform/db.js';

/** Customers and vendors (each with its user), set-based. */
async function seedPeople(database: Database, n: { users: number; vendors: number }) {
  await database.query(
    `insert into users (email, name, role, created_at)
     select 'customer' || g || '@bench.test', 'Customer ' || g, 'user', now() - (g % 365) * interval '1 day'
     from generate_series(1, $1::int) g`,
    [n.users],
  );
  await database.query(
    `with u as (
       insert into users (email, name, role)
       select 'vendor' || g || '@bench.test', 'Vendor Contact ' || g, 'vendor' from generate_series(1, $1::int) g
       returning id, email, name)
     insert into vendors (user_id, company_name, contact_name, email, address)
     select id, 'Bench Trading ' || substr(email, 7, position('@' in email) - 7), name, email,
            '{"street":"1 Bench St","city":"Dubai","state":"Dubai","postal_code":"","country":"UAE","coordinates":{"latitude":25.2,"longitude":55.27}}'::jsonb
     from u`,
    [n.vendors],
  );
}

/** Orders over the customers and vendors, with 1–3 lines of existing products each and their totals. */
async function seedOrders(database: Database, n: { users: number; vendors: number; orders: number }) {
  // modular arithmetic instead of random(): the same data on every run and on both databases
  await database.query(
    `insert into orders (order_number, user_id, customer_name, customer_email, customer_phone, shipping_address, billing_address,
                         payment_method, currency, subtotal_cents, shipping_cents, tax_cents, total_cents, status, vendor_id, created_at, updated_at)
     select 'SQ-BENCH-' || lpad(g::text, 6, '0'),
            case when g % 2 = 0 then (select min(id) from users where role = 'user') + (g % $2::int) end,
            'Customer ' || (g % $2::int + 1), 'customer' || (g % $2::int + 1) || '@bench.test', '+971 50 000 ' || lpad((g % 10000)::text, 4, '0'),
            '{"address":"1 Bench Street","city":"Dubai","country":"UAE","zip":"00000"}'::jsonb,
            '{"address":"1 Bench Street","city":"Dubai","country":"UAE","zip":"00000"}'::jsonb,
            case when g % 3 = 0 then 'cod' else 'card' end, 'AED', 0, 0, 0, 0,
            (array['pending','confirmed','processing','shipped','delivered','cancelled','refunded'])[1 + (g * 7 + g / 7) % 7],
            case when g % 5 = 0 then (select min(id) from vendors) + (g % $3::int) end,
            now() - ((g * 37) % (180 * 24)) * interval '1 hour', now()
     from generate_series(1, $1::int) g`,
    [n.orders, n.users, n.vendors],
  );
  await database.query(
    `with bounds as (select min(id) as lo, max(id) - min(id) + 1 as span from products)
     insert into order_items (order_id, product_id, vendor_id, product_name, quantity, unit_price_cents, line_total_cents)
     select o.id, p.id, p.vendor_id, p.name, 1 + (o.id + k) % 3, p.price_cents, p.price_cents * (1 + (o.id + k) % 3)
     from orders o
       cross join lateral generate_series(1, 1 + o.id % 3) k
       cross join bounds b
       join products p on p.id = b.lo + ((o.id::int8 * 7919 + k * 104729) % b.span)`,
  );
  await database.query(
    `update orders o set subtotal_cents = s.sub, tax_cents = round(s.sub * 0.05), shipping_cents = case when s.sub > 5000 then 0 else 999 end,
            total_cents = s.sub + round(s.sub * 0.05) + case when s.sub > 5000 then 0 else 999 end
     from (select order_id, sum(line_total_cents) as sub from order_items group by order_id) s where s.order_id = o.id`,
  );
  // as autovacuum would have by then: statistics and the visibility map (index-only counts)
  await database.query('vacuum analyze');
}

const round = (x: number | undefined) => (x === undefined ? undefined : Math.round(x * 100) / 100);

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const n = {
    orders: Number(args.get('orders') ?? 10_000),
    products: Number(args.get('products') ?? 50_000),
    users: Number(args.get('users') ?? 5_000),
    vendors: Number(args.get('vendors') ?? 200),
  };
  const requests = Number(args.get('requests') ?? 200);
  const postgres = typeof args.get('postgres') === 'string' ? (args.get('postgres') as string) : undefined;
  const json = args.has('json');
  const log = (m: string) => (json ? undefined : console.log(m));

  const bench = await freshApp({ postgresUrl: postgres });
  try {
    const t = performance.now();
    await seedPeople(bench.database, n);
    for (const batch of generateBatches(n.products)) await insertProducts(bench.database, batch);
    // a product in eight has no vendor, one in twelve is inactive, one in forty archived; products arrive over time
    // (one a minute), not in one batch at the same instant
    await bench.database.query(
      `update products set
         vendor_id = case when id % 8 = 0 then null else (select min(id) from vendors) + id % $1::int end,
         status = case when id % 40 = 0 then 'archived' when id % 12 = 0 then 'inactive' else 'active' end,
         created_at = now() - id * interval '1 minute'`,
      [n.vendors],
    );
    await seedOrders(bench.database, n);
    const [counts] = await bench.database.query<{ orders: number; lines: number; products: number; users: number }>(
      'select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as lines, (select count(*) from products)::int as products, (select count(*) from users)::int as users',
    );
    log(`seeded ${counts!.users} users, ${n.vendors} vendors, ${counts!.products} products, ${counts!.orders} orders with ${counts!.lines} lines into ${bench.database.kind} in ${Math.round(performance.now() - t)} ms`);

    await bench.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(bench.app.server.address() as AddressInfo).port}`;
    const access = await bench.app.inject({ method: 'POST', url: '/api/admin/access', payload: { code: bench.config.adminAccessCode } });
    const headers = { authorization: `Bearer ${(access.json() as { token: string }).token}` };
    const [{ vendor }] = (await bench.database.query<{ vendor: number }>('select min(id)::int as vendor from vendors')) as [{ vendor: number }];
    const [{ category }] = (await bench.database.query<{ category: string }>('select categories[1] as category from products limit 1')) as [{ category: string }];

    // [name, path, is it a list's first page (the budget applies)]
    const cases: [string, string, boolean][] = [
      ['users', '/api/admin/users', true],
      ['users ?search=', '/api/admin/users?search=customer123', true],
      ['orders', '/api/admin/orders', true],
      ['orders ?status=', '/api/admin/orders?status=pending', true],
      ['orders ?vendor_id=', `/api/admin/orders?vendor_id=${vendor}`, true],
      ['orders ?search=', '/api/admin/orders?search=customer42', true],
      ['orders sort total', '/api/admin/orders?sort=total_amount&order=desc', true],
      ['orders stats', '/api/admin/orders/stats', false],
      ['products', '/api/admin/products', true],
      ['products ?search=', '/api/admin/products?search=wireless', true],
      ['products ?category=', `/api/admin/products?category=${encodeURIComponent(category)}`, true],
      ['products ?vendor_id=', `/api/admin/products?vendor_id=${vendor}`, true],
      ['products ?tags=', '/api/admin/products?tags=bluetooth', true],
      ['products price range, sort', '/api/admin/products?min_price=100&max_price=200&sort=price&order=asc', true],
      ['products ?status=inactive', '/api/admin/products?status=inactive', true],
      ['products stats', '/api/admin/products/stats', false],
      ['overview', '/api/admin/overview', false],
      ['sales (30 days)', '/api/analytics/sales', false],
      ['payments', '/api/admin/payments', false],
    ];
    const results: Record<string, { p50?: number; p95?: number; errors: number; budget: boolean }> = {};
    for (const [name, path, budget] of cases) {
      const r = await runLoad({ base, paths: [path], mode: 'sequential', amount: requests, warmup: 20, headers });
      results[name] = { p50: round(r.p50), p95: round(r.p95), errors: r.errors, budget };
      log(`${name.padEnd(28)} p50 ${String(round(r.p50)).padStart(7)} ms   p95 ${String(round(r.p95)).padStart(7)} ms${r.errors ? `   ${r.errors} errors` : ''}`);
    }
    const listP95 = Math.max(...Object.values(results).filter((r) => r.budget).map((r) => r.p95 ?? Infinity));
    const summary = { database: bench.database.kind, ...n, requests_per_case: requests, results, worst_list_p95_ms: listP95, budget_ms: 100, ok: listP95 <= 100 };
    if (json) console.log(JSON.stringify(summary));
    else log(`\n${summary.ok ? 'PASS' : 'FAIL'} worst first-page p95 ${listP95} ms (budget ≤ 100 ms${bench.database.kind === 'pglite' ? '; the budget is for PostgreSQL' : ''})`);
  } finally {
    await bench.close();
  }
}

await main();
