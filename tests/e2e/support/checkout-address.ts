import type { Page } from '@playwright/test';
import { quietNetwork } from './quiet-network.js';

/** Checkout's structured UAE address (decision 0151): the checkout's phone, emirate, area, street or building; in the page's language. */
export async function fillCheckoutAddress(page: Page, street: string, lang: 'en' | 'ar' = 'en') {
  const en = lang === 'en';
  // a signed-in shopper with a saved address has it chosen (their default): nothing to type
  await quietNetwork(page, { timeout: 5_000 });
  if (await page.getByRole('radio', { name: en ? /new address/i : /عنوان جديد/ }).count()) {
    if (!(await page.getByLabel(en ? /^Emirate/ : /^الإمارة/).first().isVisible())) return;
  }
  // the checkout's own Phone is the courier's number (asked once)
  await page.getByLabel(en ? /^Phone\*?$/ : /^الهاتف\*?$/).first().fill('050 123 4567');
  // the labels carry the required mark after the word: anchored at their start
  await page.getByLabel(en ? /^Emirate/ : /^الإمارة/).first().selectOption('dubai');
  await page.getByLabel(en ? /^Area/ : /^المنطقة/).first().fill('Dubai Marina');
  await page.getByLabel(en ? 'Street or building' : 'الشارع أو المبنى').first().fill(street);
}
