import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '../../packages/shared/src/messages.js';
import { ADMIN_CODE, completeOnboarding, toast, verifyInVendorsSection } from './support/vendor-onboarding.js';
import { fillCheckoutAddress } from './support/checkout-address.js';

// The vendor's business journey (issue 8 item 11) against the real server: a new vendor signs up at /vendor/auth,
// is onboarded with its three documents and verified by an admin, creates a product with a photo in the Products tab, the storefront search finds it, a new customer orders it
// (cash on delivery), the vendor sees the order in the Orders tab, the vendor confirms and Ships
// it with its tracking, and the customer sees 'shipped' on /profile; the vendor's CSV export and Analytics show the same order.

/** An 8×8 PNG (a product photo, re-encoded to WebP). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4k8aAFWEXHbQSABeKTIHy8YDnAAAAAElFTkSuQmCC', 'base64');

const label = (text: string) => new RegExp(`^${text.replace(/[()]/g, '\\$&')}\\*?$`);
const statCard = (page: Page, group: string, name: string) => page.getByRole('region', { name: group }).locator('div').filter({ has: page.getByText(name, { exact: true }) }).first();

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/access', { data: { code: ADMIN_CODE } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

test('a new vendor sells a product: sign-up → product with a photo → storefront → customer order (COD) → Orders tab → Ship → customer sees shipped', async ({ page, browser }) => {
  // three people and a dozen screens in one journey: more than the default minute on a busy machine
  test.setTimeout(180_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const company = `Sidr Honey ${stamp} LLC`;
  const product = `Sidr Mountain Honey ${stamp}`;

  // 1. /vendor/auth: the vendor signs up
  await page.goto('/vendor/auth');
  await page.getByRole('button', { name: 'New to Souq? Create a vendor account' }).click();
  await expect(page.getByRole('heading', { name: 'Vendor Sign Up' })).toBeVisible();
  await page.getByLabel('Company Name').fill(company);
  await page.getByLabel('Contact Name').fill('Salim Sidr');
  await page.getByLabel('Phone').fill('+971 50 765 4321');
  await page.getByLabel('Address').fill('Hatta Road 3, Dubai');
  await page.getByLabel('Email').fill(`sidr-${stamp}@example.test`);
  await page.getByLabel('Password').fill('sidr-password-1');
  await page.getByRole('button', { name: 'Create Vendor Account' }).click();
  await expect(page).toHaveURL(/\/vendor\/onboarding$/);

  // 1b. onboarding: the six steps with its three documents uploaded, then an admin verifies it in the Vendors section
  await completeOnboarding(page, 'Food');
  const verification = await verifyInVendorsSection(browser, company, stamp);
  await verification.close();
  const vendorToken = await page.evaluate(() => localStorage.getItem('vendor_token'));
  const asVendor = { authorization: `Bearer ${vendorToken}` };

  // 2. the dashboard: stat cards from the server, all zero for a new vendor; the empty Orders tab
  await page.goto('/vendor');
  await expect(page.getByRole('heading', { name: 'Vendor Dashboard' })).toBeVisible();
  await expect(statCard(page, 'Your business at a glance', 'Total Products')).toContainText('0');
  await expect(statCard(page, 'Your business at a glance', 'Total Revenue')).toContainText('AED 0.00');
  await page.getByRole('navigation', { name: 'Dashboard tabs' }).getByRole('button', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/vendor\?tab=orders$/);
  await expect(page.getByText(MSG.noOrdersFound)).toBeVisible();
  await expect(page.getByText(MSG.noOrdersPlacedYet)).toBeVisible();

  // 3. Products tab: a product with a photo
  await page.getByRole('navigation', { name: 'Dashboard tabs' }).getByRole('button', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'Add New Product' }).click();
  await page.getByLabel(label('Product Title')).fill(product);
  await page.getByLabel(label('Brand')).fill('Sidr Hatta');
  await page.getByLabel(label('Category')).selectOption('food');
  await page.getByLabel(label('SKU')).fill(`SH-${stamp}`);
  await page.getByLabel(label('Description')).fill('Raw sidr honey from the Hajar mountains, harvested once a year.');
  await page.getByLabel(label('Bullet points')).fill('500 g jar\nRaw and unfiltered');
  await page.getByLabel(label('Base price')).fill('120.50');
  await page.getByLabel(label('Inventory')).fill('9');
  await page.getByLabel(label('Tags')).fill('honey, gift');
  await page.getByLabel('Upload product photos').setInputFiles({ name: 'honey.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page, 'Product created successfully!')).toBeVisible();
  const productRow = page.getByRole('table', { name: 'Your products' }).getByRole('row').filter({ hasText: product });
  await expect(productRow.locator('img')).toHaveAttribute('src', /^\/media\/uploads\/.+\.webp$/);

  // verified: the product went on sale at once
  const mine = await page.request.get(`/api/vendor/products?search=${encodeURIComponent(product)}`, { headers: asVendor });
  expect(((await mine.json()) as { status: string }[]).map((p) => p.status)).toEqual(['active']);

  // the vendor keeps the Orders tab open while the customer shops: the order must arrive live (no reload)
  await page.getByRole('navigation', { name: 'Dashboard tabs' }).getByRole('button', { name: 'Orders' }).click();
  await expect(page.getByText(MSG.noOrdersFound)).toBeVisible();

  // 4. a new customer finds it with the storefront search and orders two, cash on delivery
  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  await shop.goto('/signup');
  await shop.getByLabel('Name').fill('Noura Buyer');
  await shop.getByLabel('Email').fill(`noura-${stamp}@example.test`);
  await shop.getByLabel('Password').fill('noura-password-1');
  await shop.getByRole('button', { name: 'Sign up' }).click();
  await shop.getByRole('button', { name: 'Skip for now' }).click();
  await expect(shop).toHaveURL(/\/ai-assistant$/);
  await shop.getByPlaceholder('Search products with AI...').fill(product);
  await shop.getByRole('button', { name: 'Search', exact: true }).click();
  const found = shop.getByRole('region', { name: 'Search results' }).getByRole('article').filter({ hasText: product });
  await expect(found).toBeVisible();
  await expect(found).toContainText('120.50');
  const chat = shop.getByRole('region', { name: 'Chat with AI' });
  await chat.getByLabel('Message', { exact: true }).fill(`add two ${product} to my cart`);
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByText(`Added 2 × ${product} to your cart.`)).toBeVisible();
  await chat.getByRole('button', { name: /^Cart, 2 items$/ }).click();
  await shop.getByRole('dialog', { name: 'My Cart' }).getByRole('button', { name: 'Proceed to Checkout' }).click();
  await shop.getByLabel('Name').fill('Noura Buyer');
  await fillCheckoutAddress(shop, 'Jumeirah Street 21');
  await shop.getByLabel('Payment method').selectOption({ label: 'Cash on Delivery' });
  const alert = new Promise<string>((resolve) => shop.once('dialog', (d) => { resolve(d.message()); void d.accept(); }));
  await shop.getByRole('button', { name: 'Place Order' }).click();
  const orderNumber = /^Order placed! Order #(\S+)$/.exec(await alert)![1]!;

  // 5. the vendor sees it appear in the open Orders tab: its line, the customer's name and city, pending, not yet
  // shippable
  const orders = page.getByRole('table', { name: 'Your orders' });
  const row = orders.getByRole('row').filter({ hasText: orderNumber });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Noura Buyer');
  await expect(row).toContainText(`2 × ${product}`);
  await expect(row).toContainText('AED 241.00');
  await expect(row).toContainText('Pending');
  await expect(row.getByRole('button', { name: `Ship order ${orderNumber}` })).toHaveCount(0);
  await expect(statCard(page, 'Order figures', 'Total Orders')).toContainText('1');
  await expect(statCard(page, 'Order figures', 'Pending Orders')).toContainText('1');
  // the details: shipping address, never the customer's e-mail
  await orders.getByRole('row', { name: `Open order ${orderNumber}` }).click();
  const details = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await expect(details).toContainText('Jumeirah Street 21');
  await expect(details).toContainText('Cash on delivery');
  await expect(details).not.toContainText(`noura-${stamp}@example.test`);
  await page.keyboard.press('Escape');

  // 6. the vendor runs its own sub-order without an admin (decision 0086): Confirm, then Ship with its tracking
  await row.getByRole('button', { name: `Confirm order ${orderNumber}` }).click();
  await page.getByRole('dialog', { name: 'Confirm order' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, MSG.vendorOrderConfirmed(orderNumber))).toBeVisible();
  await expect(row).toContainText('Confirmed');
  await row.getByRole('button', { name: `Ship order ${orderNumber}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Ship order' });
  // both are required: without them nothing is sent and the dialog says so
  await confirm.getByRole('button', { name: 'Ship' }).click();
  await expect(confirm).toContainText(MSG.trackingRequired);
  await confirm.getByLabel('Tracking number').fill('AWB 7731 0042');
  await confirm.getByLabel('Carrier').fill('Aramex');
  await confirm.getByRole('button', { name: 'Ship' }).click();
  await expect(toast(page, MSG.vendorOrderShipped(orderNumber))).toBeVisible();
  await expect(row).toContainText('Shipped');
  await expect(row.getByRole('button', { name: `Ship order ${orderNumber}` })).toHaveCount(0);
  await expect(statCard(page, 'Order figures', 'Shipped Orders')).toContainText('1');
  // the admin's list shows the sub-order with its purchase, seller and tracking
  const asAdmin = { authorization: `Bearer ${await adminToken(page.request)}` };
  const listed = (await (await page.request.get(`/api/admin/orders?search=${orderNumber}`, { headers: asAdmin })).json()) as Record<string, unknown>[];
  expect(listed[0]).toMatchObject({ order_number: orderNumber, purchase_number: orderNumber, status: 'shipped', tracking_number: 'AWB 7731 0042', carrier: 'Aramex' });

  // 7. the customer sees 'shipped' on /profile
  await shop.goto('/profile');
  await expect(shop.getByRole('row').filter({ hasText: orderNumber }).first()).toContainText('shipped');
  await expect(shop.getByRole('list', { name: 'Sellers in this order' })).toContainText('AWB 7731 0042');
  await shopper.close();

  // 8. Export Orders downloads the server's CSV of the vendor's lines
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Orders' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await fs.readFile((await file.path())!, 'utf8');
  expect(csv).toContain(`${orderNumber},`);
  expect(csv).toContain(`,shipped,Noura Buyer,"Jumeirah Street 21, Dubai Marina",Dubai,United Arab Emirates,`);
  expect(csv).toContain(`,${product},SH-${stamp},,2,120.5,241,AED`);
  await expect(toast(page, MSG.ordersExported(1))).toBeVisible();

  // 9. Analytics: the catalogue and this sale, and insights that state them
  await page.getByRole('navigation', { name: 'Dashboard tabs' }).getByRole('button', { name: 'Analytics' }).click();
  await expect(statCard(page, 'Catalogue overview', 'Average Price')).toContainText('AED 120.50');
  await expect(statCard(page, 'Catalogue overview', 'Inventory Value')).toContainText('AED 843.50');
  const insights = page.getByRole('region', { name: 'AI Insights' });
  await expect(insights).toContainText('Your product is active in the shop.');
  await expect(insights).toContainText('you sold 2 units in 1 order for AED 241.00');
  await expect(page.getByRole('region', { name: 'Top Tags' })).toContainText('honey');
  await expect(page.getByRole('region', { name: 'Best Sellers' })).toContainText(product);

  // the header's stat cards follow
  await expect(statCard(page, 'Your business at a glance', 'Total Orders')).toContainText('1');
  await expect(statCard(page, 'Your business at a glance', 'Total Revenue')).toContainText('AED 241.00');
});
