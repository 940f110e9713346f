import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { payoutReference } from '@souq/shared/constants';
import type { ReconciliationRun, ReconciliationSummary } from '@souq/shared/api/reconciliation';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { expectAdminOnly, makeProduct, placeOrder } from '../../../test/admin-fixtures.js';
import { payPlaced, startTestPayments, type TestPayments } from '../../../test/payments-fixtures.js';
import { post } from '../ledger/ledger.post.js';
import { cashInEntries } from '../payments/payments.postings.js';

// Reconciliation (issue 36 item 7, decision 0143) through the API on a fresh database and the local Stripe: card
// purchases paid, one part cancelled and refunded to the card → zero differences; a ledger posting that disagrees with
// the provider, a refund made at the provider behind Souq's back, a bank statement without a paid payout → each the
// expected difference with its cause, once; admin only.
let t: TestContext;
let pay: TestPayments;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let seller: Awaited<ReturnType<typeof signupVendor>>;
let lampId = 0;

beforeAll(async () => {
  t = await createTestApp();
  pay = await startTestPayments(t);
  admin = await adminToken(t.app, t.config);
  shopper = await signupCustomer(t.app, 'Rana Recon');
  seller = await signupVendor(t.app, 'Recon Lamps LLC');
  lampId = (await makeProduct(t.app, { name: 'Recon Lamp', priceCents: 18_750, stock: 500, vendorId: seller.vendor.id })).id;
});
afterAll(async () => {
  await t.app.services.payments.stop();
  await t.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

async function buyByCard(quantity = 1) {
  const res = await call(t.app, {
    method: 'POST', url: '/api/orders', token: shopper.token, headers: { 'idempotency-key': `recon-${Math.random()}` },
    body: {
      items: [{ product_id: lampId, quantity }], customer_info: { email: shopper.email, name: 'Rana Recon', phone: null },
      shipping_address: { address: '7 Match Street', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' }, payment_method: 'card',
    },
  });
  expect(res.status).toBe(201);
  await payPlaced(pay, res.json);
  const [a] = await q<{ provider_payment_id: string; purchase_id: number }>('select provider_payment_id, purchase_id from payment_attempts where purchase_id = $1', [res.json.order.id]);
  return a!;
}

async function runNow(): Promise<ReconciliationRun> {
  const res = await call(t.app, { method: 'POST', url: '/api/admin/finance/reconciliation/runs', token: admin });
  expect(res.status, res.body).toBe(201);
  return res.json;
}
const summary = async (): Promise<ReconciliationSummary> => (await call(t.app, { url: '/api/admin/finance/reconciliation', token: admin })).json;

/** Posts through the ledger's one writer, as a bug elsewhere would: a balanced posting that disagrees with the provider. */
async function postStray(ref: string, memo: string, lines: ReturnType<typeof cashInEntries>, purchaseId: number) {
  await t.database.db.transaction((tx) => post(tx, { kind: 'payment', ref, lines, currency: 'AED', purchaseId, memo, createdBy: null }));
}

describe('reconciliation', () => {
  it('is for admins only: anonymous 401, shopper and vendor 403', async () => {
    const failures = await expectAdminOnly(t.app, { customer: shopper.token, vendor: seller.token }, [
      { method: 'GET', url: '/api/admin/finance/reconciliation' },
      { method: 'POST', url: '/api/admin/finance/reconciliation/runs' },
      { method: 'GET', url: '/api/admin/finance/reconciliation/bank-statements' },
      { method: 'POST', url: '/api/admin/finance/reconciliation/bank-statements', body: { filename: 'x.csv', content: 'date,amount,currency,reference,description\n' } },
    ]);
    expect(failures).toEqual([]);
    expect(await q('select 1 from reconciliation_runs')).toEqual([]);
  });

  it('before any run there is nothing; card purchases paid and a part refunded to the card reconcile to zero', async () => {
    expect(await summary()).toEqual({ run: null, differences: [], statements: 0 });
    const a = await buyByCard(1);
    await buyByCard(2);
    // the first purchase cancelled by the admin: refunded to the card through the provider
    const [sub] = await q<{ id: number }>('select id from orders where purchase_id = $1', [a.purchase_id]);
    expect((await call(t.app, { method: 'PUT', url: `/api/admin/orders/${sub!.id}/status`, token: admin, body: { status: 'cancelled' } })).status).toBe(200);
    for (let i = 0; i < 50 && !(await q('select 1 from payment_refunds where posted_at is not null')).length; i++) await new Promise((r) => setTimeout(r, 50));
    await pay.flush();

    const run = await runNow();
    expect(run).toMatchObject({ status: 'done', trigger: 'admin', provider: 'stripe', provider_status: 'checked', bank_status: 'no_statement', differences: 0 });
    // two charges and one refund at the provider; the clearing account equals the provider's net, the fees its fees
    const byType = Object.fromEntries(run.provider_totals.map((x) => [x.type, x]));
    expect(byType.charge!.count).toBe(2);
    expect(byType.refund!.count).toBe(1);
    const net = run.provider_totals.reduce((s, x) => s + x.net_cents, 0);
    expect(run.ledger_totals).toEqual([{ currency: 'AED', clearing_cents: net, fees_cents: byType.charge!.fee_cents, bank_cents: 0 }]);
    expect((await summary()).run).toMatchObject({ id: run.id, differences: 0 });
    // the run is audited
    expect(await q(`select 1 from audit_log where action = 'reconciliation.run'`)).toHaveLength(1);
  });

  it('a ledger posting that disagrees with the provider is one difference: amount differs, then fee differs', async () => {
    const a = await buyByCard(1);
    expect((await runNow()).differences).toBe(0);
    await postStray('stray:1', a.provider_payment_id, cashInEntries({ capturedCents: 500, feeCents: 0 }), a.purchase_id);
    let run = await runNow();
    expect(run.differences).toBe(1);
    let [d] = (await summary()).differences;
    expect(d).toMatchObject({ source: 'provider', cause: 'amount_differs', kind: 'charge', reference: a.provider_payment_id, currency: 'AED' });
    expect(d!.our_amount_cents! - d!.their_amount_cents!).toBe(500);
    // taken back, and the fee booked 1.00 too high instead
    await postStray('stray:2', a.provider_payment_id, cashInEntries({ capturedCents: 500, feeCents: 0 }).map((l) => ({ ...l, amountCents: -l.amountCents })), a.purchase_id);
    await postStray('stray:3', a.provider_payment_id, cashInEntries({ capturedCents: 0, feeCents: 100 }), a.purchase_id);
    run = await runNow();
    expect(run.differences).toBe(1);
    [d] = (await summary()).differences;
    expect(d).toMatchObject({ cause: 'fee_differs', reference: a.provider_payment_id });
    expect(d!.our_fee_cents! - d!.their_fee_cents!).toBe(100);
    await postStray('stray:4', a.provider_payment_id, cashInEntries({ capturedCents: 0, feeCents: -100 }), a.purchase_id);
    expect((await runNow()).differences).toBe(0);
  });

  it('a payment the ledger knows and the provider does not is missing at the provider', async () => {
    const a = await buyByCard(1);
    await postStray('ghost:1', 'pi_notattheprovider', cashInEntries({ capturedCents: 1_000, feeCents: 130 }), a.purchase_id);
    const run = await runNow();
    expect(run.differences).toBe(1);
    expect((await summary()).differences[0]).toMatchObject({ cause: 'missing_at_provider', kind: 'charge', reference: 'pi_notattheprovider', their_amount_cents: null, our_amount_cents: 1_000, our_fee_cents: 130 });
    await postStray('ghost:2', 'pi_notattheprovider', cashInEntries({ capturedCents: 1_000, feeCents: 130 }).map((l) => ({ ...l, amountCents: -l.amountCents })), a.purchase_id);
  });

  it('a refund made at the provider behind Souq\'s back is missing in the ledger, once', async () => {
    const a = await buyByCard(1);
    const refund = await t.app.services.payments.provider.refund({ paymentId: a.provider_payment_id, amount: 2_500, idempotencyKey: 'recon-behind-the-back' });
    await pay.flush();
    const run = await runNow();
    // the charge and Souq's own refunds still match; only this one differs (the ghost above was taken back as well)
    const diffs = (await summary()).differences;
    expect(diffs.map((d) => [d.cause, d.kind, d.reference, d.their_amount_cents, d.our_amount_cents])).toEqual([['missing_in_ledger', 'refund', refund.id, -2_500, null]]);
    expect(run.differences).toBe(1);
  });
});

describe('the bank statement', () => {
  let payoutId = 0;
  let paidCents = 0;

  beforeAll(async () => {
    // a paid payout: a sale delivered past its return window, the IBAN verified, a batch, the bank says paid
    const p = await makeProduct(t.app, { name: 'Recon Bank Lamp', priceCents: 40_000, stock: 10, vendorId: seller.vendor.id });
    const order = await placeOrder(t.app, [{ productId: p.id, quantity: 1 }]);
    await t.app.services.orders.setStatus(order.id, 'delivered');
    await q(`update orders set delivered_at = now() - interval '30 days' where id = $1`, [order.id]);
    expect((await call(t.app, { method: 'PUT', url: `/api/vendors/${seller.vendor.id}/payout-account`, token: seller.token, body: { iban: 'AE070331234567890123456', account_holder: 'Recon Lamps LLC' } })).status).toBe(200);
    expect((await call(t.app, { method: 'POST', url: `/api/admin/finance/payout-accounts/${seller.vendor.id}/verify`, token: admin })).status).toBe(200);
    const batch = await call(t.app, { method: 'POST', url: '/api/admin/finance/payout-batches', token: admin, body: { minimum_cents: 100 } });
    expect(batch.status, batch.body).toBe(201);
    const payout = batch.json.payouts.find((x: { vendor_id: number }) => x.vendor_id === seller.vendor.id);
    payoutId = payout.id;
    paidCents = payout.amount_cents;
    expect((await call(t.app, { method: 'POST', url: `/api/admin/finance/payouts/${payoutId}/paid`, token: admin })).status).toBe(200);
  });

  const today = () => new Date().toISOString().slice(0, 10);
  const importCsv = (content: string, filename = 'statement.csv') =>
    call(t.app, { method: 'POST', url: '/api/admin/finance/reconciliation/bank-statements', token: admin, body: { filename, content } });

  it('refuses a file that is not the documented CSV, naming the first bad line, and writes nothing', async () => {
    const bad = await importCsv('when,how much\n2026-01-01,1\n');
    expect([bad.status, bad.json.error]).toEqual([400, MSG.bankStatementHeader('date,amount,currency,reference,description')]);
    const line = await importCsv(`date,amount,currency,reference,description\n${today()},-1.00,AED,X,ok\n2026-13-01,5,AED,Y,bad date\n`);
    expect([line.status, line.json.error]).toEqual([400, MSG.bankStatementLine(3)]);
    expect(await q('select 1 from reconciliation_bank_statements')).toEqual([]);
  });

  it('a statement without the paid payout: missing in the statement; a bank fee: missing in the ledger', async () => {
    const res = await importCsv(`\uFEFFdate,amount,currency,reference,description\r\n${today()},-15.00,AED,FEE-0401,"Monthly account fee, March"\r\n`);
    expect(res.status, res.body).toBe(201);
    expect(res.json).toMatchObject({ lines: 1, starts_on: today(), ends_on: today() });
    expect((await importCsv(`\uFEFFdate,amount,currency,reference,description\r\n${today()},-15.00,AED,FEE-0401,"Monthly account fee, March"\r\n`, 'again.csv')).status).toBe(409);
    const run = await runNow();
    expect(run.bank_status).toBe('checked');
    const bank = (await summary()).differences.filter((d) => d.source === 'bank');
    expect(bank.map((d) => [d.cause, d.kind, d.reference, d.their_amount_cents, d.our_amount_cents])).toEqual([
      ['missing_in_ledger', 'other', 'FEE-0401', -1_500, null],
      ['missing_in_statement', 'payout', payoutReference(payoutId), null, -paidCents],
    ]);
  });

  it('the payout on a later statement matches; a wrong amount is one difference', async () => {
    const res = await importCsv(`date,amount,currency,reference,description\n${today()},${(-(paidCents - 100) / 100).toFixed(2)},AED,TRF ${payoutReference(payoutId)} RECON,Outgoing transfer\n`);
    expect(res.status, res.body).toBe(201);
    await runNow();
    const bank = (await summary()).differences.filter((d) => d.source === 'bank');
    expect(bank.map((d) => [d.cause, d.reference, d.their_amount_cents, d.our_amount_cents])).toEqual([
      ['missing_in_ledger', 'FEE-0401', -1_500, null],
      ['amount_differs', `TRF ${payoutReference(payoutId)} RECON`, -(paidCents - 100), -paidCents],
    ]);
    const list = await call(t.app, { url: '/api/admin/finance/reconciliation/bank-statements', token: admin });
    expect(list.json.map((s: { filename: string; lines: number }) => [s.filename, s.lines])).toEqual([['statement.csv', 1], ['statement.csv', 1]]);
  });
});
