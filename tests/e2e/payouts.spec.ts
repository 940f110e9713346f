import { expect, test, type Page } from '@playwright/test';
import { MSG } from '../../packages/shared/src/messages.js';
import { ADMIN_CODE, toast } from './support/vendor-onboarding.js';
import { payByCard } from './support/pay-card.js';

// Issue 24 item 5 and 7 (decision 0095): a vendor sells (the money is held until its return window closes), keeps its
// IBAN, an admin credits it in Finance, runs a payout batch and marks the payout paid; the vendor sees it in Earnings.
// Screenshots of both screens at 1280 and 390 px go to SHOTS_DIR when it is set.
const SHOTS = process.env.SHOTS_DIR;
const IBAN = 'AE070331234567890123456';

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const statCard = (page: Page, group: string, name: string) =>
  page.getByRole('region', { name: group }).locator('div').filter({ has: page.getByText(name, { exact: true }) }).first();

test('an admin runs a payout batch and the vendor sees it in Earnings', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const company = `Payout Dates ${stamp} LLC`;

  // a vendor, its product (made by an admin for it) and a delivered sale: held, its window is still open
  const signup = await page.request.post('/api/vendor/signup', {
    data: { company_name: company, contact_name: 'Dana Dates', email: `dates-${stamp}@example.test`, password: 'dates-password-1', phone: '+971500000001', address: 'Dubai' },
  });
  expect(signup.status()).toBe(201);
  const vendor = (await signup.json()) as { token: string; vendor: { id: number } };
  const adminToken = ((await (await page.request.post('/api/admin/access', { data: { code: ADMIN_CODE } })).json()) as { token: string }).token;
  const asAdmin = { authorization: `Bearer ${adminToken}` };
  const made = await page.request.post('/api/products', { headers: asAdmin, data: { name: `Medjool Dates ${stamp}`, price_cents: 12_000, stock_quantity: 10, vendor_id: vendor.vendor.id, status: 'active', categories: ['Food'] } });
  expect(made.status()).toBe(201);
  const productId = ((await made.json()) as { product: { id: number } }).product.id;
  const placed = await page.request.post('/api/orders', {
    data: {
      items: [{ product_id: productId, quantity: 1 }], payment_method: 'card',
      customer_info: { name: 'Omar Buyer', email: `omar-${stamp}@example.test`, phone: null },
      shipping_address: { address: '1 Palm Street', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  await payByCard(page.request, await placed.json());
  const subOrder = ((await placed.json()) as { order: { sub_orders: { id: number }[] } }).order.sub_orders[0]!.id;
  expect((await page.request.put(`/api/admin/orders/${subOrder}/status`, { headers: asAdmin, data: { status: 'delivered' } })).ok()).toBe(true);

  // the vendor: Earnings shows the sale held, no payout account yet; it adds its IBAN (a typo is caught first)
  await page.goto('/');
  await page.evaluate(([token]) => localStorage.setItem('vendor_token', token!), [vendor.token]);
  await page.goto('/vendor?tab=earnings');
  await expect(page.getByRole('heading', { name: 'Earnings' })).toBeVisible();
  await expect(statCard(page, 'Your balance', 'Held')).not.toContainText('AED 0.00');
  await expect(statCard(page, 'Your balance', 'Available')).toContainText('AED 0.00');
  await expect(page.getByText(MSG.payoutAccountMissing)).toBeVisible();
  await page.getByRole('button', { name: 'Add IBAN' }).click();
  await page.getByLabel(/^IBAN/).fill('AE07 0331 2345 6789 0123 465');
  await page.getByLabel(/^Account holder/).fill(company);
  await page.getByRole('button', { name: 'Save payout account' }).click();
  await expect(page.getByText(MSG.ibanChecksum)).toBeVisible();
  await page.getByLabel(/^IBAN/).fill('ae07 0331 2345 6789 0123 456');
  await page.getByRole('button', { name: 'Save payout account' }).click();
  await expect(toast(page, MSG.payoutAccountSaved)).toBeVisible();
  await expect(page.getByText('AE07 0331 2345 6789 0123 456')).toBeVisible();
  // a new account is paid only once an admin verified it (decision 0125)
  await expect(page.getByText('Waiting for verification: payouts start once our team has verified this account.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ledger entries behind your balance' }).getByRole('row').filter({ hasText: 'Sale' })).toHaveCount(1);

  // the admin: Finance → balances → credit AED 150.00 with a reason (available at once)
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  await admin.goto('/');
  await admin.evaluate(([token]) => {
    localStorage.setItem('admin_token', token!);
    localStorage.setItem('admin_access_granted', 'true');
  }, [adminToken]);
  await admin.goto('/admin?section=finance&finance=balances');
  await expect(admin.getByRole('heading', { name: 'Finance', exact: true })).toBeVisible();
  await admin.getByRole('button', { name: `Adjust the balance of ${company}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Adjust balance' });
  await dialog.getByLabel(/^Amount/).fill('150.00');
  await dialog.getByLabel(/^Reason/).fill('Launch bonus');
  await dialog.getByRole('button', { name: 'Post adjustment' }).click();
  await expect(toast(admin, MSG.adjustmentPosted)).toBeVisible();
  const balanceRow = admin.getByRole('table', { name: 'Vendor balances' }).getByRole('row').filter({ hasText: company });
  await expect(balanceRow).toContainText('AED 150.00');
  await expect(balanceRow).toContainText('IBAN to verify');
  await admin.getByRole('button', { name: `Verify the payout account of ${company}` }).click();
  await expect(toast(admin, `Payout account of ${company} verified`)).toBeVisible();
  await expect(balanceRow).toContainText('IBAN verified');
  await shoot(admin, 'finance-balances');

  // Payouts: a batch pays it all (other demo vendors have no IBAN and are listed as skipped), then paid
  await admin.getByRole('tab', { name: 'Payouts' }).click();
  await admin.getByRole('button', { name: 'Create payout batch' }).click();
  await expect(toast(admin, /Payout batch created/)).toBeVisible();
  const payoutRow = admin.getByRole('row').filter({ hasText: company }).first();
  await expect(payoutRow).toContainText('AED 150.00');
  await expect(payoutRow).toContainText('Pending');
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Download bank file' }).first().click();
  const file = await download;
  const csv = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(csv).toContain(`${company},${IBAN},${company},150.00,AED,SOUQ-PO-`);
  await payoutRow.getByRole('button', { name: 'Mark paid' }).click();
  await admin.getByRole('dialog', { name: 'Mark payout paid' }).getByRole('button', { name: 'Mark paid' }).click();
  await expect(toast(admin, MSG.payoutMarkedPaid)).toBeVisible();
  await expect(payoutRow).toContainText('Paid');
  await shoot(admin, 'finance-payouts');
  await admin.getByRole('tab', { name: 'Revenue' }).click();
  await expect(admin.getByRole('region', { name: 'Marketplace revenue' })).toBeVisible();
  await shoot(admin, 'finance-revenue');
  await admin.getByRole('tab', { name: 'Ledger' }).click();
  await expect(admin.getByRole('table', { name: 'Ledger entries' }).getByRole('row').filter({ hasText: 'Launch bonus' }).first()).toBeVisible();
  await shoot(admin, 'finance-ledger');
  await admin.getByRole('tab', { name: 'Zero check' }).click();
  await expect(admin.getByText('The ledger balances')).toBeVisible();
  await shoot(admin, 'finance-check');
  await context.close();

  // the vendor sees the payout, paid, and nothing left available
  await page.reload();
  await expect(statCard(page, 'Your balance', 'Paid out')).toContainText('AED 150.00');
  await expect(statCard(page, 'Your balance', 'Available')).toContainText('AED 0.00');
  const payouts = page.getByRole('table', { name: 'Your payouts' });
  await expect(payouts.getByRole('row').filter({ hasText: 'SOUQ-PO-' })).toContainText('Paid');
  await expect(payouts).toContainText('AED 150.00');
  await shoot(page, 'earnings');

  // the statement of this month: brought forward, the sale, the adjustment, the payout, and the closing balance
  const statement = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download statement' }).click();
  const text = await (await (await statement).createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text).toContain('Balance brought forward');
  expect(text).toContain('Launch bonus');
  expect(text).toMatch(/Payout,,SOUQ-PO-\d{6},,-150,/);
  expect(text).toContain('Closing balance');
});
