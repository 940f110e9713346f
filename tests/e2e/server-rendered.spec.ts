import { expect, test } from '@playwright/test';

// /ai-assistant's first view comes rendered by the server and its scripts start after the page has loaded (decision
// 0071). What a shopper does in that window must not be lost: the app's scripts are held back here until the shopper
// has clicked Add to Cart and typed into the chat, then released; the click and the text must take effect.

const chat = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Chat with AI' });

test('a click and text typed before the app has taken the server-rendered page over are carried out once it has', async ({ page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // hold every script of the app (not start-app.js itself, which is what holds the shopper's actions)
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/ai-assistant', { waitUntil: 'commit' });

  // the server's markup: the shelves and the chat are there before any of the app's scripts has run
  const firstCard = page.getByRole('region', { name: 'Laptops' }).getByRole('article').first();
  const productName = (await firstCard.getByRole('heading').textContent())!.trim();
  await firstCard.getByRole('button', { name: `Add to Cart: ${productName}` }).click();
  await chat(page).getByLabel('Message', { exact: true }).fill('hello there');
  await expect(chat(page).getByTestId('cart-count')).toHaveText('0');

  release();
  await expect(chat(page).getByTestId('cart-count')).toHaveText('1');
  await expect(chat(page).getByRole('button', { name: 'Send' })).toBeEnabled();
  await chat(page).getByRole('button', { name: 'Cart, 1 item' }).click();
  await expect(page.getByRole('dialog', { name: 'My Cart' }).getByText(productName)).toBeVisible();
});

// The whole catalogue (GET /api/products?limit=200) serves only the chat's typed commands: asked for once the shopper
// turns to the chat, not while the page starts, where its answer re-rendered the page in one long task (decision 0136).
test('the assistant page asks for the whole catalogue once the shopper turns to the chat, not at start-up', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/products' && url.searchParams.get('limit') === '200') asked.push(r.url());
  });
  await page.addInitScript(() => document.addEventListener('souq:app-ready', () => ((window as unknown as { souqReady: boolean }).souqReady = true)));
  await page.goto('/ai-assistant');
  await page.waitForFunction(() => (window as unknown as { souqReady?: boolean }).souqReady === true);
  await page.waitForTimeout(1500);
  expect(asked).toEqual([]);

  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/products' && new URL(r.url()).searchParams.get('limit') === '200');
  await chat(page).getByLabel('Message', { exact: true }).click();
  expect((await answer).status()).toBe(200);
  expect(asked).toHaveLength(1);
});
