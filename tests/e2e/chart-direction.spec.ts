import { expect, test, type Locator, type Page } from '@playwright/test';
import { DIGITS_COOKIE } from '@souq/shared/rules/locale';
import { signIn, type Door } from './support/sign-in.js';

// Charts in both reading directions (issue 26 item 3, decision 0103): on every screen with a time chart, in English
// the oldest day is at the left and the newest at the right, in Arabic the oldest at the right (the line's start) and
// the newest at the left; the value axis sits on the start side; the axis numbers follow the reader's digits. Read
// from what the drawing shows: the tooltip of the point under the pointer at each end of the time axis, compared with
// the chart's screen-reader table (oldest first). Screenshots of each screen, en/ar at 1280 and 390 px, go to
// CHART_SHOTS when it is set.

test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.CHART_SHOTS;
type Lang = 'en' | 'ar';

const SCREENS: { name: string; door: Door | null; path: (page: Page) => Promise<string> }[] = [
  { name: 'vendor-analytics', door: 'vendor', path: async () => '/vendor?tab=analytics' },
  { name: 'admin-reports', door: 'admin', path: async () => '/admin?section=reports' },
  { name: 'admin-finance', door: 'admin', path: async () => '/admin?section=finance' },
  {
    // the product dialog's 90 days of prices
    name: 'product-price-history',
    door: null,
    path: async (page) => {
      const list = (await (await page.request.get('/api/products?limit=100')).json()) as { id: number; name: string }[] | { items: { id: number; name: string }[] };
      const id = (Array.isArray(list) ? list : list.items).find((p) => p.name === 'Nova X15 Pro Smartphone')!.id;
      return `/ai-assistant?product=${id}`;
    },
  },
];

const withLang = (path: string, lang: Lang) => `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;

/** The first time chart on the page (its figure: the drawing and the screen-reader table). */
const timeChart = (page: Page) => page.locator('figure').filter({ has: page.locator('.recharts-xAxis') }).first();

/** The tooltip's day for the point under the pointer at one end of the time axis. */
async function dayAtEdge(page: Page, chart: Locator, edge: 'left' | 'right'): Promise<string> {
  const axis = await chart.locator('.recharts-xAxis .recharts-cartesian-axis-line').boundingBox();
  expect(axis).not.toBeNull();
  const x = edge === 'left' ? axis!.x + 0.5 : axis!.x + axis!.width - 0.5;
  await page.mouse.move(x, axis!.y - 30);
  const label = chart.locator('.recharts-tooltip-label');
  await expect(label).toBeVisible();
  return (await label.textContent())!.trim();
}

for (const screen of SCREENS) {
  test(`${screen.name}: time runs towards the reading direction's end, the value axis on the start side`, async ({ page }) => {
    if (screen.door) await signIn(page, screen.door);
    const path = await screen.path(page);
    for (const lang of ['en', 'ar'] as const) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(withLang(path, lang));
      const chart = timeChart(page);
      await chart.scrollIntoViewIfNeeded();
      await expect(chart.locator('.recharts-surface')).toBeVisible();
      const days = (await chart.locator('table tbody th').allTextContents()).map((d) => d.trim());
      expect(days.length).toBeGreaterThan(1);
      const [oldest, newest] = [days[0]!, days.at(-1)!];
      // the newest point is at the left in Arabic, at the right in English
      expect(await dayAtEdge(page, chart, 'left')).toBe(lang === 'ar' ? newest : oldest);
      expect(await dayAtEdge(page, chart, 'right')).toBe(lang === 'ar' ? oldest : newest);
      // the value axis on the line's start side: left of the plot in English, right of it in Arabic
      const plot = (await chart.locator('.recharts-xAxis .recharts-cartesian-axis-line').boundingBox())!;
      const valueAxis = (await chart.locator('.recharts-yAxis-tick-labels').boundingBox())!;
      if (lang === 'ar') expect(valueAxis.x).toBeGreaterThanOrEqual(plot.x + plot.width - 1);
      else expect(valueAxis.x + valueAxis.width).toBeLessThanOrEqual(plot.x + 1);
      await page.mouse.move(0, 0);
      if (SHOTS) {
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await page.waitForTimeout(400);
          await page.screenshot({ path: `${SHOTS}/${screen.name}-${lang}-${width}.png`, fullPage: true });
        }
      }
    }
  });
}

test('the axis numbers are the reader\'s digits: Latin by default in Arabic, Arabic-Indic when chosen', async ({ page, context, baseURL }) => {
  await signIn(page, 'vendor');
  const ticks = () => timeChart(page).locator('.recharts-yAxis-tick-labels').textContent();
  await page.goto('/vendor?tab=analytics&lang=ar');
  await expect(timeChart(page).locator('.recharts-surface')).toBeVisible();
  expect(await ticks()).toMatch(/^[^٠-٩]*[0-9][^٠-٩]*$/);
  await context.addCookies([{ name: DIGITS_COOKIE, value: 'arab', url: baseURL! }]);
  await page.goto('/vendor?tab=analytics&lang=ar');
  await expect(timeChart(page).locator('.recharts-surface')).toBeVisible();
  expect(await ticks()).toMatch(/^[^0-9]*[٠-٩][^0-9]*$/);
});
