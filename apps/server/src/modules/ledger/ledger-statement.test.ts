import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../test/admin-fixtures.js';

// vendorBalance / statementPage (decision 0096): the read paths bench:ledger measures, checked for what they answer.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a vendor's balance and statement from the ledger", () => {
  it('sums its own payable rows only, and pages through all of them newest first without gaps or repeats', async () => {
    const a = await signupVendor(t.app, 'Statement One LLC');
    const b = await signupVendor(t.app, 'Statement Two LLC');
    const pa = await makeProduct(t.app, { name: 'Statement Lamp', priceCents: 12_345, status: 'active', categories: ['Lamps'], vendorId: a.vendor.id });
    const pb = await makeProduct(t.app, { name: 'Statement Rug', priceCents: 20_000, status: 'active', categories: ['Rugs'], vendorId: b.vendor.id });
    for (let i = 0; i < 3; i++) await placeOrder(t.app, [{ productId: pa.id, quantity: 1 + i }, { productId: pb.id, quantity: 1 }]);
    const cancelled = await placeOrder(t.app, [{ productId: pa.id, quantity: 1 }]);
    await t.app.services.orders.setStatus(cancelled.id, 'cancelled');

    const ledger = t.app.services.ledger;
    const [balance] = await ledger.vendorBalance(a.vendor.id);
    const [rows] = await t.database.query<{ owed: string; n: number }>(
      "select (-sum(amount_cents))::text as owed, count(*)::int as n from ledger_entries where account = 'vendor_payable' and vendor_id = $1", [a.vendor.id]);
    expect(balance).toEqual({ currency: expect.any(String), balance_cents: Number(rows!.owed), entries: rows!.n });
    expect(balance!.balance_cents).toBe(await ledger.vendorBalanceCents(a.vendor.id, balance!.currency));
    expect(balance!.balance_cents).toBeGreaterThan(0);
    expect(await ledger.vendorBalance(999_999)).toEqual([]);

    // pages of 4: every row of vendor a once, ids strictly falling, none of vendor b's
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const page = await ledger.statementPage(a.vendor.id, cursor, 4);
      expect(page.entries.length).toBeLessThanOrEqual(4);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen).toHaveLength(rows!.n);
    expect([...seen].sort((x, y) => y - x)).toEqual(seen);
    expect(new Set(seen).size).toBe(seen.length);
    const own = await t.database.query<{ id: string }>("select id::text from ledger_entries where account = 'vendor_payable' and vendor_id = $1", [a.vendor.id]);
    expect(new Set(seen)).toEqual(new Set(own.map((r) => Number(r.id))));
    // the statement's amounts add up to the balance (credits are negative: owed to the vendor)
    const all = await ledger.statementPage(a.vendor.id, null, 1000);
    expect(-all.entries.reduce((s, e) => s + e.amount_cents, 0)).toBe(balance!.balance_cents);
    expect(all.next_cursor).toBeNull();
    expect(all.entries.some((e) => e.kind === 'refund')).toBe(true);
  });
});
