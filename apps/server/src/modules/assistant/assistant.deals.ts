import type { Product } from '@souq/shared/api/catalogue';
import { SEARCH_REPLY_MAX_PRODUCTS } from '@souq/shared/constants';
import type { Locale } from '@souq/shared/rules/locale';
import type { Toolbox } from './assistant.tools.js';
import { phrasesFor } from './assistant.phrases.js';
import type { Reply } from './assistant.product-answers.js';

// Deals in the assistant (issue 39 item 5): 'any deals on headphones?', «هل في عروض على السماعات؟» are answered with the
// deals running on products of that kind — the price after the deal by the checkout's own rule, the price before it and
// when the deal ends — read through the promotions module's service (its runningDeals), never its tables.

/**
 * A question about deals: 'any deals / offers / discounts on X', 'X on sale', 'what promotions are running'; in Arabic
 * (folded, as readArabic leaves it) 'عروض', 'خصم', 'تخفيضات', 'تنزيلات'. 'Do you offer …' is a verb, not a deal.
 */
export const DEALS_Q = new RegExp([
  String.raw`\b(?:any|got|have|what|which|current|running|today'?s|best|are there)\s+(?:\w+\s+)?(?:deals?|offers|discounts?|promotions?|promos?|sales?)\b`,
  String.raw`\b(?:deals?|offers|discounts?|promotions?|promos?)\s+(?:on|for|in)\b`,
  String.raw`\bon sale\b`,
  String.raw`(?:^|\s)(?:و|ف)?(?:ال)?(?:عروض|عرض|خصم|خصومات|تخفيض|تخفيضات|تنزيلات)(?=$|[\s,.;?!])`,
].join('|'), 'i');

/** The words of a deals question that are about deals, not the kind asked for. */
const DEAL_WORDS = /\b(?:any|deals?|offers|discounts?|promotions?|promos?|sales?|on sale|running|current|today'?s|best|reduced)\b|(?:^|\s)(?:و|ف)?(?:ال)?(?:عروض|عرض|خصم|خصومات|تخفيض|تخفيضات|تنزيلات)(?=$|[\s,.;?!])/gi;

const DATE: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Dubai' }),
  ar: new Intl.DateTimeFormat('ar-AE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Dubai' }),
};

const TEXT = {
  en: {
    intro: (kind: string) => `Deals running on **${kind}** now:`,
    line: (i: number, name: string, now: string, before: string, until: string) => `${i + 1}. **${name}** — ${now} (${before} before the deal) · until ${until}`,
    none: (kind: string) => `No deal is running on **${kind}** right now. Deals show on the product page and at checkout when they start.`,
    whichKind: 'Deals on which kind of product? Name it (for example "any deals on headphones?") and I will list the ones running now.',
    atCheckout: 'The deal comes off at checkout on its own; no code is needed.',
  },
  ar: {
    intro: (kind: string) => `العروض الجارية الآن على **${kind}**:`,
    line: (i: number, name: string, now: string, before: string, until: string) => `${i + 1}. **${name}** — ${now} (${before} قبل العرض) · حتى ${until}`,
    none: (kind: string) => `لا يوجد عرض جارٍ على **${kind}** الآن. تظهر العروض في صفحة المنتج وعند الدفع حين تبدأ.`,
    whichKind: 'العروض على أي نوع من المنتجات؟ اذكره (مثلًا «هل في عروض على السماعات؟») وأعرض لك الجاري منها الآن.',
    atCheckout: 'يُخصم العرض عند الدفع تلقائيًا، ولا حاجة إلى كود.',
  },
} as const;

/**
 * The deals running on the products of the kind asked for (`kindWords`: the request without its deal words), or on the
 * product in question when there is one and no kind is named. Null when the shop reads no deals (no promotions module).
 */
export async function dealsReply(kind: { words: string[]; label: string; product: Product | null }, tools: Toolbox): Promise<Reply | null> {
  if (!tools.hasDeals) return null;
  const say = phrasesFor(tools.locale, tools.departmentsAr);
  const t = TEXT[tools.locale];
  let products: Product[];
  let label: string;
  if (kind.words.length) {
    products = (await tools.searchProducts({ query: kind.words.join(' '), limit: 10 })).items;
    label = kind.label;
  } else if (kind.product) {
    products = [kind.product];
    label = say.name(kind.product);
  } else {
    return { response: t.whichKind, suggestedSearch: null };
  }
  const deals = await tools.runningDeals(products.map((p) => p.id));
  const byId = new Map(deals.map((d) => [d.productId, d]));
  const on = products.filter((p) => byId.has(p.id)).slice(0, SEARCH_REPLY_MAX_PRODUCTS);
  if (on.length === 0) return { response: t.none(label), suggestedSearch: null };
  const lines = on.map((p, i) => {
    const d = byId.get(p.id)!;
    // the price before the deal is the product's own price now (what the checkout takes the deal off), never a list price
    return t.line(i, say.name(p), say.money((p.price_cents - d.discountCents) / 100, p.currency), say.price(p), DATE[tools.locale].format(d.endsAt));
  });
  if (on.length === 1) tools.focus(on[0]!);
  return { response: [t.intro(label), lines.join('\n'), t.atCheckout].join('\n\n'), suggestedSearch: null };
}

/** A deals question without its deal words: what is left names the kind. */
export const withoutDealWords = (text: string) => text.replace(DEAL_WORDS, ' ').replace(/\s+/g, ' ').trim();
