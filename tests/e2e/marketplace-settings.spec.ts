import { expect, test, type Page } from '@playwright/test';
import { adminToken, DEMO_PASSWORD, signIn } from './support/sign-in.js';

// The marketplace's settings (issue 24, decision 0096), against the real server with the demo marketplace: the admin's
// Commission panel (System section) and a vendor's Shipping and returns (Settings tab). Screenshots at 1280 and 390 px
// go to SHOTS_DIR when it is set.

const MUSIC = 'Maqam Music Centre LLC'; // a seeded vendor with its own rate (8 %)
const PETS = { email: 'pets@souq.test', company: 'Paws & Whiskers Pet Supplies LLC' };

async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the admin sets a vendor commission rate: it is listed, wins over the category rate, and can be removed', async ({ page }) => {
  await signIn(page, 'admin', { path: '/admin?section=system' });
  const panel = page.getByRole('region', { name: 'Commission' });
  await expect(panel.getByLabel('Default rate (%)')).toHaveValue('10');
  const list = panel.getByRole('list', { name: 'Category and vendor rates' });
  // the seeded rates: two categories and the music shop's own
  await expect(list.getByRole('listitem').filter({ hasText: 'Laptops' })).toContainText('6%');
  await expect(list.getByRole('listitem').filter({ hasText: MUSIC })).toContainText('8%');

  // change the music shop's rate through Edit
  await list.getByRole('button', { name: `Edit ${MUSIC}` }).click();
  const form = panel.getByRole('form', { name: 'Category or vendor rate' });
  await form.getByLabel('Rate (%)').fill('12.5');
  await form.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByText(`${MUSIC}: 12.5% saved`)).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: MUSIC })).toContainText('12.5%');

  // a rate for a vendor that had none, over its category's (Beauty 15 %)
  await form.getByLabel('Applies to').selectOption('vendor');
  await form.getByLabel('Vendor').selectOption({ label: 'Jumeirah Style House LLC' });
  await form.getByLabel('Rate (%)').fill('9');
  await form.getByRole('button', { name: 'Save rate' }).click();
  await expect(list.getByRole('listitem').filter({ hasText: 'Jumeirah Style House LLC' })).toContainText('9%');
  const inForce = panel.getByTestId('rate-in-force');
  await panel.getByLabel('Sold by').selectOption({ label: 'Jumeirah Style House LLC' });
  await panel.getByLabel('Category', { exact: true }).last().fill('Beauty');
  await expect(inForce).toHaveText(/takes 9%: the vendor's rate/);
  await panel.getByLabel('Sold by').selectOption({ label: 'Bayt Al Khaleej Home Appliances LLC' });
  await expect(inForce).toHaveText(/takes 15%: the category's rate/);

  // the server holds the same, audited
  const token = await adminToken(page.request);
  const rates = await (await page.request.get('/api/admin/commission', { headers: { authorization: `Bearer ${token}` } })).json() as { rates: { scope: string; rate_bps: number }[] };
  expect(rates.rates.filter((r) => r.scope === 'vendor').map((r) => r.rate_bps).sort()).toEqual([1250, 900]);
  await shots(page, 'admin-commission');

  // remove the new one: the category rate applies again
  await list.getByRole('button', { name: 'Remove Jumeirah Style House LLC' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(list.getByRole('listitem').filter({ hasText: 'Jumeirah Style House LLC' })).toHaveCount(0);
  await panel.getByLabel('Sold by').selectOption({ label: 'Jumeirah Style House LLC' });
  await expect(inForce).toHaveText(/takes 15%: the category's rate/);
  // leave the seeded rate as it was for other journeys
  await list.getByRole('button', { name: `Edit ${MUSIC}` }).click();
  await form.getByLabel('Rate (%)').fill('8');
  await form.getByRole('button', { name: 'Save rate' }).click();
  await expect(list.getByRole('listitem').filter({ hasText: MUSIC })).toContainText('8%');
});

test('a vendor sets its shipping fee, free-shipping threshold and return window, and checkout prices its part by them', async ({ page }) => {
  await signIn(page, 'vendor', { credentials: { email: PETS.email, password: DEMO_PASSWORD }, path: '/vendor?tab=settings' });
  const form = page.getByRole('form', { name: 'Shipping and returns' });
  await expect(form.getByLabel('Shipping fee (AED)')).toHaveValue('10.00');
  await form.getByLabel('Shipping fee (AED)').fill('-3');
  await form.getByRole('button', { name: 'Save shipping and returns' }).click();
  await expect(form.getByText('Enter an amount of 0 or more')).toBeVisible();
  await form.getByLabel('Shipping fee (AED)').fill('17.50');
  await form.getByLabel('Free shipping above (AED)').fill('400');
  await form.getByLabel('Return window (days)').fill('21');
  await form.getByRole('button', { name: 'Save shipping and returns' }).click();
  await expect(page.getByText('Shipping and returns saved')).toBeVisible();
  await shots(page, 'vendor-shipping');
  await page.reload();
  await expect(form.getByLabel('Shipping fee (AED)')).toHaveValue('17.50');
  await expect(form.getByLabel('Return window (days)')).toHaveValue('21');

  // the checkout quote charges the new fee on this vendor's part (a 35.00 collar, below 400.00)
  const products = await (await page.request.get('/api/products?limit=200')).json() as { id: number; name: string }[];
  const collar = products.find((p) => p.name.includes('TrailTag'))!;
  const quote = await (await page.request.post('/api/orders/quote', { data: { items: [{ product_id: collar.id, quantity: 1 }] } })).json() as { sellers: { seller_name: string; shipping: number }[] };
  expect(quote.sellers).toEqual([expect.objectContaining({ seller_name: PETS.company, shipping: 17.5 })]);

  // back to the seeded rule
  await form.getByLabel('Shipping fee (AED)').fill('10');
  await form.getByLabel('Free shipping above (AED)').fill('100');
  await form.getByLabel('Return window (days)').fill('10');
  await form.getByRole('button', { name: 'Save shipping and returns' }).click();
  await expect(page.getByText('Shipping and returns saved')).toBeVisible();
});
