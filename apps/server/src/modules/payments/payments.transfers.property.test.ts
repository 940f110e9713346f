import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { payPlaced, startTestPayments, type TestPayments } from '../../../test/payments-fixtures.js';
import { DAY_MS, testClock } from './local/clock.js';

// Sellers paid by transfer under random histories (issue 36 item 5, decision 0147): sales to two connected sellers,
// returns asked in the window and refunded (before or after the transfer), windows closing with the transfer job run,
// and the provider taking a transfer back, with the webhooks delivered twice and in reverse. After every step: every
// posting balances; each seller's balance is what its sales left it less commission, less refunds, less what the
// provider says it holds of the seller's transfers (transfers less reversals); the provider clearing account equals
// the provider's balance.
let t: TestContext;
let pay: TestPayments;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
const sellers: { token: string; vendorId: number; productId: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  pay = await startTestPayments(t, { clock: testClock(Date.now()) });
  shopper = await signupCustomer(t.app, 'Priya Property');
  for (const [name, price] of [['Prop Transfer Lamps LLC', 4_250], ['Prop Transfer Rugs LLC', 19_999]] as const) {
    const s = await signupVendor(t.app, name);
    const productId = (await makeProduct(t.app, { name: `${name} item`, priceCents: price, stock: 100_000, vendorId: s.vendor.id })).id;
    sellers.push({ token: s.token, vendorId: s.vendor.id, productId });
    const link = await call(t.app, { method: 'POST', url: '/api/vendor/earnings/provider-account/onboarding', token: s.token });
    await pay.visit(link.json.url, { bank: 'pays' });
    await call(t.app, { method: 'POST', url: '/api/vendor/earnings/provider-account/refresh', token: s.token });
  }
});
afterAll(async () => {
  await t.app.services.payments.stop();
  await t.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const provider = () => t.app.services.payments.provider;

type Cmd =
  | { kind: 'sale'; seller: number; units: number }
  | { kind: 'ask'; pick: number }
  | { kind: 'receive'; pick: number }
  | { kind: 'close' }
  | { kind: 'providerReverses'; pick: number };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sale' as const), seller: fc.integer({ min: 0, max: 1 }), units: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('ask' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('receive' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('providerReverses' as const), pick: fc.nat() }) },
);

const asked: { returnId: number; seller: number; purchaseId: number }[] = [];
const open: { orderId: number; seller: number; purchaseId: number }[] = [];

async function apply(c: Cmd) {
  if (c.kind === 'sale') {
    const s = sellers[c.seller]!;
    const res = await call(t.app, {
      method: 'POST', url: '/api/orders', token: shopper.token, headers: { 'idempotency-key': `prop-transfer-${Math.random()}` },
      body: {
        items: [{ product_id: s.productId, quantity: c.units }], customer_info: { email: shopper.email, name: 'Priya Property', phone: null },
        shipping_address: { address: '6 Property Street', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'card',
      },
    });
    await payPlaced(pay, res.json);
    const [sub] = await q<{ id: number }>('select id from orders where purchase_id = $1', [res.json.order.id]);
    await t.app.services.orders.setStatus(sub!.id, 'delivered');
    await q('update orders set delivered_at = $2 where id = $1', [sub!.id, new Date(pay.local.clock.now())]);
    open.push({ orderId: sub!.id, seller: c.seller, purchaseId: res.json.order.id });
  } else if (c.kind === 'ask' && open.length) {
    const o = open[c.pick % open.length]!;
    const [line] = await q<{ id: number }>('select id from order_items where order_id = $1 limit 1', [o.orderId]);
    const r = await call(t.app, { method: 'POST', url: '/api/my/returns', token: shopper.token, body: { order_id: o.orderId, line_id: line!.id, units: 1, reason: 'damaged' } });
    if (r.status === 201) asked.push({ returnId: r.json.id, seller: o.seller, purchaseId: o.purchaseId });
  } else if (c.kind === 'receive' && asked.length) {
    const [a] = asked.splice(c.pick % asked.length, 1);
    const token = sellers[a!.seller]!.token;
    await call(t.app, { method: 'POST', url: `/api/vendor/returns/${a!.returnId}/approve`, token, body: {} });
    await call(t.app, { method: 'POST', url: `/api/vendor/returns/${a!.returnId}/receive`, token, body: { restock: true } });
    await t.app.services.cardPayments.refundOwed(a!.purchaseId);
  } else if (c.kind === 'close') {
    pay.local.advance(15 * DAY_MS);
    open.length = 0;
    await t.app.services.cardPayments.transfers.run();
  } else if (c.kind === 'providerReverses') {
    const paid = await q<{ provider_transfer_id: string; amount_cents: number; reversed_cents: number }>(`select provider_transfer_id, amount_cents, reversed_cents from seller_transfers where status in ('paid', 'partially_reversed') order by id`);
    const tr = paid[c.pick % Math.max(paid.length, 1)];
    if (tr) {
      try {
        pay.local.reverseTransferAsProvider(tr.provider_transfer_id);
      } catch {
        // refused: the seller's balance at the provider is short (nothing happened)
      }
    }
  }
  // the provider's events: twice, and in reverse
  for (const d of [...pay.local.queue.pending()]) pay.local.queue.duplicate(d.id);
  pay.local.queue.reorder('reverse');
  await pay.flush();
}

async function invariants() {
  expect(await q('select posting, sum(amount_cents)::int8 as s from ledger_entries group by 1 having sum(amount_cents) <> 0')).toEqual([]);
  for (const s of sellers) {
    const [l] = await q<{ balance: string; sold: string; refunds: string }>(`
      select coalesce(-sum(amount_cents), 0)::int8 as balance,
        coalesce(-sum(amount_cents) filter (where posting like 'placed:%'), 0)::int8 as sold,
        coalesce(sum(amount_cents) filter (where posting like 'return:%'), 0)::int8 as refunds
      from ledger_entries where account = 'vendor_payable' and vendor_id = $1`, [s.vendorId]);
    // what the provider says the seller holds of Souq's transfers: each transfer read back, less its reversals
    const ids = await q<{ provider_transfer_id: string }>('select provider_transfer_id from seller_transfers where vendor_id = $1 and provider_transfer_id is not null', [s.vendorId]);
    let transferred = 0;
    for (const { provider_transfer_id } of ids) {
      const tr = await provider().getTransfer(provider_transfer_id);
      transferred += tr.amount - tr.amountReversed;
    }
    // sales less commission (as placed), less refunds (returns net of their commission), less transfers
    expect(Number(l!.balance)).toBe(Number(l!.sold) - Number(l!.refunds) - transferred);
  }
  const [clearing] = await q<{ s: string }>(`select coalesce(sum(amount_cents), 0)::int8 as s from ledger_entries where account = 'provider_clearing'`);
  const balance = (await provider().balance()).filter((b) => b.currency === 'AED').reduce((x, b) => x + b.available + b.pending, 0);
  expect(Number(clearing!.s)).toBe(balance);
}

describe('transfers to sellers under random histories', () => {
  it('keep the ledger balanced, each seller at sales − commission − refunds − transfers, and the clearing at the provider balance', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 3, maxLength: 7 }), async (cmds) => {
        for (const c of [{ kind: 'sale', seller: 0, units: 2 } as Cmd, ...cmds, { kind: 'close' } as Cmd]) {
          await apply(c);
          await invariants();
        }
      }),
      { numRuns: 4, seed: 47 },
    );
  }, 600_000);
});
