import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { PAYOUT_MINIMUM_CENTS, payoutReference } from '@souq/shared/constants';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { expectAdminOnly, makeProduct, placeOrder } from '../../../test/admin-fixtures.js';

// Vendor balances, payout accounts, payout batches and adjustments (issue 24 item 5, decision 0095), through the
// routes, on the real database.
let t: TestContext;
let admin: string;
let customer: Awaited<ReturnType<typeof signupCustomer>>;
let a: Awaited<ReturnType<typeof signupVendor>>;
let b: Awaited<ReturnType<typeof signupVendor>>;
const IBAN_A = 'AE070331234567890123456';
// another valid UAE IBAN (check digits worked out for this account number)
const IBAN_B = 'AE960260001015180340701';

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  customer = await signupCustomer(t.app, 'Pia Payout');
  a = await signupVendor(t.app, 'Amber Payouts LLC');
  b = await signupVendor(t.app, 'Basil Payouts LLC');
});
afterAll(() => t.close());

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const count = async (table: string) => (await q<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
async function expectBalanced() {
  expect(await q('select posting, currency, sum(amount_cents)::int8 from ledger_entries group by 1, 2 having sum(amount_cents) <> 0')).toEqual([]);
}
/** An admin verifies a vendor's payout account (decision 0125): new accounts are paid only after it. */
const verifyAccount = async (vendorId: number) => {
  const res = await call(t.app, { method: 'POST', url: `/api/admin/finance/payout-accounts/${vendorId}/verify`, token: admin });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
};
const balanceOf = async (token: string) => (await call(t.app, { url: '/api/vendor/earnings', token })).json;
/** Sells `cents` worth of one vendor's product, delivers it and lets its return window close: it becomes available. */
async function availableSale(vendorId: number, priceCents: number, opts: { deliveredDaysAgo?: number } = {}) {
  const p = await makeProduct(t.app, { name: `Item ${vendorId}-${priceCents}-${Math.random()}`, priceCents, stock: 100, vendorId });
  const order = await placeOrder(t.app, [{ productId: p.id, quantity: 1 }]);
  await t.app.services.orders.setStatus(order.id, 'delivered');
  const days = opts.deliveredDaysAgo ?? 30;
  await q(`update orders set delivered_at = now() - make_interval(days => $2) where id = $1`, [order.id, days]);
  const owed = (await q<{ s: number }>(`select -sum(amount_cents)::int as s from ledger_entries where order_id = $1 and account = 'vendor_payable'`, [order.id]))[0]!.s;
  return { order, owed };
}

describe('payout account (IBAN)', () => {
  it('is read and set by the vendor itself or an admin; another vendor gets 404, a customer 403, anonymous 401', async () => {
    const url = `/api/vendors/${a.vendor.id}/payout-account`;
    expect((await call(t.app, { url })).status).toBe(401);
    expect((await call(t.app, { url, token: customer.token })).status).toBe(403);
    expect((await call(t.app, { url, token: b.token })).status).toBe(404);
    const put = await call(t.app, { method: 'PUT', url, token: b.token, body: { iban: IBAN_B, account_holder: 'Basil' } });
    expect(put.status).toBe(404);
    expect((await call(t.app, { url, token: a.token })).json).toEqual({ iban: null, account_holder: null, updated_at: null, state: null, payable_from: null, verified_at: null, failure_reason: null });
    expect((await call(t.app, { url, token: admin })).status).toBe(200);
  });

  it('refuses a wrong IBAN with 400 and writes nothing; a good one is stored normalized and audited masked', async () => {
    const url = `/api/vendors/${a.vendor.id}/payout-account`;
    for (const [body, message] of [
      [{ iban: 'AE070331234567890123465', account_holder: 'Amber Payouts LLC' }, MSG.ibanChecksum],
      [{ iban: 'GB29NWBK60161331926819', account_holder: 'Amber Payouts LLC' }, MSG.ibanFormat],
      [{ iban: 'AE07033123456789012345', account_holder: 'Amber Payouts LLC' }, MSG.ibanFormat],
      [{ iban: IBAN_A, account_holder: ' ' }, MSG.accountHolderRequired],
      [{ account_holder: 'Amber' }, null],
    ] as const) {
      const res = await call(t.app, { method: 'PUT', url, token: a.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(JSON.stringify(res.json)).toContain(message);
    }
    expect((await q(`select payout_iban from vendors where id = $1 and payout_iban is not null`, [a.vendor.id]))).toEqual([]);
    expect(await q(`select 1 from audit_log where action = 'vendor.payout_account'`)).toEqual([]);

    const ok = await call(t.app, { method: 'PUT', url, token: a.token, body: { iban: 'ae07 0331 2345 6789 0123 456', account_holder: 'Amber Payouts LLC' } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ iban: IBAN_A, account_holder: 'Amber Payouts LLC' });
    const [entry] = await q<{ changes: Record<string, { before: unknown; after: unknown }> }>(`select changes from audit_log where action = 'vendor.payout_account'`);
    expect(entry!.changes.iban).toEqual({ before: null, after: 'AE•• •••• 3456' });
    expect(JSON.stringify(entry)).not.toContain(IBAN_A);
  });
});

describe('vendor balance', () => {
  it('is for vendors only, and each vendor sees only its own entries', async () => {
    for (const url of ['/api/vendor/earnings', '/api/vendor/earnings/entries', '/api/vendor/earnings/payouts', '/api/vendor/earnings/statement?from=2026-01-01&to=2026-01-31']) {
      expect((await call(t.app, { url })).status, url).toBe(401);
      expect((await call(t.app, { url, token: customer.token })).status, url).toBe(403);
      expect((await call(t.app, { url, token: admin })).status, url).toBe(403);
    }
    const p = await makeProduct(t.app, { name: 'Only Basil', priceCents: 4_000, stock: 5, vendorId: b.vendor.id });
    await placeOrder(t.app, [{ productId: p.id, quantity: 1 }]);
    const mine = await call(t.app, { url: '/api/vendor/earnings/entries?limit=200', token: a.token });
    expect(mine.json.every((e: { vendor_id: number; account: string }) => e.vendor_id === a.vendor.id && e.account === 'vendor_payable')).toBe(true);
    const theirs = await call(t.app, { url: '/api/vendor/earnings/entries?limit=200', token: b.token });
    expect(theirs.json.length).toBeGreaterThan(0);
    expect(theirs.json.every((e: { vendor_id: number }) => e.vendor_id === b.vendor.id)).toBe(true);
  });

  it('holds a sub-order until delivery plus the return window, then makes it available', async () => {
    const before = await balanceOf(a.token);
    const p = await makeProduct(t.app, { name: 'Held Lamp', priceCents: 20_000, stock: 5, vendorId: a.vendor.id });
    const order = await placeOrder(t.app, [{ productId: p.id, quantity: 1 }]);
    const owed = (await q<{ s: number }>(`select -sum(amount_cents)::int as s from ledger_entries where order_id = $1 and account = 'vendor_payable'`, [order.id]))[0]!.s;
    expect(owed).toBeGreaterThan(0);
    let now = await balanceOf(a.token);
    expect(now.held_cents - before.held_cents).toBe(owed);
    expect(now.available_cents).toBe(before.available_cents);
    await t.app.services.orders.setStatus(order.id, 'delivered');
    now = await balanceOf(a.token);
    expect(now.held_cents - before.held_cents).toBe(owed); // delivered today: the window is open
    expect(now.next_release_at).not.toBeNull();
    await q(`update orders set delivered_at = now() - interval '13 days' where id = $1`, [order.id]);
    expect((await balanceOf(a.token)).available_cents).toBe(before.available_cents);
    await q(`update orders set delivered_at = now() - interval '15 days' where id = $1`, [order.id]);
    now = await balanceOf(a.token);
    expect(now.available_cents - before.available_cents).toBe(owed);
    expect(now.held_cents).toBe(before.held_cents);
    // the vendor's own window decides: a 30-day window holds it again
    await q(`update vendors set return_window_days = 30 where id = $1`, [a.vendor.id]);
    expect((await balanceOf(a.token)).held_cents - before.held_cents).toBe(owed);
    await q(`update vendors set return_window_days = 14 where id = $1`, [a.vendor.id]);
    expect(now.balance_cents).toBe(now.held_cents + now.available_cents);
  });
});

describe('payout batches', () => {
  it('are for admins only', async () => {
    const failures = await expectAdminOnly(t.app, { customer: customer.token, vendor: a.token }, [
      { method: 'GET', url: '/api/admin/finance/revenue' },
      { method: 'GET', url: '/api/admin/finance/balances' },
      { method: 'GET', url: '/api/admin/finance/ledger' },
      { method: 'GET', url: '/api/admin/finance/payout-batches' },
      { method: 'POST', url: '/api/admin/finance/payout-batches', body: {} },
      { method: 'GET', url: '/api/admin/finance/payout-batches/1' },
      { method: 'GET', url: '/api/admin/finance/payout-batches/1/transfers.csv' },
      { method: 'POST', url: '/api/admin/finance/payouts/1/paid' },
      { method: 'POST', url: '/api/admin/finance/payouts/1/failed', body: { reason: 'Account closed' } },
      { method: 'POST', url: '/api/admin/finance/adjustments', body: { vendor_id: a.vendor.id, amount_cents: 100, reason: 'Goodwill' } },
    ]);
    expect(failures).toEqual([]);
    expect(await count('payout_batches')).toBe(0);
  });

  it('pay every vendor at or above the minimum all of its available money, skip a vendor without IBAN, and give a bank file', async () => {
    await availableSale(a.vendor.id, 30_000);
    await availableSale(b.vendor.id, 25_000);
    const small = await signupVendor(t.app, 'Small Sales LLC');
    await call(t.app, { method: 'PUT', url: `/api/vendors/${small.vendor.id}/payout-account`, token: small.token, body: { iban: IBAN_B, account_holder: 'Small Sales LLC' } });
    await verifyAccount(small.vendor.id);
    await verifyAccount(a.vendor.id);
    await availableSale(small.vendor.id, 5_000); // below the AED 100.00 minimum after commission
    const availA = (await balanceOf(a.token)).available_cents;
    const availB = (await balanceOf(b.token)).available_cents;
    expect(availA).toBeGreaterThanOrEqual(PAYOUT_MINIMUM_CENTS);
    expect(availB).toBeGreaterThanOrEqual(PAYOUT_MINIMUM_CENTS);

    for (const body of [{ minimum_cents: 0 }, { minimum_cents: -5 }, { minimum_cents: 'lots' }, { minimum_cents: 1.5 }]) {
      expect((await call(t.app, { method: 'POST', url: '/api/admin/finance/payout-batches', token: admin, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(await count('payout_batches')).toBe(0);

    const res = await call(t.app, { method: 'POST', url: '/api/admin/finance/payout-batches', token: admin, body: {} });
    expect(res.status).toBe(201);
    const batch = res.json;
    expect(batch.minimum_cents).toBe(PAYOUT_MINIMUM_CENTS);
    expect(batch.payouts.map((p: { vendor_id: number; amount_cents: number; iban: string; status: string }) => [p.vendor_id, p.amount_cents, p.iban, p.status]))
      .toEqual([[a.vendor.id, availA, IBAN_A, 'pending']]);
    expect(batch.skipped).toEqual([{ vendor_id: b.vendor.id, vendor_name: 'Basil Payouts LLC', available_cents: availB, reason: 'no_iban' }]);
    const payout = batch.payouts[0];
    expect(payout.reference).toBe(payoutReference(payout.id));

    // the money left the available balance for the clearing account, in one balanced posting
    const after = await balanceOf(a.token);
    expect(after.available_cents).toBe(0);
    expect(after.paid_cents).toBe(availA);
    const rows = await q<{ account: string; amount_cents: number }>(`select account, amount_cents::int from ledger_entries where payout_id = $1 order by account`, [payout.id]);
    expect(rows).toEqual([{ account: 'payouts_clearing', amount_cents: -availA }, { account: 'vendor_payable', amount_cents: availA }]);
    await expectBalanced();

    const csv = await call(t.app, { url: `/api/admin/finance/payout-batches/${batch.id}/transfers.csv`, token: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toEqual([
      'vendor,iban,account_holder,amount,currency,reference',
      `Amber Payouts LLC,${IBAN_A},Amber Payouts LLC,${(availA / 100).toFixed(2)},AED,${payout.reference}`,
    ]);
    expect((await call(t.app, { url: '/api/admin/finance/payout-batches/999999/transfers.csv', token: admin })).status).toBe(404);
    const one = await call(t.app, { url: `/api/admin/finance/payout-batches/${batch.id}`, token: admin });
    expect(one.json).toEqual(batch);
    expect((await call(t.app, { url: '/api/admin/finance/payout-batches/999999', token: admin })).status).toBe(404);
    const listed = await call(t.app, { url: '/api/admin/finance/payout-batches', token: admin });
    expect([listed.json.map((x: { id: number }) => x.id), listed.headers['x-total-count']]).toEqual([[batch.id], '1']);

    // nothing left to pay: 422, nothing written
    const batches = await count('payout_batches');
    const again = await call(t.app, { method: 'POST', url: '/api/admin/finance/payout-batches', token: admin, body: {} });
    expect([again.status, again.json.error]).toEqual([422, MSG.payoutBatchEmpty]);
    expect(again.json.detail).toContain('Basil Payouts LLC');
    expect(await count('payout_batches')).toBe(batches);

    // the vendor sees it
    const mine = await call(t.app, { url: '/api/vendor/earnings/payouts', token: a.token });
    expect(mine.json.map((p: { id: number }) => p.id)).toEqual([payout.id]);
    expect((await call(t.app, { url: '/api/vendor/earnings/payouts', token: b.token })).json).toEqual([]);
    const audit = await q<{ action: string }>(`select action from audit_log where action like 'payout.%'`);
    expect(audit.map((e) => e.action)).toEqual(['payout.batch']);

    // paid: clearing → bank; a second mark is a 409
    const paid = await call(t.app, { method: 'POST', url: `/api/admin/finance/payouts/${payout.id}/paid`, token: admin });
    expect(paid.json).toMatchObject({ status: 'paid' });
    const again2 = await call(t.app, { method: 'POST', url: `/api/admin/finance/payouts/${payout.id}/failed`, token: admin, body: { reason: 'Too late' } });
    expect(again2.status).toBe(409);
    const clearing = await q<{ s: number }>(`select coalesce(sum(amount_cents), 0)::int as s from ledger_entries where payout_id = $1 and account = 'payouts_clearing'`, [payout.id]);
    expect(clearing[0]!.s).toBe(0);
    expect((await balanceOf(a.token)).paid_cents).toBe(availA);
    expect((await call(t.app, { method: 'POST', url: '/api/admin/finance/payouts/999999/paid', token: admin })).status).toBe(404);
    await expectBalanced();
  });

  it('a failed payout gives the money back to the available balance', async () => {
    await call(t.app, { method: 'PUT', url: `/api/vendors/${b.vendor.id}/payout-account`, token: admin, body: { iban: IBAN_B, account_holder: 'Basil Payouts LLC' } });
    await verifyAccount(b.vendor.id);
    const before = await balanceOf(b.token);
    expect(before.available_cents).toBeGreaterThanOrEqual(PAYOUT_MINIMUM_CENTS);
    const batch = (await call(t.app, { method: 'POST', url: '/api/admin/finance/payout-batches', token: admin, body: {} })).json;
    const payout = batch.payouts.find((p: { vendor_id: number }) => p.vendor_id === b.vendor.id);
    expect(payout.amount_cents).toBe(before.available_cents);
    expect((await balanceOf(b.token)).available_cents).toBe(0);

    for (const body of [{}, { reason: '' }, { reason: 'no' }]) {
      expect((await call(t.app, { method: 'POST', url: `/api/admin/finance/payouts/${payout.id}/failed`, token: admin, body })).status).toBe(400);
    }
    expect((await q<{ status: string }>('select status from payouts where id = $1', [payout.id]))[0]!.status).toBe('pending');
    const failed = await call(t.app, { method: 'POST', url: `/api/admin/finance/payouts/${payout.id}/failed`, token: admin, body: { reason: 'Beneficiary account closed' } });
    expect(failed.json).toMatchObject({ status: 'failed', failure_reason: 'Beneficiary account closed' });
    const after = await balanceOf(b.token);
    expect(after.available_cents).toBe(before.available_cents);
    expect(after.paid_cents).toBe(before.paid_cents);
    // the failed transfer is left out of the bank file; the money can be paid again
    const csv = await call(t.app, { url: `/api/admin/finance/payout-batches/${batch.id}/transfers.csv`, token: admin });
    expect(csv.body).not.toContain(IBAN_B);
    const retry = (await call(t.app, { method: 'POST', url: '/api/admin/finance/payout-batches', token: admin, body: {} })).json;
    expect(retry.payouts.find((p: { vendor_id: number }) => p.vendor_id === b.vendor.id).amount_cents).toBe(before.available_cents);
    await expectBalanced();
  });

  it('two admins creating batches at once never pay out more than is available', async () => {
    const vendorsInRace = await Promise.all([1, 2, 3].map((n) => signupVendor(t.app, `Race ${n} LLC`)));
    for (const v of vendorsInRace) {
      await call(t.app, { method: 'PUT', url: `/api/vendors/${v.vendor.id}/payout-account`, token: v.token, body: { iban: IBAN_A, account_holder: `Race ${v.vendor.id}` } });
      await verifyAccount(v.vendor.id);
      await availableSale(v.vendor.id, 40_000);
    }
    const ids = vendorsInRace.map((v) => v.vendor.id).sort((x, y) => x - y);
    const available = new Map<number, number>();
    for (const v of vendorsInRace) available.set(v.vendor.id, (await balanceOf(v.token)).available_cents);
    const admin2 = await adminToken(t.app, t.config);

    const results = await Promise.all([admin, admin2, admin].map((token) => call(t.app, { method: 'POST', url: '/api/admin/finance/payout-batches', token, body: {} })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    const paidOut = await q<{ vendor_id: number; n: number; total: number }>(
      `select vendor_id, count(*)::int as n, sum(amount_cents)::int as total from payouts where vendor_id = any($1::int[]) group by 1 order by 1`, [ids]);
    expect(paidOut).toEqual(ids.map((id) => ({ vendor_id: id, n: 1, total: available.get(id) })));
    for (const v of vendorsInRace) expect((await balanceOf(v.token)).available_cents).toBe(0);
    await expectBalanced();

    // the batch's payouts marked paid and failed by several admins at once: each settled once, under its row lock
    for (const p of await q<{ id: number }>(`select id from payouts where vendor_id = any($1::int[]) and status = 'pending'`, [ids])) {
      const settled = await Promise.all([admin, admin2, admin, admin2].map((token, i) => call(t.app, {
        method: 'POST', url: `/api/admin/finance/payouts/${p.id}/${i % 2 ? 'failed' : 'paid'}`, token, body: i % 2 ? { reason: 'Beneficiary account closed' } : {},
      })));
      expect(settled.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
      expect(await q('select distinct posting from ledger_entries where payout_id = $1 and posting not like $2', [p.id, 'payout:%'])).toHaveLength(1);
    }
    await expectBalanced();
  });
});

describe('manual adjustments', () => {
  it('refuse bad input with 400 and an unknown vendor with 404, writing nothing', async () => {
    const entries = await count('ledger_entries');
    for (const body of [
      { vendor_id: a.vendor.id, amount_cents: 500 }, { vendor_id: a.vendor.id, amount_cents: 500, reason: ' ' },
      { vendor_id: a.vendor.id, amount_cents: 0, reason: 'Nothing' }, { vendor_id: a.vendor.id, amount_cents: 1.5, reason: 'Half a fil' },
      { vendor_id: a.vendor.id, amount_cents: 1e12, reason: 'Too much' }, { amount_cents: 500, reason: 'Whom?' }, {},
    ]) {
      expect((await call(t.app, { method: 'POST', url: '/api/admin/finance/adjustments', token: admin, body })).status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await call(t.app, { method: 'POST', url: '/api/admin/finance/adjustments', token: admin, body: { vendor_id: 999_999, amount_cents: 500, reason: 'Ghost' } });
    expect(unknown.status).toBe(404);
    expect(await count('ledger_entries')).toBe(entries);
    expect(await q(`select 1 from audit_log where action = 'vendor.adjustment'`)).toEqual([]);
  });

  it('credit and debit the available balance against the marketplace, with the reason on the entry and in the audit trail', async () => {
    const before = await balanceOf(a.token);
    const credit = await call(t.app, { method: 'POST', url: '/api/admin/finance/adjustments', token: admin, body: { vendor_id: a.vendor.id, amount_cents: 2_500, reason: 'Courier damage compensation' } });
    expect(credit.status).toBe(201);
    expect(credit.json.map((e: { account: string; amount_cents: number; memo: string }) => [e.account, e.amount_cents, e.memo])).toEqual([
      ['marketplace_adjustments', 2_500, 'Courier damage compensation'],
      ['vendor_payable', -2_500, 'Courier damage compensation'],
    ]);
    expect((await balanceOf(a.token)).available_cents).toBe(before.available_cents + 2_500);
    await call(t.app, { method: 'POST', url: '/api/admin/finance/adjustments', token: admin, body: { vendor_id: a.vendor.id, amount_cents: -1_000, reason: 'Packaging fee' } });
    expect((await balanceOf(a.token)).available_cents).toBe(before.available_cents + 1_500);
    const audit = await q<{ changes: Record<string, { after: unknown }> }>(`select changes from audit_log where action = 'vendor.adjustment' order by id`);
    expect(audit.map((e) => [e.changes.amount_cents!.after, e.changes.reason!.after])).toEqual([[2_500, 'Courier damage compensation'], [-1_000, 'Packaging fee']]);
    const entries = await call(t.app, { url: '/api/vendor/earnings/entries?kind=adjustment', token: a.token });
    expect(entries.json.map((e: { amount_cents: number; memo: string }) => [e.amount_cents, e.memo])).toEqual([[1_000, 'Packaging fee'], [-2_500, 'Courier damage compensation']]);
    await expectBalanced();
  });
});

describe('finance read-outs', () => {
  it('browse the ledger by account, kind, vendor and day, paged; bad filters are a 400', async () => {
    const all = await call(t.app, { url: '/api/admin/finance/ledger?limit=5', token: admin });
    expect(all.json).toHaveLength(5);
    expect(Number(all.headers['x-total-count'])).toBe(await count('ledger_entries'));
    const second = await call(t.app, { url: '/api/admin/finance/ledger?limit=5&offset=5', token: admin });
    expect(second.json.map((e: { id: number }) => e.id).some((id: number) => all.json.some((e: { id: number }) => e.id === id))).toBe(false);
    const payoutsOfA = await call(t.app, { url: `/api/admin/finance/ledger?kind=payout&account=vendor_payable&vendor_id=${a.vendor.id}`, token: admin });
    expect(payoutsOfA.json.length).toBe(1);
    expect(payoutsOfA.json[0]).toMatchObject({ kind: 'payout', account: 'vendor_payable', vendor_id: a.vendor.id });
    const today = new Date().toISOString().slice(0, 10);
    const todays = await call(t.app, { url: `/api/admin/finance/ledger?from=${today}&to=${today}&limit=1`, token: admin });
    expect(Number(todays.headers['x-total-count'])).toBe(await count('ledger_entries'));
    const none = await call(t.app, { url: '/api/admin/finance/ledger?from=2001-01-01&to=2001-01-31', token: admin });
    expect(none.json).toEqual([]);
    for (const url of ['/api/admin/finance/ledger?kind=gift', '/api/admin/finance/ledger?account=cash', '/api/admin/finance/ledger?from=2026-02-31',
      '/api/admin/finance/ledger?from=2026-03-01&to=2026-02-01', '/api/admin/finance/ledger?vendor_id=x', '/api/admin/finance/ledger?limit=100000']) {
      expect((await call(t.app, { url, token: admin })).status, url).toBe(400);
    }
  });

  it('revenue per day is the commission earned less the commission reversed, as the commission account has it', async () => {
    const p = await makeProduct(t.app, { name: 'Revenue Rug', priceCents: 10_000, stock: 5, vendorId: b.vendor.id });
    const order = await placeOrder(t.app, [{ productId: p.id, quantity: 1 }]);
    await t.app.services.orders.setStatus(order.id, 'cancelled');
    const res = await call(t.app, { url: '/api/admin/finance/revenue', token: admin });
    expect(res.json.days).toHaveLength(30);
    const today = res.json.days.at(-1);
    const [sums] = await q<{ earned: number; reversed: number }>(`select
      -sum(amount_cents) filter (where kind = 'commission')::int as earned, sum(amount_cents) filter (where kind = 'commission_reversal')::int as reversed
      from ledger_entries where account = 'commission_revenue'`);
    expect(today).toEqual({ date: new Date().toISOString().slice(0, 10), commission_cents: sums!.earned, reversed_cents: sums!.reversed, net_cents: sums!.earned - sums!.reversed });
    expect(today.reversed_cents).toBe(1_000); // 10 % of the cancelled rug
    expect(res.json.total_cents).toBe(sums!.earned - sums!.reversed);
    expect((await call(t.app, { url: '/api/admin/finance/revenue?from=2026-05-02&to=2026-05-01', token: admin })).status).toBe(400);
  });

  it("lists every vendor's balance, the same figures the vendor sees", async () => {
    const rows = (await call(t.app, { url: '/api/admin/finance/balances', token: admin })).json;
    const rowA = rows.find((r: { vendor_id: number }) => r.vendor_id === a.vendor.id);
    const { vendor_id: _v, ...own } = await balanceOf(a.token);
    expect(rowA).toMatchObject({ ...own, vendor_name: 'Amber Payouts LLC', has_payout_account: true });
    const total = rows.reduce((n: number, r: { balance_cents: number }) => n + r.balance_cents, 0);
    const [payable] = await q<{ s: number }>(`select -sum(amount_cents)::int as s from ledger_entries where account = 'vendor_payable'`);
    expect(total).toBe(payable!.s);
  });

  it("gives the vendor a statement: brought forward, each entry with the running balance, closing balance", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await call(t.app, { url: `/api/vendor/earnings/statement?from=${today}&to=${today}`, token: a.token });
    expect(res.status).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('date,kind,order,payout_reference,note,amount_AED,balance_AED');
    expect(lines[1]).toContain('Balance brought forward');
    const closing = lines.at(-1)!.split(',');
    expect(closing[1]).toBe('Closing balance');
    expect(Math.round(Number(closing.at(-1)) * 100)).toBe((await balanceOf(a.token)).balance_cents);
    expect(Number(res.headers['x-export-lines'])).toBe(lines.length - 3);
    expect(res.body).toContain('Courier damage compensation');
    for (const url of ['/api/vendor/earnings/statement', `/api/vendor/earnings/statement?from=${today}`, '/api/vendor/earnings/statement?from=2026-03-01&to=2026-02-01']) {
      expect((await call(t.app, { url, token: a.token })).status, url).toBe(400);
    }
  });
});
