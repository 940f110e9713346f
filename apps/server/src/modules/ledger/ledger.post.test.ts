import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signupVendor, type TestContext } from '../../../test/harness.js';
import { post, UnbalancedPosting, type Posting } from './ledger.post.js';

// The ledger's one writer (decision 0116) against the real database: a posting is written in the caller's
// transaction, and a refused one throws before a row is written, taking the caller's other writes with it.
let t: TestContext;
let vendorId = 0;
beforeAll(async () => {
  t = await createTestApp();
  vendorId = (await signupVendor(t.app, 'Post Test LLC')).vendor.id;
});
afterAll(() => t.close());

const rowsOf = (posting: string) => t.database.query<{ account: string; amount_cents: string; vendor_id: number | null; memo: string | null }>(
  'select account, amount_cents, vendor_id, memo from ledger_entries where posting = $1 order by id', [posting]);
const adjustment = (amountCents: number, back = amountCents): Posting => ({
  kind: 'adjustment', ref: `${vendorId}:test-${amountCents}-${back}`, currency: 'AED', memo: 'post test', createdBy: null,
  lines: [
    { account: 'marketplace_adjustments', vendorId: null, kind: 'adjustment', amountCents },
    { account: 'vendor_payable', vendorId, kind: 'adjustment', amountCents: -back },
  ],
});

describe('post(tx, posting)', () => {
  it('writes a balanced posting in the caller\'s transaction and answers its id', async () => {
    const id = await t.database.db.transaction((tx) => post(tx, adjustment(1_250)));
    expect(id).toBe(`adjustment:${vendorId}:test-1250-1250`);
    expect((await rowsOf(id)).map((r) => [r.account, Number(r.amount_cents), r.vendor_id, r.memo])).toEqual([
      ['marketplace_adjustments', 1_250, null, 'post test'],
      ['vendor_payable', -1_250, vendorId, 'post test'],
    ]);
  });

  it('refuses an unbalanced one before writing, and the caller\'s transaction rolls back with it', async () => {
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from ledger_entries');
    const done = t.database.db.transaction(async (tx) => {
      await post(tx, adjustment(700));
      await post(tx, adjustment(500, 499));
    });
    await expect(done).rejects.toBeInstanceOf(UnbalancedPosting);
    await expect(done).rejects.toThrow('debits 500 ≠ credits 499');
    expect(await t.database.query<{ n: number }>('select count(*)::int as n from ledger_entries')).toEqual(before);
  });
});
