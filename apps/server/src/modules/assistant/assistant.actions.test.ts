import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, RETURN_REASONS } from '@souq/shared/constants';
import { call, createTestApp, verifiedVendorPair, uniqueEmail, type TestContext } from '../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../test/admin-fixtures.js';
import { SYSTEM_ACTOR } from '../../platform/audit.js';
import { aftersalesPhrases } from './assistant.aftersales-phrases.js';

// Issue 37 item 1, decision 0127: every action the assistant can take on an item, against every state the item's
// sub-order (and its returns) can be in, in both languages. The shopper asks about one item of a purchase that also holds
// an item that could be cancelled and one that could be returned (other sellers' parts): the answer is about the asked
// item only — a proposal naming it, its seller and the amount, or why not and what can be done instead — a 'yes' acts on
// exactly that, and the other items are never named, proposed or touched.

let t: TestContext;
const DAY = 86_400_000;
const SELLER = 'Amber Lamps LLC';
const TARGET = { en: 'Cedar Reading Lamp', ar: 'مصباح قراءة سيدار' };
const ids: Record<'target' | 'book' | 'kettle', number> = { target: 0, book: 0, kettle: 0 };
const DECOYS = ['Desert Atlas Hardcover', 'Brass Tea Kettle', 'غلاية شاي نحاسية'];

beforeAll(async () => {
  t = await createTestApp();
  const vendors = await verifiedVendorPair(t, SELLER, 'Basil Books LLC');
  ids.target = (await makeProduct(t.app, { name: TARGET.en, nameAr: TARGET.ar, priceCents: 12_000, stock: 500, vendorId: vendors.vendorA.id })).id;
  ids.book = (await makeProduct(t.app, { name: 'Desert Atlas Hardcover', priceCents: 9_000, stock: 500, vendorId: vendors.vendorB.id })).id;
  // the marketplace's own product (no vendor): a third part
  ids.kettle = (await makeProduct(t.app, { name: 'Brass Tea Kettle', nameAr: 'غلاية شاي نحاسية', priceCents: 7_000, stock: 500 })).id;
});
afterAll(() => t?.close());

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

const STATES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'delivered-late', 'return-requested', 'return-approved', 'returned', 'cancelled', 'refunded'] as const;
type State = (typeof STATES)[number];
const LIFECYCLE = ['confirmed', 'processing', 'shipped', 'delivered'] as const;

/** A fresh shopper whose purchase holds the item in `state`, a book waiting to be confirmed and a kettle delivered. */
async function shopperWith(state: State) {
  const email = uniqueEmail('actions');
  const user = await t.app.services.accounts.createUser({ name: 'Table Shopper', email, password: DEMO_PASSWORD, role: 'user' });
  const token = await t.app.services.sessions.create(user.id, 'user', DAY);
  const first = await placeOrder(t.app, [{ productId: ids.target, quantity: 1 }, { productId: ids.book, quantity: 1 }, { productId: ids.kettle, quantity: 1 }], {
    userId: user.id, email, name: 'Table Shopper',
  });
  const parts = first.purchase.sub_orders;
  const part = (productId: number) => parts.find((p) => p.items.some((i) => i.product_id === productId))!;
  const target = part(ids.target);
  const kettle = part(ids.kettle);
  const walk = async (id: number, to: (typeof LIFECYCLE)[number]) => {
    for (const step of LIFECYCLE.slice(0, LIFECYCLE.indexOf(to) + 1)) {
      await t.app.services.orders.setStatus(id, step, step === 'shipped' ? { tracking: { number: `TRK${id}`, carrier: 'Aramex' } } : {});
    }
  };
  await walk(kettle.id, 'delivered');
  const deliveredAt = new Date(Date.now() - (state === 'delivered-late' ? 40 : 2) * DAY);
  if (state === 'cancelled') {
    await t.app.services.orders.setStatus(target.id, 'confirmed');
    await t.app.services.orders.setStatus(target.id, 'cancelled');
  } else if (state !== 'pending') {
    const to = state === 'confirmed' || state === 'processing' || state === 'shipped' ? state : 'delivered';
    await walk(target.id, to);
    if (to === 'delivered') await q('update orders set delivered_at = $2 where id = $1', [target.id, deliveredAt]);
  }
  // an admin's refund moved the status (the assistant only reads it)
  if (state === 'refunded') await q("update orders set status = 'refunded' where id = $1", [target.id]);
  const [line] = await q<{ id: number }>('select id from order_items where order_id = $1', [target.id]);
  let returnId = 0;
  if (state.startsWith('return')) {
    const actor = { userId: user.id, role: 'user' as const, name: 'Table Shopper', ip: null };
    const r = await t.app.services.returns.request(user.id, { order_id: target.id, line_id: line!.id, units: 1, reason: 'damaged', reason_text: '' }, actor);
    returnId = r.id;
    if (state !== 'return-requested') await t.app.services.returns.approve(r.id, { admin: true }, '', SYSTEM_ACTOR);
    if (state === 'returned') await t.app.services.returns.receive(r.id, { admin: true }, true, SYSTEM_ACTOR);
  }
  return { userId: user.id, token, target, others: parts.filter((p) => p.id !== target.id), lineId: line!.id, deliveredAt, returnId };
}

type Case = Awaited<ReturnType<typeof shopperWith>>;

async function chat(c: Case, message: string) {
  const res = await call(t.app, { method: 'POST', url: '/api/ai/chat', token: c.token, body: { message, conversationId: `table-chat-${c.userId}` } });
  expect(res.status, res.body).toBe(200);
  return res.json.response as string;
}

const statusesOf = async (c: Case) =>
  new Map((await q<{ id: number; status: string }>('select id, status from orders where id = any($1::int[])', [c.others.map((p) => p.id)])).map((r) => [r.id, r.status]));

/** The other sellers' parts and returns, as they were: the answer never acts on them. */
async function othersUntouched(c: Case, statuses: Map<number, string>) {
  for (const p of c.others) expect((await q<{ status: string }>('select status from orders where id = $1', [p.id]))[0]!.status).toBe(statuses.get(p.id));
  expect(await q('select 1 from return_requests where user_id = $1 and order_id <> $2', [c.userId, c.target.id])).toHaveLength(0);
}
const targetStatus = async (c: Case) => (await q<{ status: string }>('select status from orders where id = $1', [c.target.id]))[0]!.status;
const targetReturns = async (c: Case) => q<{ id: number; reason_text: string }>('select id, reason_text from return_requests where user_id = $1 and order_id = $2 order by id', [c.userId, c.target.id]);

const ASK = {
  cancel: { en: 'cancel the cedar reading lamp', ar: 'ألغِ مصباح القراءة' },
  return: { en: 'I want to return the cedar reading lamp', ar: 'أبي أرجع مصباح القراءة' },
};
const YES = { en: 'yes', ar: 'نعم' };
const BECAUSE = { en: 'the switch stopped working', ar: 'المفتاح توقف عن العمل' };

describe.each(['en', 'ar'] as const)('every action against every state (%s)', (lang) => {
  const s = aftersalesPhrases(lang);
  const item = { name: TARGET[lang], quantity: 1 };
  const closesOf = (c: Case) => new Date(c.deliveredAt.getTime() + 14 * DAY);

  it.each(STATES)('cancel, the item %s', async (state) => {
    const c = await shopperWith(state);
    const before = await statusesOf(c);
    const statusBefore = await targetStatus(c);
    const amount = { cents: Math.round(c.target.total_amount * 100), currency: 'AED' };
    const reply = await chat(c, ASK.cancel[lang]);
    for (const name of DECOYS) expect(reply).not.toContain(name);
    const expected: Record<State, string> = {
      pending: s.cancelPropose([{ items: [item], seller: SELLER, amount }], amount, false),
      confirmed: s.cancelPropose([{ items: [item], seller: SELLER, amount }], amount, false),
      processing: s.cancelPropose([{ items: [item], seller: SELLER, amount }], amount, false),
      shipped: s.shippedCannotCancel(item, c.target.order_number, SELLER, 14),
      delivered: `${s.deliveredCannotCancel(item, c.deliveredAt)} ${s.offerReturn(closesOf(c), SELLER, 14)}`,
      'delivered-late': `${s.deliveredCannotCancel(item, c.deliveredAt)} ${s.windowClosed(item, SELLER, 14, c.deliveredAt, closesOf(c))}`,
      'return-requested': `${s.deliveredCannotCancel(item, c.deliveredAt)} ${s.returnOpen(item, c.returnId, 'requested')}`,
      'return-approved': `${s.deliveredCannotCancel(item, c.deliveredAt)} ${s.returnOpen(item, c.returnId, 'approved')}`,
      returned: s.alreadyReturned(item, c.returnId),
      cancelled: s.alreadyCancelled(item, c.target.order_number, false),
      refunded: s.alreadyRefunded(item, c.target.order_number),
    };
    expect(reply).toBe(expected[state]);
    // nothing is done before the yes
    expect(await targetStatus(c)).toBe(statusBefore);
    const yes = await chat(c, YES[lang]);
    for (const name of DECOYS) expect(yes).not.toContain(name);
    if (['pending', 'confirmed', 'processing'].includes(state)) {
      expect(yes).toBe(s.cancelDone([item], amount, false));
      expect(await targetStatus(c)).toBe('cancelled');
    } else {
      expect(await targetStatus(c)).toBe(statusBefore);
      // the return offered for a delivered item starts with its questions, nothing done yet
      if (state === 'delivered') expect(yes).toBe(s.why(s.list(RETURN_REASONS.map((r) => s.reasons[r]))));
    }
    expect((await targetReturns(c)).length).toBe(state.startsWith('return') ? 1 : 0);
    await othersUntouched(c, before);
  });

  it.each(STATES)('return, the item %s', async (state) => {
    const c = await shopperWith(state);
    const before = await statusesOf(c);
    const statusBefore = await targetStatus(c);
    const amount = { cents: Math.round(c.target.total_amount * 100), currency: 'AED' };
    const reply = await chat(c, ASK.return[lang]);
    for (const name of DECOYS) expect(reply).not.toContain(name);
    const why = s.why(s.list(RETURN_REASONS.map((r) => s.reasons[r])));
    const expected: Record<State, string> = {
      pending: s.notShippedOfferCancel(item, amount),
      confirmed: s.notShippedOfferCancel(item, amount),
      processing: s.notShippedOfferCancel(item, amount),
      shipped: s.notDeliveredYet(item, SELLER, 14),
      delivered: why,
      'delivered-late': s.windowClosed(item, SELLER, 14, c.deliveredAt, closesOf(c)),
      'return-requested': s.returnOpen(item, c.returnId, 'requested'),
      'return-approved': s.returnOpen(item, c.returnId, 'approved'),
      returned: s.alreadyReturned(item, c.returnId),
      cancelled: s.cancelledNothingToReturn(item),
      refunded: s.alreadyRefunded(item, c.target.order_number),
    };
    expect(reply).toBe(expected[state]);
    const returnsBefore = (await targetReturns(c)).length;
    if (state === 'delivered') {
      const quote = (await t.app.services.returns.refundQuote(c.userId, c.target.id, c.lineId, 1))!;
      const refund = { cents: quote.total_cents, currency: quote.currency };
      expect(await chat(c, BECAUSE[lang])).toBe(s.returnPropose(1, { name: TARGET[lang] }, c.target.order_number, SELLER, refund, false, BECAUSE[lang]));
      expect(await targetReturns(c)).toHaveLength(0);
      const opened = await chat(c, YES[lang]);
      const [ret] = await targetReturns(c);
      expect(opened).toBe(s.returnOpened(ret!.id, refund));
      expect(ret!.reason_text).toBe(BECAUSE[lang]);
    } else {
      const yes = await chat(c, YES[lang]);
      for (const name of DECOYS) expect(yes).not.toContain(name);
      // the cancel offered for an item not yet shipped is proposed, naming it — nothing done yet
      if (['pending', 'confirmed', 'processing'].includes(state)) expect(yes).toBe(s.cancelPropose([{ items: [item], seller: SELLER, amount }], amount, false));
      expect(await targetReturns(c)).toHaveLength(returnsBefore);
    }
    expect(await targetStatus(c)).toBe(statusBefore);
    await othersUntouched(c, before);
  });
});

// The asked item named by another name of its kind (the search's equivalent names, Gulf words): 'the light' and
// «اللمبة» are the reading lamp; the book and the kettle (other sellers' parts) are never named or acted on.
describe.each([
  ['en', 'cancel the light please'],
  ['ar', 'أبغى ألغي اللمبة'],
] as const)('an item named by another name of its kind (%s)', (lang, message) => {
  it(`"${message}" proposes cancelling the lamp only`, async () => {
    const s = aftersalesPhrases(lang);
    const c = await shopperWith('pending');
    const before = await statusesOf(c);
    const amount = { cents: Math.round(c.target.total_amount * 100), currency: 'AED' };
    const reply = await chat(c, message);
    expect(reply).toBe(s.cancelPropose([{ items: [{ name: TARGET[lang], quantity: 1 }], seller: SELLER, amount }], amount, false));
    for (const name of DECOYS) expect(reply).not.toContain(name);
    await othersUntouched(c, before);
  });
});
