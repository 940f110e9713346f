import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Pays a card purchase placed through POST /api/orders the way a shopper does (decision 0137): the card typed on the
 * local payment provider's own page (its address comes in the answer), then Souq's return page reads the payment back.
 * Answers the purchase's payment once it is paid.
 */
export async function payByCard(request: APIRequestContext, placed: { order_number: string; payment: { pay_url: string | null; token: string } | null }, card = '4242424242424242') {
  expect(placed.payment?.pay_url, 'a card purchase is sent to the provider to pay').toBeTruthy();
  const typed = await request.post(placed.payment!.pay_url!, { form: { number: card, expiry: '12 / 34', cvc: '123' }, maxRedirects: 0 });
  expect(typed.status()).toBe(303);
  const state = await request.get(`/api/payments/purchases/${encodeURIComponent(placed.order_number)}?token=${encodeURIComponent(placed.payment!.token)}`);
  expect(state.status()).toBe(200);
  const payment = (await state.json()) as { paid: boolean };
  expect(payment.paid).toBe(true);
  return payment;
}
