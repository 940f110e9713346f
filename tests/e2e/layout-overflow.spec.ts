import { expect, test, type Page } from '@playwright/test';
import { paths } from '../../apps/web/src/lib/paths.js';
import { DEMO_CUSTOMER, signIn as signInThroughApi } from './support/sign-in.js';
import { ADMIN_SECTIONS, ROUTES, routesNotWalked, VENDOR_TABS, type Who } from './support/arabic-routes.js';
import { gotoQuiet } from './support/quiet-network.js';

// Issue 23 item 3: every customer, vendor and admin route at phone width (390 px) and desktop width (1280 px).
// Nothing scrolls sideways at 390 px (a table scrolls inside its own scroller only), every tab of a tab strip is on
// screen, every table row's actions are visible (inside the viewport and inside every scroller around them) at both
// widths, every table fits its box at 1280 px, and nothing sits under the customer's floating support button once a
// page is scrolled to its end.
// The route list is the one every route walker shares (support/arabic-routes.ts): the web app's route table with every
// admin section and vendor tab.

const WIDTHS = [390, 1280] as const;
// every path of the route table is visited by someone
test('the list covers every route of the web app', () => {
  expect(routesNotWalked()).toEqual([]);
  expect(ADMIN_SECTIONS).toHaveLength(18);
  expect(VENDOR_TABS).toHaveLength(12);
});

/** The customer through the sign-in form (the journey of a shopper's first page), the vendor and admin through the API. */
async function signIn(page: Page, who: Who) {
  if (who === 'visitor') return;
  if (who === 'customer') {
    await page.goto(paths.login);
    await page.getByLabel('Email').fill(DEMO_CUSTOMER.email);
    await page.getByLabel('Password').fill(DEMO_CUSTOMER.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login$/);
    return;
  }
  await signInThroughApi(page, who);
}

/** Opens a route and waits until its lists have answered (no busy table, no loading skeleton). */
async function open(page: Page, route: string) {
  // its requests ended (its live stream left out), then the busy states
  await gotoQuiet(page, route);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('tbody .animate-pulse')).toHaveCount(0); // skeleton rows
  // lazy images and charts settle their size
  await page.waitForTimeout(150);
}

/** What the page shows that breaks the layout rules, as readable lines (empty when all holds). */
async function layoutProblems(page: Page) {
  // the page's end, where the floating support button must leave every control free (it moves on scroll); a page
  // that draws more as the reader nears its end (the storefront's shelves) ends when it has nothing more to draw (its
  // end marker gone) and scrolling changes its height no more. A busy machine drew a step of shelves later than a
  // fixed wait: the walk then read a page whose end was still growing (a new shelf's arrows under the button).
  const started = Date.now();
  for (let height = -1; Date.now() - started < 20_000;) {
    const now = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return { height: document.documentElement.scrollHeight, more: document.querySelector('[data-testid="shelves-more"]') !== null };
    });
    await page.waitForTimeout(300);
    if (now.height === height && !now.more) break;
    height = now.height;
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const name = (el: Element) => (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().replace(/\s+/g, ' ').slice(0, 60);
    const shown = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.getBoundingClientRect().width > 0;
    /** The part of the element's box that is not clipped by the viewport or a scroller around it. */
    const visibleBox = (el: Element) => {
      const r = el.getBoundingClientRect();
      let left = Math.max(r.left, 0), right = Math.min(r.right, vw);
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== 'visible') {
          const pr = p.getBoundingClientRect();
          left = Math.max(left, pr.left);
          right = Math.min(right, pr.right);
        }
      }
      return { r, left, right };
    };
    const fullyInView = (el: Element) => {
      const { r, left, right } = visibleBox(el);
      return left <= r.left + 1 && right >= r.right - 1;
    };

    if (document.documentElement.scrollWidth > vw) problems.push(`page is ${document.documentElement.scrollWidth} px wide in a ${vw} px viewport`);

    for (const tab of Array.from(document.querySelectorAll('[role="tab"]'))) {
      if (shown(tab) && !fullyInView(tab)) problems.push(`tab '${name(tab)}' is cut off`);
    }

    for (const table of Array.from(document.querySelectorAll('table'))) {
      if (!shown(table)) continue;
      const label = table.querySelector('caption')?.textContent ?? name(table);
      // on a desktop every column fits its box (on a phone a table may scroll inside its own scroller)
      const box = table.parentElement!;
      if (vw >= 1024 && box.scrollWidth > box.clientWidth + 1) problems.push(`table '${label}' is ${box.scrollWidth} px wide in a ${box.clientWidth} px box`);
      const hasActions = Array.from(table.querySelectorAll('thead th')).some((th) => th.textContent?.trim() === 'Actions');
      for (const row of Array.from(table.querySelectorAll('tbody tr'))) {
        if (row.children.length < 2) continue; // a loading, empty or error row spans the table
        const buttons = Array.from(row.querySelectorAll('button, a[href]')).filter(shown);
        if (hasActions && buttons.length === 0) problems.push(`rows of '${label}' have no visible action: '${name(row)}'`);
        for (const b of buttons) if (!fullyInView(b)) problems.push(`actions in table '${label}' are off-screen: '${name(b)}'`);
      }
    }

    const support = Array.from(document.querySelectorAll('button[aria-label^="Support chat"]')).find(shown);
    if (support) {
      const s = support.getBoundingClientRect();
      for (const field of Array.from(document.querySelectorAll('input, select, textarea, button, a[href]'))) {
        if (field === support || support.contains(field) || !shown(field)) continue;
        const f = field.getBoundingClientRect();
        if (f.bottom < 0 || f.top > vh) continue;
        const overlap = f.left < s.right && f.right > s.left && f.top < s.bottom && f.bottom > s.top;
        if (overlap) problems.push(`the support button covers '${name(field)}'`);
      }
    }
    return problems;
  });
}

// One page per area, each route opened once and measured at both widths: the layout is CSS and media queries, so a
// resize tells what a reload would (as arabic-screens.spec.ts does), at half the page loads.
for (const who of Object.keys(ROUTES) as Who[]) {
  test(`${who} routes at ${WIDTHS.join(' and ')} px: nothing sideways, tabs and row actions on screen`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: WIDTHS[0], height: 844 });
    await signIn(page, who);
    const found: string[] = [];
    for (const route of ROUTES[who]) {
      await page.setViewportSize({ width: WIDTHS[0], height: 844 });
      await open(page, route);
      for (const width of WIDTHS) {
        if (width !== WIDTHS[0]) {
          await page.setViewportSize({ width, height: 844 });
          await page.waitForTimeout(150);
        }
        for (const p of await layoutProblems(page)) found.push(`${route} at ${width} px: ${p}`);
      }
    }
    // one line per kind of problem of a route (a table's rows repeat the same problem)
    expect([...new Set(found.map((f) => f.replace(/: '[^']*'$/, '')))]).toEqual([]);
  });
}

test('admin Orders shows its Vendor column at 1280 px and opens an order from its row menu at 390 px', async ({ page }) => {
  await signIn(page, 'admin');
  await page.setViewportSize({ width: 1280, height: 844 });
  await open(page, `${paths.admin}?section=orders`);
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('columnheader', { name: 'Vendor' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  const first = table.locator('tbody tr').first();
  const number = (await first.locator('td').first().locator('p').first().textContent())!.trim();
  await first.getByRole('button', { name: `Actions for order ${number}` }).click();
  await page.getByRole('group', { name: `Actions for order ${number}` }).getByRole('button', { name: `View order ${number}` }).click();
  await expect(page.getByRole('dialog', { name: new RegExp(number) })).toBeVisible();
});

test('the admin sidebar reaches the end of a long page (Sales Analytics)', async ({ page }) => {
  await signIn(page, 'admin');
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, `${paths.admin}?section=reports`);
  const sizes = await page.evaluate(() => {
    const sidebar = document.querySelector('aside[aria-label="Admin sections"]')!;
    return { page: document.documentElement.scrollHeight, viewport: window.innerHeight, sidebar: sidebar.getBoundingClientRect().height };
  });
  expect(sizes.page).toBeGreaterThan(sizes.viewport); // the page is long enough to tell
  // the dark column is as long as the page (a full-page view shows no white strip under it)
  expect(sizes.sidebar).toBeGreaterThanOrEqual(sizes.page - 1);
});

test('the comparison locker shows one product per row at 390 px', async ({ page }) => {
  await signIn(page, 'customer');
  await page.setViewportSize({ width: 390, height: 844 });
  const two = ((await (await page.request.get('/api/products?limit=2')).json()) as { id: number; name: string; price: number; category: string }[]).slice(0, 2);
  expect(two).toHaveLength(2);
  await page.evaluate((items) => {
    localStorage.setItem('lockedProducts', JSON.stringify(items.map((p) => ({
      product: { id: p.id, name: p.name, price: p.price, image: null, category: p.category }, lockedAt: new Date().toISOString(),
    }))));
  }, two);
  await open(page, paths.sidePanel);
  const locker = page.locator('ul').filter({ has: page.getByRole('button', { name: `Unlock ${two[0]!.name}` }) });
  const widths = await locker.locator(':scope > li').evaluateAll((items) => items.map((li) => li.getBoundingClientRect().width));
  expect(widths).toHaveLength(3); // two products and 'Ready for Comparison!'
  for (const w of widths) expect(w).toBeGreaterThan(390 * 0.6);
  expect(await layoutProblems(page)).toEqual([]);
});

test('the floating support button never covers the form field being filled in at 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'customer');
  const covered: string[] = [];
  for (const route of [paths.profile, paths.onboarding, paths.checkout, paths.assistant]) {
    await open(page, route);
    const fields = page.locator('input:not([type="hidden"]):visible, textarea:visible, select:visible');
    const count = await fields.count();
    for (let i = 0; i < count; i++) {
      const field = fields.nth(i);
      await field.focus(); // the browser scrolls it into view, often to the bottom edge
      await page.waitForTimeout(150);
      const overlap = await field.evaluate((el) => {
        const support = document.querySelector('button[aria-label^="Support chat"]');
        if (!support) return 'no support button';
        const s = support.getBoundingClientRect();
        const f = el.getBoundingClientRect();
        return f.left < s.right && f.right > s.left && f.top < s.bottom && f.bottom > s.top ? (el.getAttribute('aria-label') || (el as HTMLInputElement).labels?.[0]?.textContent?.trim() || el.tagName) : null;
      });
      if (overlap) covered.push(`${route}: ${overlap}`);
    }
  }
  expect(covered).toEqual([]);
});

test("the floating support button steps aside while the assistant's chat fills a phone's screen, and comes back when it closes", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'customer');
  await open(page, paths.assistant);
  const support = page.getByRole('button', { name: /^Support chat/ });
  await expect(support).toBeVisible();
  await page.getByRole('button', { name: 'Chat with AI', exact: true }).click();
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log).toBeVisible();
  // the sheet's conversation is free to its last line: nothing floats over it
  await expect(support).toHaveCount(0);
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(support).toBeVisible();
  // on a desktop the chat is a column beside the shelves, not a sheet: the button stays, over the column's corner,
  // and the conversation keeps room at its end so its last message scrolls clear of it
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(log).toBeVisible();
  await expect(support).toBeVisible();
  const send = page.getByRole('button', { name: 'Send', exact: true });
  const bubbles = log.locator('div[dir="auto"]');
  for (let i = 1; i <= 5; i++) {
    const before = await bubbles.count();
    await expect(async () => {
      await page.locator('#chat-input').fill(`hello ${i}`);
      await expect(send).toBeEnabled({ timeout: 1_000 });
    }).toPass();
    await send.click();
    await expect(bubbles).toHaveCount(before + 2, { timeout: 20_000 });
  }
  await log.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  const [last, button] = [await bubbles.last().boundingBox(), await support.boundingBox()];
  expect(last!.y + last!.height).toBeLessThanOrEqual(button!.y);
});
