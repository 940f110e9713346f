/**
 * What bench/assistant-eval.ts checks in an answer: grounding (every product named exists and is listed with its
 * price, no one else's order, an Arabic answer in Arabic, nothing done that was not confirmed) and the question's own
 * expectations (budget, category, the product focused or added, the comparison, the rule quoted, the order told, the
 * action proposed with what it names, refused with its reason, carried out exactly). Pure functions over the reply and
 * the shop's data, so the expectations read the same in English and Arabic: a product is named by either of its
 * names, an amount is written as the reply's language writes it.
 */
import type { Product } from '@souq/shared/api/catalogue';
import { MARKETPLACE_SELLER_NAME, type ReturnReason } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import { formatCount, formatDate, type Locale } from '@souq/shared/rules/locale';
import { formatMoney } from '@souq/shared/rules/money';
import { ORDER_STATUS_EXPLAINED, SHOP_POLICIES, SHOP_POLICIES_AR, type PolicyTopic } from '@souq/shared/rules/policies';
import type { Done } from './assistant-shoppers.js';

// ---- the expectations ----------------------------------------------------------------------------------------------

export type ProductExpect = {
  /** How many products the reply lists (named, other than the ones the question is about). */
  min?: number;
  max?: number;
  maxPrice?: number;
  minPrice?: number;
  brand?: string;
  /** Each listed product is in one of these categories (any of the product's categories). */
  categories?: string[];
  /** Each listed product is one of these (suitability: age, gift, purpose). */
  allowed?: string[];
  /** At least one of these is listed. */
  oneOf?: string[];
  /** The first product listed is one of these (what the shopper sees first). */
  first?: string[];
  /** None of these is listed. */
  exclude?: string[];
  /**
   * Where the listed prices sit within the product type (the catalogue's products in `categories`): 'low' (cheap,
   * budget) at or below the type's median price, 'high' (premium) at or above it.
   */
  priceBand?: 'low' | 'high';
};

/** Why an item cannot be acted on, as the reply must say it (in the reply's language). */
export type Reason = 'shipped' | 'delivered' | 'cancelled' | 'window' | 'not-delivered' | 'requested' | 'returned';

export type Expect = {
  /** Products the question is about (named loosely, 'the crispo air fryer'): the reply may name them besides its list. */
  about?: string[];
  /** Products listed, and what they must satisfy. */
  products?: ProductExpect;
  /** No product named at all (policies, orders, off-topic, greetings). */
  noProducts?: boolean;
  /** The reply names each of these products (by its English or Arabic name). */
  names?: string[];
  /** The reply names none of these. */
  notNames?: string[];
  /** The product focused (selected on the page). 'cheapest' etc. pick among the previous reply's products. */
  focus?: string;
  /** Put in the cart with this quantity ('@context', or 'cheapest', 'second' … of the previous reply); false: no cart action. */
  cart?: { name: string; quantity: number } | false;
  /** These products compared (named, with a compare action). */
  compare?: string[];
  /** The reply names this product on its 'cheaper' line. */
  cheaper?: string;
  /** Facts the reply states: {price:Name}, {stock:Name}, {rating:Name} are filled in from the catalogue. */
  says?: string[];
  /** The shop rules quoted word for word. */
  policy?: PolicyTopic[];
  /** Orders: 'list' (the shopper's latest), an order placeholder told with its status, 'unknown', 'sign-in'. */
  order?: string;
  /** Steered back to shopping: no product, no search. */
  offTopic?: boolean;
  /** A search the storefront runs. */
  search?: boolean;
  /**
   * A product type the catalogue does not sell: the reply says so and names at least one of these categories as the
   * nearest it does sell (empty: any of the shop's categories).
   */
  notSold?: string[];
  /** At least two products compared (compare action), all in this category. */
  compareCategory?: string;
  /** The reply names every category the catalogue sells. */
  listsCategories?: boolean;
  /**
   * Review evidence for this product (name or '@context'): a quote of at least four words from one of its visible
   * reviews, linked to that review (#review-<id>). false: no review quoted or linked.
   */
  citesReview?: string | false;
  /** The lowest price of this product (name or '@context') in the last 90 days, and the day it was last at it, from the price log. */
  lowest90?: string;

  // ---- after the purchase (issue 37): a shopper of a fixture, in the conversation's language ----
  /**
   * The reply proposes this action and waits for a yes: it names every item (the products of what would be acted on),
   * their seller and the amount (a cancel: the parts' totals; a return: the refund of `units`), and asks for a yes.
   */
  proposes?: { action: 'cancel' | 'return' | 'handoff'; items?: string[]; units?: number; mayName?: string[] };
  /** A cash-on-delivery part that was not paid for: the reply never says the shopper paid. */
  notPaid?: boolean;
  /** The reply says why this item cannot be acted on, names it, proposes nothing, and may offer what can be done. */
  refuses?: { item: string; because: Reason; offers?: 'return' | 'cancel' };
  /** The reply asks the shopper a question: why (a reason), how many, or which one. */
  asks?: 'reason' | 'units' | 'which';
  /** The item's part is told with this status. */
  status?: { item: string; is: 'shipped' | 'delivered' | 'cancelled' | 'not-shipped' };
  /** The reply gives when a part on its way should arrive. */
  eta?: boolean;
  /** The return windows of these sellers (company names, or 'Souq'), each with its number of days. */
  windows?: string[];
  /** The reply says returns depend on the seller. */
  dependsOnSeller?: boolean;
  /** The window is applied to the item: until when, how many days are left, or that it has closed. */
  applied?: boolean;
  /**
   * What this answer did to the shopper's orders, exactly (absent: nothing). A cancel names a product of each part
   * cancelled; a return its item, and when given its units, reason, the shopper's words kept and the refund method.
   */
  acts?: {
    cancel?: string[];
    return?: { item: string; units?: number; reason?: ReturnReason; reasonText?: string; refund?: 'original' | 'store_credit' };
    handoff?: boolean;
  };
};

export type Check = { kind: 'grounding' | 'constraint'; name: string; ok: boolean; detail?: string };
export type Reply = { response: string; mentionedProducts: { id: number; action: string; quantity?: number }[]; suggestedSearch: string | null };

/** The words each language uses for why an item cannot be acted on, and for the questions the assistant asks. */
export const VOCABULARY: Record<Locale, Record<Reason | 'not-shipped' | 'yes' | 'reason' | 'units' | 'which' | 'return' | 'cancel' | 'eta' | 'seller' | 'applied' | 'paid' | 'storeCredit' | 'notSold', RegExp>> = {
  en: {
    shipped: /\b(shipped|on (its|the|their) way|in transit|with the carrier)\b/i,
    delivered: /\bdelivered\b/i,
    cancelled: /\bcancel+ed\b/i,
    window: /\b(return window|window|days (of|after|from) delivery)\b.*\b(closed|ended|expired|passed|over)\b|\b(closed|ended|expired|passed)\b.*\bwindow\b|\bno longer (be )?return/i,
    'not-delivered': /\b(not|n't) (been |yet )?(delivered|arrived)\b|\bonce (it is|it's|they are|they're|it has been) delivered\b|\bafter (it is |it's )?deliver/i,
    'not-shipped': /\b(not|n't) (yet )?(been )?shipped\b|\bbeing (packed|prepared)\b|\b(pending|confirmed|processing)\b|\bnot left\b/i,
    requested: /\b(already|open|pending) (a )?return|\breturn (request|is) (already|open|pending|requested)|\balready (asked|requested)/i,
    returned: /\balready (been )?(returned|refunded)|\b(returned|refunded) (already|on)\b/i,
    yes: /\byes\b/i,
    reason: /\bwhy\b|\breason\b/i,
    units: /\bhow many\b/i,
    which: /\bwhich\b/i,
    return: /\breturn/i,
    cancel: /\bcancel/i,
    eta: /\b(expected|arriv\w*|deliver\w* (on|by|between)|between .* and|business days)\b/i,
    seller: /\bseller/i,
    applied: /\buntil\b|\bleft\b|\bcloses?\b|\bclosed\b|\bexpired\b|\bended\b|\bby [A-Z][a-z]{2}/,
    paid: /\byou paid\b|\bpaid (for|with)\b|\bamount (you )?paid\b|\bto (your|the) card\b/i,
    storeCredit: /\bstore credit\b/i,
    notSold: /\b(don't|do not|doesn't|does not) (sell|carry|stock|have)\b|\bnot something we (sell|carry)\b/i,
  },
  ar: {
    shipped: /شُحن|شحن|في الطريق|مع شركة الشحن|تم الشحن|مشحون/,
    delivered: /تم التوصيل|تم تسليم|وصل|وصلت|سُلّم|سلم|تسليمه|توصيله/,
    cancelled: /ملغ|أُلغي|ألغي|إلغاؤ|إلغاء/,
    window: /مهلة|مدة الإرجاع|فترة الإرجاع/,
    'not-delivered': /لم (يصل|تصل|يُسلَّم|يسلم|يتم توصيل|يُوصَّل)|بعد (توصيله|التوصيل|وصوله|تسليمه|استلامه)|عند (وصوله|التوصيل|استلامه)/,
    'not-shipped': /لم (يُشحن|يشحن|تُشحن|تشحن)|قيد|تجهيز|مؤكد|تأكيد|بانتظار/,
    requested: /طلب إرجاع|طلب الإرجاع|بالفعل|سبق|مسبق/,
    returned: /أُرجع|ارجع|أعيد|استُرد|استرد|بالفعل|سبق/,
    yes: /نعم/,
    reason: /سبب|لماذا|ليش|لم ت/,
    units: /كم/,
    which: /أي|أيّ|ايّ|اي /,
    return: /إرجاع|ترجع|إعادة|استرجاع|ارجاع/,
    cancel: /إلغاء|إلغاؤ|تلغي|ألغي/,
    eta: /متوقع|يصل|تصل|وصول|بين|أيام عمل/,
    seller: /البائع|بائع|البائعين/,
    applied: /حتى|متبق|باقي|تنتهي|انتهت|انقضت|أغلقت/,
    paid: /دفعته|دفعتَ|دفعت|المبلغ المدفوع|إلى بطاقتك|الى بطاقتك/,
    storeCredit: /رصيد/,
    notSold: /لا نبيع|لا نوفر|لا يتوفر لدينا|لا تتوفر لدينا|ليس لدينا|لا نملك|غير متوفر لدينا/,
  },
};

// ---- the shop the checks read ------------------------------------------------------------------------------------

export type Shop = {
  catalogue: Product[];
  byId: Map<number, Product>;
  product: (name: string) => Product;
  /** The English and Arabic department names. */
  departmentAr: Map<string, string>;
  shopCategories: string[];
  sellerName: (p: Product) => string;
  /** Every order number anybody has, and the signed-in shopper's own (grounding: no one else's order). */
  allNumbers: Set<string>;
  reviewRows: { id: number; product_id: number; title: string; body: string }[];
  lowestIn90Days: (p: Product) => { cents: number; day: string } | null;
  medianPrice: (categories: string[]) => number;
  /** Latin words an Arabic answer may carry: the Latin words of the catalogue's Arabic names, units and codes. */
  latinAllowed: Set<string>;
  /** A seller's return window in days, by company name (or the marketplace's name). */
  windowOf: (seller: string) => number;
};

/** The conversation a turn belongs to, as the checks need it. */
export type TurnContext = {
  locale: Locale;
  signedIn: boolean;
  message: string;
  about: Set<number>;
  previous: Product[];
  context: Product | null;
  /** The shopper's own order numbers. */
  ownNumbers: Set<string>;
  /** The shopper's sub-orders newest first (for 'list'), with their status. */
  own: { order_number: string; status: string }[];
  /** For a fixture's shopper: what the answer did, the products they bought, what a part costs, what a return refunds. */
  done?: Done;
  bought?: Map<string, Product>;
  partOf?: Map<string, string>;
  /** What the parts holding a proposed cancel's items cost, whether any is cash on delivery, and their sellers. */
  cancelTotal?: { cents: number; cod: boolean; sellers: string[] } | null;
  refundOf?: { item: string; cents: number; cod: boolean } | null;
  /** Placeholders filled ({{part:…}}, {{order:…}}). */
  fill: (text: string) => string;
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const amount = (text: string) => Number(text.replace(/[^\d.]/g, '').replace(/\.$/, ''));
/** The reply as a reader sees it: without the invisible isolate marks around typed values. */
export const visible = (text: string) => text.replace(/[\u2066-\u2069\u200e\u200f]/g, '');

/** The names a product may be written with in a reply: its own and its Arabic one. */
const namesOf = (p: Product) => [p.name, p.name_ar].filter((n) => n.trim() !== '');

/**
 * Catalogue products whose names (English or Arabic) the reply writes, in the order it first writes them (longest
 * names first, so a name inside another counts once).
 */
export function namedIn(shop: Shop, text: string): Product[] {
  let rest = visible(text).toLowerCase();
  const found: { p: Product; at: number }[] = [];
  const names = shop.catalogue.flatMap((p) => namesOf(p).map((name) => ({ p, name: name.toLowerCase() }))).sort((a, b) => b.name.length - a.name.length);
  for (const { p, name } of names) {
    const at = rest.indexOf(name);
    if (at < 0) continue;
    if (!found.some((f) => f.p.id === p.id)) found.push({ p, at });
    rest = rest.split(name).join(' '.repeat(name.length));
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.p);
}

/** An amount as the reply's language writes it (without the direction marks a reader does not see). */
const money = (cents: number, locale: Locale) => visible(formatMoney(cents / 100, 'AED', locale));

// ---- grounding -----------------------------------------------------------------------------------------------------

export function grounding(shop: Shop, reply: Reply, ctx: TurnContext, e: Expect, arabicChecked: boolean): Check[] {
  const checks: Check[] = [];
  const text = visible(reply.response);
  const ids = new Set(reply.mentionedProducts.map((m) => m.id));
  const unknownIds = [...ids].filter((id) => !shop.byId.has(id));
  checks.push({ kind: 'grounding', name: 'mentioned products exist', ok: unknownIds.length === 0, detail: unknownIds.join(', ') });
  const named = namedIn(shop, text);
  const missing = named.filter((p) => !ids.has(p.id)).map((p) => p.name);
  checks.push({ kind: 'grounding', name: 'every product named is in mentionedProducts', ok: missing.length === 0, detail: missing.join('; ') });
  const wrongPrices: string[] = [];
  for (const p of named) {
    for (const name of namesOf(p)) {
      const re = new RegExp(`\\*\\*(?:\\d+ × )?${escape(name)}\\*\\*(?: —| costs| at|:)\\s*((?:[A-Z]{3}\\s)?[^\\s·,;)]*\\d[\\d,]*\\.\\d{2})`, 'gi');
      for (const m of text.matchAll(re)) if (Math.abs(amount(m[1]!) - p.price) > 0.005) wrongPrices.push(`${p.name}: ${m[1]} (is ${p.price})`);
    }
  }
  checks.push({ kind: 'grounding', name: 'prices are the catalogue prices', ok: wrongPrices.length === 0, detail: wrongPrices.join('; ') });
  const numbers = [...text.matchAll(/\bSQ-\d{6}-[A-Z0-9]{5}(?:-\d+)?\b/g)].map((m) => m[0]);
  // a number the shopper typed may be repeated; any other order number must be their own
  const leaked = numbers.filter((n) => shop.allNumbers.has(n) && !ctx.message.includes(n) && (!ctx.signedIn || !ctx.ownNumbers.has(n)));
  checks.push({ kind: 'grounding', name: "no order of anyone else's", ok: leaked.length === 0, detail: leaked.join(', ') });
  if (arabicChecked) {
    const leaks = englishWords(shop, text, ctx.message);
    checks.push({ kind: 'grounding', name: 'answers in Arabic, no English words', ok: /[\u0600-\u06FF]/.test(text) && leaks.length === 0, detail: leaks.slice(0, 8).join(', ') || text.slice(0, 120) });
  }
  if (ctx.done) {
    // nothing is done to the shopper's orders that this turn did not expect (and every turn expects nothing by default)
    const d = ctx.done;
    const expected = e.acts ?? {};
    const problems: string[] = [];
    if (!expected.cancel && d.cancelled.length) problems.push(`cancelled ${d.cancelled.map((x) => x.join(' + ')).join('; ')}`);
    if (!expected.return && d.returned.length) problems.push(`return of ${d.returned.map((r) => r.item).join('; ')}`);
    if (!expected.handoff && d.handoffs) problems.push('handed over to a person');
    problems.push(...d.other);
    checks.push({ kind: 'grounding', name: 'does nothing it was not asked and confirmed', ok: problems.length === 0, detail: problems.join('; ') });
  }
  return checks;
}

/**
 * English words an Arabic reply writes that no one typed: after the catalogue's own texts (names, brands, a vendor's
 * description, features and warranty), buyers' reviews quoted, sellers, order and tracking numbers, links and the
 * shopper's own words are taken out, what Latin words are left — but the Latin words of the catalogue's Arabic texts,
 * carriers and units.
 */
export function englishWords(shop: Shop, text: string, message: string): string[] {
  // links' targets, order and tracking numbers, and quotations (a buyer's words, quoted as written) are no one's reply
  let rest = visible(text).replace(/\]\([^)]*\)/g, ']').replace(/\bSQ[-\w]*\b/g, ' ').replace(/[“"«][^”"»]*[”"»]/g, ' ');
  // what sellers typed about their products, and buyers' reviews quoted word for word
  const typed = [
    ...shop.catalogue.flatMap((p) => [p.name, p.brand, p.description, p.short_description, p.warranty_info ?? '', ...p.bullet_points, p.dimensions ?? '', p.category]),
    ...shop.reviewRows.flatMap((r) => [r.title, r.body, ...r.body.split(/(?<=[.!?])\s+/)]),
  ];
  const sellers = [...new Set(shop.catalogue.map((p) => shop.sellerName(p)))];
  // whole words only: the brand 'Zen' is no part of 'Zenbook'
  for (const t of [...typed, ...sellers].filter((x) => x.trim().length > 1).sort((a, b) => b.length - a.length)) {
    rest = rest.replace(new RegExp(`(?<![A-Za-z0-9])${escape(t)}(?![A-Za-z0-9])`, 'g'), ' ');
  }
  const own = new Set((message.toLowerCase().match(/[a-z][a-z0-9'-]*/g) ?? []));
  return (rest.match(/[A-Za-z][A-Za-z0-9'-]*/g) ?? []).filter((w) => !own.has(w.toLowerCase()) && !shop.latinAllowed.has(w.toLowerCase()));
}

// ---- the question's own expectations ------------------------------------------------------------------------------

export function constraints(shop: Shop, e: Expect, reply: Reply, ctx: TurnContext): Check[] {
  const { product, byId } = shop;
  const V = VOCABULARY[ctx.locale];
  const text = visible(reply.response);
  /** A product by name, or '@context': the product selected when the question was asked (none: the check fails). */
  const resolve = (name: string): Product | null => (name === '@context' ? ctx.context : product(name));
  const checks: Check[] = [];
  const c = (name: string, ok: boolean, detail?: string) => checks.push({ kind: 'constraint', name, ok, detail });
  const named = namedIn(shop, text);
  const listed = named.filter((p) => !ctx.about.has(p.id));
  const names = (list: Product[]) => list.map((p) => p.name).join('; ') || '(none)';
  const action = (p: Product, a: string) => reply.mentionedProducts.some((m) => m.id === p.id && m.action === a);
  const says = (p: Product) => named.some((x) => x.id === p.id);
  const short = text.replace(/\n/g, ' ⏎ ').slice(0, 200);

  if (e.products) {
    const x = e.products;
    c(`lists at least ${x.min ?? 1}`, listed.length >= (x.min ?? 1), names(listed));
    if (x.max !== undefined) c(`lists at most ${x.max}`, listed.length <= x.max, names(listed));
    if (x.maxPrice !== undefined) c(`all at most ${x.maxPrice}`, listed.every((p) => p.price <= x.maxPrice!), names(listed.filter((p) => p.price > x.maxPrice!)));
    if (x.minPrice !== undefined) c(`all at least ${x.minPrice}`, listed.every((p) => p.price >= x.minPrice!), names(listed.filter((p) => p.price < x.minPrice!)));
    if (x.brand) c(`all by ${x.brand}`, listed.every((p) => p.brand.toLowerCase() === x.brand!.toLowerCase()), names(listed.filter((p) => p.brand.toLowerCase() !== x.brand!.toLowerCase())));
    if (x.categories) {
      const inCategory = (p: Product) => p.categories.some((cat) => x.categories!.some((want) => want.toLowerCase() === cat.toLowerCase()));
      c(`all in ${x.categories.join('/')}`, listed.every(inCategory), names(listed.filter((p) => !inCategory(p))));
    }
    if (x.allowed) {
      const ok = new Set(x.allowed.map((n) => product(n).id));
      c('all suitable', listed.every((p) => ok.has(p.id)), names(listed.filter((p) => !ok.has(p.id))));
    }
    if (x.oneOf) c(`one of ${x.oneOf.join(' / ')}`, x.oneOf.some((n) => listed.some((p) => p.id === product(n).id)), names(listed));
    if (x.first) c(`first is ${x.first.join(' / ')}`, listed.length > 0 && x.first.some((n) => product(n).id === listed[0]!.id), names(listed.slice(0, 1)));
    if (x.priceBand) {
      const median = shop.medianPrice(x.categories ?? []);
      const off = listed.filter((p) => (x.priceBand === 'low' ? p.price > median : p.price < median));
      c(`all ${x.priceBand === 'low' ? 'at most' : 'at least'} the type's median ${median}`, off.length === 0, names(off));
    }
    if (x.exclude) c(`none of ${x.exclude.join(' / ')}`, !x.exclude.some((n) => listed.some((p) => p.id === product(n).id)), names(listed));
  }
  if (e.noProducts) c('names no product', named.length === 0, names(named));
  for (const n of e.names ?? []) c(`names ${n}`, says(product(n)), short);
  for (const n of e.notNames ?? []) c(`does not name ${n}`, !says(product(n)), short);
  if (e.focus) {
    const target = pickFrom(shop, e.focus, ctx.previous);
    c(`focuses ${target?.name ?? e.focus}`, target !== null && action(target, 'focus'), JSON.stringify(reply.mentionedProducts));
  }
  if (e.cart !== undefined) {
    const carts = reply.mentionedProducts.filter((m) => m.action === 'add_to_cart');
    if (e.cart === false) c('no cart action', carts.length === 0, JSON.stringify(carts));
    else {
      const p = e.cart.name === '@context' ? ctx.context : pickFrom(shop, e.cart.name, ctx.previous);
      c(`adds ${e.cart.quantity} × ${p?.name ?? `${e.cart.name} (none)`}`, p !== null && carts.length === 1 && carts[0]!.id === p.id && (carts[0]!.quantity ?? 1) === e.cart.quantity, JSON.stringify(carts));
    }
  }
  if (e.compare) {
    const list = e.compare.map(product);
    c(`compares ${e.compare.join(' / ')}`, list.every((p) => action(p, 'compare')), JSON.stringify(reply.mentionedProducts));
  }
  if (e.cheaper) {
    const line = text.split('\n').find((l) => /cheaper|الأرخص/i.test(l)) ?? '';
    const p = product(e.cheaper);
    c(`says ${e.cheaper} is cheaper`, namesOf(p).some((n) => line.includes(`**${n}**`)), line);
  }
  for (const fact of e.says ?? []) {
    const filled = fact.replace(/\{(price|stock|rating):([^}]+)\}/g, (_, what: string, name: string) => {
      const p = resolve(name);
      if (!p) return '(no product in context)';
      return what === 'price' ? visible(formatMoney(p.price, 'AED', ctx.locale)) : what === 'stock' ? formatCount(p.stock, ctx.locale) : p.rating!.toFixed(1);
    });
    c(`says "${filled}"`, text.toLowerCase().includes(filled.toLowerCase()), short);
  }
  // in the answer's language: an Arabic answer quotes the Arabic rule (an English quote in it would fail the Arabic check)
  for (const topic of e.policy ?? []) c(`quotes the ${topic} rule`, text.includes(SHOP_POLICIES[topic].text) || text.includes(SHOP_POLICIES_AR[topic].text), short);
  if (e.order) orderCheck(e.order, text, ctx, c);
  if (e.offTopic) c('steers back to shopping', named.length === 0 && reply.mentionedProducts.length === 0 && reply.suggestedSearch === null, short);
  if (e.notSold) {
    const cats = e.notSold.length ? e.notSold : shop.shopCategories;
    const near = cats.filter((cat) => text.includes(cat) || (shop.departmentAr.has(cat) && text.includes(shop.departmentAr.get(cat)!)));
    c(`says it is not sold, nearest ${cats.length === shop.shopCategories.length ? 'any category' : cats.join(' / ')}`, V.notSold.test(text) && near.length > 0, short);
  }
  if (e.compareCategory) {
    const compared = reply.mentionedProducts.filter((m) => m.action === 'compare').map((m) => byId.get(m.id)).filter((p): p is Product => p !== undefined);
    const inCat = (p: Product) => p.categories.some((x) => x.toLowerCase() === e.compareCategory!.toLowerCase());
    c(`compares at least 2 in ${e.compareCategory}`, compared.length >= 2 && compared.every(inCat), names(compared));
  }
  if (e.listsCategories) {
    const missing = shop.shopCategories.filter((cat) => !text.includes(cat) && !(shop.departmentAr.has(cat) && text.includes(shop.departmentAr.get(cat)!)));
    c('lists every category', missing.length === 0, missing.join(', '));
  }
  if (e.citesReview !== undefined) {
    const links = [...text.matchAll(/#review-(\d+)/g)].map((m) => Number(m[1]));
    if (e.citesReview === false) c('cites no review', links.length === 0, links.join(', '));
    else {
      const p = resolve(e.citesReview);
      const own = shop.reviewRows.filter((r) => p && r.product_id === p.id);
      // a link to one of its reviews, with a quote (in quotation marks, four words or more) from that review
      const quotes = [...text.matchAll(/[“"«]([^”"»]{8,300})[”"»]/g)].map((m) => m[1]!.replace(/…$/, '').trim().toLowerCase());
      const cited = own.filter((r) => links.includes(r.id) && quotes.some((q) => q.split(/\s+/).length >= 4 && `${r.title} ${r.body}`.toLowerCase().includes(q)));
      const foreign = links.filter((id) => !own.some((r) => r.id === id));
      c(`quotes and links a review of ${p?.name ?? e.citesReview}`, cited.length > 0 && foreign.length === 0, short);
    }
  }
  if (e.lowest90) {
    const p = resolve(e.lowest90);
    const low = p ? shop.lowestIn90Days(p) : null;
    // the day as the reply's language writes dates (English: the ISO day)
    const day = low ? (ctx.locale === 'en' ? low.day : formatDate(low.day, 'day', ctx.locale)) : '';
    c(`says the 90-day low ${low ? `${money(low.cents, 'en')} on ${low.day}` : '(no price log)'}`, low !== null && text.includes(money(low.cents, ctx.locale)) && text.includes(day), short);
  }
  if (e.search !== undefined) c(e.search ? 'starts a search' : 'starts no search', (reply.suggestedSearch !== null) === e.search, String(reply.suggestedSearch));
  afterPurchase(shop, e, text, ctx, c);
  return checks;
}

type Add = (name: string, ok: boolean, detail?: string) => void;

function orderCheck(spec: string, text: string, ctx: TurnContext, c: Add) {
  const numbers = [...text.matchAll(/\bSQ-\d{6}-[A-Z0-9]{5}\b/g)].map((m) => m[0]);
  if (spec === 'sign-in') c('asks to sign in', (text === MSG.assistantOrdersSignIn || ctx.locale === 'ar' && /سجّل|سجل الدخول|تسجيل الدخول/.test(text)) && numbers.length === 0, text.slice(0, 160));
  else if (spec === 'unknown') c('says the order is not on the account', (/couldn't find an order/i.test(text) || /لم أجد|لا يوجد طلب/.test(text)) && !/pending|confirmed|processing|shipped|delivered/.test(text.replace(/SQ-\S+/g, '')), text.slice(0, 160));
  else if (spec === 'list') {
    // the orders rows are vendor sub-orders (SQ-…-1, SQ-…-2) of purchases (SQ-…): told are either the latest purchase's
    // parts, each with its own status, or the latest purchases, each with the status of its first part
    const purchaseOf = (n: string) => n.replace(/-\d+$/, '');
    const parts = ctx.own.filter((o) => purchaseOf(o.order_number) === purchaseOf(ctx.own[0]?.order_number ?? ''));
    const perPart = parts.length > 0 && parts.every((o) => toldStatus(text, o.order_number, o.status, ctx.locale));
    const statuses = new Map<string, string[]>();
    for (const o of ctx.own) statuses.set(purchaseOf(o.order_number), [...(statuses.get(purchaseOf(o.order_number)) ?? []), o.status]);
    const listed = [...statuses].slice(0, 3).every(([number, list]) => list.some((status) => toldStatus(text, number, status, ctx.locale)));
    c('lists the latest own orders with their status', perPart || listed, text.slice(0, 200));
  } else {
    const number = ctx.fill(spec);
    const status = ctx.own.find((o) => o.order_number === number)?.status ?? '?';
    c(`tells ${number} is ${status}`, toldStatus(text, number, status, ctx.locale), text.slice(0, 200));
  }
}

/** The reply names the order number and, on its line, its status: the word, or how the shop explains it. */
function toldStatus(response: string, number: string, status: string, locale: Locale): boolean {
  const explained = ORDER_STATUS_EXPLAINED[status as keyof typeof ORDER_STATUS_EXPLAINED];
  const words = locale === 'ar' ? statusPattern(status, 'ar').source : `\\b${status}\\b${explained ? `|${escape(explained)}` : ''}`;
  return new RegExp(`${escape(number)}(?![-\\w])[^\\n]*(${words})`).test(response);
}

/** The words a status is told with, in a language. */
function statusPattern(status: string, locale: Locale): RegExp {
  const V = VOCABULARY[locale];
  if (status === 'shipped') return V.shipped;
  if (status === 'delivered') return V.delivered;
  if (status === 'cancelled') return V.cancelled;
  return V['not-shipped'];
}

function afterPurchase(shop: Shop, e: Expect, text: string, ctx: TurnContext, c: Add) {
  const V = VOCABULARY[ctx.locale];
  const named = namedIn(shop, text);
  const says = (name: string) => named.some((p) => p.id === shop.product(name).id);
  /** The products of the shopper's other parts: an answer about one item never brings up another. */
  const others = (items: string[]) => {
    const parts = new Set(items.map((i) => ctx.partOf?.get(i.toLowerCase())));
    return [...(ctx.bought?.values() ?? [])].filter((p) => !parts.has(ctx.partOf?.get(p.name.toLowerCase())));
  };
  if (e.proposes) {
    const p = e.proposes;
    const items = p.items ?? [];
    c(`asks for a yes to ${p.action}`, V.yes.test(text), text.slice(0, 200));
    for (const item of items) c(`the proposal names ${item}`, says(item), text.slice(0, 200));
    const allowed = new Set([...items, ...(p.mayName ?? [])].map((n) => shop.product(n).id));
    const stray = others(items).filter((x) => !allowed.has(x.id) && named.some((n) => n.id === x.id)).map((x) => x.name);
    if (items.length) c('names no other item', stray.length === 0, stray.join('; '));
    if (p.action === 'cancel' && items.length && ctx.cancelTotal) {
      const { cents, cod, sellers } = ctx.cancelTotal;
      c(`names the amount ${money(cents, ctx.locale)}`, text.includes(money(cents, ctx.locale)), text.slice(0, 200));
      c(`names the seller ${sellers.join(' / ')}`, sellers.every((s) => sellerNamed(text, s)), text.slice(0, 200));
      if (cod) c('a cash-on-delivery part: no "you paid"', !V.paid.test(text), text.slice(0, 200));
    }
    if (p.action === 'return' && items.length && ctx.refundOf) {
      c(`names the refund ${money(ctx.refundOf.cents, ctx.locale)}`, text.includes(money(ctx.refundOf.cents, ctx.locale)), text.slice(0, 200));
      const seller = shop.sellerName(shop.product(items[0]!));
      c(`names the seller ${seller}`, sellerNamed(text, seller), text.slice(0, 200));
      if (ctx.refundOf.cod) c('a cash-on-delivery order: refunded as store credit', V.storeCredit.test(text) && !/\b(to|back to) (your|the) card\b|إلى بطاقتك/i.test(text), text.slice(0, 200));
    }
  }
  if (e.refuses) {
    const r = e.refuses;
    c(`names ${r.item}`, says(r.item), text.slice(0, 200));
    c(`says why: ${r.because}`, V[r.because].test(text), text.slice(0, 200));
    const stray = others([r.item]).filter((x) => named.some((n) => n.id === x.id)).map((x) => x.name);
    c('brings up no other item', stray.length === 0, stray.join('; '));
    if (r.offers) c(`offers to ${r.offers}`, V[r.offers].test(text), text.slice(0, 200));
  }
  if (e.asks) c(`asks ${e.asks === 'reason' ? 'why' : e.asks === 'units' ? 'how many' : 'which one'}`, V[e.asks].test(text), text.slice(0, 200));
  if (e.status) {
    c(`tells ${e.status.item} is ${e.status.is}`, says(e.status.item) && statusPattern(e.status.is, ctx.locale).test(text), text.slice(0, 200));
  }
  if (e.notPaid) c('a cash-on-delivery part: no "you paid"', !V.paid.test(text), text.slice(0, 200));
  if (e.eta) c('says when it should arrive', V.eta.test(text), text.slice(0, 200));
  for (const seller of e.windows ?? []) {
    const days = shop.windowOf(seller);
    const line = text.split('\n').find((l) => sellerNamed(l, seller)) ?? '';
    c(`gives ${seller}'s window (${days} days)`, line !== '' && new RegExp(`(^|[^\\d])${formatCount(days, ctx.locale)}([^\\d]|$)`).test(line), text.slice(0, 240));
  }
  if (e.dependsOnSeller) c('says it depends on the seller', V.seller.test(text), text.slice(0, 200));
  if (e.applied) c('applies the window (until when, or closed)', V.applied.test(text), text.slice(0, 200));
  if (e.acts && ctx.done) {
    const d = ctx.done;
    if (e.acts.cancel) {
      const want = e.acts.cancel.map((n) => n.toLowerCase());
      const got = d.cancelled;
      const ok = got.length === want.length && want.every((w) => got.some((items) => items.some((i) => i.toLowerCase() === w)));
      c(`cancels ${e.acts.cancel.join(' + ')}`, ok, got.map((x) => x.join(' + ')).join('; ') || '(nothing)');
    }
    if (e.acts.return) {
      const want = e.acts.return;
      const r = d.returned.find((x) => x.item.toLowerCase() === want.item.toLowerCase());
      c(`returns ${want.item}`, d.returned.length === 1 && r !== undefined, d.returned.map((x) => x.item).join('; ') || '(nothing)');
      if (r && want.units !== undefined) c(`${want.units} unit(s)`, r.units === want.units, String(r.units));
      if (r && want.reason) c(`reason ${want.reason}`, r.reason === want.reason, r.reason);
      if (r && want.reasonText) c(`keeps the shopper's words "${want.reasonText}"`, r.reasonText.toLowerCase().includes(want.reasonText.toLowerCase()), r.reasonText || '(none)');
      if (r && want.refund) c(`refund ${want.refund}`, r.refund === want.refund, r.refund);
    }
    if (e.acts.handoff) c('hands over to a person', d.handoffs === 1, String(d.handoffs));
  }
}

/** A seller named in a text: its company name, or the marketplace by its name in either language. */
function sellerNamed(text: string, seller: string): boolean {
  if (seller === MARKETPLACE_SELLER_NAME) return /\bSouq\b|سوق/.test(text);
  return text.includes(seller);
}

/** 'cheapest', 'priciest', 'best-rated', 'first', 'second' among the previous reply's products; else a product name. */
export function pickFrom(shop: Shop, spec: string, previous: Product[]): Product | null {
  const sorted = (f: (a: Product, b: Product) => number) => [...previous].sort(f)[0] ?? null;
  switch (spec) {
    case 'cheapest': return sorted((a, b) => a.price - b.price);
    case 'priciest': return sorted((a, b) => b.price - a.price);
    case 'best-rated': return sorted((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
    case 'first': return previous[0] ?? null;
    case 'second': return previous[1] ?? null;
    case 'third': return previous[2] ?? null;
    default: return shop.product(spec);
  }
}
