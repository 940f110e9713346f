import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '../../packages/shared/src/messages.js';
import { adminPage, vendorPage, vendorSession } from './support/sessions.js';
import { fillCheckoutAddress } from './support/checkout-address.js';

// Issue 23 items 1 and 2 against the real server and its demo data: every amount a shopper, the vendor and an admin
// read is in the shop currency (AED), never '$', 'USD' or another currency's sign; and a product option with a price
// adjustment is picked in the product dialog, kept by the cart line, charged, and shown on the vendor's and the
// admin's order. Admin code e2e-admin-code (playwright.config.ts).

const CUSTOMER = { email: 'customer@souq.test', password: 'souq-demo-1' };

/** Any currency sign (Unicode category Sc: $ € £ ¥ ₹ …) or another currency's code. */
const FOREIGN_MONEY = /\p{Sc}|\b(?:USD|EUR|GBP|US\$)\b/u;

/** The page's visible text holds no currency but AED (and, unless `amounts` is false, some AED amount); `where` names the screen. */
async function onlyShopCurrency(page: Page, where: string, amounts = true) {
  const text = await page.locator('body').innerText();
  const foreign = FOREIGN_MONEY.exec(text);
  expect(foreign, `${where}: "${foreign && text.slice(Math.max(0, foreign.index - 60), foreign.index + 40)}"`).toBeNull();
  if (amounts) expect(text, `${where} shows an amount in AED`).toMatch(/AED\s?\d/);
}

/** A product of the demo vendor at 10.00 with sizes M (+0), XL (+5.00) and XXL (+7.00, none left). */
async function teeWithSizes(request: APIRequestContext, name: string): Promise<number> {
  const { token } = await vendorSession(request);
  const res = await request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name, description: 'A cotton tee in three sizes.', price_cents: 1000, currency: 'AED', stock_quantity: 20, status: 'active', categories: ['clothing'],
      variants: [
        { type: 'size', value: 'M', price_adjustment_cents: 0, inventory_quantity: 5, sku_suffix: '-M' },
        { type: 'size', value: 'XL', price_adjustment_cents: 500, inventory_quantity: 3, sku_suffix: '-XL' },
        { type: 'size', value: 'XXL', price_adjustment_cents: 700, inventory_quantity: 0, sku_suffix: '-XXL' },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { product: { id: number } }).product.id;
}

test('one currency on every screen, and a size at +5.00 picked, kept, charged and shown to the vendor and the admin', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const tee = `Currency Check Tee ${Date.now().toString(36)}`;
  const teeId = await teeWithSizes(request, tee);

  // the shopper signs in; '/' in home mode shows the shelves with their prices
  await page.goto('/login');
  await page.getByLabel('Email').fill(CUSTOMER.email);
  await page.getByLabel('Password').fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/ai-assistant$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await onlyShopCurrency(page, '/ai-assistant shelves');
  await page.evaluate(() => localStorage.setItem('souq_assistant_mode', 'home'));
  await page.goto('/');
  await expect(page.getByText(/AED\s\d/).first()).toBeVisible();
  await onlyShopCurrency(page, '/ (customer home)');

  // the embed card and its landing (the link back opens the product dialog)
  await page.goto(`/embed/products/${teeId}`);
  await expect(page.getByText('AED 10.00')).toBeVisible();
  await onlyShopCurrency(page, 'embed card');
  await page.goto(`/ai-assistant?product=${teeId}`);
  const dialog = page.getByRole('dialog', { name: tee });
  // the price (the dialog's price history table below it lists it too, day by day)
  await expect(dialog.getByText('AED 10.00', { exact: true }).first()).toBeVisible();

  // the dialog offers the sizes: XXL is out of stock and cannot be picked; the buttons wait for a size
  const sizes = dialog.getByRole('group', { name: 'Size' });
  await expect(sizes.getByRole('radio')).toHaveCount(3);
  await expect(sizes.getByRole('radio', { name: /XXL/ })).toBeDisabled();
  await expect(sizes.locator('label').filter({ hasText: 'XXL' })).toContainText(MSG.variantSoldOut);
  await expect(dialog.getByText(MSG.variantChoose('Size'))).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await onlyShopCurrency(page, 'embed landing (product dialog)');
  await sizes.getByText('XL', { exact: true }).click();
  await expect(dialog.getByText('AED 15.00', { exact: true }).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // the cart line keeps the size and its price (stored with the line under the spec's cart key)
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('souq_assistant_cart')))!);
  expect(stored.state.lines).toEqual([expect.objectContaining({ id: teeId, price: 15, quantity: 1, variants: { size: 'XL' } })]);
  const chat = page.getByRole('region', { name: 'Chat with AI' });
  await chat.getByRole('button', { name: /^Cart, 1 item/ }).click();
  const drawer = page.getByRole('dialog', { name: 'My Cart' });
  await expect(drawer.getByText('Size: XL')).toBeVisible();
  await expect(drawer.getByText('AED 15.00').first()).toBeVisible();
  await onlyShopCurrency(page, 'cart drawer');
  await page.keyboard.press('Escape');

  // the assistant answers a price question in the shop currency
  await chat.getByLabel('Message', { exact: true }).fill('how much is the Brewmaster Espresso Machine?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByText(/Brewmaster Espresso Machine.*costs AED\s[\d,]+\.\d\d/).first()).toBeVisible();
  await onlyShopCurrency(page, 'assistant answer');

  // checkout: the summary charges the size's price (15.00, VAT included, + the demo vendor's own 15.00 shipping = 30.00)
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Size: XL')).toBeVisible();
  await expect(summary).toContainText('AED 30.00');
  await onlyShopCurrency(page, '/checkout');
  await page.getByLabel('Name').fill('Layla Customer');
  await fillCheckoutAddress(page, 'Marina Walk 7');
  await page.getByLabel('Payment method').selectOption({ label: 'Cash on Delivery' });
  const alert = new Promise<string>((resolve) => page.once('dialog', (d) => { resolve(d.message()); void d.accept(); }));
  await page.getByRole('button', { name: 'Place Order' }).click();
  const orderNumber = /^Order placed! Order #(\S+)$/.exec(await alert)![1]!;
  await expect(page.getByRole('heading', { name: `Order placed! Order #${orderNumber}` })).toBeVisible();
  await onlyShopCurrency(page, 'order placed', false);

  // /profile: the order at the charged total
  await page.goto('/profile');
  // the purchase's row; its one seller's part below carries the same number (decision 0086)
  const profileRow = page.getByRole('row').filter({ hasText: orderNumber }).first();
  await expect(profileRow).toContainText('AED 30.00');
  await onlyShopCurrency(page, '/profile');

  // the vendor's Orders tab and the order's details: the line with its size, at 15.00
  const { vendor, close: closeVendor } = await vendorPage(browser, '/vendor?tab=orders');
  const vendorOrders = vendor.getByRole('table', { name: 'Your orders' });
  await expect(vendorOrders.getByRole('row').filter({ hasText: orderNumber })).toContainText('AED 15.00');
  await onlyShopCurrency(vendor, 'vendor Orders tab');
  await vendorOrders.getByRole('row', { name: `Open order ${orderNumber}` }).click();
  const vendorDetails = vendor.getByRole('dialog', { name: `Order ${orderNumber}` });
  await expect(vendorDetails).toContainText(tee);
  await expect(vendorDetails).toContainText('Size: XL');
  await expect(vendorDetails).toContainText('1 × AED 15.00');
  await onlyShopCurrency(vendor, 'vendor order details');
  await closeVendor();

  // the admin's Orders section and the order's details
  const { admin, close: closeAdmin } = await adminPage(browser);
  await expect(admin.getByText(/AED\s[\d,]+\.\d\d/).first()).toBeVisible();
  await onlyShopCurrency(admin, 'admin dashboard');
  await admin.getByRole('complementary', { name: 'Admin sections' }).getByRole('button', { name: 'Orders', exact: true }).click();
  await admin.getByLabel('Search orders').fill(orderNumber);
  const adminRow = admin.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: orderNumber });
  await expect(adminRow).toContainText('AED 30.00');
  await onlyShopCurrency(admin, 'admin Orders');
  await adminRow.getByRole('button', { name: `Update status of order ${orderNumber}` }).click();
  const adminDetails = admin.getByRole('dialog', { name: `Order ${orderNumber}` });
  await expect(adminDetails.getByRole('row').filter({ hasText: tee })).toContainText('Size: XL');
  await expect(adminDetails.getByRole('row').filter({ hasText: tee })).toContainText('AED 15.00');
  await expect(adminDetails).toContainText('AED 30.00');
  await onlyShopCurrency(admin, 'admin order details');
  await closeAdmin();
});

test('an out-of-stock size cannot be bought: the server refuses it and writes nothing', async ({ request }) => {
  const tee = `Sold Out Tee ${Date.now().toString(36)}`;
  const teeId = await teeWithSizes(request, tee);
  const res = await request.post('/api/orders', {
    data: {
      items: [{ product_id: teeId, quantity: 1, variants: { size: 'XXL' } }],
      customer_info: { email: 'buyer@example.com', name: 'Noura Buyer', phone: null },
      shipping_address: { address: '12 Palm Street', city: 'Dubai', country: 'UAE', zip: '00000' },
      payment_intent_id: null,
      notes: '',
    },
  });
  expect(res.status()).toBe(409);
  expect(((await res.json()) as { error: string }).error).toBe(MSG.outOfStock(`${tee} (Size: XXL)`, 0));
  const product = (await (await request.get(`/api/products/${teeId}`)).json()) as { stock: number };
  expect(product.stock).toBe(20);
});
