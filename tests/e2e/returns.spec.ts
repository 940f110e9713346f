import { expect, test, type APIRequestContext } from '@playwright/test';
import { MSG } from '@souq/shared/messages';
import { formatCents } from '@souq/shared/rules/money';
import { E2E_ADMIN_CODE } from '../../playwright.config.js';
import { screenshots } from './support/shots.js';

// Returns and refunds per line (issue 24 item 6, decision 0094): a shopper who paid cash on delivery returns one unit
// of a delivered line from /profile as store credit → the vendor approves it → marks it received (restocked) → the
// refund and the store-credit balance show on /profile; the admin's order details show the same return.
// Screenshots (RETURNS_SHOTS=dir) at 1280 and 390 px for looking at.

test.describe.configure({ timeout: 240_000 });

const shoot = screenshots(process.env.RETURNS_SHOTS);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A cash-on-delivery purchase of two units of one of the vendor's products, run to delivered by the vendor. */
async function deliveredPurchase(request: APIRequestContext, shopper: { token: string; email: string }, vendor: { token: string; id: number }) {
  const products = (await (await request.get('/api/products?limit=200')).json()) as { id: number; name: string; vendor_id: number | null; stock: number }[];
  for (const p of products.filter((x) => x.vendor_id === vendor.id && x.stock >= 5)) {
    const placed = await request.post('/api/orders', {
      headers: bearer(shopper.token),
      data: {
        items: [{ product_id: p.id, quantity: 2 }], payment_method: 'cod',
        customer_info: { name: 'Rania Returns', email: shopper.email },
        shipping_address: { address: '4 Marina Walk', city: 'Dubai', country: 'United Arab Emirates', zip: '00000' },
      },
    });
    if (placed.status() !== 201) continue; // a product that needs options chosen
    const order = (await placed.json()).order.sub_orders[0] as { id: number; order_number: string };
    for (const [step, data] of [['confirm', {}], ['ship', { tracking_number: 'AWB-RET-1', carrier: 'Aramex' }], ['deliver', {}]] as const) {
      const res = await request.post(`/api/vendor/orders/${order.id}/${step}`, { headers: bearer(vendor.token), data });
      expect(res.status(), `${step}: ${await res.text()}`).toBe(200);
    }
    return { order, product: p };
  }
  throw new Error('no product of the demo vendor could be bought');
}

test('a shopper returns one unit as store credit → the vendor approves and receives it → the refund shows on /profile and in the admin details', async ({ page, browser, request }) => {
  const email = `returns-${Date.now()}@example.test`;
  const signup = await request.post('/api/auth/signup', { data: { name: 'Rania Returns', email, password: 'password-123' } });
  expect(signup.status()).toBe(201);
  const shopper = { token: (await signup.json()).token as string, email };
  const vendorLogin = await request.post('/api/vendor/login', { data: { email: 'vendor@souq.test', password: 'souq-demo-1' } });
  const v = await vendorLogin.json();
  const vendor = { token: v.token as string, id: v.vendor.id as number };
  const { order, product } = await deliveredPurchase(request, shopper, vendor);

  // the shopper asks from /profile
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('password-123');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/ai-assistant$/);
  await page.goto('/profile');
  const returns = page.getByRole('region', { name: MSG.returnsTitle });
  await expect(returns.getByTestId('store-credit')).toContainText(formatCents(0, 'AED'));
  await returns.getByRole('button', { name: `${MSG.returnButton} ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: MSG.returnDialogTitle(product.name) });
  await dialog.getByLabel(MSG.returnUnitsLabel).fill('1');
  await dialog.getByLabel(MSG.returnReasonLabel).selectOption('damaged');
  await dialog.getByLabel(MSG.returnReasonTextLabel).fill('The box was crushed');
  await dialog.getByRole('radio', { name: 'Store credit' }).check();
  await shoot(page, 'returns-dialog', dialog);
  await dialog.getByRole('button', { name: MSG.returnSubmit }).click();
  await expect(returns.getByText(MSG.returnRequested)).toBeVisible();
  const mine = returns.getByRole('list', { name: MSG.returnRequestsTitle }).getByRole('listitem').first();
  await expect(mine.getByText('Requested')).toBeVisible();
  await shoot(page, 'returns-profile-requested', returns);

  // the vendor approves and, when the unit is back, marks it received with restock
  const vendorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const vp = await vendorContext.newPage();
  await vp.goto('/vendor');
  await vp.getByLabel('Email').fill('vendor@souq.test');
  await vp.getByLabel('Password').fill('souq-demo-1');
  await vp.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(vp.getByText('Verified', { exact: true })).toBeVisible();
  await vp.goto(`/vendor?tab=orders&orders_search=${order.order_number}`);
  // the Orders tab lists the returns waiting for the vendor above its orders
  const waiting = vp.getByRole('region', { name: MSG.returnsOpenTitle });
  await expect(waiting.getByText('The box was crushed')).toBeVisible();
  await shoot(vp, 'returns-vendor-orders-tab');
  await vp.getByRole('button', { name: `View order ${order.order_number}` }).first().click();
  const panel = vp.getByRole('region', { name: MSG.returnRequestsTitle });
  await expect(panel.getByText('The box was crushed')).toBeVisible();
  await shoot(vp, 'returns-vendor-requested', panel);
  await panel.getByRole('button', { name: MSG.returnApprove }).click();
  const approve = vp.getByRole('dialog', { name: MSG.returnApprove });
  await approve.getByLabel(MSG.returnNoteLabel).fill('Please send it back in its box');
  await approve.getByRole('button', { name: MSG.returnApprove }).click();
  await panel.getByRole('button', { name: MSG.returnReceive }).click();
  const receive = vp.getByRole('dialog', { name: MSG.returnReceive });
  await expect(receive.getByRole('switch', { name: MSG.returnRestockLabel })).toHaveAttribute('aria-checked', 'true');
  await shoot(vp, 'returns-vendor-receive', receive);
  await receive.getByRole('button', { name: MSG.returnReceive }).click();
  await expect(panel.getByTestId('return-refund')).toBeVisible();
  const refundText = (await panel.getByTestId('return-refund').textContent())!;
  await shoot(vp, 'returns-vendor-received', panel);
  await vendorContext.close();

  // the shopper's page follows live: the refund, and the store credit is that refund
  await expect(mine.getByTestId('return-refund')).toHaveText(refundText);
  const mineApi = await (await request.get('/api/my/returns', { headers: bearer(shopper.token) })).json();
  const refund = mineApi.returns[0].refund as { total_cents: number };
  expect(refundText).toBe(MSG.returnRefundIssued(formatCents(refund.total_cents, 'AED')));
  await expect(returns.getByTestId('store-credit')).toContainText(formatCents(refund.total_cents, 'AED'));
  await expect(mine.getByText('Please send it back in its box')).toBeVisible();
  await shoot(page, 'returns-profile-refunded', returns);

  // the admin's order details show the same return and the history lines
  const access = await request.post('/api/admin/access', { data: { code: E2E_ADMIN_CODE } });
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await adminContext.addInitScript((t) => {
    localStorage.setItem('admin_token', t);
    localStorage.setItem('admin_access_granted', 'true');
  }, (await access.json()).token as string);
  const admin = await adminContext.newPage();
  await admin.goto(`/admin?section=orders&search=${order.order_number}`);
  await admin.getByRole('row', { name: new RegExp(order.order_number) }).first().click();
  const details = admin.getByRole('dialog', { name: `Order ${order.order_number}` });
  await expect(details.getByRole('region', { name: MSG.returnRequestsTitle }).getByTestId('return-refund')).toHaveText(refundText);
  await expect(details.getByText(/^Return received: 1 ×/)).toBeVisible();
  await shoot(admin, 'returns-admin-details', details);

  // the second unit, by bank transfer: an admin approves and receives it (not restocked) from the same details
  const second = await request.post('/api/my/returns', {
    headers: bearer(shopper.token),
    // a bank transfer names the account it goes to (IBAN checked, decision 0141)
    data: { order_id: order.id, line_id: mineApi.returns[0].line_id, units: 1, reason: 'no_longer_needed', refund_method: 'bank_transfer', bank_account: { iban: 'AE070331234567890123456', account_holder: 'Layla Customer' } },
  });
  expect(second.status()).toBe(201);
  const adminPanel = details.getByRole('region', { name: MSG.returnRequestsTitle });
  const row = adminPanel.getByTestId(`return-${(await second.json()).id}`);
  await row.getByRole('button', { name: MSG.returnApprove }).click();
  await admin.getByRole('dialog', { name: MSG.returnApprove }).getByRole('button', { name: MSG.returnApprove }).click();
  await row.getByRole('button', { name: MSG.returnReceive }).click();
  const adminReceive = admin.getByRole('dialog', { name: MSG.returnReceive });
  await adminReceive.getByRole('switch', { name: MSG.returnRestockLabel }).click();
  await adminReceive.getByRole('button', { name: MSG.returnReceive }).click();
  await expect(row.getByTestId('return-refund')).toBeVisible();
  await adminContext.close();
  // the whole sub-order is back: the two refunds add up to what was paid (shipping and tax included)
  const after = await (await request.get('/api/my/returns', { headers: bearer(shopper.token) })).json();
  const refunds = (after.returns as { refund: { total_cents: number } }[]).map((r) => r.refund.total_cents);
  const placedTotal = Math.round(Number((await (await request.get(`/api/my/orders`, { headers: bearer(shopper.token) })).json())[0].total_amount) * 100);
  expect(refunds.reduce((a, b) => a + b, 0)).toBe(placedTotal);
  // only the store-credit refund is store credit; the bank transfer is not
  expect(after.store_credit.balance_cents).toBe(refund.total_cents);
  await expect(returns.getByRole('list', { name: MSG.returnRequestsTitle }).getByRole('listitem')).toHaveCount(2);
});
