import { expect, test } from '@playwright/test';
import { E2E_ADMIN_CODE } from '../../playwright.config.js';

// The admin area in both languages (issue 26 items 1 and 3): every section at 1280 and 390 px in English and Arabic,
// the page right-to-left in Arabic with the section's heading in Arabic, and nothing wider than the screen (a table
// scrolls inside its own box). Screenshots go to SHOTS (a folder) when it is set, for looking at.

const SHOTS = process.env.SHOTS;
// the sidebar's sections (apps/web/src/features/admin/sections.ts; its titles are Lingui macros, not importable here)
const SECTIONS = ['overview', 'users', 'vendors', 'products', 'orders', 'reviews', 'agents', 'payments', 'finance', 'marketing', 'ai-chatbot', 'chat-monitor', 'support', 'system', 'reports', 'notifications', 'security'];

// Each section opened once per language and measured at both widths (a resize tells what a reload would: the layout
// is CSS and media queries), at half the page loads.
for (const lang of ['en', 'ar'] as const) {
  test(`every admin section in ${lang} at 1280 and 390 px`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`/admin-access?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/access-${lang}-390.png` });
    const codeField = page.getByLabel(lang === 'ar' ? 'رمز الدخول' : 'Access code');
    const unlock = async () => {
      await codeField.fill(E2E_ADMIN_CODE);
      await page.getByRole('button', { name: lang === 'ar' ? 'فتح لوحة التحكم' : 'Unlock dashboard' }).click();
      await expect(page).toHaveURL(/\/admin/);
    };
    await unlock();
    const heading = page.locator('main h2, main h3').first();
    for (const id of SECTIONS) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/admin?section=${id}&lang=${lang}`);
      // sections poll and listen live, so the network never idles: wait for the section's heading instead. Journeys
      // running beside this one revoke admin sessions (the Security section's): then the gate asks again, once
      await expect(heading.or(codeField)).toBeVisible({ timeout: 30_000 });
      if (await codeField.isVisible()) {
        await unlock();
        await page.goto(`/admin?section=${id}&lang=${lang}`);
      }
      await heading.waitFor();
      if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(width === 1280 ? 500 : 250);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${id} at ${width} px overflows by ${overflow}px`).toBeLessThanOrEqual(0);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/${id}-${lang}-${width}.png`, fullPage: width === 390 ? false : true });
      }
    }
  });
}
