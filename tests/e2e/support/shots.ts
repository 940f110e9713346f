import { expect, type Locator, type Page } from '@playwright/test';

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

/** The page's address in the other language: `url` with `lang` set (Souq's pages and the local providers' read it). */
export const inLang = (url: string, lang: 'en' | 'ar') => {
  const u = new URL(url);
  u.searchParams.set('lang', lang);
  return u.toString();
};

/**
 * Shoots a screen (or one part of it) in English, then the same address in Arabic (checking it reads right to
 * left), then goes back; `ready` waits for the screen after each load. Does nothing when `dir` is unset.
 */
export function bothLanguages(dir: string | undefined, shoot: ReturnType<typeof screenshots>) {
  return async function shootBoth(page: Page, name: string, opts: { ready: (p: Page) => Promise<void>; part?: (p: Page) => Locator }) {
    if (!dir) return;
    const here = page.url();
    await shoot(page, `${name}-en`, opts.part?.(page));
    await page.goto(inLang(here, 'ar'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await opts.ready(page);
    await shoot(page, `${name}-ar`, opts.part?.(page));
    await page.goto(inLang(here, 'en'));
    await opts.ready(page);
  };
}
