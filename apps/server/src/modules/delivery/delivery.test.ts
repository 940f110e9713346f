import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { DEFAULT_TRANSIT_DAYS, deliveryPromise, holidaySet } from '@souq/shared/rules/delivery-promise';
import { UAE_HOLIDAYS_SEED } from '@souq/shared/rules/uae-holidays';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
});
afterAll(() => t.close());

let seq = 0;
const product = (vendorId: number | null, priceCents = 6000) =>
  t.app.services.catalogue.createProduct({ name: `Promise Item ${++seq}`, priceCents, stock: 10, status: 'active', categories: ['Test'], vendorId });
const address = { name: 'Omar Saleh', phone: '+971 55 765 4321', emirate: 'fujairah', area: 'Dibba', street: 'Corniche Road, Villa 7', landmark: 'near the fish market' };
const holidays = async () => holidaySet((await t.database.query<{ d: string }>(`select to_char(date, 'YYYY-MM-DD') as d from public_holidays`)).map((r) => r.d));
/** The promise the rule gives at one of two instants around a request (a request never straddles a cut-off in practice; both are allowed). */
const eitherOf = async (before: Date, after: Date, rule: { handlingDays: number; cutoff: string }, transit: { min: number; max: number }) => {
  const h = await holidays();
  return [deliveryPromise({ at: before, ...rule, transit, holidays: h }), deliveryPromise({ at: after, ...rule, transit, holidays: h })];
};

describe('public holidays (decision 0151)', () => {
  it('are seeded once with the 2026 and 2027 holidays, the Islamic ones estimated', async () => {
    const res = await call(t.app, { url: '/api/admin/holidays', token: admin });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(UAE_HOLIDAYS_SEED.length);
    expect(res.json.find((h: { date: string }) => h.date === '2026-12-02')).toEqual({ date: '2026-12-02', name_en: 'National Day', name_ar: 'عيد الاتحاد', estimated: false });
    expect(res.json.find((h: { date: string }) => h.date === '2026-05-27')).toMatchObject({ name_en: 'Eid Al Adha', estimated: true });
    // a second start seeds nothing again: a removed holiday stays removed
    await t.app.services.delivery.remove('2027-08-15', { userId: null, role: 'system', name: 'test', ip: null });
    await t.app.services.delivery.seedHolidays();
    expect((await call(t.app, { url: '/api/admin/holidays', token: admin })).json).toHaveLength(UAE_HOLIDAYS_SEED.length - 1);
  });

  it('an admin adds and removes a holiday, each audited; a bad date is 400, a repeat 409, an unknown one 404, nothing written', async () => {
    const added = await call(t.app, { method: 'POST', url: '/api/admin/holidays', token: admin, body: { date: '2027-02-11', name_en: 'Extra day', name_ar: 'يوم إضافي', estimated: true } });
    expect(added.status).toBe(201);
    expect(added.json).toEqual({ date: '2027-02-11', name_en: 'Extra day', name_ar: 'يوم إضافي', estimated: true });
    expect((await call(t.app, { method: 'POST', url: '/api/admin/holidays', token: admin, body: { date: '2027-02-11', name_en: 'Again', name_ar: 'مرة أخرى' } })).json.error).toBe(MSG.holidayExists);
    for (const date of ['2027-02-30', '11/02/2027', '2027-2-1', '0000-01-01']) {
      const bad = await call(t.app, { method: 'POST', url: '/api/admin/holidays', token: admin, body: { date, name_en: 'Bad', name_ar: 'خطأ' } });
      expect(bad.status, date).toBe(400);
      expect(bad.json.fields?.date).toBe(MSG.holidayDateInvalid);
    }
    expect((await call(t.app, { method: 'DELETE', url: '/api/admin/holidays/2027-02-11', token: admin })).status).toBe(200);
    expect((await call(t.app, { method: 'DELETE', url: '/api/admin/holidays/0000-01-01', token: admin })).status).toBe(400);
    const gone = await call(t.app, { method: 'DELETE', url: '/api/admin/holidays/2027-02-11', token: admin });
    expect(gone.status).toBe(404);
    expect(gone.json.error).toBe(MSG.holidayNotFound);
    const audit = await t.database.query<{ action: string; changes: Record<string, unknown> }>(`select action, changes from audit_log where target_type = 'holiday' and target_id = '2027-02-11' order by id`);
    expect(audit.map((a) => a.action)).toEqual(['holiday.add', 'holiday.remove']);
    expect(audit[0]!.changes).toMatchObject({ name_en: { before: null, after: 'Extra day' } });
    const { token } = await signupCustomer(t.app);
    expect((await call(t.app, { method: 'POST', url: '/api/admin/holidays', token, body: { date: '2027-02-12', name_en: 'X', name_ar: 'س' } })).status).toBe(403);
  });
});

describe('the delivery promise at checkout (decision 0151)', () => {
  it("quotes each seller's part its own dates to the emirate, from its handling days and cut-off", async () => {
    const fast = await signupVendor(t.app, 'Promise Fast LLC');
    const slow = await signupVendor(t.app, 'Promise Slow LLC');
    const set = await call(t.app, { method: 'PUT', url: '/api/vendor/shipping', token: slow.token, body: { shipping_fee_cents: null, free_shipping_above_cents: null, return_window_days: 14, handling_days: 4, cutoff_time: '10:30' } });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ handling_days: 4, cutoff_time: '10:30' });
    const badCutoff = await call(t.app, { method: 'PUT', url: '/api/vendor/shipping', token: slow.token, body: { shipping_fee_cents: null, free_shipping_above_cents: null, return_window_days: 14, cutoff_time: '25:00' } });
    expect(badCutoff.status).toBe(400);
    expect(badCutoff.json.fields?.cutoff_time).toBe(MSG.cutoffTimeInvalid);
    const [a, b, own] = [await product(fast.vendor.id), await product(slow.vendor.id), await product(null)];
    const items = [{ product_id: a.id, quantity: 1 }, { product_id: b.id, quantity: 1 }, { product_id: own.id, quantity: 1 }];

    const none = await call(t.app, { method: 'POST', url: '/api/orders/quote', body: { items } });
    expect(none.json.sellers.map((s: { delivery_promise: unknown }) => s.delivery_promise)).toEqual([null, null, null]);

    const before = new Date();
    const quote = await call(t.app, { method: 'POST', url: '/api/orders/quote', body: { items, emirate: 'fujairah' } });
    const after = new Date();
    expect(quote.status).toBe(200);
    const byVendor = new Map(quote.json.sellers.map((s: { vendor_id: number | null; delivery_promise: unknown }) => [s.vendor_id, s.delivery_promise]));
    expect(await eitherOf(before, after, { handlingDays: 1, cutoff: '14:00' }, DEFAULT_TRANSIT_DAYS.fujairah)).toContainEqual(byVendor.get(fast.vendor.id));
    expect(await eitherOf(before, after, { handlingDays: 4, cutoff: '10:30' }, DEFAULT_TRANSIT_DAYS.fujairah)).toContainEqual(byVendor.get(slow.vendor.id));
    expect(await eitherOf(before, after, { handlingDays: 1, cutoff: '14:00' }, DEFAULT_TRANSIT_DAYS.fujairah)).toContainEqual(byVendor.get(null));
    const slowP = byVendor.get(slow.vendor.id) as { earliest: string };
    const fastP = byVendor.get(fast.vendor.id) as { earliest: string };
    expect(slowP.earliest > fastP.earliest).toBe(true);

    const bad = await call(t.app, { method: 'POST', url: '/api/orders/quote', body: { items, emirate: 'muscat' } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields?.emirate).toBe(MSG.emirateInvalid);
  });

  it('a purchase to a typed address freezes each part its promise and the structured address, and saves it when asked', async () => {
    const v = await signupVendor(t.app, 'Promise Freeze LLC');
    const p = await product(v.vendor.id);
    const { token, user } = await signupCustomer(t.app);
    const before = new Date();
    const res = await call(t.app, {
      method: 'POST', url: '/api/orders', token,
      body: {
        items: [{ product_id: p.id, quantity: 1 }], customer_info: { name: 'Omar Saleh', email: user.email },
        shipping_address: { address: 'typed by the old form' }, payment_method: 'cod', delivery_address: address, save_address: true,
      },
    });
    const after = new Date();
    expect(res.status).toBe(201);
    const sub = res.json.order.sub_orders[0];
    expect(await eitherOf(before, after, { handlingDays: 1, cutoff: '14:00' }, DEFAULT_TRANSIT_DAYS.fujairah)).toContainEqual(sub.delivery_promise);
    expect(sub.delivery_address).toMatchObject({ emirate: 'fujairah', area: 'Dibba', phone: '+971557654321', makani: null, flat: '' });
    expect(sub.shipping_address).toBe('Corniche Road, Villa 7, Dibba, near the fish market, Fujairah, United Arab Emirates');
    const [row] = await t.database.query<{ e: string; l: string; addr: { emirate: string } }>(
      `select to_char(promise_earliest, 'YYYY-MM-DD') as e, to_char(promise_latest, 'YYYY-MM-DD') as l, delivery_address as addr from orders where id = $1`, [sub.id]);
    expect({ earliest: row!.e, latest: row!.l }).toEqual(sub.delivery_promise);
    expect(row!.addr.emirate).toBe('fujairah');
    // frozen: a holiday added later and the seller's slower rule change nothing on the placed order
    await t.database.query('update vendors set handling_days = 9 where id = $1', [v.vendor.id]);
    const mine = await call(t.app, { url: `/api/my/orders/${res.json.order.id}`, token });
    expect(mine.json.sub_orders[0].delivery_promise).toEqual(sub.delivery_promise);
    // saved to the book as asked
    const book = (await call(t.app, { url: '/api/my/addresses', token })).json;
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({ is_default: true, address: { area: 'Dibba' } });
  });

  it("a saved address picks its emirate; another shopper's saved address is 404 and places nothing; older orders keep their text", async () => {
    const owner = await signupCustomer(t.app);
    const other = await signupCustomer(t.app);
    const saved = (await call(t.app, { method: 'POST', url: '/api/my/addresses', token: owner.token, body: { address: { ...address, emirate: 'dubai', area: 'Jumeirah 1' } } })).json;
    const p = await product(null);
    const body = (email: string) => ({ items: [{ product_id: p.id, quantity: 1 }], customer_info: { name: 'Someone', email }, shipping_address: { address: 'x' }, payment_method: 'cod', address_id: saved.id });
    const count = async () => (await t.database.query<{ n: number }>('select count(*)::int as n from purchases'))[0]!.n;
    const n = await count();
    const stolen = await call(t.app, { method: 'POST', url: '/api/orders', token: other.token, body: body(other.email) });
    expect(stolen.status).toBe(404);
    expect(stolen.json.error).toBe(MSG.addressNotFound);
    const guest = await call(t.app, { method: 'POST', url: '/api/orders', body: body('guest@example.test') });
    expect(guest.status).toBe(400);
    expect(await count()).toBe(n);
    const ok = await call(t.app, { method: 'POST', url: '/api/orders', token: owner.token, body: body(owner.email) });
    expect(ok.status).toBe(201);
    expect(ok.json.order.sub_orders[0].delivery_address).toMatchObject({ emirate: 'dubai', area: 'Jumeirah 1' });
    expect(ok.json.order.sub_orders[0].delivery_promise).not.toBeNull();
    // an order without a structured address (older checkouts, agents): its free text as written, no promise
    const old = await call(t.app, { method: 'POST', url: '/api/orders', body: { ...body('old@example.test'), address_id: undefined, shipping_address: { address: 'Villa 3, Street 12, Al Safa', city: 'Dubai' } } });
    expect(old.status).toBe(201);
    expect(old.json.order.sub_orders[0]).toMatchObject({ shipping_address: 'Villa 3, Street 12, Al Safa, Dubai', delivery_address: null, delivery_promise: null });
  });
});
