import { expect, test, type Page } from '@playwright/test';
import { formatMoney } from '../../packages/shared/src/rules/money.js';
import { customerSession, signIn } from './support/sign-in.js';

// The assistant's chat in Arabic (issue 26 item 3): what a shopper, a vendor or a reviewer typed inside an Arabic
// answer — a Latin product name, an order number, a quoted review — is isolated (dir="auto", <bdi> or the server's
// FSI…PDI marks), so it reads in its own order; each bubble takes its own direction. The demo shopper asks for a
// product by its Latin name with a price and where their order is. Screenshots at 1280 and 390 px go to CHAT_SHOTS.

const SHOTS = process.env.CHAT_SHOTS;
const FSI = '\u2068';
const PDI = '\u2069';

/** The texts of the conversation's bubbles, each in its own direction (the suggestions are buttons, not these). */
const textBubbles = (page: Page) => page.getByRole('log').locator('div[dir="auto"]');

/** Sends a message and answers the assistant's bubble that replied to it. */
async function ask(page: Page, text: string, sendLabel = 'إرسال') {
  const bubbles = textBubbles(page);
  const before = await bubbles.count();
  // the Send button is enabled by the app once it has the text (a fill before the app took over the server-rendered
  // page is not in its state yet): fill again until it is
  const send = page.getByRole('button', { name: sendLabel, exact: true });
  await expect(async () => {
    await page.locator('#chat-input').fill(text);
    await expect(send).toBeEnabled({ timeout: 1_000 });
  }).toPass();
  await send.click();
  await expect(bubbles).toHaveCount(before + 2, { timeout: 20_000 });
  const answer = bubbles.nth(before + 1);
  await expect(answer).toBeVisible();
  return { question: bubbles.nth(before), answer };
}

test('an Arabic chat isolates the Latin names, prices, order numbers and quotes inside its answers', async ({ page }) => {
  await signIn(page, 'customer', { landing: '/?lang=ar', path: '/ai-assistant?lang=ar' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(textBubbles(page)).toHaveCount(1); // the greeting

  const product = await ask(page, 'أريد هاتف Nova X15 Pro بسعر أقل من 4000 درهم');
  // the shopper's own words in their own direction: Arabic first, so right to left with the Latin name inside
  await expect(product.question).toHaveText('أريد هاتف Nova X15 Pro بسعر أقل من 4000 درهم');
  expect(await product.question.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  expect(await product.answer.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  await expect(product.answer).toContainText('Nova X15 Pro');
  // every bold piece (the product's name, the query echoed) is an isolate of its own
  const bold = product.answer.locator('strong');
  expect(await bold.count()).toBeGreaterThan(0);
  for (const b of await bold.all()) await expect(b).toHaveAttribute('dir', 'auto');

  const detail = await ask(page, 'قارن Nova X15 Pro مع Galaxy');
  // a shopper's review quoted in English inside the Arabic answer: the link is an LTR isolate
  const quote = detail.answer.locator('a[href*="#review-"]').first();
  await expect(quote).toHaveAttribute('dir', 'auto');
  expect(await quote.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

  const order = await ask(page, 'أين طلبي؟');
  const text = (await order.answer.textContent()) ?? '';
  // the order numbers and the sellers' names arrive between FSI and PDI: each reads left to right as typed
  expect(text).toMatch(new RegExp(`${FSI}SQ-[0-9A-Z-]+${PDI}`));
  expect(text).toMatch(/[\u0600-\u06FF]/);

  if (SHOTS) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      if (width === 390) await page.getByRole('button', { name: 'تحدّث مع الذكاء الاصطناعي' }).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/assistant-ar-${width}.png` });
      await page.getByRole('log').screenshot({ path: `${SHOTS}/assistant-ar-log-${width}.png` });
    }
  }
});

test("a product's details in Arabic: the seller's warranty and dimensions read in their own order", async ({ page }) => {
  await signIn(page, 'customer', { landing: '/?lang=ar', path: '/ai-assistant?lang=ar' });
  await expect(textBubbles(page)).toHaveCount(1);
  const { answer } = await ask(page, 'أخبرني عن Nova X15 Pro');
  const warranty = '2-year manufacturer warranty';
  const dimensions = '16.1 x 7.6 x 0.9 cm';
  const text = (await answer.textContent()) ?? '';
  for (const value of [warranty, dimensions]) expect(text.split(`${FSI}${value}${PDI}`)).toHaveLength(2);
  // where the browser draws them: inside the right-to-left line, '2' stands left of 'year' and '16.1' left of 'cm' (without
  // the isolates the '2' would be drawn after 'warranty')
  const leftOf = (first: string, then: string, within: string) =>
    answer.evaluate((el, [a, b, value]) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const at = n.textContent!.indexOf(value!);
        if (at < 0) continue;
        const rect = (offset: number, length: number) => {
          const r = document.createRange();
          r.setStart(n!, offset);
          r.setEnd(n!, offset + length);
          return r.getBoundingClientRect();
        };
        const ra = rect(at + value!.indexOf(a!), a!.length);
        const rb = rect(at + value!.indexOf(b!), b!.length);
        return Math.abs(ra.top - rb.top) < 4 ? ra.right <= rb.left + 1 : null;
      }
      return null;
    }, [first, then, within]);
  expect(await leftOf('2', 'year', warranty)).toBe(true);
  expect(await leftOf('16.1', 'cm', dimensions)).toBe(true);

  if (SHOTS) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      if (width === 390) await page.getByRole('button', { name: 'تحدّث مع الذكاء الاصطناعي' }).click();
      await page.waitForTimeout(400);
      await answer.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/assistant-ar-detail-${width}.png` });
      await answer.screenshot({ path: `${SHOTS}/assistant-ar-detail-answer-${width}.png` });
    }
  }
});

// 'How much did I pay?' (decision 0190): the latest purchase's parts, each with its amount as the shopper's own order
// list has it and how it is paid, in either language; a cash part not yet delivered is due, never 'paid'.
type Part = { order_number: string; total_amount: number; currency: string; payment_method: string; status: string };
for (const locale of ['en', 'ar'] as const) {
  test(`what the latest purchase cost, asked in ${locale === 'ar' ? 'Arabic' : 'English'}: each part's amount and how it is paid`, async ({ page }) => {
    const { token } = await customerSession(page.request);
    const list = await page.request.get('/api/my/orders', { headers: { authorization: `Bearer ${token}` } });
    expect(list.ok()).toBe(true);
    const latest = ((await list.json()) as Array<{ purchase_number: string; sub_orders: Part[] }>)[0]!;
    const q = locale === 'ar' ? '?lang=ar' : '';
    await signIn(page, 'customer', { landing: `/${q}`, path: `/ai-assistant${q}` });
    await expect(textBubbles(page)).toHaveCount(1); // the greeting

    const { answer } = await ask(page, locale === 'ar' ? 'كم دفعت على آخر طلب؟' : 'how much did I pay for my last order?', locale === 'ar' ? 'إرسال' : 'Send');
    const text = ((await answer.textContent()) ?? '').replace(/[\u2068\u2069]/g, '');
    expect(text).toContain(latest.purchase_number);
    for (const part of latest.sub_orders) {
      expect(text).toContain(part.order_number);
      if (part.status !== 'cancelled') expect(text).toContain(formatMoney(part.total_amount, part.currency, locale));
      if (part.payment_method === 'cod' && part.status !== 'delivered' && part.status !== 'cancelled') {
        expect(text).toContain(locale === 'ar' ? 'لم يُخصم شيء بعد' : 'nothing has been charged yet');
      }
    }
    if (locale === 'ar') expect(text).not.toMatch(/\b(paid|cash|card)\b/i);

    if (SHOTS) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        if (width === 390) await page.getByRole('button', { name: locale === 'ar' ? 'تحدّث مع الذكاء الاصطناعي' : 'Chat with AI' }).click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${SHOTS}/assistant-paid-${locale}-${width}.png` });
      }
    }
  });
}
