import type { CouponCheck } from '@souq/shared/api/promotions';
import { messagesFor } from '@souq/shared/messages-for';
import { formatMoney } from '@souq/shared/rules/money';
import { PROMOTION_CODE_PATTERN } from '@souq/shared/rules/promotions';
import type { Locale } from '@souq/shared/rules/locale';
import { textIn } from '../../platform/errors.js';
import { asciiDigits } from './assistant.aftersales-words.js';

// A coupon code typed in the chat (issue 39 item 5): "apply code SAVE10", "I have a voucher: EID-25", «عندي كود خصم
// SAVE10». The code is read by a general rule — a word for a code, and beside it a token shaped like one (the shape
// every code is created with) — then checked against the shopper's cart exactly as the checkout's code box checks it,
// spending the same tries against guessing. The assistant only reports what the check said; the storefront keeps an
// applying code for the checkout, which checks it again, and the order once more under the promotion's lock.

/** Words that name a code, in English and Arabic (a Gulf shopper writes كود and كوبون as often as قسيمة). */
const CODE_WORD = /^(?:code|codes|coupon|coupons|promo|promocode|voucher|vouchers|كود|الكود|كوبون|الكوبون|قسيمة|القسيمة|قسيمه|القسيمه|رمز|الرمز|بروموكود|برومو)$/i;
/** Words between the code word and the code: "code is", "coupon code:", «كود الخصم», «رمز ترويجي». */
const FILLER = /^(?:is|the|my|this|code|promo|discount|coupon|voucher|number|of|خصم|الخصم|ترويجي|الترويجي|التخفيض|تخفيض|هو|هي|رقم)$/i;
/** Verbs that hand a code over: a lower-case token right after the code word is a code only after one of these. */
const HANDING = /\b(?:apply|use|redeem|add|enter|try|i have|i've got|i got)\b|(?:^|\s)(?:طبق|طبّق|استخدم|استعمل|فعل|فعّل|أضف|اضف|عندي|معي|جرب|جرّب|ادخل|أدخل)(?=\s|$)/i;

// Arabic-Indic and Persian digits as the Latin ones a code is stored with ('EID٢٥' is EID25)
const tokens = (text: string): string[] => asciiDigits(text).split(/[\s,;:!?؟،"'«»()]+/).map((t) => t.replace(/^[.]+|[.]+$/g, '')).filter(Boolean);
/** Small words a sentence goes on with after "code" ("a code for headphones", "the code to use"): never a code alone. */
const FUNCTION_WORD = /^(?:for|on|in|to|at|with|that|this|these|today|please|now|and|or|here|there|you|any|some|مع|على|في|من|الى|إلى|لو|اليوم)$/i;
const shaped = (t: string) => PROMOTION_CODE_PATTERN.test(t);
/** A token only a code looks like: written in capitals, or letters with digits. */
const codeLike = (t: string) => shaped(t) && (/^[A-Z0-9-]+$/.test(t) && /[A-Z]/.test(t) || (/[A-Za-z]/.test(t) && /\d/.test(t)));

/**
 * The code a message hands over, in capitals as codes are stored, or null. A word for a code is needed ("code",
 * "coupon", «كود» …); the code is the first token after it (past "is", "the", «الخصم» …) shaped like a code, or one
 * before it that only a code looks like ("use SAVE10 code"). "Any coupon codes?" hands nothing over.
 */
export function readCouponCode(message: string): string | null {
  const t = tokens(message);
  const at = t.findIndex((w) => CODE_WORD.test(w));
  if (at < 0) return null;
  for (let i = at + 1; i < t.length; i++) {
    const w = t[i]!;
    if (FILLER.test(w) || CODE_WORD.test(w)) continue;
    if (codeLike(w) || (shaped(w) && !FUNCTION_WORD.test(w) && HANDING.test(message))) return w.toUpperCase();
    break;
  }
  const before = t.slice(0, at).reverse().find(codeLike);
  return before ? before.toUpperCase() : null;
}

export type CartLineIn = { product_id: number; quantity: number; variants?: Record<string, string> };

/** What the chat says about a code, and what the storefront is told to keep. */
export async function couponReply(
  code: string,
  cart: CartLineIn[],
  deps: {
    locale: Locale;
    /** Spends one try against guessing; the seconds to wait when the shopper has tried too many. */
    spendTry: () => Promise<number | null>;
    check: (code: string, items: CartLineIn[]) => Promise<CouponCheck>;
  },
): Promise<{ response: string; coupon?: { code: string; applies: boolean } }> {
  const say = messagesFor(deps.locale);
  if (cart.length === 0) return { response: say.chatCodeEmptyCart(code) };
  if ((await deps.spendTry()) !== null) return { response: say.promoTooManyTries };
  const checked = await deps.check(code, cart);
  if (checked.applies) {
    return { response: say.chatCodeApplied(code, formatMoney(checked.discount_cents / 100, null, deps.locale)), coupon: { code, applies: true } };
  }
  // the refusal as the code box words it (expired, minimum not met, not for these products, used up …), in this language
  return { response: say.chatCodeRefused(code, textIn(checked.message ?? say.promoNotFound, deps.locale)), coupon: { code, applies: false } };
}
