import type { LocalRequest, LocalResponse } from './http.js';

/**
 * The pages a shopper or seller sees at the local provider (3-D Secure challenge, Connect onboarding), in English
 * and Arabic. They stand for the provider's own pages, so their texts live here and not in Souq's catalogues.
 */
export type PageLang = 'en' | 'ar';

export function pageLang(req: LocalRequest, asked?: string | null): PageLang {
  const q = new URL(req.url, 'http://local').searchParams.get('lang');
  if (q === 'ar' || q === 'en') return q;
  // the language the merchant opened the page in (a hosted page's `locale`: 'ar', 'en-GB'), before the browser's own
  if (asked) return asked.toLowerCase().startsWith('ar') ? 'ar' : 'en';
  return (req.headers['accept-language'] ?? '').trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function htmlPage(lang: PageLang, title: string, body: string): LocalResponse {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action *; frame-ancestors 'self' *",
    },
    body: `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,'Noto Sans Arabic',sans-serif;background:#f6f7f9;color:#1a1f36;margin:0;padding:2rem 1rem}
main{max-width:26rem;margin-inline:auto;background:#fff;border-radius:12px;box-shadow:0 2px 10px #0002;padding:1.5rem}
h1{font-size:1.25rem;margin-block:0 .75rem}p{line-height:1.5}.test{font-size:.8rem;color:#8792a2;border-block-start:1px solid #e3e8ee;padding-block-start:.75rem;margin-block-start:1rem}
.row{display:flex;gap:.75rem;flex-wrap:wrap;margin-block-start:1rem}.row>label{flex:1 1 7rem;margin-block:0}button{flex:1 1 8rem;padding:.7rem 1rem;border-radius:8px;border:1px solid #635bff;font:inherit;cursor:pointer}
.ok{background:#635bff;color:#fff}.no{background:#fff;color:#635bff}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem}dt{color:#697386}dd{margin:0;unicode-bidi:isolate}
label{display:block;margin-block:.5rem}input[type=text]{display:block;width:100%;box-sizing:border-box;margin-block-start:.25rem;padding:.6rem;border:1px solid #cfd7df;border-radius:8px;font:inherit;direction:ltr}.err{color:#c0123c}a{color:#635bff}
</style></head>
<body><main>${body}</main></body></html>`,
  };
}

export const seeOther = (location: string): LocalResponse => ({ status: 303, headers: { location, 'cache-control': 'no-store' }, body: '' });
export const notFoundPage = (lang: PageLang): LocalResponse => ({ ...htmlPage(lang, lang === 'ar' ? 'غير موجود' : 'Not found', `<h1>${lang === 'ar' ? 'هذه الصفحة غير موجودة أو انتهت صلاحيتها.' : 'This page does not exist or has expired.'}</h1>`), status: 404 });

/** Formats minor units with the currency in the page's language (Arabic digits stay Western, as UAE banks show them). */
export const money = (amount: number, currency: string, lang: PageLang) =>
  new Intl.NumberFormat(lang === 'ar' ? 'ar-AE-u-nu-latn' : 'en-AE', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

export const TEXTS = {
  en: {
    challengeTitle: '3D Secure 2 Test Page',
    challengeIntro: 'Your bank asks you to confirm this payment.',
    merchant: 'Merchant',
    amount: 'Amount',
    card: 'Card',
    complete: 'Complete',
    fail: 'Fail',
    testNote: 'This is a test page of the local payment provider. No real bank is involved.',
    finished: 'Authentication finished. You can close this window.',
    onboardingTitle: 'Set up payouts',
    onboardingIntro: 'Confirm the business details and the bank account where this seller is paid.',
    business: 'Business',
    email: 'Email',
    bankPays: 'Test bank account that receives payouts (IBAN ending 3456)',
    bankFails: 'Test bank account that refuses payouts (IBAN ending 0116)',
    submit: 'Agree and submit',
    payTitle: 'Pay by card',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM / YY)',
    cvc: 'CVC',
    pay: 'Pay',
    testCards: 'Test cards: 4242 4242 4242 4242 (paid), 4000 0027 6000 3184 (3-D Secure), 4000 0000 0000 9995 (insufficient funds), 4000 0000 0000 0002 (declined). Any future expiry and any CVC.',
    paid: 'This payment is already complete.',
    cardInvalid: 'The card number is not valid.',
    expiryInvalid: 'The expiry date is not valid or the card has expired.',
    cvcInvalid: 'The CVC is 3 or 4 digits.',
    declined: 'The last payment was declined',
    cancel: 'Cancel and return to the shop',
    ckoTestCards: 'Test cards (Checkout.com sandbox): 4242 4242 4242 4242 approved; 4544 2491 6767 3670 declined 20051 Insufficient Funds; 4111 1111 1111 1129 declined 20001 Refer to card issuer; 4897 4535 6848 5113 declined 20059 Suspected Fraud. Every payment asks for 3-D Secure: Complete passes it, Fail declines with 20154. Any future expiry and any CVC.',
  },
  ar: {
    challengeTitle: 'صفحة اختبار التحقق الآمن ثلاثي الأبعاد 2',
    challengeIntro: 'يطلب منك مصرفك تأكيد عملية الدفع هذه.',
    merchant: 'التاجر',
    amount: 'المبلغ',
    card: 'البطاقة',
    complete: 'إتمام',
    fail: 'رفض',
    testNote: 'هذه صفحة اختبار لمزوّد الدفع المحلي، ولا يشارك فيها أي مصرف حقيقي.',
    finished: 'انتهى التحقق. يمكنك إغلاق هذه النافذة.',
    onboardingTitle: 'إعداد استلام الدفعات',
    onboardingIntro: 'أكّد بيانات النشاط التجاري والحساب المصرفي الذي يستلم فيه هذا البائع أمواله.',
    business: 'النشاط التجاري',
    email: 'البريد الإلكتروني',
    bankPays: 'حساب مصرفي تجريبي يستلم الدفعات (رقم آيبان ينتهي بـ 3456)',
    bankFails: 'حساب مصرفي تجريبي يرفض الدفعات (رقم آيبان ينتهي بـ 0116)',
    submit: 'الموافقة والإرسال',
    payTitle: 'الدفع بالبطاقة',
    cardNumber: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (شهر / سنة)',
    cvc: 'رمز التحقق',
    pay: 'ادفع',
    testCards: 'بطاقات الاختبار: 4242 4242 4242 4242 (مدفوع)، 4000 0027 6000 3184 (تحقق آمن ثلاثي الأبعاد)، 4000 0000 0000 9995 (رصيد غير كافٍ)، 4000 0000 0000 0002 (مرفوضة). أي تاريخ انتهاء مستقبلي وأي رمز تحقق.',
    paid: 'اكتملت عملية الدفع هذه من قبل.',
    cardInvalid: 'رقم البطاقة غير صالح.',
    expiryInvalid: 'تاريخ الانتهاء غير صالح أو انتهت صلاحية البطاقة.',
    cvcInvalid: 'رمز التحقق من 3 أو 4 أرقام.',
    declined: 'رُفضت عملية الدفع الأخيرة',
    cancel: 'الإلغاء والعودة إلى المتجر',
    ckoTestCards: 'بطاقات الاختبار (بيئة اختبار Checkout.com): \u20664242 4242 4242 4242\u2069 مقبولة؛ \u20664544 2491 6767 3670\u2069 مرفوضة 20051 رصيد غير كافٍ؛ \u20664111 1111 1111 1129\u2069 مرفوضة 20001 راجِع مُصدر البطاقة؛ \u20664897 4535 6848 5113\u2069 مرفوضة 20059 اشتباه في احتيال. كل عملية دفع تطلب التحقق الآمن ثلاثي الأبعاد: «إتمام» ينجح و«رفض» يُرفض بالرمز 20154. أي تاريخ انتهاء مستقبلي وأي رمز تحقق.',
  },
} as const;
