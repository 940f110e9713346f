import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { paths } from '../../apps/web/src/lib/paths.js';
import { signIn } from './support/sign-in.js';
import { gotoQuiet } from './support/quiet-network.js';

// Issue 26 for the vendor area: every vendor page in Arabic and in English, at 1280 and 390 px. An Arabic page is
// right-to-left from the first byte, shows the vendor catalogue's Arabic (not the English source), has the language
// switch in its header, and nothing scrolls sideways. SHOTS_DIR=… keeps a screenshot of each page to look at.

const SHOTS = process.env.SHOTS_DIR;
const TABS = (() => {
  const source = fs.readFileSync(new URL('../../apps/web/src/features/seller/tabs/registry.ts', import.meta.url), 'utf8');
  const body = source.slice(source.indexOf('export const VENDOR_TABS = ['), source.indexOf('] as const;'));
  return [...body.matchAll(/\{ id: '([a-z-]+)'/g)].map((m) => m[1]!);
})();
const SIGNED_IN = [...TABS.map((t) => `${paths.vendor}?tab=${t}`), paths.vendorOnboarding, paths.vendorProfile, paths.aiOptimization];

/** Each page's heading in both languages: the Arabic comes from the vendor catalogue loaded with the route. */
const HEADING: Record<'en' | 'ar', RegExp> = { en: /Vendor Dashboard|Vendor Onboarding|Vendor Profile|AI Optimization Dashboard/, ar: /لوحة تحكم البائع|تسجيل البائع|الملف التعريفي للبائع|لوحة التحسين بالذكاء الاصطناعي/ };

async function open(page: Page, route: string, lang: 'en' | 'ar') {
  await gotoQuiet(page, `${route}${route.includes('?') ? '&' : '?'}lang=${lang}`);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('tbody .animate-pulse')).toHaveCount(0);
  await page.waitForTimeout(150);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const slug = (route: string) => route.replace(/^\//, '').replace(/[/?=&]+/g, '-') || 'home';

// Each page opened once per language and looked at in both widths (a resize tells what a reload would: the layout is
// CSS and media queries), at half the page loads.
for (const lang of ['ar', 'en'] as const) {
  test(`vendor pages in ${lang} at 1280 and 390 px`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'vendor');
    const problems: string[] = [];
    for (const route of SIGNED_IN) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await open(page, route, lang);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADING[lang]);
      for (const width of [1280, 390] as const) {
        await page.setViewportSize({ width, height: 900 });
        // the switch names the other language in itself, on every page of the area, phones too
        await expect(page.getByRole('button', { name: lang === 'ar' ? 'English' : 'العربية' })).toBeVisible();
        // a chart measures its box on the frames after a resize (a ResizeObserver): right after 1280 → 390 px the
        // analytics tab's chart was once still 879 px wide. A page still wider than the screen after 2 s is reported.
        const widths = () => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        let { scroll, client } = await widths();
        for (let i = 0; i < 20 && scroll > client; i++) {
          await page.waitForTimeout(100);
          ({ scroll, client } = await widths());
        }
        if (scroll > client) problems.push(`${route} at ${width} px: page scrolls sideways (${scroll} > ${client})`);
        await shoot(page, `${lang}-${width}-${slug(route)}`);
      }
    }
    expect(problems).toEqual([]);
  });
}

test('the vendor sign-in screen in Arabic, with its language switch', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, paths.vendorLogin, 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'دخول البائعين' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'تسجيل الدخول', exact: true })).toBeVisible();
    await shoot(page, `ar-${width}-vendor-login`);
  }
  // the switch reopens the page in English, and the choice holds on the next page
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: 'Vendor Login' })).toBeVisible();
});
