import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { paths } from '../../apps/web/src/lib/paths.js';
import { ADMIN_SECTIONS, areaPage, openInArabic, ROUTES, routesNotWalked, VENDOR_TABS, type Who } from './support/arabic-routes.js';

// Issue 26 item 8: every route of the three areas (storefront, the signed-in customer's pages, the vendor area as the
// demo vendor, the admin area) opened in Arabic (`?lang=ar`) at 1280 and 390 px. Each page is `<html lang="ar"
// dir="rtl">` from the server, nothing scrolls sideways (the document, and the big vertical scrollers: an admin
// content pane, the side panel), no text is cut off by an overflow that shows no ellipsis, and a full-page screenshot
// is saved for looking at: `$SHOTS/<who>-<route>-<width>.png`, else `test-results/arabic-screens/`.
// One browser context per area, its page reused; each route is opened once and measured at both widths (the layout
// is CSS and media queries, so a resize tells what a reload would).
// The words on each route are arabic-words.spec.ts' (it fails on an English word left); the routes are shared with it
// (support/arabic-routes.ts).

const SHOTS = process.env.SHOTS ?? path.join('test-results', 'arabic-screens');
const WIDTHS = [1280, 390] as const;

test('the Arabic screens cover every route of the web app', () => {
  expect(routesNotWalked()).toEqual([]);
  expect(ADMIN_SECTIONS.length).toBeGreaterThanOrEqual(17);
  expect(VENDOR_TABS.length).toBeGreaterThanOrEqual(10);
});

const fileName = (who: Who, route: string, width: number) =>
  `${who}-${route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${width}.png`;

/** What breaks the layout in the page as shown: sideways scrolling and cut-off text, as readable lines. */
async function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const label = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const text = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 50);
      return `${el.tagName.toLowerCase()}${id} '${text}'`;
    };
    const shown = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.getBoundingClientRect().width > 1;

    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) problems.push(`page is ${doc.scrollWidth} px wide in a ${doc.clientWidth} px viewport`);
    if (document.body.scrollWidth > document.body.clientWidth + 1) problems.push(`body is ${document.body.scrollWidth} px wide in ${document.body.clientWidth} px`);

    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const style = getComputedStyle(el);
      const clips = style.overflowX !== 'visible';
      if (!clips || !shown(el)) continue;
      const box = el.getBoundingClientRect();
      // the main scrolling containers (a pane as tall as much of the screen) never scroll sideways; a table may
      // scroll inside its own scroller on a phone, and what is made to scroll sideways (a shelf, a tab strip: Tailwind's
      // overflow-x-auto, which makes the computed overflow-y auto too) is left alone
      const scroller = style.overflowY === 'auto' || style.overflowY === 'scroll';
      const sideways = /(^|\s)(\S+:)?overflow-x-(auto|scroll)(\s|$)/.test(el.getAttribute('class') ?? '');
      if (scroller && !sideways && box.height >= vh * 0.4) {
        const tableInside = vw < 1024 && el.querySelector('table') !== null;
        if (!tableInside && el.scrollWidth > el.clientWidth + 1) problems.push(`scroller ${label(el)} is ${el.scrollWidth} px wide in ${el.clientWidth} px`);
        continue;
      }
      if (scroller) continue;
      // text cut off: a hidden or clipped overflow holding its own text, wider than its box, with no ellipsis or
      // line clamp that says so (the screen-reader-only texts are 1 px boxes and are left out by `shown`)
      if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') continue;
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && /\p{L}{2}/u.test(n.textContent ?? ''));
      if (ownText && el.scrollWidth > el.clientWidth + 1) problems.push(`text cut off in ${label(el)}: ${el.scrollWidth} px in ${el.clientWidth} px`);
    }
    return problems;
  });
}

for (const who of Object.keys(ROUTES) as Who[]) {
  test(`${who} routes in Arabic at 1280 and 390 px: right to left, nothing sideways, no text cut off`, async ({ browser }) => {
    test.setTimeout(60_000 + ROUTES[who].length * 20_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const page = await areaPage(browser, who);
    const found: string[] = [];
    for (const route of ROUTES[who]) {
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await openInArabic(page, route);
      // the server wrote the language and direction into the first byte; the page kept them
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), route).toEqual(['ar', 'rtl']);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(200);
        for (const p of await layoutProblems(page)) found.push(`${route} at ${width}: ${p}`);
        await page.screenshot({ path: path.join(SHOTS, fileName(who, route, width)), fullPage: true });
      }
      // the return dialog of a delivered line (the demo customer has some): a dialog on top of the profile
      if (who === 'customer' && route === paths.profile) {
        const returnable = page.locator('section[aria-labelledby="my-returns"] li button').first();
        await expect(returnable).toBeVisible();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
          await returnable.click();
          const dialog = page.getByRole('dialog');
          await expect(dialog).toBeVisible();
          await page.waitForTimeout(200);
          for (const p of await layoutProblems(page)) found.push(`${route} return dialog at ${width}: ${p}`);
          await page.screenshot({ path: path.join(SHOTS, fileName(who, 'profile-return-dialog', width)) });
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
        }
      }
    }
    await page.context().close();
    expect(found).toEqual([]);
  });
}
