import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@souq/shared/messages';
import { formatMoney } from '@souq/shared/rules/money';
import { screenshots } from './support/shots.js';

// Price history and price alerts (issue 28, decision 0101): the product dialog charts the demo's 90 days of prices
// with the lowest; the demo customer asks to be told below an amount; the vendor drops the price below it and the
// customer's open page shows the alert at once; the notification settings list it as fired. Screenshots
// (PRICE_SHOTS=dir) at 1280 and 390 px for looking at.

test.describe.configure({ timeout: 180_000 });

const shoot = screenshots(process.env.PRICE_SHOTS, { settleMs: 600, fullPage: false });

async function openProduct(page: Page, query: string, name: string) {
  await page.getByPlaceholder('Search products with AI...').fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('region', { name: 'Search results' }).getByRole('article').filter({ hasText: name }).first().click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('region', { name: MSG.priceHistoryTitle })).toBeVisible();
  return dialog;
}

test('the dialog charts 90 days of prices; a signed-out shopper is asked to sign in for an alert', async ({ page }) => {
  await page.goto('/ai-assistant');
  const dialog = await openProduct(page, 'nova x15 pro', 'Nova X15 Pro Smartphone');
  const history = dialog.getByRole('region', { name: MSG.priceHistoryTitle });
  // on sale: the compare-at price before, today's sale price the lowest
  await expect(history.getByText(new RegExp(`^Lowest ${formatMoney(3899).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} on \\d{4}-\\d{2}-\\d{2}$`))).toBeVisible();
  await expect(history.locator('.recharts-line-curve')).toBeVisible();
  await expect(history.getByText(MSG.priceAlertSignIn)).toBeVisible();
  await shoot(page, 'price-history-signed-out');
});

test('an alert set in the dialog fires once when the vendor drops the price below it', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('customer@souq.test');
  await page.getByLabel('Password').fill('souq-demo-1');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/ai-assistant$/);

  const dialog = await openProduct(page, 'crispo air fryer', 'Crispo XL Digital Air Fryer');
  const history = dialog.getByRole('region', { name: MSG.priceHistoryTitle });
  await history.getByLabel(new RegExp(MSG.priceAlertLabel)).fill('440');
  await history.getByRole('button', { name: MSG.priceAlertSubmit }).click();
  await expect(history.getByText(MSG.priceAlertActive(formatMoney(440)))).toBeVisible();
  await shoot(page, 'price-alert-set');

  // its seller (Bayt Al Khaleej Home, decision 0096) lowers the price below 440: the open page shows the alert (live stream)
  const vendor = await request.post('/api/vendor/login', { data: { email: 'home@souq.test', password: 'souq-demo-1' } });
  expect(vendor.status()).toBe(200);
  const token = (await vendor.json()).token as string;
  const list = await request.get('/api/products?limit=100');
  const crispo = ((await list.json()) as { id: number; name: string }[] | { items: { id: number; name: string }[] });
  const items = Array.isArray(crispo) ? crispo : crispo.items;
  const id = items.find((p) => p.name === 'Crispo XL Digital Air Fryer')!.id;
  const put = await request.put(`/api/products/${id}`, { headers: { authorization: `Bearer ${token}` }, data: { price_cents: 42_900 } });
  expect(put.status()).toBe(200);
  const notice = page.getByRole('status').filter({ hasText: MSG.priceAlertPushTitle('Crispo XL Digital Air Fryer') });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(MSG.priceAlertPushBody(formatMoney(429), formatMoney(440)));
  await shoot(page, 'price-alert-fired');

  // the notification settings list it, fired, and it can be removed
  await page.goto('/profile');
  const row = page.getByRole('listitem').filter({ hasText: 'Crispo XL Digital Air Fryer' });
  await expect(row).toContainText(MSG.priceAlertFiredNote(formatMoney(429)));
  await shoot(page, 'price-alerts-settings', page.getByRole('region', { name: 'Notification Settings' }));
  await row.getByRole('button', { name: MSG.priceAlertRemove }).click();
  await expect(page.getByText(MSG.priceAlertsEmpty)).toBeVisible();
});

test("the assistant quotes buyers with links; a quote opens the product at that review", async ({ page }) => {
  await page.goto('/ai-assistant');
  const chat = page.getByRole('region', { name: 'Chat with AI' });
  await chat.getByLabel('Message', { exact: true }).fill('what do buyers say about the Aura Studio headphones?');
  await chat.getByRole('button', { name: 'Send' }).click();
  const quote = chat.getByRole('link', { name: /^“.+”$/ }).first();
  await expect(quote).toBeVisible();
  await shoot(page, 'assistant-review-quotes');
  const href = (await quote.getAttribute('href'))!;
  const text = (await quote.textContent())!.replace(/[“”]/g, '');
  expect(href).toMatch(/^\/ai-assistant\?product=\d+#review-\d+$/);
  await quote.click();
  const dialog = page.getByRole('dialog', { name: 'Aura Studio Over-Ear Headphones' });
  const review = dialog.locator(`#${href.split('#')[1]}`);
  await expect(review).toBeInViewport();
  await expect(review).toContainText(text);
});
