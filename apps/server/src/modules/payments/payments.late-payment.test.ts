import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { placeCardPurchase, startTestCheckout, type TestCheckout } from '../../../test/payments-fixtures.js';
import { makeProduct } from '../../../test/admin-fixtures.js';

// Money taken after Souq gave a purchase up (decision 0185), with automatic capture (decision 0166) at Checkout.com:
// its hosted page still takes a card after the give-up, and the card is charged at once. The cash is booked (what
// the provider holds is in the ledger), owed back to the shopper, and refunded in full through the provider, from the
// webhooks alone; the stock stays on sale and the purchase cancelled. (Manual capture, the default, voids a late
// authorisation instead: payments.checkout-purchase.test.ts.)
let t: TestContext;
let pay: TestCheckout;

beforeAll(async () => {
  t = await createTestApp({ payments: { ...testConfig().payments, provider: 'checkout', capture: 'automatic' } });
  pay = await startTestCheckout(t);
});
afterAll(async () => {
  await t.app.services.payments.stop();
  await t.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

it('a card charged on the hosted page after the give-up is booked, owed back and refunded in full; the stock stays on sale', async () => {
  const shopper = await signupCustomer(t.app, 'Late Payer');
  const vendor = await signupVendor(t.app, 'Late Lanterns LLC');
  const productId = (await makeProduct(t.app, { name: 'Late Lantern', priceCents: 6_500, stock: 10, vendorId: vendor.vendor.id })).id;
  const placed = await placeCardPurchase(t, { ...shopper, name: 'Late Payer' }, productId, { quantity: 2, key: 'late-payment-1' });
  expect(placed.status).toBe(201);
  const purchaseId = placed.json.order.id as number;
  const number = placed.json.order_number as string;
  // the time to pay runs out: given up, the stock back
  await t.app.services.cardPayments.expiryJob.runOnce(new Date(Date.now() + (t.config.payments.waitMinutes + 1) * 60_000));
  const stock = async () => (await q<{ stock: number }>('select stock from products where id = $1', [productId]))[0]!.stock;
  expect(await stock()).toBe(10);

  // the page still takes the card: typed, 3-D Secure passed, captured at once by Checkout.com
  await pay.payOnPage(placed.json.payment.pay_url as string, '4242 4242 4242 4242');
  await pay.flush();

  const outcomes = (await q<{ outcome: string }>(`select outcome from payment_events where payload->'data'->>'reference' = $1`, [number])).map((e) => e.outcome);
  expect(outcomes.filter((o) => o.includes('captured after it was given up: refunded'))).toHaveLength(1);
  // booked and given back: the cash in, the refund out, nothing owed to or by the shopper, the ledger balanced
  const sums = await q<{ account: string; s: string }>(`select account, sum(amount_cents)::text as s from ledger_entries where purchase_id = $1 group by 1 order by 1`, [purchaseId]);
  const sum = (account: string) => Number(sums.find((r) => r.account === account)?.s ?? 0);
  expect(sum('shopper_receivable')).toBe(0);
  expect(sums.some((r) => r.account === 'vendor_payable')).toBe(false); // never sold
  expect(await q(`select posting from ledger_entries group by 1 having sum(amount_cents) <> 0`)).toEqual([]);
  const refunds = await q<{ amount_cents: number; status: string }>(`select r.amount_cents, r.status from payment_refunds r join payment_attempts a on a.id = r.attempt_id where a.purchase_id = $1`, [purchaseId]);
  expect(refunds).toEqual([{ amount_cents: 13_000, status: 'succeeded' }]);
  const attempt = (await q<{ provider_payment_id: string; sale_posted_at: Date | null; expired_at: Date | null }>('select provider_payment_id, sale_posted_at, expired_at from payment_attempts where purchase_id = $1', [purchaseId]))[0]!;
  expect(attempt.sale_posted_at).toBeNull();
  expect(attempt.expired_at).not.toBeNull();
  expect(await t.app.services.payments.provider.getPayment(attempt.provider_payment_id)).toMatchObject({ amountCaptured: 13_000, amountRefunded: 13_000 });
  expect(await stock()).toBe(10);
  expect(await q('select status from orders where purchase_id = $1', [purchaseId])).toEqual([{ status: 'cancelled' }]);
});
