import type { Locator, Page } from '@playwright/test';

/**
 * A journey's screenshots for looking at (issue 24's "screenshots of every new screen, looked at"): when the folder in
 * `env` is set, `shoot(page, name)` saves the page (or one part of it) at 1280 and 390 px, then puts the desktop size
 * back; unset (CI), it does nothing.
 */
export function screenshots(dir: string | undefined, opts: { settleMs?: number; fullPage?: boolean } = {}) {
  const { settleMs = 300, fullPage = true } = opts;
  return async function shoot(page: Page, name: string, part?: Locator) {
    if (!dir) return;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.waitForTimeout(settleMs);
      const path = `${dir}/${name}-${width}.png`;
      await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage }));
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };
}
