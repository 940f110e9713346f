import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '../../packages/shared/src/messages.js';

// The admin area's journey (issue 9) against the real server and its demo data: every section of the dashboard
// frame, the section kept in the URL, the bell, users (view, edit, a refused role, deactivate), products (filters,
// details, edit, delete), orders (details, a status update the customer then sees on /profile), sales analytics,
// the AI chatbot figures and payments. Admin code e2e-admin-code (playwright.config.ts).

const CODE = 'e2e-admin-code';

async function enterAdmin(page: Page) {
  await page.goto('/admin-access');
  await page.getByLabel('Access code').fill(CODE);
  await page.getByRole('button', { name: 'Unlock dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/admin/access', { data: { code: CODE } });
  return ((await res.json()) as { token: string }).token;
}

const section = (page: Page, title: string) => page.getByRole('complementary', { name: 'Admin sections' }).getByRole('button', { name: title, exact: true });
/** The figure of a StatCard, by its label. */
const statValue = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('xpath=../following-sibling::p[1]');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('the frame: sections in the URL, /admin/vendors, the bell counting what waits, the sidebar', async ({ page, request }) => {
  await enterAdmin(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dashboard');

  await section(page, 'Orders').click();
  await expect(page).toHaveURL(/\/admin\?section=orders$/);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('processing');
  await expect(page).toHaveURL(/section=orders&status=processing$/);
  await page.reload();
  // a reload keeps the section and its filter
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('processing');

  await page.goto('/admin/vendors');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Vendor Management');
  await expect(section(page, 'Vendor Management')).toHaveAttribute('aria-current', 'page');

  // the bell says what the server counts (vendors pending review, support awaiting staff)
  const token = await adminToken(request);
  const summary = (await (await request.get('/api/admin/notifications/summary', { headers: { authorization: `Bearer ${token}` } })).json()) as { total: number };
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(summary.total === 0 ? 'Notifications: nothing waiting' : `Notifications: ${summary.total} waiting`);
  await bell.click();
  await expect(page.getByText('Waiting for you')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Waiting for you')).toHaveCount(0);

  await page.getByRole('link', { name: 'Manage Products' }).first().click();
  await expect(page).toHaveURL(/\/product-manager$/);
});

test('overview: the four cards from the database and the AI summary with the same numbers; Refresh', async ({ page }) => {
  await enterAdmin(page);
  await expect(statValue(page, 'Total Products')).toHaveText(/^[\d,]+$/);
  const totalProducts = (await statValue(page, 'Total Products').textContent())!.trim();
  await expect(page.getByText(new RegExp(`of ${totalProducts} products (is|are) active`))).toBeVisible();
  await expect(statValue(page, 'Inventory Value')).toHaveText(/^AED\s[\d,]+\.\d\d$/);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
});

test('users: search on the server, view with orders and sign-up date, edit, a refused role, deactivate', async ({ page, request }) => {
  const email = `admin-e2e-${Date.now()}@example.test`;
  const signup = await request.post('/api/auth/signup', { data: { name: 'Rana Temp', email, password: 'password-123' } });
  expect(signup.status()).toBe(201);

  await enterAdmin(page);
  await section(page, 'User Management').click();
  await page.getByLabel('Search users').fill(email);
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toBeVisible();
  await expect(page).toHaveURL(/section=users&search=/);

  await row.getByRole('button', { name: 'View Rana Temp' }).click();
  const sheet = page.getByRole('dialog', { name: 'Rana Temp' });
  await expect(sheet.getByText('Signed up')).toBeVisible();
  await expect(sheet.getByText(MSG.noOrdersYet)).toBeVisible();
  await sheet.getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: 'Edit Rana Temp' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Rana Temp' });
  await edit.getByLabel('Role').selectOption('vendor');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('alert')).toContainText(MSG.updateUserFailed(MSG.roleNeedsVendorRecord));
  await edit.getByLabel('Role').selectOption('user');
  await edit.getByLabel('Name').fill('Rana Renamed');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, MSG.userUpdated)).toBeVisible();
  const renamed = page.getByRole('row', { name: /Rana Renamed/ });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Delete Rana Renamed' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate user' });
  await expect(confirm).toContainText(MSG.deactivateUserConfirm('Rana Renamed'));
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, MSG.userDeactivated)).toBeVisible();
  await expect(renamed.getByText('Deactivated')).toBeVisible();
  const login = await request.post('/api/auth/login', { data: { email, password: 'password-123' } });
  expect(login.status()).toBe(403);
  expect(((await login.json()) as { error: string }).error).toBe(MSG.accountDeactivated);
});

test('products: filters on the server, details with metrics, edit, delete with the confirmation', async ({ page }) => {
  await enterAdmin(page);
  await section(page, 'Products').click();
  await expect(page.getByRole('table', { name: 'Products' }).getByRole('row').nth(1)).toBeVisible();

  await page.getByLabel('Search products').fill('Velvet Matte Lipstick');
  const lipstick = page.getByRole('row', { name: /Velvet Matte Lipstick Ruby/ });
  await expect(lipstick).toBeVisible();
  await expect(page.getByRole('table', { name: 'Products' }).getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(/search=Velvet/);

  await lipstick.getByRole('button', { name: 'View details of Velvet Matte Lipstick Ruby' }).click();
  const details = page.getByRole('dialog', { name: 'Velvet Matte Lipstick Ruby' });
  await expect(details.getByText('Performance')).toBeVisible();
  await expect(details.getByText('Units sold')).toBeVisible();
  await details.getByRole('button', { name: 'Edit product' }).click();

  const edit = page.getByRole('dialog', { name: 'Edit product' });
  await edit.getByLabel('Price (AED)').fill('95.5');
  await edit.getByLabel('Stock quantity').fill('7');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, MSG.productUpdated)).toBeVisible();
  await expect(lipstick).toContainText('AED 95.50');
  await expect(lipstick).toContainText('7');

  // the low-stock card follows the filters: this product alone, stock 7 < 10
  await expect(statValue(page, 'Low Stock')).toHaveText('1');

  await page.getByLabel('Search products').fill('');
  await page.getByLabel('Tags').fill('no-such-tag-anywhere');
  await expect(page.getByText(MSG.noProductsMatchFilters)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // a product nobody has ordered is deleted (one with orders is archived: its lines keep pointing at it)
  await page.getByLabel('Search products').fill('PureLitter Self-Cleaning');
  const litter = page.getByRole('row', { name: /PureLitter Self-Cleaning Cat Litter Box/ });
  await litter.getByRole('button', { name: /^Delete PureLitter/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete product' });
  await expect(confirm).toContainText(MSG.deleteProductConfirm);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, MSG.productDeleted)).toBeVisible();
  await expect(page.getByText(MSG.noProductsMatchFilters)).toBeVisible();
});

test('orders: details, Update Order Status with notes into the history, and the customer sees it on /profile', async ({ page }) => {
  await enterAdmin(page);
  await section(page, 'Orders').click();
  await page.getByLabel('Search orders').fill('customer@souq.test');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('processing');
  const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1);
  await expect(row).toContainText('Processing');
  const orderNumber = (await row.locator('td').first().locator('p').first().textContent())!.trim();

  await row.getByRole('button', { name: `Update status of order ${orderNumber}` }).click();
  const details = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await expect(details.getByText('Items', { exact: true })).toBeVisible();
  const form = details.getByRole('form', { name: 'Update Order Status' });
  await expect(form.getByRole('combobox', { name: 'Status' })).toBeFocused();
  await form.getByRole('combobox', { name: 'Status' }).selectOption('shipped');
  await form.getByRole('textbox', { name: 'Notes' }).fill('Handed to Aramex, tracking 42');
  await form.getByRole('button', { name: 'Update status' }).click();
  await expect(toast(page, MSG.orderStatusUpdated)).toBeVisible();
  await expect(details).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Status' }).selectOption('shipped');
  const shipped = page.getByRole('row', { name: new RegExp(orderNumber) });
  await shipped.getByRole('button', { name: `View order ${orderNumber}` }).click();
  const again = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await expect(again.getByText('Handed to Aramex, tracking 42')).toBeVisible();
  await again.getByRole('button', { name: 'Close' }).click();

  // the customer's profile shows the new status
  await page.goto('/login');
  await page.getByLabel('Email').fill('customer@souq.test');
  await page.getByLabel('Password').fill('souq-demo-1');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/ai-assistant$/);
  await page.goto('/profile');
  // the seller's part of the purchase (decision 0086): its own line under the purchase, with its status
  await expect(page.getByRole('listitem').filter({ hasText: orderNumber }).filter({ hasText: 'Sold by' })).toContainText('shipped');
});

test('orders: Assign Vendor from the vendor list', async ({ page, request }) => {
  const token = await adminToken(request);
  const vendors = await request.get('/api/admin/vendors?limit=5', { headers: { authorization: `Bearer ${token}` } });
  // the vendor list is the vendor area's route (GET /api/admin/vendors); this step runs once it is in the build
  test.skip(vendors.status() === 404, 'GET /api/admin/vendors is not in this build yet');
  const vendor = ((await vendors.json()) as { company_name: string }[])[0]!;

  await enterAdmin(page);
  await section(page, 'Orders').click();
  const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ has: page.getByRole('button', { name: /^Assign vendor to order/ }) }).first();
  const orderNumber = (await row.locator('td').first().locator('p').first().textContent())!.trim();
  await row.getByRole('button', { name: `Assign vendor to order ${orderNumber}` }).first().click();
  const modal = page.getByRole('dialog', { name: 'Assign Vendor' });
  await modal.getByRole('button', { name: new RegExp(vendor.company_name) }).click();
  await expect(toast(page, MSG.vendorAssigned)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(orderNumber) })).toContainText(vendor.company_name);
});

test('sales analytics, AI chatbot and payments: real figures', async ({ page, request }) => {
  // one assistant conversation, so the chatbot figures have something from the last 24 hours
  const chat = await request.post('/api/ai/chat', { data: { message: 'Do you have a cheap phone for travel?', sessionId: `e2e-admin-${Date.now()}` } });
  expect(chat.status()).toBe(200);

  await enterAdmin(page);
  await section(page, 'Sales Analytics').click();
  const categories = page.getByRole('region', { name: 'Top Categories' });
  await expect(categories.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Price Buckets' })).toContainText('AED 0–50');
  await expect(page.locator('figure').filter({ hasText: 'Revenue per day' })).toBeVisible();
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/section=reports&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await page.getByLabel('From', { exact: true }).fill('2001-01-01');
  await page.getByLabel('To', { exact: true }).fill('2001-01-31');
  await expect(page.getByRole('region', { name: 'Top Categories' })).toContainText(MSG.noData);

  const token = await adminToken(request);
  const figures = (await (await request.get('/api/admin/chatbot', { headers: { authorization: `Bearer ${token}` } })).json()) as { chats: number };
  expect(figures.chats).toBeGreaterThanOrEqual(1);
  await section(page, 'AI Chatbot Management').click();
  await expect(statValue(page, 'Chats (24 h)')).toHaveText(String(figures.chats));
  await expect(page.getByRole('table', { name: 'Most asked topics' })).toContainText('Phones & tablets');
  await expect(page.getByText('156')).toHaveCount(0);

  await section(page, 'Payments').click();
  await expect(page.getByRole('heading', { name: 'Payment Management' })).toBeVisible();
  await expect(page.getByText('Cash on delivery to collect')).toBeVisible();
  await expect(page.getByRole('table', { name: 'By payment method' })).toContainText('Cash on Delivery');
  // no card payment is taken yet: card money is awaiting payment, never shown as received (issue 34 item 9)
  await expect(page.getByRole('table', { name: 'By payment method' }).getByRole('row').filter({ hasText: 'Credit/Debit Card' })).toContainText('Awaiting payment: not collected');

  await section(page, 'Marketing').click();
  await expect(page.getByText('Marketing Section')).toBeVisible();
});
