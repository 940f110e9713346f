import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../test/admin-fixtures.js';
import { SYSTEM_ACTOR } from '../../platform/audit.js';
import { balancesOf } from '../payouts/balances.js';

// Cash on delivery settled (decision 0140), as a property: random purchases (cash or card), shipments with any carrier,
// deliveries, refusals at the door, cancellations and remittances (exact, short, over, some sent twice) keep every
// posting balanced, the cash to collect equal to the delivered and unremitted cash sub-orders (per the test's own
// model), a refused sub-order at zero on every account, the differences what the remittances said, and a vendor's money
// held exactly while its sub-order is undelivered or its cash is still with the courier.
let t: TestContext;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

describe('cash on delivery, random sequences', () => {
  it('keeps the ledger balanced and the cash to collect equal to the delivered, unremitted cash sub-orders', async () => {
    const vendors = [(await signupVendor(t.app, 'Prop Cash A LLC')).vendor.id, (await signupVendor(t.app, 'Prop Cash B LLC')).vendor.id];
    const products = [
      await makeProduct(t.app, { name: 'Prop lamp', priceCents: 4_250, stock: 100_000, vendorId: vendors[0]! }),
      await makeProduct(t.app, { name: 'Prop rug', priceCents: 17_900, stock: 100_000, vendorId: vendors[1]! }),
      await makeProduct(t.app, { name: 'Prop house tea', priceCents: 1_500, stock: 100_000 }),
    ];
    const carriers = ['Aramex', 'EPOST', 'Some Van', ''];
    for (const [code, name] of [['ARX', 'Aramex'], ['EPOST', 'Emirates Post']] as const) await t.app.services.cod.createCourier({ code, name, name_ar: '' }, SYSTEM_ACTOR);

    // the test's own model of each sub-order
    type Sub = { id: number; number: string; total: number; cod: boolean; status: string; collected: boolean; remitted: boolean; refused: boolean };
    const subs = new Map<number, Sub>();
    let differences = 0;

    const step = fc.oneof(
      fc.record({ kind: fc.constant('buy' as const), cod: fc.boolean(), lines: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }) }),
      fc.record({ kind: fc.constant('ship' as const), pick: fc.nat(), carrier: fc.integer({ min: 0, max: carriers.length - 1 }) }),
      fc.record({ kind: fc.constant('deliver' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('refuse' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('remit' as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), diff: fc.constantFrom(0, 0, -500, 300), again: fc.boolean(), api: fc.boolean() }),
    );
    const pick = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
    const live = (pred: (s: Sub) => boolean) => [...subs.values()].filter(pred);

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'buy') {
            const placed = await placeOrder(t.app, s.lines.map((i) => ({ productId: products[i]!.id, quantity: 1 })), { payment: s.cod ? 'cod' : 'card', email: 'prop@example.test' });
            for (const sub of placed.purchase.sub_orders) {
              subs.set(sub.id, { id: sub.id, number: sub.order_number, total: Math.round(sub.total_amount * 100), cod: s.cod, status: 'pending', collected: false, remitted: false, refused: false });
            }
          } else if (s.kind === 'ship') {
            const sub = pick(live((x) => x.status === 'pending'), s.pick);
            if (!sub) continue;
            await t.app.services.orders.setStatus(sub.id, 'shipped', { tracking: { number: `P${sub.id}`, carrier: carriers[s.carrier]! } });
            sub.status = 'shipped';
          } else if (s.kind === 'deliver') {
            const sub = pick(live((x) => x.status === 'pending' || x.status === 'shipped'), s.pick);
            if (!sub) continue;
            await t.app.services.orders.setStatus(sub.id, 'delivered');
            // past any return window: only the cash rule can hold the money now
            await q(`update orders set delivered_at = now() - interval '40 days' where id = $1`, [sub.id]);
            sub.status = 'delivered';
            if (sub.cod) sub.collected = true;
          } else if (s.kind === 'refuse') {
            const sub = pick(live((x) => x.status === 'shipped'), s.pick);
            if (!sub) continue;
            const refused = t.app.services.cod.refuse(sub.id, { actor: SYSTEM_ACTOR });
            if (!sub.cod) { await expect(refused).rejects.toMatchObject({ status: 409 }); continue; }
            await refused;
            sub.status = 'cancelled';
            sub.refused = true;
          } else if (s.kind === 'cancel') {
            const sub = pick(live((x) => x.status === 'pending'), s.pick);
            if (!sub) continue;
            await t.app.services.orders.setStatus(sub.id, 'cancelled');
            sub.status = 'cancelled';
          } else {
            const open = live((x) => x.collected && !x.remitted);
            const chosen = [...new Set(s.picks.map((n) => pick(open, n)).filter((x): x is Sub => !!x))];
            const done = live((x) => x.remitted);
            const repeat = s.again ? pick(done, s.picks[0]!) : undefined;
            const records = [...chosen, ...(repeat ? [repeat] : [])].map((x, i) => ({
              row: i + 1, columns: 3, order_number: x.number, amount: ((x.total + (x.remitted ? 0 : s.diff)) / 100).toFixed(2), date: '2026-01-15',
            }));
            if (!records.length) continue;
            const res = await t.app.services.cod.remit(records, { courierId: null, source: s.api ? 'api' : 'csv', actor: SYSTEM_ACTOR });
            expect(res.posted).toBe(chosen.length);
            for (const x of chosen) { x.remitted = true; differences += -s.diff; }
          }

          // every posting balances, and every sub-order's rows net to zero
          expect(await q('select posting from ledger_entries group by posting, currency having sum(amount_cents) <> 0')).toEqual([]);
          // the cash to collect is the delivered and unremitted cash sub-orders' totals
          const expected = live((x) => x.collected && !x.remitted).reduce((n, x) => n + x.total, 0);
          const cash = await t.app.services.cod.cashToCollect();
          expect(cash.total_cents).toBe(expected);
          expect(cash.couriers.reduce((n, c) => n + c.total_cents, 0)).toBe(expected);
          expect(cash.buckets.d31_plus).toBe(expected);
          expect(cash.differences_cents).toBe(differences);
          // a refused sub-order has nothing left on any account
          for (const x of live((y) => y.refused)) {
            expect(await q(`select account from ledger_entries where order_id = $1 group by account having sum(amount_cents) <> 0`, [x.id])).toEqual([]);
          }
          // a vendor's held money: its sub-orders not delivered, or delivered with the cash still out
          const balances = await balancesOf(t.database.db, vendors, 'AED');
          for (const b of balances) {
            const heldIds = live((x) => x.status !== 'delivered' || (x.cod && !x.remitted)).map((x) => x.id);
            const [row] = await q<{ s: string }>(`select coalesce(-sum(amount_cents), 0)::text as s from ledger_entries where account = 'vendor_payable' and vendor_id = $1 and order_id = any($2::int[])`, [b.vendor_id, heldIds]);
            expect(b.held_cents).toBe(Number(row!.s));
          }
        }
      }),
      { numRuns: Number(process.env.COD_PROPERTY_RUNS ?? 25) },
    );
    // the runs did deliver, remit and refuse cash sub-orders (at least once each: how many times is the random
    // sequences' own, and a floor above one failed a run that remitted three)
    const [seen] = await q<{ remitted: number; refused: number }>(`select count(*) filter (where remitted_at is not null)::int as remitted, count(*) filter (where refused_at is not null)::int as refused from cod_shipments`);
    expect(seen!.remitted).toBeGreaterThan(0);
    expect(seen!.refused).toBeGreaterThan(0);
  }, 1_800_000);
});
