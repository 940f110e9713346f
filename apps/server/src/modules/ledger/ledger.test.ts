import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MSG } from '@souq/shared/messages';
import { frozenShippingTax } from '@souq/shared/rules/tax';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { expectAdminOnly, makeProduct, placeOrder } from '../../../test/admin-fixtures.js';

// Commission rates, and the ledger every order posts in the same statement or transaction (decision 0087).
let t: TestContext;
let admin: string;
let customer: Awaited<ReturnType<typeof signupCustomer>>;
let a: Awaited<ReturnType<typeof signupVendor>>;
let b: Awaited<ReturnType<typeof signupVendor>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  customer = await signupCustomer(t.app, 'Lina Ledger');
  a = await signupVendor(t.app, 'Amber Goods LLC');
  b = await signupVendor(t.app, 'Basil Trading LLC');
  // Amber is VAT-registered and verified, so its prices include VAT (decision 0098); Basil is not registered
  await t.database.query(`update vendors set vat_registered = true, vat_number = '100123456700003', is_verified = true where id = $1`, [a.vendor.id]);
});
afterAll(() => t.close());

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const commissionOf = async (orderId: number) => q<{ commission_bps: number }>('select commission_bps from order_items where order_id = $1 order by id', [orderId]);
/** Every posting, order and currency sums to zero; answers how many entries there are. */
async function expectBalanced(): Promise<number> {
  expect(await q('select posting, currency, sum(amount_cents)::int8 from ledger_entries group by 1, 2 having sum(amount_cents) <> 0')).toEqual([]);
  expect(await q('select order_id, currency, sum(amount_cents)::int8 from ledger_entries group by 1, 2 having sum(amount_cents) <> 0')).toEqual([]);
  return (await q<{ n: number }>('select count(*)::int as n from ledger_entries'))[0]!.n;
}

describe('commission rates', () => {
  it('are for admins only', async () => {
    const failures = await expectAdminOnly(t.app, { customer: customer.token, vendor: a.token }, [
      { method: 'GET', url: '/api/admin/commission' },
      { method: 'PUT', url: '/api/admin/commission', body: { scope: 'default', rate_bps: 500 } },
      { method: 'DELETE', url: `/api/admin/commission?scope=vendor&vendor_id=${a.vendor.id}` },
      { method: 'GET', url: '/api/admin/finance/ledger-check' },
    ]);
    expect(failures).toEqual([]);
    expect(await q('select * from commission_rates')).toEqual([]);
  });

  it('refuses bad input with 400 and an unknown vendor with 404, writing nothing', async () => {
    for (const body of [{ scope: 'default', rate_bps: -1 }, { scope: 'default', rate_bps: 10_001 }, { scope: 'default', rate_bps: 'ten' }, { scope: 'category', rate_bps: 100 },
      { scope: 'vendor', vendor_id: 0, rate_bps: 100 }, { scope: 'weekly', rate_bps: 100 }, {}]) {
      const res = await call(t.app, { method: 'PUT', url: '/api/admin/commission', token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await call(t.app, { method: 'PUT', url: '/api/admin/commission', token: admin, body: { scope: 'vendor', vendor_id: 999_999, rate_bps: 100 } });
    expect(unknown.status).toBe(404);
    const gone = await call(t.app, { method: 'DELETE', url: '/api/admin/commission?scope=category&category=Nope', token: admin });
    expect([gone.status, gone.json.error]).toEqual([404, MSG.commissionRateNotFound]);
    expect(await q('select * from commission_rates')).toEqual([]);
    expect(await q(`select * from audit_log where action like 'commission.%'`)).toEqual([]);
  });

  it('most specific wins (vendor, category, default), audited, and the rate in force is frozen on each line', async () => {
    const lamp = await makeProduct(t.app, { name: 'Amber Lamp', priceCents: 10_000, stock: 50, categories: ['Lighting', 'Home'], vendorId: a.vendor.id });
    const bowl = await makeProduct(t.app, { name: 'Amber Bowl', priceCents: 3_333, stock: 50, categories: ['Kitchen'], vendorId: a.vendor.id });
    const tea = await makeProduct(t.app, { name: 'Basil Tea', priceCents: 2_000, stock: 50, categories: ['Lighting'], vendorId: b.vendor.id });
    const own = await makeProduct(t.app, { name: 'House Candle', priceCents: 1_500, stock: 50, categories: ['Lighting'] });
    // nothing set: the built-in default
    expect((await call(t.app, { url: '/api/admin/commission', token: admin })).json).toEqual({ default_bps: 1000, rates: [] });
    const first = await placeOrder(t.app, [{ productId: lamp.id, quantity: 1 }]);
    expect(await commissionOf(first.id)).toEqual([{ commission_bps: 1000 }]);

    for (const body of [{ scope: 'default', rate_bps: 800 }, { scope: 'category', category: 'Lighting', rate_bps: 1200 }, { scope: 'vendor', vendor_id: b.vendor.id, rate_bps: 500 }]) {
      expect((await call(t.app, { method: 'PUT', url: '/api/admin/commission', token: admin, body })).status).toBe(200);
    }
    const mixed = await placeOrder(t.app, [{ productId: lamp.id, quantity: 1 }, { productId: bowl.id, quantity: 3 }, { productId: tea.id, quantity: 2 }, { productId: own.id, quantity: 1 }]);
    const [shop, amber, basil] = mixed.purchase.sub_orders;
    expect(await commissionOf(shop!.id)).toEqual([{ commission_bps: 0 }]); // the marketplace's own candle
    expect(await commissionOf(amber!.id)).toEqual([{ commission_bps: 1200 }, { commission_bps: 800 }]); // Lighting, then the default
    expect(await commissionOf(basil!.id)).toEqual([{ commission_bps: 500 }]); // the vendor's rate beats its category's
    // later changes leave placed lines as they were
    await call(t.app, { method: 'PUT', url: '/api/admin/commission', token: admin, body: { scope: 'default', rate_bps: 100 } });
    expect(await commissionOf(first.id)).toEqual([{ commission_bps: 1000 }]);
    expect(await commissionOf(amber!.id)).toEqual([{ commission_bps: 1200 }, { commission_bps: 800 }]);
    const audit = await q<{ action: string; target_id: string; changes: unknown }>(`select action, target_id, changes from audit_log where action like 'commission.%' order by id`);
    expect(audit.map((e) => [e.target_id, e.changes])).toEqual([
      ['default', { rate_bps: { before: null, after: 800 } }],
      ['category:Lighting', { rate_bps: { before: null, after: 1200 } }],
      [`vendor:${b.vendor.id}`, { rate_bps: { before: null, after: 500 } }],
      ['default', { rate_bps: { before: 800, after: 100 } }],
    ]);
    const removed = await call(t.app, { method: 'DELETE', url: `/api/admin/commission?scope=vendor&vendor_id=${b.vendor.id}`, token: admin });
    expect(removed.json.rates.map((r: { scope: string }) => r.scope)).toEqual(['category', 'default']);

    // Amber's sub-order: lamp 100.00 × 12 % = 12.00, bowls 99.99 × 8 % = 8.00 (7.9992), VAT 5 % of 20.00 = 1.00;
    // it ships free (199.99 > 50.00). Its prices include VAT, per line: 100.00 → 4.76, 99.99 → 4.76 (4.7614), so the
    // goods are 199.99 − 9.52 = 190.47 net; Amber is the supplier and owes the 9.52 of VAT (decision 0133), so its
    // payable holds it: Amber is owed 190.47 + 9.52 − 20.00 − 1.00 for it, and nothing sits in sales_tax_payable
    const rows = await q<{ account: string; kind: string; amount_cents: number }>(
      'select account, kind, amount_cents::int from ledger_entries where order_id = $1 order by account, kind', [amber!.id]);
    expect(rows).toEqual([
      { account: 'commission_revenue', kind: 'commission', amount_cents: -2_000 },
      { account: 'commission_vat_payable', kind: 'commission_vat', amount_cents: -100 },
      { account: 'shopper_receivable', kind: 'sale', amount_cents: 19_999 },
      { account: 'vendor_payable', kind: 'commission', amount_cents: 2_000 },
      { account: 'vendor_payable', kind: 'commission_vat', amount_cents: 100 },
      { account: 'vendor_payable', kind: 'sale', amount_cents: -19_047 },
      { account: 'vendor_payable', kind: 'sales_tax', amount_cents: -952 },
    ]);
    await expectBalanced();
  });
});

describe('the ledger', () => {
  it('is append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const p = await makeProduct(t.app, { name: 'Append Only Jar', priceCents: 4_000, stock: 5, vendorId: a.vendor.id });
    const order = await placeOrder(t.app, [{ productId: p.id, quantity: 1 }]);
    await expect(q('update ledger_entries set amount_cents = 0 where order_id = $1', [order.id])).rejects.toThrow(/append-only/);
    await expect(q('delete from ledger_entries where order_id = $1', [order.id])).rejects.toThrow(/append-only/);
    await expect(q('truncate ledger_entries')).rejects.toThrow(/append-only/);
    expect((await q('select 1 from ledger_entries where order_id = $1', [order.id])).length).toBeGreaterThan(0);
  });

  it('reverses a cancelled sub-order in full in the same transaction, and posts it again when it is taken back', async () => {
    const p = await makeProduct(t.app, { name: 'Reversal Vase', priceCents: 2_500, stock: 5, vendorId: a.vendor.id });
    const order = await placeOrder(t.app, [{ productId: p.id, quantity: 2 }]);
    const payable = async () => (await q<{ s: number }>(`select coalesce(-sum(amount_cents), 0)::int as s from ledger_entries where order_id = $1 and account = 'vendor_payable'`, [order.id]))[0]!.s;
    const owed = await payable();
    expect(owed).toBeGreaterThan(0);
    await t.app.services.orders.setStatus(order.id, 'cancelled');
    expect(await payable()).toBe(0);
    const kinds = await q<{ kind: string }>(`select distinct kind from ledger_entries where order_id = $1 and posting like 'cancelled:%' order by kind`, [order.id]);
    // Amber is registered: its VAT comes back off its payable as sales_tax (decision 0133)
    expect(kinds.map((k) => k.kind)).toEqual(['commission_reversal', 'refund', 'sales_tax']);
    await t.app.services.orders.setStatus(order.id, 'pending');
    expect(await payable()).toBe(owed);
    await expectBalanced();
    const check = await call(t.app, { url: '/api/admin/finance/ledger-check', token: admin });
    expect(check.json).toMatchObject({ balanced: true, totals: [{ currency: 'AED', total_cents: 0 }] });
    expect(check.json.entries).toBe(await expectBalanced());
  });

  it('reverses a registered vendor\'s sale posted before decision 0133 from sales_tax_payable, where its VAT was put', async () => {
    const p = await makeProduct(t.app, { name: 'Legacy Lantern', priceCents: 5_250, stock: 5, vendorId: a.vendor.id });
    const order = await placeOrder(t.app, [{ productId: p.id, quantity: 1 }]);
    const sums = async () => Object.fromEntries((await q<{ account: string; s: number }>(
      `select account, sum(amount_cents)::int as s from ledger_entries where order_id = $1 and account in ('vendor_payable', 'sales_tax_payable') group by 1`, [order.id])).map((r) => [r.account, r.s]));
    // the sale as it was posted before: its VAT (52.50 × 5/105 = 2.50; shipping free) on sales_tax_payable, not on Amber's payable
    await q(`insert into ledger_entries (posting, account, vendor_id, kind, amount_cents, currency, order_id) values
      ('test:legacy', 'vendor_payable', $2, 'sales_tax', 250, 'AED', $1), ('test:legacy', 'sales_tax_payable', null, 'sales_tax', -250, 'AED', $1)`, [order.id, a.vendor.id]);
    expect((await sums()).sales_tax_payable).toBe(-250);
    await t.app.services.orders.setStatus(order.id, 'cancelled');
    // everything nets to zero where it was: Amber is not charged VAT it was never credited
    expect(await sums()).toEqual({ vendor_payable: 0, sales_tax_payable: 0 });
    // taken back, the sale posts by today's rule: the VAT on Amber's payable
    await t.app.services.orders.setStatus(order.id, 'pending');
    expect(await sums()).toMatchObject({ sales_tax_payable: 0 });
    expect((await q<{ s: number }>(`select sum(amount_cents)::int as s from ledger_entries where order_id = $1 and account = 'vendor_payable' and kind = 'sales_tax'`, [order.id]))[0]!.s).toBe(-250);
    await expectBalanced();
  });

  it('balances after every step of random multi-vendor purchases and cancellations; each vendor is owed what it sold less commission', async () => {
    const vendorIds = [a.vendor.id, b.vendor.id];
    const catalogue = await Promise.all([
      makeProduct(t.app, { name: 'Prop Amber A', priceCents: 1_999, stock: 10_000, categories: ['Lighting'], vendorId: a.vendor.id }),
      makeProduct(t.app, { name: 'Prop Amber B', priceCents: 7_350, stock: 10_000, categories: ['Kitchen'], vendorId: a.vendor.id }),
      makeProduct(t.app, { name: 'Prop Basil A', priceCents: 333, stock: 10_000, categories: ['Garden'], vendorId: b.vendor.id }),
      makeProduct(t.app, { name: 'Prop Basil B', priceCents: 12_005, stock: 10_000, categories: ['Lighting'], vendorId: b.vendor.id }),
      makeProduct(t.app, { name: 'Prop House', priceCents: 999, stock: 10_000, categories: ['Home'] }),
    ]);
    const initialStock = new Map(catalogue.map((p) => [p.id, p.stock]));
    const ids = catalogue.map((p) => p.id);

    /** Each vendor's balance worked out from the orders alone: sales and shipping − commission (with its VAT) − refunds + reversed commission. */
    async function expected(vendorId: number): Promise<number> {
      const subs = await q<{ id: number; status: string; total_cents: number; tax_cents: number }>(
        `select o.id, o.status, o.total_cents, o.tax_cents from orders o
         where o.seller_vendor_id = $1 and exists (select 1 from ledger_entries e where e.order_id = o.id)`, [vendorId]);
      let total = 0;
      for (const s of subs) {
        const lines = await q<{ line_total_cents: number; commission_bps: number }>('select line_total_cents, commission_bps from order_items where order_id = $1', [s.id]);
        const commission = lines.reduce((n, l) => n + Math.round((l.line_total_cents * l.commission_bps) / 10_000), 0);
        const charged = commission + Math.round(commission * 0.05);
        // what the shopper paid, the VAT in it included: a registrant owes its VAT and is paid it (decision 0133)
        const sales = s.total_cents;
        // a cancelled sub-order: sales − charged − refund(sales) + reversed(charged) = 0
        total += s.status === 'cancelled' ? 0 : sales - charged;
      }
      return total;
    }

    const step = fc.oneof(
      fc.record({ kind: fc.constant('buy' as const), lines: fc.array(fc.record({ product: fc.integer({ min: 0, max: ids.length - 1 }), quantity: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 5 }) }),
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('rate' as const), vendor: fc.integer({ min: 0, max: 1 }), bps: fc.integer({ min: 0, max: 3000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'buy') {
            await placeOrder(t.app, s.lines.map((l) => ({ productId: ids[l.product]!, quantity: l.quantity })));
          } else if (s.kind === 'cancel') {
            const live = await q<{ id: number }>(`select id from orders where status <> 'cancelled' and purchase_id is not null order by id`);
            if (live.length) await t.app.services.orders.setStatus(live[s.pick % live.length]!.id, 'cancelled');
          } else {
            await t.app.services.ledger.setRate({ scope: 'vendor', vendor_id: vendorIds[s.vendor]!, rate_bps: s.bps }, { userId: null, role: 'admin', name: 'Prop Admin', ip: '127.0.0.1' });
          }
          await expectBalanced();
          // the VAT posted per sub-order is its lines' and its shipping's VAT to the fil (live: sale; cancelled: sale
          // and its reversal), credited to its vendor's payable (decision 0133), never to sales_tax_payable
          const vat = await q<{ id: number; status: string; seller: number | null; tax_cents: number; shipping_cents: number; tax_included: boolean; lines: number; posted: number; marketplace: number }>(
            `select o.id, o.status, o.seller_vendor_id as seller, o.tax_cents, o.shipping_cents, o.tax_included,
               (select coalesce(sum(tax_cents), 0) from order_items i where i.order_id = o.id)::int as lines,
               (select coalesce(-sum(amount_cents), 0) from ledger_entries e where e.order_id = o.id and (e.account = 'sales_tax_payable' or (e.account = 'vendor_payable' and e.kind = 'sales_tax')))::int as posted,
               (select coalesce(-sum(amount_cents), 0) from ledger_entries e where e.order_id = o.id and e.account = 'sales_tax_payable')::int as marketplace
             from orders o where o.purchase_id is not null`);
          for (const o of vat) {
            expect(o.lines + frozenShippingTax({ shippingCents: o.shipping_cents, taxCents: o.tax_cents, taxIncluded: o.tax_included }, o.lines).taxCents).toBe(o.tax_cents);
            expect(o.posted).toBe(o.status === 'cancelled' ? 0 : o.tax_cents);
            if (o.seller !== null) expect(o.marketplace).toBe(0);
          }
          for (const v of vendorIds) expect(await t.app.services.ledger.vendorBalanceCents(v, 'AED')).toBe(await expected(v));
          // stock: what is left is what was there less the units of every live sub-order
          const sold = await q<{ product_id: number; n: number }>(
            `select i.product_id, sum(i.quantity)::int as n from order_items i join orders o on o.id = i.order_id
             where o.status <> 'cancelled' and i.product_id = any($1::int[]) group by 1`, [ids]);
          const stock = await q<{ id: number; stock: number }>('select id, stock from products where id = any($1::int[])', [ids]);
          const soldOf = new Map(sold.map((r) => [r.product_id, r.n]));
          for (const p of stock) expect(p.stock).toBe(initialStock.get(p.id)! - (soldOf.get(p.id) ?? 0));
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
