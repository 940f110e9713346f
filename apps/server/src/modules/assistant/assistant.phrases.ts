import type { Product } from '@souq/shared/api/catalogue';
import { FREE_SHIPPING_THRESHOLD_CENTS, PAYMENT_METHOD_LABELS, SHIPPING_FEE_CENTS, TAX_RATE } from '@souq/shared/constants';
import { messagesFor } from '@souq/shared/messages-for';
import { formatCount, type Locale } from '@souq/shared/rules/locale';
import { formatMoney } from '@souq/shared/rules/money';
import { isolate, isolateLines, textsFor } from './assistant.bidi.js';

// What the built-in assistant says, in each language it speaks (issue 26 item 7, decision 0110). The answers are
// composed in assistant.builtin.ts and assistant.prepurchase.ts from facts the tools return; their words are here, one
// phrasebook per language with the same entries, so an answer reads the same facts in English or Arabic. Product names
// are the listing's own in the reader's language (its Arabic name when it has one), always in bold: the assistant reads
// its earlier answers' bold names back (boldNames), and the storefront links them. Every other value a vendor or shopper
// typed (brand, warranty, dimensions, features, tags, the query echoed) goes through `typed`, which isolates it in the
// Arabic sentence (assistant.bidi.ts) and leaves the English as it was.

type Money = { price: number; currency?: string | null };

export type Phrases = Omit<ReturnType<typeof english>, 'locale'> & { locale: Locale };

function english() {
  const L = 'en' as Locale;
  const money = (value: number, currency?: string | null) => formatMoney(value, currency, L);
  const price = (p: Money) => money(p.price, p.currency);
  const name = (p: Product) => p.name;
  const bold = (p: Product) => `**${name(p)}**`;
  const plural = (n: number, one: string, other = `${one}s`) => `${formatCount(n, L)} ${n === 1 ? one : other}`;
  const category = (p: Product) => p.category || messagesFor(L).defaultCategory;
  const stockText = (p: Product) => (p.stock > 0 ? `${formatCount(p.stock, L)} in stock` : 'out of stock');
  const ratingText = (p: Product) =>
    p.rating !== null ? `rated ${p.rating.toFixed(1)}/5${p.review_count ? ` from ${plural(p.review_count, 'review')}` : ''}` : 'not rated yet';
  const line = (p: Product, i?: number) => `${i !== undefined ? `${i + 1}. ` : ''}${bold(p)} — ${price(p)} · ${ratingText(p)} · ${stockText(p)}`;
  return {
    locale: L,
    /** MSG in this language, read when used (the Arabic texts are registered at start) */
    get msg() { return messagesFor(L); },
    money, price, name, bold, category, stockText, ratingText, line, list: (items: string[]) => items.join(', '),
    or: (items: string[]) => items.join(' or '),
    /** A value a vendor or shopper typed, as this language's sentence carries it. */
    typed: (text: string) => text,
    /** A department (category) as the catalogue names it in this language. */
    department: (name: string) => name,
    /** A department and how many products it has: 'Audio (5)'. */
    departmentLine: (name: string, n: number) => `${name} (${n})`,
    /** A review aspect (review-summary.ts, by key) in this language; `label` is the summary's English label. */
    aspect: (_key: string, label: string) => label,
    /** Where a price sits among a category's prices, as a predicate: 'it {…}'. */
    pricePosition(pct: number, count: number, cat: string): string {
      if (count <= 1) return `is the only ${cat} product we have`;
      if (pct <= 0) return `has the lowest price among our ${count} ${cat} products`;
      if (pct >= 1) return `has the highest price among our ${count} ${cat} products`;
      return `is priced above ${Math.round(pct * 100)}% of our ${count} ${cat} products`;
    },
    budgetText(min: number | null, max: number | null): string {
      if (min !== null && max !== null) return ` between ${money(min)} and ${money(max)}`;
      if (max !== null) return ` under ${money(max)}`;
      if (min !== null) return ` over ${money(min)}`;
      return '';
    },
    /** A budget as a search phrase carries it ('under 500'), read back by the search and by the next question. */
    pricePhrase(min: number | null, max: number | null): string {
      if (min !== null && max !== null) return `between ${min} and ${max}`;
      if (max !== null) return `under ${max}`;
      if (min !== null) return `over ${min}`;
      return '';
    },
    /** What the shopper asked for, as the answer names it: the price wish without an amount, then the words ('cheap laptop'). */
    label: (words: string[], intent: 'low' | 'high' | null) => [intent === 'low' ? 'cheap' : intent === 'high' ? 'premium' : '', ...words].filter(Boolean).join(' '),
    // describe
    heading: (p: Product) => `${bold(p)}${p.brand ? ` by ${p.brand}` : ''} (${category(p)})`,
    description: (p: Product) => p.description.trim(),
    bullets: (p: Product) => p.bullet_points,
    keyFeatures: 'Key features:',
    was: (p: Product) => ` (was ${money(p.compare_at_price!, p.currency)})`,
    priceLine: (p: Product, was: string) => `Price: ${price(p)}${was} · ${ratingText(p)} · ${stockText(p)}`,
    warranty: (w: string) => `Warranty: ${w}`,
    dimensions: (d: string) => `Dimensions: ${d}`,
    weight: (kg: number) => `Weight: ${kg} kg`,
    /** A listing's tags: the seller's search words, in the seller's language (none in an Arabic answer). */
    tags: (tags: string[]) => `Tags: ${tags.join(', ')}`,
    describeNext: 'Would you like similar products, or to know whether it is worth the price?',
    // worth
    onlyInCategory: (cat: string) => `It is the only product in ${cat} right now, so there is nothing to measure its price against.`,
    pricedAt: (p: Product, position: string, median: number) => `At ${price(p)} it ${position} (median ${money(median, p.currency)}).`,
    goodValue: (cat: string, rating: string | null) => `Yes — it is priced below most ${cat} products${rating ? ` and ${rating}` : ''}, so it is good value.`,
    premium: (cat: string, rating: string) => `It is a premium pick, but it is ${rating}: worth it if you want one of the best in ${cat}.`,
    expensive: (cat: string, rating: string | null) => `It is on the expensive side for ${cat}${rating ? ` and only ${rating}` : ''}, so compare it with the alternatives first.`,
    fair: (cat: string, rating: string | null) => `It is fairly priced for ${cat}${rating ? ` and ${rating}` : ''}.`,
    categoryAverage: (cat: string, avg: number) => ` The ${cat} average rating is ${avg.toFixed(1)}/5.`,
    discount: (pct: number, usual: string) => ` It is currently ${pct}% off its usual ${usual}.`,
    cheaperAlternative: (l: string) => `A cheaper alternative rated as well or better: ${l}.`,
    outOfStockNote: 'Note: it is out of stock right now.',
    // similar
    cheaperThan: (p: Product) => `cheaper than ${bold(p)} (${price(p)})`,
    similarTo: (p: Product) => `similar to ${bold(p)}`,
    noneLike: (kind: string) => `I could not find products ${kind} right now.`,
    productsLike: (kind: string, lines: string, p: Product) => `Here are products ${kind}:\n${lines}\n\nAsk me to compare any of them with ${bold(p)}.`,
    // features and facts
    featureYes: (p: Product, where: string) => `Yes: ${bold(p)} (${price(p)}) — ${where}`,
    listingSays: (p: Product, passages: string[]) => `${bold(p)} (${price(p)}) — its listing says: ${passages.join(' · ')}`,
    featureNo: (p: Product, asked: string, features: string) => `The listing of ${bold(p)} (${price(p)}) does not mention ${asked}.${features}`,
    listingLists: (bullets: string) => `\n\nWhat its listing lists:\n${bullets}`,
    costs: (p: Product, was: string) => `${bold(p)} costs ${price(p)}${was}.`,
    inStock: (p: Product) => `It is in stock: ${formatCount(p.stock, L)} available.`,
    outOfStock: 'It is out of stock right now.',
    isRated: (p: Product) => `${bold(p)} is ${ratingText(p)}.`,
    noReviews: 'It has no reviews yet.',
    specs: (p: Product) => [
      p.warranty_info ? `warranty: ${p.warranty_info}` : '',
      p.dimensions ? `dimensions: ${p.dimensions}` : '',
      p.weight !== null ? `weight: ${p.weight} kg` : '',
    ].filter(Boolean),
    specsLine: (p: Product, specs: string[]) => `${bold(p)} — ${specs.join(', ')}.`,
    noSpecs: (p: Product) => `The listing of ${bold(p)} does not state its warranty, dimensions or weight.`,
    features: (bullets: string) => `Features:\n${bullets}`,
    inStockAlternative: (l: string) => `An in-stock alternative: ${l}.`,
    // buying
    purchaseSteps: (p: Product) => [
      p.stock > 0 ? `${bold(p)} costs ${price(p)} and ${p.stock} ${p.stock === 1 ? 'is' : 'are'} in stock. To buy it:` : `${bold(p)} is out of stock right now, so it cannot be ordered yet. When it is back:`,
      '1. Click **Add to Cart** (or type “add it to my cart”; “add 2 to my cart” adds two).',
      '2. Open the cart and choose **Proceed to Checkout**.',
      '3. Enter your shipping details: name, email and address are required.',
      `4. Pick ${PAYMENT_METHOD_LABELS.card} or ${PAYMENT_METHOD_LABELS.cod} and press **Place Order**.`,
      `Shipping is free above ${money(FREE_SHIPPING_THRESHOLD_CENTS / 100)} (otherwise ${money(SHIPPING_FEE_CENTS / 100)}), and tax is ${Math.round(TAX_RATE * 100)}%.`,
    ],
    onlyInStock: (p: Product, qty: number) => `Only ${p.stock} of ${bold(p)} ${p.stock === 1 ? 'is' : 'are'} in stock, so I can't add ${qty}.`,
    soldOut: (p: Product) => `${bold(p)} is out of stock right now.`,
    // the shopper's cart as the storefront sent it (decision 0194): its lines at the catalogue's prices, or where to see it
    cartLines: (lines: string, cents: number, currency: string) => `In your cart:\n${lines}\n\nIn all: ${money(cents / 100, currency)}, before delivery and any code.`,
    // no-break spaces hold the quantity and its amount together: a narrow bubble wraps the name, never "— AED …" alone
    cartLine: (p: Product, qty: number, i: number) => `${i + 1}. ${bold(p)} ×\u00A0${qty}\u00A0—\u00A0${money((p.price_cents * qty) / 100, p.currency)}`,
    cartEmptyHere: 'Your cart is empty. Tell me what you are looking for, or say “add it to my cart” on a product.',
    cartUnseen: "I can't see your cart from this chat. Open the cart to see what is in it and its total; I can add products to it for you.",
    cartChangeThere: 'I can only add products to your cart from this chat. To remove one or change how many, open the cart and use its quantity and remove buttons.',
    // comparing
    compareIntro: (rows: string) => `Here is how they compare:\n${rows}`,
    cheaperBy: (p: Product, by: number) => `• Cheaper: ${bold(p)}, by ${money(by, p.currency)}.`,
    sameCost: '• Both cost the same.',
    betterRated: (p: Product, others: string[]) => `• Better rated: ${bold(p)} (${p.rating!.toFixed(1)} vs ${others.join(', ')}).`,
    ratingsLevel: '• Their ratings are level.',
    betterValue: (p: Product, position: string) => `• Better value: ${bold(p)} — ${ratingText(p)} at ${price(p)}; it ${position}.`,
    outOfStockCompared: (p: Product) => `• Note: ${name(p)} is out of stock.`,
    cheaperOne: (p: Product) => `${bold(p)} is the cheaper one.`,
    betterRatedOne: (p: Product) => `${bold(p)} is the better rated one.`,
    valuePick: (p: Product) => `My pick for value: ${bold(p)}${p.stock === 0 ? ' (once it is back in stock)' : ''}.`,
    whichTwo: 'Which two products should I compare? Lock two products in the Product Locker, or name them in your message.',
    whichProduct: 'Which product do you mean? Select one on the page or tell me its name.',
    thatIs: (p: Product, others: Product[]) =>
      `That is ${bold(p)}: ${price(p)}${others.length ? ` (vs ${others.map((o) => `${bold(o)} at ${price(o)}`).join(', ')})` : ''}, ${ratingText(p)}, ${stockText(p)}.`,
    // searching
    nothingInBudget: (label: string, budget: string, lines: string) =>
      `I couldn't find **${label}**${budget}. The closest in price:\n\n${lines}\n\nI'm searching for "${label}" so you can see them on the page.`,
    notFoundClosest: (name: string, n: number) => `I couldn't find a product called **${name}**. The closest ${n === 1 ? 'match' : 'matches'}:`,
    topMatches: (n: number, label: string, budget: string, total: number) =>
      `Here ${n === 1 ? 'is the best match' : `are the top ${n}`} for **${label || 'products'}**${budget}${total > n ? ` (${total} found)` : ''}:`,
    categoriesLine: (cats: string[]) => `Categories: ${cats.join(', ')}`,
    searchingFor: (phrase: string, n: number, total: number) => `I'm searching for "${phrase}" so you can see ${total > n ? `all ${total} results` : 'them on the page'}.`,
    noneInColour: (label: string, lines: string) => `I couldn't find **${label}**. What we have of this kind:\n${lines}`,
    unknown: (name: string, cats: string[]) =>
      `Sorry, we don't have **${name}** at Souq: nothing in our catalogue matches it.${cats.length ? ` Try a broader search, for example by category: ${cats.join(', ')}.` : ' Try a broader search with a product type or a brand.'}`,
    offTopic: (cats: string[]) =>
      "I'm Souq's shopping assistant, so I can't help with that — but I can find products, compare them, check prices and stock, or suggest similar items." +
      (cats.length ? ` Popular categories: ${cats.join(', ')}. What are you looking for?` : ' What are you looking for?'),
    giftIdeas: (notFound: string | undefined, lines: string) =>
      `${notFound ? `I couldn't find gifts about **${notFound}**. ` : ''}Here are well-loved gift ideas from our biggest departments:\n${lines}\n\nTell me what they like, their age or your budget, and I'll narrow it down.`,
    greeting:
      "Hello! I'm Souq's shopping assistant. I can find products (try “running shoes under 200”), compare two products, tell you whether something is worth the price, or suggest similar items. What are you shopping for today?",
    thanks: "You're welcome! Let me know whenever you want to find, compare or buy something.",
    // before a purchase (assistant.prepurchase.ts)
    emptyCatalogue: 'Our catalogue is empty right now; please come back soon.',
    departments: (n: number, lines: string) => `We sell ${n} departments:\n${lines}\n\nTell me which one you are shopping in, or what you need, and I'll find it.`,
    nearestDepartments: (names: string[]) => `The nearest departments we do sell: ${names.join(', ')}.`,
    whatWeSell: (names: string[]) => `What we do sell: ${names.join(', ')}.`,
    notSold: (asked: string, nearest: string) => `Sorry, we don't sell ${asked} at Souq. ${nearest} Would you like to look at one of them?`,
    noPriceHistory: (p: Product) => `I have no price history for ${bold(p)} yet. It costs ${price(p)} today.`,
    priceChart: 'The product page charts its price over the last 90 days, and you can ask to be told when it drops below a price you choose.',
    wasCheaper: (p: Product, days: number, low: string, on: string, more: string) =>
      `Yes. In the last ${days} days the lowest price of ${bold(p)} was ${low}, last on ${on}. Today it costs ${price(p)}, ${more} more.`,
    unchanged: (days: number, on: string) => `it has not changed in ${days} days (price on ${on})`,
    priceSince: (on: string) => `its price since ${on}`,
    lowestNow: (p: Product, days: number, since: string) => `No. Today's ${price(p)} is the lowest price of ${bold(p)} in the last ${days} days: ${since}.`,
    reviewCount: (n: number) => plural(n, 'review'),
    verifiedReviewCount: (n: number) => plural(n, 'verified review'),
    noCriticism: (reviews: string) => `No buyer criticises it so far (${reviews}). `,
    aBuyerWrites: (reviews: string, quote: string) => `From its ${reviews}, a buyer writes: ${quote}`,
    claim: (side: 'praise' | 'criticism', aspect: string, n: number, reviews: string, quote: string) =>
      `${side === 'praise' ? 'praise' : 'criticise'} ${aspect.toLowerCase()} (${n} of ${reviews}): ${quote}`,
    buyers: (claims: string[]) => `Buyers ${claims.join('; and ')}.`,
    noReviewsYet: (p: Product) => `${bold(p)} has no reviews yet, so I can't tell you what buyers think of it. Buyers can review it once it is delivered to them.`,
    ratedFrom: (p: Product, reviews: string) => ` It is rated ${p.rating!.toFixed(1)}/5 from ${reviews}.`,
    buyersSay: (p: Product, rating: string, evidence: string) => `What buyers say about ${bold(p)}:${rating}\n\n${evidence}`,
  };
}

const ARABIC_PLURAL = new Intl.PluralRules('ar');

/** The Arabic phrasebook; `departmentsAr` names the catalogue's departments in Arabic (English when a name has none). */
function arabic(departmentsAr: ReadonlyMap<string, string> = new Map()): Phrases {
  const en = english();
  // a department without its Arabic name is quoted in English, isolated like any Latin text
  const department = (name: string) => departmentsAr.get(name) || isolate(name);
  const typed = isolate;
  const departments = (names: string[]) => names.map(department).join('، ');
  const L: Locale = 'ar';
  const money = (value: number, currency?: string | null) => formatMoney(value, currency, L);
  const price = (p: Money) => money(p.price, p.currency);
  const count = (n: number) => formatCount(n, L);
  const name = (p: Product) => p.name_ar.trim() || p.name;
  const bold = (p: Product) => `**${name(p)}**`;
  const category = (p: Product) => (p.category ? department(p.category) : messagesFor(L).defaultCategory);
  // Arabic counts take the dual and the plural by number (1, 2, 3–10, 11+): 'مراجعة واحدة', 'مراجعتان', '٣ مراجعات', '١١ مراجعة'
  const reviews = (n: number, verified = false) => {
    const v = verified ? ' موثقة' : '';
    if (n === 1) return `مراجعة${v} واحدة`;
    if (n === 2) return `مراجعتين${verified ? ' موثقتين' : ''}`;
    if (n >= 3 && n <= 10) return `${count(n)} مراجعات${v}`;
    return `${count(n)} مراجعة${v}`;
  };
  const stockText = (p: Product) => (p.stock > 0 ? `متوفر (${count(p.stock)} في المخزون)` : 'غير متوفر حاليًا');
  const ratingText = (p: Product) =>
    p.rating !== null ? `تقييمه ${p.rating.toFixed(1)}/5${p.review_count ? ` من ${reviews(p.review_count)}` : ''}` : 'لم يُقيَّم بعد';
  const line = (p: Product, i?: number) => `${i !== undefined ? `${i + 1}. ` : ''}${bold(p)} — ${price(p)} · ${ratingText(p)} · ${stockText(p)}`;
  return {
    ...en,
    locale: L,
    /** MSG in Arabic, a name passed to it isolated */
    get msg() { return textsFor(L); },
    money, price, name, bold, category, stockText, ratingText, line, list: (items: string[]) => items.join('، '),
    or: (items: string[]) => items.join(' أو '),
    typed,
    department,
    departmentLine: (name: string, n: number) => `${department(name)} (${count(n)})`,
    aspect: (key: string, label: string) => (messagesFor(L).reviewAspects as Readonly<Record<string, string>>)[key] ?? label,
    pricePosition(pct: number, total: number, cat: string): string {
      if (total <= 1) return `هو المنتج الوحيد لدينا في ${cat}`;
      if (pct <= 0) return `الأقل سعرًا بين ${count(total)} منتجات لدينا في ${cat}`;
      if (pct >= 1) return `الأعلى سعرًا بين ${count(total)} منتجات لدينا في ${cat}`;
      return `أغلى من ${count(Math.round(pct * 100))}% من ${count(total)} منتجات لدينا في ${cat}`;
    },
    budgetText(min: number | null, max: number | null): string {
      if (min !== null && max !== null) return ` بين ${money(min)} و${money(max)}`;
      if (max !== null) return ` بأقل من ${money(max)}`;
      if (min !== null) return ` بأكثر من ${money(min)}`;
      return '';
    },
    pricePhrase(min: number | null, max: number | null): string {
      if (min !== null && max !== null) return `بين ${min} و${max} درهم`;
      if (max !== null) return `تحت ${max} درهم`;
      if (min !== null) return `فوق ${min} درهم`;
      return '';
    },
    // the words in the shopper's own spelling, the price wish after them (no adjective to agree with the noun)
    label: (words: string[], intent: 'low' | 'high' | null) => [...words, intent === 'low' ? 'بسعر منخفض' : intent === 'high' ? 'من الفئة الفاخرة' : ''].filter(Boolean).join(' '),
    heading: (p: Product) => `${bold(p)}${p.brand ? ` من ${typed(p.brand)}` : ''} (${category(p)})`,
    description: (p: Product) => isolateLines(p.description_ar.trim() || p.description.trim()),
    bullets: (p: Product) => (p.bullet_points_ar.length ? p.bullet_points_ar : p.bullet_points).map(typed),
    keyFeatures: 'أبرز المزايا:',
    was: (p: Product) => ` (كان ${money(p.compare_at_price!, p.currency)})`,
    priceLine: (p: Product, was: string) => `السعر: ${price(p)}${was} · ${ratingText(p)} · ${stockText(p)}`,
    warranty: (w: string) => `الضمان: ${typed(w)}`,
    dimensions: (d: string) => `الأبعاد: ${typed(d)}`,
    weight: (kg: number) => `الوزن: ${kg} كغ`,
    // a seller's tags are English search words: an Arabic reader has the description and features instead
    tags: () => '',
    describeNext: 'هل تريد منتجات مشابهة، أو أن تعرف إن كان يستحق سعره؟',
    onlyInCategory: (cat: string) => `هو المنتج الوحيد في ${cat} حاليًا، فلا يوجد ما نقارن سعره به.`,
    pricedAt: (p: Product, position: string, median: number) => `بسعر ${price(p)} هو ${position} (الوسيط ${money(median, p.currency)}).`,
    goodValue: (cat: string, rating: string | null) => `نعم — سعره أقل من معظم منتجات ${cat}${rating ? ` و${rating}` : ''}، فهو قيمة جيدة مقابل السعر.`,
    premium: (cat: string, rating: string) => `إنه خيار فاخر، لكن ${rating}: يستحق إن أردت أحد أفضل منتجات ${cat}.`,
    expensive: (cat: string, rating: string | null) => `سعره مرتفع مقارنةً بمنتجات ${cat}${rating ? ` و${rating} فقط` : ''}، فقارنه بالبدائل أولًا.`,
    fair: (cat: string, rating: string | null) => `سعره معقول بالنسبة إلى ${cat}${rating ? ` و${rating}` : ''}.`,
    categoryAverage: (cat: string, avg: number) => ` متوسط تقييم ${cat} هو ${avg.toFixed(1)}/5.`,
    discount: (pct: number, usual: string) => ` عليه الآن خصم ${count(pct)}% من سعره المعتاد ${usual}.`,
    cheaperAlternative: (l: string) => `بديل أرخص بتقييم مماثل أو أفضل: ${l}.`,
    outOfStockNote: 'ملاحظة: هذا المنتج غير متوفر حاليًا.',
    cheaperThan: (p: Product) => `أرخص من ${bold(p)} (${price(p)})`,
    similarTo: (p: Product) => `مشابهة لـ ${bold(p)}`,
    noneLike: (kind: string) => `لم أجد منتجات ${kind} حاليًا.`,
    productsLike: (kind: string, lines: string, p: Product) => `إليك منتجات ${kind}:\n${lines}\n\nاطلب مني مقارنة أي منها مع ${bold(p)}.`,
    featureYes: (p: Product, where: string) => `نعم: ${bold(p)} (${price(p)}) — ${typed(where)}`,
    listingSays: (p: Product, passages: string[]) => `يذكر وصف ${bold(p)} (${price(p)}): ${passages.map(typed).join(' · ')}`,
    featureNo: (p: Product, asked: string, features: string) => `لا يذكر وصف ${bold(p)} (${price(p)}) ${typed(asked)}.${features}`,
    listingLists: (bullets: string) => `\n\nما يذكره وصفه:\n${bullets}`,
    costs: (p: Product, was: string) => `سعر ${bold(p)} هو ${price(p)}${was}.`,
    inStock: (p: Product) => `متوفر: ${count(p.stock)} في المخزون.`,
    outOfStock: 'غير متوفر حاليًا.',
    isRated: (p: Product) => `${bold(p)}: ${ratingText(p)}.`,
    noReviews: 'لا توجد مراجعات له بعد.',
    specs: (p: Product) => [
      p.warranty_info ? `الضمان: ${typed(p.warranty_info)}` : '',
      p.dimensions ? `الأبعاد: ${typed(p.dimensions)}` : '',
      p.weight !== null ? `الوزن: ${p.weight} كغ` : '',
    ].filter(Boolean),
    specsLine: (p: Product, specs: string[]) => `${bold(p)} — ${specs.join('، ')}.`,
    noSpecs: (p: Product) => `لا يذكر وصف ${bold(p)} الضمان أو الأبعاد أو الوزن.`,
    features: (bullets: string) => `المزايا:\n${bullets}`,
    inStockAlternative: (l: string) => `بديل متوفر: ${l}.`,
    purchaseSteps: (p: Product) => [
      p.stock > 0 ? `سعر ${bold(p)} هو ${price(p)} والمتوفر منه ${count(p.stock)}. لشرائه:` : `${bold(p)} غير متوفر حاليًا، فلا يمكن طلبه الآن. عندما يتوفر:`,
      '1. اضغط **أضف إلى السلة** (أو اكتب «أضفه إلى سلتي»؛ و«أضف 2 إلى السلة» يضيف قطعتين).',
      '2. افتح السلة واختر **المتابعة إلى الدفع**.',
      '3. أدخل بيانات الشحن: الاسم والبريد الإلكتروني والعنوان مطلوبة.',
      '4. اختر الدفع بالبطاقة أو الدفع عند الاستلام واضغط **تأكيد الطلب**.',
      `الشحن مجاني للطلبات فوق ${money(FREE_SHIPPING_THRESHOLD_CENTS / 100)} (وإلا ${money(SHIPPING_FEE_CENTS / 100)})، والأسعار تشمل ضريبة القيمة المضافة ${count(Math.round(TAX_RATE * 100))}%.`,
    ],
    onlyInStock: (p: Product, qty: number) => `المتوفر من ${bold(p)} ${count(p.stock)} فقط، فلا يمكنني إضافة ${count(qty)}.`,
    cartLines: (lines: string, cents: number, currency: string) => `في سلتك:\n${lines}\n\nالمجموع: ${money(cents / 100, currency)}، قبل التوصيل وأي كود خصم.`,
    cartLine: (p: Product, qty: number, i: number) => `${count(i + 1)}. ${bold(p)} ×\u00A0${count(qty)}\u00A0—\u00A0${money((p.price_cents * qty) / 100, p.currency)}`,
    cartEmptyHere: 'سلتك فارغة. أخبرني عمّا تبحث، أو قل «أضفه إلى السلة» على أي منتج.',
    cartUnseen: 'لا أستطيع رؤية سلتك من هذه المحادثة. افتح السلة لترى ما فيها ومجموعها؛ ويمكنني أن أضيف إليها المنتجات.',
    cartChangeThere: 'يمكنني من هذه المحادثة إضافة المنتجات إلى سلتك فقط. لحذف منتج أو تغيير الكمية، افتح السلة واستخدم أزرار الكمية والحذف فيها.',
    soldOut: (p: Product) => `${bold(p)} غير متوفر حاليًا.`,
    compareIntro: (rows: string) => `هذه مقارنة بينها:\n${rows}`,
    cheaperBy: (p: Product, by: number) => `• الأرخص: ${bold(p)}، بفارق ${money(by, p.currency)}.`,
    sameCost: '• السعر نفسه للاثنين.',
    betterRated: (p: Product, others: string[]) => `• الأعلى تقييمًا: ${bold(p)} (${p.rating!.toFixed(1)} مقابل ${others.join('، ')}).`,
    ratingsLevel: '• تقييماتها متقاربة.',
    betterValue: (p: Product, position: string) => `• الأفضل قيمة: ${bold(p)} — ${ratingText(p)} بسعر ${price(p)}؛ وهو ${position}.`,
    outOfStockCompared: (p: Product) => `• ملاحظة: ${typed(name(p))} غير متوفر حاليًا.`,
    cheaperOne: (p: Product) => `${bold(p)} هو الأرخص.`,
    betterRatedOne: (p: Product) => `${bold(p)} هو الأعلى تقييمًا.`,
    valuePick: (p: Product) => `اختياري للقيمة: ${bold(p)}${p.stock === 0 ? ' (عندما يعود إلى المخزون)' : ''}.`,
    whichTwo: 'أي منتجين تريد أن أقارن؟ ثبّت منتجين في خزانة المنتجات، أو اذكر اسميهما في رسالتك.',
    whichProduct: 'أي منتج تقصد؟ اختر منتجًا في الصفحة أو اكتب اسمه.',
    thatIs: (p: Product, others: Product[]) =>
      `إنه ${bold(p)}: ${price(p)}${others.length ? ` (مقابل ${others.map((o) => `${bold(o)} بسعر ${price(o)}`).join('، ')})` : ''}، ${ratingText(p)}، ${stockText(p)}.`,
    nothingInBudget: (label: string, budget: string, lines: string) =>
      `لم أجد **${label}**${budget}. الأقرب سعرًا:\n\n${lines}\n\nجارٍ البحث عن "${typed(label)}" لتراها في الصفحة.`,
    notFoundClosest: (n: string) => `لم أجد منتجًا باسم **${n}**. الأقرب إليه:`,
    topMatches: (n: number, label: string, budget: string, total: number) =>
      `${n === 1 ? 'أفضل نتيجة' : `أفضل ${count(n)} نتائج`} لـ **${label || 'المنتجات'}**${budget}${total > n ? ` (وجدت ${count(total)})` : ''}:`,
    categoriesLine: (cats: string[]) => `الفئات: ${departments(cats)}`,
    searchingFor: (phrase: string, n: number, total: number) => `جارٍ البحث عن "${typed(phrase)}" لترى ${total > n ? `كل النتائج الـ${count(total)}` : 'النتائج'} في الصفحة.`,
    noneInColour: (label: string, lines: string) => `لم أجد **${label}**. هذا ما لدينا من هذا النوع:\n${lines}`,
    unknown: (n: string, cats: string[]) =>
      `عذرًا، ليس لدينا **${n}** في سوق: لا شيء في متجرنا يطابقه.${cats.length ? ` جرّب بحثًا أوسع، مثلًا حسب الفئة: ${departments(cats)}.` : ' جرّب بحثًا أوسع بنوع المنتج أو العلامة التجارية.'}`,
    offTopic: (cats: string[]) =>
      'أنا مساعد التسوق في سوق، لذا لا أستطيع المساعدة في ذلك — لكن يمكنني البحث عن المنتجات ومقارنتها ومعرفة الأسعار والتوفر واقتراح منتجات مشابهة.' +
      (cats.length ? ` الفئات الأكثر رواجًا: ${departments(cats)}. عمّ تبحث؟` : ' عمّ تبحث؟'),
    giftIdeas: (notFound: string | undefined, lines: string) =>
      `${notFound ? `لم أجد هدايا عن **${notFound}**. ` : ''}إليك أفكار هدايا محبوبة من أكبر أقسامنا:\n${lines}\n\nأخبرني بما يحبه من تهديه أو عمره أو ميزانيتك، وسأضيّق الاختيار.`,
    greeting:
      'مرحبًا! أنا مساعد التسوق في سوق. يمكنني البحث عن المنتجات (جرّب «حذاء جري بأقل من 200 درهم»)، ومقارنة منتجين، وإخبارك إن كان المنتج يستحق سعره، واقتراح منتجات مشابهة. عمّ تبحث اليوم؟',
    thanks: 'على الرحب والسعة! أخبرني متى أردت البحث عن منتج أو مقارنته أو شراءه.',
    emptyCatalogue: 'متجرنا فارغ حاليًا؛ عد قريبًا من فضلك.',
    // the counted noun in Arabic's plural form of the number: قسم واحد، قسمان، ٣ أقسام، ١٦ قسمًا، ١٠٠ قسم
    departments: (n: number, lines: string) =>
      `لدينا ${{ zero: `${count(n)} قسم`, one: 'قسم واحد', two: 'قسمان', few: `${count(n)} أقسام`, many: `${count(n)} قسمًا`, other: `${count(n)} قسم` }[ARABIC_PLURAL.select(n)]}:\n${lines}\n\nأخبرني في أي قسم تتسوق، أو ما الذي تحتاجه، وسأجده لك.`,
    nearestDepartments: (names: string[]) => `أقرب الأقسام التي نبيعها: ${departments(names)}.`,
    whatWeSell: (names: string[]) => `ما نبيعه: ${departments(names)}.`,
    notSold: (asked: string, nearest: string) => `عذرًا، لا نبيع ${asked} في سوق. ${nearest} هل تريد أن تتصفح أحدها؟`,
    noPriceHistory: (p: Product) => `لا يوجد لدي سجل أسعار لـ ${bold(p)} بعد. سعره اليوم ${price(p)}.`,
    priceChart: 'تعرض صفحة المنتج سعره خلال آخر 90 يومًا، ويمكنك أن تطلب تنبيهك عندما ينخفض عن سعر تختاره.',
    wasCheaper: (p: Product, days: number, low: string, on: string, more: string) =>
      `نعم. خلال آخر ${count(days)} يومًا كان أقل سعر لـ ${bold(p)} هو ${low}، آخر مرة في ${on}. سعره اليوم ${price(p)}، أي أغلى بـ ${more}.`,
    unchanged: (days: number, on: string) => `لم يتغير خلال ${count(days)} يومًا (السعر في ${on})`,
    priceSince: (on: string) => `سعره منذ ${on}`,
    lowestNow: (p: Product, days: number, since: string) => `لا. سعر اليوم ${price(p)} هو أقل سعر لـ ${bold(p)} خلال آخر ${count(days)} يومًا: ${since}.`,
    reviewCount: (n: number) => reviews(n),
    verifiedReviewCount: (n: number) => reviews(n, true),
    noCriticism: (r: string) => `لم ينتقده أي مشترٍ حتى الآن (${r}). `,
    aBuyerWrites: (r: string, quote: string) => `من ${r}، كتب أحد المشترين: ${quote}`,
    claim: (side: 'praise' | 'criticism', aspect: string, n: number, r: string, quote: string) =>
      `${side === 'praise' ? 'يمدحون' : 'ينتقدون'} ${aspect} (${count(n)} من ${r}): ${quote}`,
    buyers: (claims: string[]) => `المشترون ${claims.join('؛ و')}.`,
    noReviewsYet: (p: Product) => `لا توجد مراجعات لـ ${bold(p)} بعد، فلا أستطيع أن أخبرك برأي المشترين فيه. يمكن للمشترين مراجعته بعد توصيله إليهم.`,
    ratedFrom: (p: Product, r: string) => ` تقييمه ${p.rating!.toFixed(1)}/5 من ${r}.`,
    buyersSay: (p: Product, rating: string, evidence: string) => `ما يقوله المشترون عن ${bold(p)}:${rating}\n\n${evidence}`,
  };
}

const PHRASES: Record<Locale, Phrases> = { en: english(), ar: arabic() };
/** The Arabic phrasebook for each map of department names it was asked with (one per catalogue read). */
const arabicWithDepartments = new WeakMap<ReadonlyMap<string, string>, Phrases>();

/**
 * The assistant's words in a reader's language (English for any other). `departmentsAr`: the catalogue's Arabic
 * department names, which the Arabic answers quote (without them, the English names).
 */
export function phrasesFor(locale: Locale | string | null | undefined, departmentsAr?: ReadonlyMap<string, string>): Phrases {
  if (locale !== 'ar') return PHRASES.en;
  if (!departmentsAr) return PHRASES.ar;
  let phrases = arabicWithDepartments.get(departmentsAr);
  if (!phrases) arabicWithDepartments.set(departmentsAr, (phrases = arabic(departmentsAr)));
  return phrases;
}
