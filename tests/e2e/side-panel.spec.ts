import { expect, test, type Page } from '@playwright/test';

// The shopping assistant side panel (/assistant/panel): product locker, comparison through the chat,
// drag-and-drop into the chat, and the locker's limits — all against the real server and demo catalogue.

const featuredCards = (page: Page) => page.getByRole('region', { name: 'Featured Products' }).getByRole('article');
const chat = (page: Page) => page.getByRole('region', { name: 'Chat with AI' });
const locker = (page: Page) => page.getByRole('region', { name: /Product Locker|Locked Products/ });

async function openPanel(page: Page) {
  await page.goto('/assistant/panel');
  await expect(page.getByRole('heading', { name: 'Souq', level: 1 })).toBeVisible();
  await expect(page.getByText('Smart Shopping Experience')).toBeVisible();
  await expect(featuredCards(page)).toHaveCount(5);
}

async function cardName(page: Page, index: number) {
  // the card's name element is the one its article is labelled by
  return (await featuredCards(page).nth(index).locator('span[id]').first().textContent())!.trim();
}

test('lock two products and ask which has better value: the reply compares both by name', async ({ page }) => {
  await openPanel(page);
  await expect(locker(page).getByText('No Products Locked')).toBeVisible();

  const first = await cardName(page, 0);
  const second = await cardName(page, 1);
  await featuredCards(page).nth(0).getByRole('button', { name: 'Lock for comparison' }).click();
  await featuredCards(page).nth(1).getByRole('button', { name: 'Lock for comparison' }).click();

  await expect(page.getByRole('heading', { name: 'Locked Products (2/2)' })).toBeVisible();
  await expect(locker(page).getByText('Ready for Comparison!')).toBeVisible();
  await expect(locker(page).getByRole('button', { name: `Unlock ${first}` })).toBeVisible();
  await expect(locker(page).getByRole('button', { name: `Unlock ${second}` })).toBeVisible();

  await chat(page).getByRole('textbox', { name: 'Message' }).fill('which has better value?');
  await chat(page).getByRole('button', { name: 'Send' }).click();
  // the log held only the greeting and the question before: both names can only come from the reply
  const log = chat(page).getByRole('log');
  await expect(log).toContainText(first, { timeout: 20_000 });
  await expect(log).toContainText(second);

  // the locker survives a reload (stored under lockedProducts)
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Locked Products (2/2)' })).toBeVisible();
});

test('locker refuses a duplicate and a third product, Clear All asks first', async ({ page }) => {
  await openPanel(page);
  const lock = (i: number) => featuredCards(page).nth(i).getByRole('button', { name: /Lock(ed)? for comparison/ }).click();

  await lock(0);
  await lock(0);
  await expect(locker(page).getByRole('alert')).toHaveText('Product is already locked');
  await lock(1);
  await lock(2);
  await expect(locker(page).getByRole('alert')).toHaveText('You can only lock 2 products at a time. Unlock one first.');
  await expect(page.getByRole('heading', { name: 'Locked Products (2/2)' })).toBeVisible();

  // dismissing the confirmation keeps both; accepting empties the locker
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to unlock all products?');
    void d.dismiss();
  });
  await locker(page).getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByRole('heading', { name: 'Locked Products (2/2)' })).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await locker(page).getByRole('button', { name: 'Clear All' }).click();
  await expect(locker(page).getByText('No Products Locked')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lockedProducts'))).toBeNull();
});

test('drag a featured product into the chat: the context chip shows it', async ({ page }) => {
  await openPanel(page);
  const name = await cardName(page, 2);
  const card = featuredCards(page).nth(2);
  await expect(card).toHaveAttribute('title', 'Drag to chat');

  await card.dragTo(chat(page).getByRole('log'));
  await expect(chat(page).getByText(`Context: ${name}`)).toBeVisible();
  // the focus is stored under the prefixed key and the product recorded in the history
  const stored = await page.evaluate(() => ({
    focus: JSON.parse(localStorage.getItem('souq_assistant_locked_product') ?? 'null'),
    history: JSON.parse(localStorage.getItem('souq_assistant_history') ?? '[]'),
  }));
  expect(stored.focus.name).toBe(name);
  expect(stored.history[0].productName).toBe(name);
});

test('search filters the panel, blank searches are ignored, recent searches are kept', async ({ page }) => {
  await openPanel(page);
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill('   ');
  await search.press('Enter');
  expect(await page.evaluate(() => localStorage.getItem('souq_assistant_searches'))).toBeNull();

  const name = await cardName(page, 3);
  const word = name.split(/\s+/).find((w) => w.length > 3) ?? name;
  await search.fill(word);
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: `Results for “${word}”` })).toBeVisible();
  await expect(page.getByRole('region', { name: `Results for “${word}”` }).getByRole('article').first()).toContainText(new RegExp(word, 'i'));
  await expect(page.getByRole('group', { name: 'Recent searches' }).getByRole('button', { name: word })).toBeVisible();
});

test('an invalid stored locker resets to empty', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lockedProducts', '{broken'));
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await openPanel(page);
  await expect(locker(page).getByText('No Products Locked')).toBeVisible();
  expect(errors).toContain('Failed to load locked products');
});

test('favourite and add to cart: the cart and the tracked events reach the server for the anonymous visitor', async ({ page, request }) => {
  await openPanel(page);
  const card = featuredCards(page).nth(1);
  const name = await cardName(page, 1);
  await card.getByRole('button', { name: 'Favourite' }).click();
  await expect(card.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 1 item(s) to cart!' })).toBeVisible();
  await expect(chat(page).getByTestId('cart-count')).toHaveText('1');

  // the tracker loads after first paint (storefront/track.ts) and writes the anonymous id when it first runs, which
  // on a loaded machine can be after the cart count shows: wait for the id, not for a fixed moment
  await expect.poll(() => page.evaluate(() => localStorage.getItem('souq_assistant_anonymous_id'))).toMatch(/^anon-/);
  const stored = await page.evaluate(() => ({
    anon: localStorage.getItem('souq_assistant_anonymous_id'),
    categories: JSON.parse(localStorage.getItem('souq_assistant_categories') ?? '[]'),
    cart: localStorage.getItem('souq_assistant_cart'),
  }));
  expect(stored.categories).toHaveLength(1);
  expect(stored.cart).toContain(name);

  // the tracking client sent session_start and add_to_cart for this visitor's anonymous id
  await expect
    .poll(async () => {
      const res = await request.get(`/api/personalize/history/${stored.anon}?limit=50`);
      const body = (await res.json()) as { interactions: { eventType: string }[] };
      return body.interactions.map((i) => i.eventType);
    })
    .toEqual(expect.arrayContaining(['session_start', 'add_to_cart']));
});

// The 'Personalized for You' block (customer home) shares the side panel's tracking and recommendation client.
test.describe('Personalized for You', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('souq_assistant_mode', 'home'));
  });
  const block = (page: Page) => page.getByRole('region', { name: 'Personalized for You' });

  test('shows 8 scored recommendations and really adds to the cart', async ({ page }) => {
    await page.goto('/');
    await expect(block(page).getByRole('article')).toHaveCount(8);
    await expect(block(page).getByText(/^\d+% match$/).first()).toBeVisible();
    const first = block(page).getByRole('article').first();
    const name = (await first.getByRole('heading').textContent())!.trim();
    await first.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(block(page).getByRole('status')).toHaveText('Added 1 item(s) to cart!');
    expect(await page.evaluate(() => localStorage.getItem('souq_assistant_cart'))).toContain(name);
  });

  test('a server error shows its text with Try Again; only an unreachable service gives the fallback', async ({ page }) => {
    let mode: 'error' | 'offline' = 'error';
    await page.route('**/api/personalize/recommendations/**', (route) =>
      mode === 'error'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Recommendation engine warming up' }) })
        : route.abort('internetdisconnected'),
    );
    await page.goto('/');
    await expect(block(page).getByRole('alert')).toContainText('Unable to load recommendations', { timeout: 15_000 });
    await expect(block(page).getByRole('alert')).toContainText('Recommendation engine warming up');

    mode = 'offline';
    await block(page).getByRole('button', { name: 'Try Again' }).click();
    await expect(block(page).getByRole('article')).toHaveCount(5);
    await expect(block(page).getByText('95% match')).toBeVisible();
    await expect(block(page).getByText('75% match')).toBeVisible();
  });
});
