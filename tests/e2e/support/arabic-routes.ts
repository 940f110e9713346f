import fs from 'node:fs';
import { expect, type Browser, type Page } from '@playwright/test';
import { paths } from '../../../apps/web/src/lib/paths.js';
import { signIn } from './sign-in.js';
import { gotoQuiet } from './quiet-network.js';

// Every route of the web app, by who opens it (the storefront as a visitor, the signed-in shopper's pages, the vendor
// area as the demo vendor, the admin sections), for the journeys that walk them all: in Arabic (arabic-screens.spec.ts
// for the layout, arabic-words.spec.ts for the words) and at phone and desktop width (layout-overflow.spec.ts). The admin sections and vendor tabs are read from the app's own
// lists, so a new one is walked without touching this file.

/** The ids of a list of `{ id: '…', … }` in a web source file (the admin sections, the vendor tabs). */
const idsIn = (file: string, list: string) => {
  const source = fs.readFileSync(new URL(`../../../apps/web/src/features/${file}`, import.meta.url), 'utf8');
  const body = source.slice(source.indexOf(`export const ${list} = [`), source.indexOf('] as const;', source.indexOf(list)));
  return [...body.matchAll(/\{ id: '([a-z-]+)'/g)].map((m) => m[1]!);
};
export const ADMIN_SECTIONS = idsIn('admin/sections.ts', 'ADMIN_SECTIONS');
export const VENDOR_TABS = idsIn('seller/tabs/registry.ts', 'VENDOR_TABS');

export type Who = 'visitor' | 'customer' | 'vendor' | 'admin';
export const ROUTES: Record<Who, string[]> = {
  visitor: [paths.home, paths.login, paths.signup, paths.assistant, paths.vendorAuth, paths.vendorLogin, paths.vendorSignup, paths.adminAccess, paths.aiOptimization, paths.rubiksCube, paths.shelvesDemo],
  // the consent page of an agent's request that does not exist: its error state (a real request is the agents journey's)
  customer: [paths.home, paths.assistant, paths.profile, paths.onboarding, paths.checkout, `${paths.checkoutPayment}?purchase=SQ-000000-NONE`, paths.sidePanel, paths.connect.replace(':uid', 'no-such-request')],
  vendor: [...VENDOR_TABS.map((t) => `${paths.vendor}?tab=${t}`), paths.vendorOnboarding, paths.vendorProfile],
  admin: [
    ...ADMIN_SECTIONS.map((s) => `${paths.admin}?section=${s}`),
    paths.adminVendors, paths.adminSupport, paths.adminPersonalizeTest, paths.productManager, paths.aiOptimization,
  ],
};

/** Every path of the app's route map that no list above opens (an empty list: every route is walked). */
export function routesNotWalked(): string[] {
  const visited = new Set([...Object.values(ROUTES).flat().map((r) => r.split('?')[0]), paths.connect]);
  return Object.values(paths).filter((p) => !visited.has(p));
}

/** A browser context of the area's own, in Arabic, signed in through the API (the sign-in forms read Arabic here). */
export async function areaPage(browser: Browser, who: Who): Promise<Page> {
  const context = await browser.newContext({ locale: 'ar-AE' });
  const page = await context.newPage();
  if (who !== 'visitor') await signIn(page, who, { landing: '/?lang=ar' });
  return page;
}

export const inArabic = (route: string) => `${route}${route.includes('?') ? '&' : '?'}lang=ar`;

/** Opens a route in Arabic and waits until its lists have answered (no busy table, no loading skeleton). */
export async function openInArabic(page: Page, route: string, opts: { spinnerMs?: number } = {}) {
  // its requests ended (its live stream left out), then the busy states
  await gotoQuiet(page, inArabic(route));
  // (waits, not timings: on a machine shared by many runs a list can take this long to answer)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('tbody .animate-pulse')).toHaveCount(0, { timeout: 30_000 });
  // the sections that load on their own (profile, orders, returns…) show a spinner until they answered; a page may
  // keep one on purpose (a button's pending state), so this waits for them without failing on it
  await expect(page.locator('.animate-spin:visible')).toHaveCount(0, { timeout: opts.spinnerMs ?? 15_000 }).catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}
