import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct } from '../../../test/admin-fixtures.js';
import { startTestPayments, type TestPayments } from '../../../test/payments-fixtures.js';
import type { HeldSubOrder } from '../orders/payment-hold.js';

// The authorisation's webhook releases a paid card purchase in ONE guarded statement outside any transaction
// (decision 0203): the same rows as the transactional release, and, when anything moved between the unlocked read of
// the held sub-orders and that statement, nothing written by it and the transactional path deciding.
let t: TestContext;
let pay: TestPayments;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let lampId = 0;
let rugId = 0;

beforeAll(async () => {
  t = await createTestApp();
  pay = await startTestPayments(t);
  shopper = await signupCustomer(t.app, 'Rana Release');
  const lamps = await signupVendor(t.app, 'Once Lamps LLC');
  const rugs = await signupVendor(t.app, 'Once Rugs LLC');
  lampId = (await makeProduct(t.app, { name: 'Brass Once Lamp', priceCents: 12_500, stock: 40, vendorId: lamps.vendor.id })).id;
  rugId = (await makeProduct(t.app, { name: 'Wool Once Rug', priceCents: 30_000, stock: 40, vendorId: rugs.vendor.id })).id;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.app.services.payments.stop();
  await t.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const stockOf = async (id: number) => (await q<{ stock: number }>('select stock from products where id = $1', [id]))[0]!.stock;
const hold = () => t.app.services.orders.paymentHold;

/** A two-seller card purchase paid on the provider's page, its events held in the provider's queue. */
async function paidWithEventsHeld() {
  await pay.flush();
  const res = await call(t.app, {
    method: 'POST', url: '/api/orders', token: shopper.token, headers: { 'idempotency-key': `once-${Math.random()}` },
    body: {
      items: [{ product_id: lampId, quantity: 1 }, { product_id: rugId, quantity: 2 }], customer_info: { email: shopper.email, name: 'Rana Release', phone: null },
      shipping_address: { address: '4 Card Street', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'card',
    },
  });
  expect(res.status).toBe(201);
  const placed = res.json as { order: { id: number }; payment: { pay_url: string } };
  pay.local.queue.hold();
  await pay.typeCard(placed.payment.pay_url, '4242424242424242');
  return placed.order.id;
}

async function moneyOf(purchaseId: number) {
  const [a] = await q<{ status: string; sale_posted_at: Date | null; cash_posted_at: Date | null; expired_at: Date | null }>(
    'select status, sale_posted_at, cash_posted_at, expired_at from payment_attempts where purchase_id = $1', [purchaseId]);
  const ledger = await q<{ posting: string; account: string; amount_cents: string }>('select posting, account, amount_cents from ledger_entries where purchase_id = $1 order by id', [purchaseId]);
  const subs = await q<{ id: number; status: string }>('select id, status from orders where purchase_id = $1 order by id', [purchaseId]);
  const histories = await q<{ from_status: string; to_status: string }>(
    'select h.from_status, h.to_status from order_status_history h join orders o on o.id = h.order_id where o.purchase_id = $1 order by h.id', [purchaseId]);
  const events = await q<{ type: string; outcome: string }>(
    `select type, outcome from payment_events where object_id = (select provider_payment_id from payment_attempts where purchase_id = $1) order by id`, [purchaseId]);
  return { a: a!, ledger, subs, histories, events };
}

async function expectBalanced() {
  expect(await q('select posting, sum(amount_cents)::int8 from ledger_entries group by 1 having sum(amount_cents) <> 0')).toEqual([]);
}

describe('the authorisation\'s webhook', () => {
  it('releases, sells and cashes in with one guarded statement: each sub-order once, its history once, the event stored once', async () => {
    const guarded = vi.spyOn(hold(), 'releaseGuarded');
    const purchaseId = await paidWithEventsHeld();
    pay.local.queue.release();
    await pay.flush();
    await t.app.services.cardPayments.idle();
    expect(guarded).toHaveBeenCalledTimes(1);
    expect(await guarded.mock.results[0]!.value).not.toBeNull();
    guarded.mockRestore();
    const m = await moneyOf(purchaseId);
    expect(m.a.status).toBe('captured');
    expect(m.a.cash_posted_at!.getTime()).toBe(m.a.sale_posted_at!.getTime());
    expect(m.subs.map((s) => s.status)).toEqual(['pending', 'pending']);
    expect(m.histories.filter((h) => h.from_status === 'awaiting_payment')).toEqual([
      { from_status: 'awaiting_payment', to_status: 'pending' }, { from_status: 'awaiting_payment', to_status: 'pending' },
    ]);
    // a sale per sub-order and the cash side once; the shopper's receivable cleared
    expect(new Set(m.ledger.map((r) => r.posting)).size).toBe(3);
    expect(m.ledger.filter((r) => r.account === 'shopper_receivable').reduce((s, r) => s + Number(r.amount_cents), 0)).toBe(0);
    expect(m.events.map((e) => [e.type, e.outcome])).toEqual([
      ['payment_intent.amount_capturable_updated', 'released, cash received'], ['payment_intent.succeeded', 'already settled'],
    ]);
    await expectBalanced();
  });

  it('given up between the unlocked read and the statement: the statement writes nothing, and the transactional path gives the money back', async () => {
    const purchaseId = await paidWithEventsHeld();
    const stockBefore = await stockOf(lampId);
    const read = hold().readHeld.bind(hold());
    // the expiry job's give-up commits just after the webhook read the held sub-orders (its stock back, the attempt given up)
    const racing = vi.spyOn(hold(), 'readHeld').mockImplementation(async (db, id): Promise<HeldSubOrder[]> => {
      const subs = await read(db, id);
      await t.database.db.transaction(async (tx) => {
        await hold().giveUp(tx, id, 'Payment not completed: stock released');
        await tx.execute(sql`update payment_attempts set expired_at = now() where purchase_id = ${id}`);
      });
      return subs;
    });
    const guarded = vi.spyOn(hold(), 'releaseGuarded');
    pay.local.queue.release();
    await pay.flush();
    await t.app.services.cardPayments.idle();
    await pay.flush();
    racing.mockRestore();
    expect(await guarded.mock.results[0]!.value).toBeNull();
    guarded.mockRestore();
    const m = await moneyOf(purchaseId);
    // never sold: no sale posted, the sub-orders stay cancelled, the stock stays back on sale
    expect(m.a.sale_posted_at).toBeNull();
    expect(m.subs.map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
    expect(m.ledger.filter((r) => r.posting.startsWith('placed:'))).toEqual([]);
    expect(m.histories.filter((h) => h.to_status === 'pending')).toEqual([]);
    expect(await stockOf(lampId)).toBe(stockBefore + 1);
    // the money captured meanwhile is booked and owed back once, through the transactional path's late payment
    expect(m.events[0]!.outcome).toMatch(/after it was given up/);
    await expectBalanced();
  });
});
