import { expect, test, type APIRequestContext } from '@playwright/test';
import { STORAGE_KEYS } from '../../packages/shared/src/constants.js';
import { MSG } from '../../packages/shared/src/messages.js';
import { MSG_AR } from '../../packages/shared/src/messages.ar.js';
import { fillCheckoutAddress } from './support/checkout-address.js';
import { screenshots } from './support/shots.js';
import { vendorPage } from './support/sessions.js';
import { plainProductsOf, type DemoProduct } from './support/demo-sellers.js';

// Issue 39 / decision 0152: the checkout takes a promo code. A seller's coupon on its own product: a wrong code reads
// its reason (in English and Arabic), the right one shows what it takes off and lowers the total, Remove takes it off,
// and the purchase placed with it is discounted.

const shoot = screenshots(process.env.SCREENSHOTS_DIR);
type Product = { id: number; name: string; price: number; vendor_id: number | null; stock: number; variants?: unknown[] };

async function seed(request: APIRequestContext) {
  const login = await request.post('/api/vendor/login', { data: { email: 'vendor@souq.test', password: 'souq-demo-1' } });
  expect(login.ok()).toBe(true);
  const vendor = (await login.json()) as { token: string; vendor: { id: number } };
  const products = (await (await request.get('/api/products?limit=200')).json()) as Product[];
  const product = (await plainProductsOf(request, products as DemoProduct[], vendor.vendor.id))[0]!;
  const code = `TEN-${Date.now().toString(36).toUpperCase()}`;
  const now = Date.now();
  const created = await request.post('/api/vendor/promotions', {
    headers: { authorization: `Bearer ${vendor.token}` },
    data: { kind: 'coupon', name: 'Ten off', code, percent_bps: 1000, starts_at: new Date(now - 86_400_000).toISOString(), ends_at: new Date(now + 86_400_000).toISOString() },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { product, code };
}

for (const lang of ['en', 'ar'] as const) {
  test(`checkout takes a promo code (${lang})`, async ({ page, request, browser }) => {
    const { product, code } = await seed(request);
    const en = lang === 'en';
    await page.addInitScript(([key, line]) => localStorage.setItem(key, JSON.stringify({ state: { lines: [line] }, version: 1 })),
      [STORAGE_KEYS.cart, { id: product.id, name: product.name, price: product.price, image: null, quantity: 2 }] as const);
    await page.goto(`/checkout?lang=${lang}`);
    const box = page.getByLabel(en ? 'Promo code' : 'رمز الخصم');
    await box.fill('NOT-A-CODE');
    await page.getByRole('button', { name: en ? 'Apply' : 'تطبيق' }).click();
    await expect(page.getByText(en ? MSG.promoNotFound : MSG_AR.promoNotFound)).toBeVisible();
    await shoot(page, `promo-refused-${lang}`);

    await box.fill(code.toLowerCase());
    await page.getByRole('button', { name: en ? 'Apply' : 'تطبيق' }).click();
    const applied = page.getByRole('status').filter({ hasText: code });
    await expect(applied).toBeVisible();
    // 10 % of 2 × the price, rounded down to the fil
    const off = Math.floor(Math.round(product.price * 100) * 2 * 0.1);
    const summary = page.getByRole('region', { name: en ? 'Order Summary' : 'ملخص الطلب' });
    await expect(summary.getByText(en ? /Promotion/ : /عرض ترويجي/)).toBeVisible();
    await shoot(page, `promo-applied-${lang}`);
    // Remove takes it off; applied again for the order
    await applied.getByRole('button', { name: en ? 'Remove' : 'إزالة' }).click();
    await expect(summary.getByText(en ? /Promotion/ : /عرض ترويجي/)).toHaveCount(0);
    await box.fill(code);
    await page.getByRole('button', { name: en ? 'Apply' : 'تطبيق' }).click();
    await expect(page.getByRole('status').filter({ hasText: code })).toBeVisible();

    await page.getByRole('textbox', { name: en ? 'Name' : 'الاسم', exact: true }).fill('Mona Promo');
    await page.getByRole('textbox', { name: en ? 'Email' : 'البريد الإلكتروني', exact: true }).fill(`promo-${lang}-${Date.now()}@example.test`);
    await fillCheckoutAddress(page, '7 Coupon Street', lang);
    await page.getByLabel(en ? 'Payment method' : 'طريقة الدفع').selectOption('cod');
    const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: en ? 'Place Order' : 'تأكيد الطلب' }).click();
    const res = await placed;
    expect(res.status(), await res.text()).toBe(201);
    const order = (await res.json()).order as { promotion_discount: number };
    expect(Math.round(order.promotion_discount * 100)).toBe(off);

    // the seller sees what its promotions cost it in Earnings
    const { vendor, close } = await vendorPage(browser, `/vendor?tab=earnings&lang=${lang}`, { email: 'vendor@souq.test', password: 'souq-demo-1' });
    const section = vendor.getByRole('region', { name: en ? 'What promotions cost you' : 'تكلفة العروض الترويجية عليك' });
    await expect(section.getByText('Ten off').first()).toBeVisible();
    await shoot(vendor, `promo-earnings-${lang}`, section);
    await close();
  });
}

// Issue 39 item 5: a code typed in the chat is checked against the cart and kept for the checkout, which shows it applied.
for (const lang of ['en', 'ar'] as const) {
  test(`a code typed in the chat is applied at checkout (${lang})`, async ({ page, request }) => {
    const { product, code } = await seed(request);
    const en = lang === 'en';
    await page.addInitScript(([key, line]) => localStorage.setItem(key, JSON.stringify({ state: { lines: [line] }, version: 1 })),
      [STORAGE_KEYS.cart, { id: product.id, name: product.name, price: product.price, image: null, quantity: 1 }] as const);
    await page.goto(`/ai-assistant?lang=${lang}`);
    const chat = page.getByRole('region', { name: en ? 'Chat with AI' : 'تحدّث مع الذكاء الاصطناعي' });
    await chat.getByLabel(en ? 'Message' : 'الرسالة', { exact: true }).fill(en ? `apply code ${code.toLowerCase()}` : `عندي كود خصم ${code}`);
    await chat.getByRole('button', { name: en ? 'Send' : 'إرسال', exact: true }).click();
    // 10 % of the price, rounded down to the fil, written in the reader's language
    await expect(chat.getByText(en ? `Code ${code} takes` : 'طبّقته لك')).toBeVisible();
    await shoot(page, `promo-chat-${lang}`, chat);
    await page.goto(`/checkout?lang=${lang}`);
    await expect(page.getByRole('status').filter({ hasText: code })).toBeVisible();
    const summary = page.getByRole('region', { name: en ? 'Order Summary' : 'ملخص الطلب' });
    await expect(summary.getByText(en ? /Promotion/ : /عرض ترويجي/)).toBeVisible();
  });
}
