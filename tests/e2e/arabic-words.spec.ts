import { expect, test, type Page } from '@playwright/test';
import { paths } from '../../apps/web/src/lib/paths.js';
import { areaPage, openInArabic, ROUTES, routesNotWalked, type Who } from './support/arabic-routes.js';
import { PNG } from './support/vendor-onboarding.js';

// Issue 34 item 10: every route of the web app opened in Arabic — the storefront as a visitor, the shopper's pages,
// the vendor area as the demo vendor, every admin section — and the states a route opens into (the cart drawer with a
// product, the support widget and its new-ticket form, the image search dialog, the sign-up form's refusal) fail on a
// word in Latin letters that is not one of these:
//   1. data people typed or recorded, which the page isolates as such: inside <bdi>, dir="auto", translate="no", an
//      element marked with another language (lang="en": a vendor's English name), or an identifier's element (code,
//      kbd, samp, pre, .font-mono);
//   2. an identifier or a unit: a word with a digit in it (X15, ORD-2026-0001, 4K), an abbreviation in capitals (AED,
//      SKU, VAT, TRN, IBAN, PDF), an e-mail address, a path or address, a unit of measure (ml, kg, GB);
//   3. a name that is the same in every language: the shop's (Souq) and the standards it names (OAuth).
// A word of the interface is none of these, so the next English leftover fails here, not in front of a shopper.
// And the catalogue's own words with an Arabic side: a product's English name (on the shopper's pages) or a
// department's (everywhere) shown where its Arabic exists fails, isolated or not (issue 34 item 11).
// Fast: one browser, one context per area, every page in sequence at one width; no screenshots (arabic-screens takes
// those).

const UNITS = new Set(['ml', 'l', 'g', 'kg', 'mg', 'cm', 'mm', 'm', 'km', 'in', 'W', 'kW', 'V', 'mAh', 'Wh', 'Hz', 'kHz', 'MB', 'GB', 'TB', 'KB', 'px', 'dB', 'oz', 'lb']);
const SAME_IN_EVERY_LANGUAGE = new Set(['Souq', 'OAuth']);

/** The texts of the page a reader meets in Latin letters outside the rule above, with where they stand. */
async function latinWords(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ units, names }) => {
      const allowed = (word: string) =>
        /\d/.test(word) || // a code, a model, a quantity
        /^[A-Z][A-Z&./_]*$/.test(word) || // an abbreviation (AED, MM/YY), a setting's name (ADMIN_ACCESS_CODE)
        /@/.test(word) || /^[/.]|:\/\/|\.[a-z]{2,}$/.test(word) || // an e-mail address, a path (/ai-assistant), a file type (.json), an address
        units.includes(word) ||
        names.includes(word);
      const DATA = 'bdi, [dir="auto"], [translate="no"], code, kbd, samp, pre, .font-mono, script, style, noscript, template';
      const marksOtherLanguage = (el: Element) => {
        const lang = el.closest('[lang]')?.getAttribute('lang') ?? 'ar';
        return !/^ar\b/i.test(lang);
      };
      const found = new Set<string>();
      const check = (text: string, where: string) => {
        for (const m of text.matchAll(/[/.]?[\p{L}\p{N}][\p{L}\p{N}\p{M}'’._@+/:-]*/gu)) {
          const word = m[0].replace(/[.:'’-]+$/, '');
          if (!/\p{Script=Latin}/u.test(word) || allowed(word)) continue;
          found.add(`${where}: '${word}' in “${text.trim().replace(/\s+/g, ' ').slice(0, 60)}”`);
        }
      };
      // a value isolated inside a sentence by the Unicode isolates (FSI/LRI/RLI … PDI, decision 0110) is typed data too
      const withoutIsolates = (text: string) => text.replace(/[\u2066-\u2068][^\u2069]*\u2069/g, ' ');
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        const text = withoutIsolates(n.textContent ?? '');
        if (!el || !/\p{Script=Latin}/u.test(text)) continue;
        if (el.closest(DATA) || marksOtherLanguage(el)) continue;
        // shown, or read aloud (a screen reader's texts are 1 px boxes: they count too)
        if (!el.checkVisibility({ visibilityProperty: true })) continue;
        check(text, el.tagName.toLowerCase());
      }
      for (const field of Array.from(document.querySelectorAll<HTMLElement>('[placeholder]'))) {
        if (field.checkVisibility() && !field.closest(DATA) && !marksOtherLanguage(field)) check(withoutIsolates(field.getAttribute('placeholder') ?? ''), 'placeholder');
      }
      check(withoutIsolates(document.title), 'tab title');
      return [...found];
    },
    { units: [...UNITS], names: [...SAME_IN_EVERY_LANGUAGE] },
  );
}

type Catalogue = { products: string[]; departments: string[] };

/** The catalogue's English names that have an Arabic one: products (the first page of the demo's) and departments. */
async function bilingualNames(page: Page): Promise<Catalogue> {
  const products = (await (await page.request.get('/api/products?limit=100')).json()) as { items?: { name: string; name_ar: string }[] } | { name: string; name_ar: string }[];
  const list = Array.isArray(products) ? products : (products.items ?? []);
  const departments = (await (await page.request.get('/api/categories/names')).json()) as { name: string; name_ar: string }[];
  return {
    products: list.filter((p) => p.name_ar.trim()).map((p) => p.name),
    departments: departments.filter((d) => d.name_ar.trim()).map((d) => d.name),
  };
}

/** English names shown where their Arabic exists: product names on the shopper's pages, departments on every page. */
async function untranslatedNames(page: Page, names: Catalogue, shopper: boolean): Promise<string[]> {
  return page.evaluate(
    ({ products, departments }) => {
      const found: string[] = [];
      const shownTexts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        const text = (n.textContent ?? '').trim();
        if (el && text && el.checkVisibility({ visibilityProperty: true }) && !el.closest('input, textarea, script, style, [translate="no"]')) shownTexts.push(text);
      }
      const all = shownTexts.join('\n');
      for (const name of products) if (all.includes(name)) found.push(`product '${name}'`);
      // a department as the catalogue writes it ('Gaming'; a vendor's tag 'gaming' is its own word, not the department)
      const whole = new Set(shownTexts);
      for (const name of departments) if (whole.has(name)) found.push(`department '${name}'`);
      return found;
    },
    { products: shopper ? names.products : [], departments: names.departments },
  );
}

/** Every problem of the page as it stands, each line naming the route and the state. */
async function problems(page: Page, where: string, names: Catalogue, shopper: boolean): Promise<string[]> {
  const words = await latinWords(page);
  const untranslated = await untranslatedNames(page, names, shopper);
  return [...words, ...untranslated].map((p) => `${where} — ${p}`);
}

/** The states a route opens into, each checked after the page itself. */
const STATES: Partial<Record<Who, Record<string, (page: Page, check: (state: string) => Promise<void>) => Promise<void>>>> = {
  visitor: {
    // the server's refusal of a short password, in the reader's language
    [paths.signup]: async (page, check) => {
      await page.locator('input[name="name"]').fill('Salma');
      await page.locator('input[name="email"]').fill(`words-${Date.now()}@example.test`);
      await page.locator('input[name="password"]').fill('short');
      await page.locator('form button[type="submit"]').click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await check('sign-up refused');
    },
  },
  customer: {
    [paths.assistant]: async (page, check) => {
      // the support widget: its list (empty or not), then the new-ticket form with its priorities
      await page.getByRole('button', { name: 'محادثة الدعم' }).click();
      const support = page.getByRole('region', { name: 'محادثة الدعم' });
      await expect(support).toBeVisible();
      await expect(support.locator('.animate-spin')).toHaveCount(0);
      await check('support widget');
      await support.getByRole('button', { name: 'تذكرة دعم جديدة' }).click();
      await expect(support.locator('select')).toBeVisible();
      await check('new support ticket');
      await support.getByRole('button', { name: 'إغلاق محادثة الدعم' }).click();
      // a product in the cart, then the cart drawer with its line
      await page.getByRole('button', { name: /^أضف إلى السلة: / }).first().click();
      await page.getByRole('button', { name: /^السلة، / }).first().click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByRole('list')).toBeVisible();
      await check('cart drawer with a product');
      await page.keyboard.press('Escape');
      // the image search dialog, with a picture chosen through the chat's attach button
      await page.locator('input[type="file"]').first().setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByRole('dialog')).toBeVisible();
      await check('image search dialog');
      await page.keyboard.press('Escape');
    },
  },
};

test('the Arabic words journey walks every route of the web app', () => {
  expect(routesNotWalked()).toEqual([]);
});

for (const who of Object.keys(ROUTES) as Who[]) {
  test(`${who} routes in Arabic show no English word outside typed data, identifiers and units`, async ({ browser }) => {
    test.setTimeout(60_000 + ROUTES[who].length * 12_000);
    const page = await areaPage(browser, who);
    await page.setViewportSize({ width: 1280, height: 800 });
    const names = await bilingualNames(page);
    expect(names.products.length, 'the demo catalogue has Arabic product names').toBeGreaterThan(10);
    const shopper = who === 'visitor' || who === 'customer';
    const found: string[] = [];
    const slow: string[] = [];
    for (const route of ROUTES[who]) {
      const started = Date.now();
      await openInArabic(page, route, { spinnerMs: 8_000 });
      if (Date.now() - started > 5_000) slow.push(`${route} ${Math.round((Date.now() - started) / 100) / 10} s`);
      expect(await page.evaluate(() => document.documentElement.lang), route).toBe('ar');
      found.push(...(await problems(page, route, names, shopper)));
      const states = STATES[who]?.[route];
      if (states) await states(page, async (state) => void found.push(...(await problems(page, `${route} (${state})`, names, shopper))));
    }
    await page.context().close();
    if (slow.length) console.log(`[${who}] slow to settle: ${slow.join(', ')}`);
    expect(found).toEqual([]);
  });
}

// Issue 34 item 13: the language a person signs in with is saved, and another device shows it on the first page after
// the sign-in, from the server (no flip, no reload by hand); the digits switch stands beside the language switch and
// the ratings follow it.
test('signing in while reading Arabic saves it; a new device opens the next page in it; the digits switch writes ratings in Arabic-Indic digits', async ({ browser }) => {
  const email = `remembered-${Date.now()}@example.test`;
  const password = 'password-123';
  const signInThrough = async (page: Page, path: string) => {
    await page.goto(path);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/ai-assistant/);
  };

  // the first device reads Arabic (its page in Arabic from a shared link); the account was made without a language
  const first = await browser.newContext({ locale: 'ar-AE' });
  expect((await first.request.post('/api/auth/signup', { data: { name: 'Reem', email, password }, headers: { 'accept-language': 'en' } })).status()).toBe(201);
  const arabicDevice = await first.newPage();
  await signInThrough(arabicDevice, '/login?lang=ar');
  const token = await arabicDevice.evaluate(() => localStorage.getItem('auth_token'));
  const saved = await first.request.get('/api/auth/language', { headers: { authorization: `Bearer ${token}` } });
  expect(await saved.json()).toEqual({ locale: 'ar', digits: 'latn' });
  await first.close();

  // a new device in English: the page after the sign-in comes in Arabic from the server
  const second = await browser.newContext({ locale: 'en-US' });
  const newDevice = await second.newPage();
  await newDevice.goto('/login');
  await expect(newDevice.locator('html')).toHaveAttribute('lang', 'en');
  await signInThrough(newDevice, '/login');
  await expect(newDevice.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(newDevice.locator('html')).toHaveAttribute('dir', 'rtl');

  // the digits switch beside the language switch; a rating then reads in Arabic-Indic digits
  const rating = newDevice.locator('[role="img"][aria-label^="التقييم"]').first();
  await expect(rating).toHaveAttribute('aria-label', /التقييم [0-9.]+ من 5/);
  await newDevice.getByRole('button', { name: 'English' }).waitFor();
  // the page is drawn by the server and its scripts take over after it loads: a click before then is lost, so click
  // until the switch has turned (its name then offers the other way)
  const toArabicDigits = newDevice.getByRole('button', { name: 'اكتب الأرقام بالأرقام الهندية العربية' });
  await expect(async () => {
    if (await toArabicDigits.count()) await toArabicDigits.click({ timeout: 1_000 });
    await expect(toArabicDigits).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(rating).toHaveAttribute('aria-label', /التقييم [٠-٩٫]+ من ٥/);
  await second.close();
});
