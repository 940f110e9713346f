import { beforeEach, describe, expect, it } from 'vitest';
import { setupI18n, i18n } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { messages as ar } from '@/locales/ar/vendor.po';
import { messages as en } from '@/locales/en/vendor.po';
import { checkProductForm, emptyProductForm } from './products/form-model';
import { importToolValues } from './embedding/tool-model';

// The vendor area's texts in two languages (issue 26 item 1): the catalogue the vendor routes load gives Arabic for an
// Arabic page, the spec's English for an English one, and Arabic counts take their six plural forms.

const text = (locale: 'en' | 'ar', message: string, values?: Record<string, unknown>) => {
  const one = setupI18n({ locale, messages: { [locale]: locale === 'ar' ? ar : en } });
  return one._(generateMessageId(message), values);
};

describe('the vendor catalogue', () => {
  it('has an Arabic text for the area names and keeps English as the spec wrote it', () => {
    expect(text('en', 'Vendor Dashboard')).toBe('Vendor Dashboard');
    expect(text('ar', 'Vendor Dashboard')).toBe('لوحة تحكم البائع');
    expect(text('ar', 'Export Orders')).toBe('تصدير الطلبات');
  });

  it("counts orders with Arabic's plural forms (zero, one, two, few, many, other)", () => {
    const orders = '{0, plural, one {{1} order} other {{2} orders}}';
    const count = (n: number, locale: 'en' | 'ar') => text(locale, orders, { 0: n, 1: String(n), 2: String(n) });
    expect([1, 2].map((n) => count(n, 'en'))).toEqual(['1 order', '2 orders']);
    expect([0, 1, 2, 3, 11, 100].map((n) => count(n, 'ar'))).toEqual(['0 طلب', 'طلب واحد', 'طلبان', '3 طلبات', '11 طلبًا', '100 طلب']);
  });

  it('keeps the placeholders of a text with values', () => {
    expect(text('ar', 'Confirm order {n}? The customer sees it as confirmed.', { n: 'SQ-1001' })).toBe('هل تريد تأكيد الطلب SQ-1001؟ سيظهر للعميل أنه مؤكَّد.');
  });
});

describe("the product form's checks in the page's language", () => {
  beforeEach(() => {
    i18n.load({ en, ar });
  });

  it('writes field errors in Arabic on an Arabic page and in English on an English one', () => {
    const values = { ...emptyProductForm(), name: 'Lamp', brand: 'Nur', category: 'home', sku: 'N-1', description: 'A lamp.', bulletPoints: 'Warm', price: 'abc', inventory: '' };
    i18n.activate('ar');
    expect(checkProductForm(values).errors).toMatchObject({ price: 'أدخل رقمًا', inventory: 'مطلوب' });
    i18n.activate('en');
    expect(checkProductForm(values).errors).toMatchObject({ price: 'Enter a number', inventory: 'Required' });
  });

  it("writes the embedding tool's import error in the page's language", () => {
    i18n.activate('ar');
    const result = importToolValues('product.txt', '{}');
    expect('error' in result && result.error).toContain('تُقبل ملفات ‎.json فقط');
  });
});
