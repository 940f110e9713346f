import type { Page } from '@playwright/test';

/** Checkout's structured UAE address (decision 0151): phone, emirate, area, street or building; in the page's language. */
export async function fillCheckoutAddress(page: Page, street: string, lang: 'en' | 'ar' = 'en') {
  const en = lang === 'en';
  await page.getByLabel(en ? 'Mobile or phone' : 'الجوال أو الهاتف').first().fill('050 123 4567');
  await page.getByLabel(en ? 'Emirate' : 'الإمارة', { exact: true }).first().selectOption('dubai');
  await page.getByLabel(en ? 'Area' : 'المنطقة', { exact: true }).first().fill('Dubai Marina');
  await page.getByLabel(en ? 'Street or building' : 'الشارع أو المبنى').first().fill(street);
}
