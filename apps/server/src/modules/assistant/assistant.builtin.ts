import type { Product } from '@souq/shared/api/catalogue';
import type { ChatResponse } from '@souq/shared/api/assistant';
import { SEARCH_REPLY_MAX_CATEGORIES, SEARCH_REPLY_MAX_PRODUCTS } from '@souq/shared/constants';
import { isCartCommand, parseQuantity } from '@souq/shared/rules/chat-commands';
import type { SearchService } from '../search/search.service.js';
import { percentileOf, searchPhraseIn, type Toolbox } from './assistant.tools.js';
import { isOrderQuestion, orderReply, policyReply, policyTopics } from './assistant.shop.js';
import {
  CHEAPER, CHEAPEST, COMPARE, FEATURE_Q, GIFT, GREETING, HELP, INTERESTS, isOffTopic, PEOPLE_WORDS, PRICE_Q, PRICIEST, PRONOUN,
  PURCHASE, QUESTION_WORDS, RATING_Q, REF, SHOPPING, SIMILAR, SPEC_Q, STOCK_Q, TAKE_IT, TELL, THANKS, WORTH, audienceWords, boldNames,
  budgetPhrases, coloursOnly, EXISTS, ADD_IT,
} from './assistant.words.js';
import { arabicSpelling, readArabic } from './assistant.arabic.js';
import { phrasesFor } from './assistant.phrases.js';
import { createNeedReply } from './assistant.needs.js';
import { isRuledOut as ruledOutBy } from '../search/query-understanding.js';
import { departmentNamed, isPurpose, loanwordOf, namesNoKind, otherNames, isNeed, needFunctions, readNegation, standardArabic, type Negation } from './assistant.understanding.js';
import {
  CATEGORIES_Q, PRICE_HISTORY_Q, REVIEWS_Q, categoriesReply, notInCatalogue, notSoldKinds, notSoldReply, priceHistoryReply, reviewEvidenceText, reviewsReply,
  mainDepartment, sameDepartment, topN, topOfKind,
} from './assistant.prepurchase.js';

export { boldNames } from './assistant.words.js';

// The built-in assistant: deterministic and offline. It reads the intent and the entities of a message
// (products by name, the context product, locked products, products named earlier, brands and categories
// through search, budgets, quantities, comparisons), calls the tools, and writes an answer from their facts.

export type BuiltinInput = {
  message: string;
  contextId: number | null;
  lockedIds: number[];
  /** the last messages, oldest first */
  history: { isBot: boolean; text: string }[];
};

type Reply = Omit<ChatResponse, 'mentionedProducts' | 'sessionId' | 'conversationId'>;

export function createBuiltinAssistant(deps: { search: SearchService }) {
  const { search } = deps;
  const needReply = createNeedReply({ search, isRuledOut: (p, negation) => isRuledOut(p, negation) });

  /** Content words of a message: what is left after question words, stop words and price phrases. */
  function contentWords(text: string): string[] {
    const { tokenize, isStopword } = search.text;
    return tokenize(text).filter((t) => !QUESTION_WORDS.has(t) && !PEOPLE_WORDS.has(t) && !isStopword(t));
  }

  async function popularCategories(): Promise<string[]> {
    const { categories } = await search.facets();
    return [...categories.values()].sort((a, b) => b.count - a.count).slice(0, SEARCH_REPLY_MAX_CATEGORIES).map((c) => c.name);
  }

  async function describe(p: Product, tools: Toolbox, msg = ''): Promise<Reply> {
    tools.focus(p);
    const say = phrasesFor(tools.locale, tools.departmentsAr);
    const parts = [say.heading(p), say.description(p) || say.msg.noDescription];
    const bullets = say.bullets(p);
    if (bullets.length) parts.push(`${say.keyFeatures}\n${bulletList(bullets)}`);
    parts.push(say.priceLine(p, wasText(p, say)));
    const extra = [
      p.warranty_info ? say.warranty(p.warranty_info) : '',
      p.dimensions ? say.dimensions(p.dimensions) : '',
      p.weight !== null ? say.weight(p.weight) : '',
    ].filter(Boolean);
    if (extra.length) parts.push(extra.join(' · '));
    const tags = p.tags.length ? say.tags(p.tags.slice(0, 6)) : '';
    if (tags) parts.push(tags);
    // what buyers say, quoted and linked, when it has reviews (decision 0102)
    const evidence = await reviewEvidenceText(p, msg, tools);
    if (evidence) parts.push(evidence);
    parts.push(say.describeNext);
    return { response: parts.join('\n\n'), suggestedSearch: null };
  }

  async function worth(p: Product, tools: Toolbox): Promise<Reply> {
    tools.focus(p);
    const say = phrasesFor(tools.locale, tools.departmentsAr);
    const { prices, ratings } = await search.categoryPrices(p.category);
    const pct = percentileOf(prices, p.price_cents);
    const median = prices.length ? prices[Math.floor((prices.length - 1) / 2)]! / 100 : p.price;
    const avgRating = ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : null;
    const cat = say.category(p);
    const position =
      prices.length <= 1 ? say.onlyInCategory(cat) : say.pricedAt(p, say.pricePosition(pct, prices.length, cat), median);
    const rating = p.rating ?? null;
    const good = rating !== null && rating >= 4.3;
    const weak = rating !== null && rating < 3.8;
    const rated = rating !== null ? say.ratingText(p) : null;
    let verdict: string;
    if (pct <= 0.4 && !weak) verdict = say.goodValue(cat, rated);
    else if (pct >= 0.7 && good) verdict = say.premium(cat, say.ratingText(p));
    else if (pct >= 0.7) verdict = say.expensive(cat, rated);
    else verdict = say.fair(cat, rated);
    if (avgRating !== null && rating !== null && ratings.length > 1) verdict += say.categoryAverage(cat, avgRating);
    if (p.compare_at_price && p.compare_at_price > p.price) {
      verdict += say.discount(Math.round((1 - p.price / p.compare_at_price) * 100), say.money(p.compare_at_price, p.currency));
    }
    const parts = [position, verdict];
    // a cheaper product at least as well rated is the honest counterpoint
    const alts = await tools.similarProducts(p.id, 6);
    const better = alts.find((a) => a.price_cents < p.price_cents && a.stock > 0 && (a.rating ?? 0) >= (p.rating ?? 0) && a.category === p.category);
    if (better) parts.push(say.cheaperAlternative(say.line(better)));
    const evidence = await reviewEvidenceText(p, '', tools);
    if (evidence) parts.push(evidence);
    if (p.stock === 0) parts.push(say.outOfStockNote);
    return { response: parts.join('\n\n'), suggestedSearch: null };
  }

  async function similar(p: Product, tools: Toolbox, opts: { cheaper: boolean }): Promise<Reply> {
    const found = await tools.similarProducts(p.id, SEARCH_REPLY_MAX_PRODUCTS, opts.cheaper ? { cheaperThan: p.price_cents } : {});
    // 'anything cheaper?' asks for a cheaper one of the same kind: other departments only when its own has none
    const own = found.filter((x) => x.category === p.category);
    const list = opts.cheaper && own.length > 0 ? own : found;
    tools.mention(p.id, 'mention');
    const say = phrasesFor(tools.locale, tools.departmentsAr);
    const kind = opts.cheaper ? say.cheaperThan(p) : say.similarTo(p);
    if (list.length === 0) return { response: say.noneLike(kind), suggestedSearch: null };
    return { response: say.productsLike(kind, list.map((x, i) => say.line(x, i)).join('\n'), p), suggestedSearch: null };
  }

  /**
   * The one product whose own name (either language) holds every word the shopper used for it ('put the tent in my cart',
   * 'أبي الخيمة، حطها بالسلة', 'throw a pack of dog chews in my cart'); null when none or several do (then nothing is
   * guessed: the shopper is asked to name it).
   */
  async function onlyOneCalled(words: string[], tools: Toolbox): Promise<Product | null> {
    const { analyze } = search.text;
    const stems = words.filter((w) => !/^\d+$/.test(w) && !/^(pack|packs|box|set|pair|piece|pieces|unit|units|add|put|place|buy|purchase|throw|toss|pop|chuck|stick|drop|cart|basket|trolley|bag|عبوه|علبه|حبه|قطعه)$/.test(w))
      .map((w) => analyze(w)).filter((s) => s.length > 0);
    if (stems.length === 0) return null;
    const { items } = await tools.searchProducts({ query: words.join(' '), limit: 10 });
    const called = items.filter((p) => {
      const own = new Set(analyze(`${p.name} ${p.name_ar}`));
      return stems.every((s) => s.every((x) => own.has(x)));
    });
    return called.length === 1 ? called[0]! : null;
  }

  /** 'Does X have Y?': yes when the listing says so (its features first), else what the listing does say. */
  async function feature(p: Product, msg: string, tools: Toolbox, spell: (w: string) => string = (w) => w): Promise<Reply> {
    tools.focus(p);
    const say = phrasesFor(tools.locale, tools.departmentsAr);
    const { analyze } = search.text;
    const own = new Set(analyze(`${p.name} ${p.brand}`));
    const asked = contentWords(msg).filter((w) => !analyze(w).every((s) => own.has(s)));
    if (asked.length === 0) return describe(p, tools, msg);
    const stems = asked.flatMap((w) => analyze(w));
    const has = (text: string) => {
      const t = new Set(analyze(text));
      return stems.every((s) => t.has(s));
    };
    const where = [...p.bullet_points, ...p.bullet_points_ar, p.short_description, ...p.description.split(/(?<=\.)\s+/),
      ...p.description_ar.split(/(?<=[.؟!])\s+/), p.tags.join(', ')].find((t) => t && has(t));
    const bullets = say.bullets(p);
    const features = bullets.length ? say.listingLists(bulletList(bullets)) : '';
    return { response: where ? say.featureYes(p, where.trim()) : say.featureNo(p, asked.map(spell).join(' '), features), suggestedSearch: null };
  }

  function purchase(p: Product, tools: Toolbox): Reply {
    tools.focus(p);
    return { response: phrasesFor(tools.locale, tools.departmentsAr).purchaseSteps(p).join('\n'), suggestedSearch: null };
  }

  async function facts(p: Product, msg: string, tools: Toolbox): Promise<Reply> {
    tools.focus(p);
    const say = phrasesFor(tools.locale, tools.departmentsAr);
    const out: string[] = [];
    if (PRICE_Q.test(msg)) out.push(say.costs(p, wasText(p, say)));
    if (STOCK_Q.test(msg) || PRICE_Q.test(msg)) out.push(p.stock > 0 ? say.inStock(p) : say.outOfStock);
    if (RATING_Q.test(msg)) {
      out.push(say.isRated(p));
      out.push((await reviewEvidenceText(p, msg, tools)) ?? say.noReviews);
    }
    if (SPEC_Q.test(msg)) {
      const specs = say.specs(p);
      out.push(specs.length ? say.specsLine(p, specs) : say.noSpecs(p));
      const bullets = say.bullets(p);
      if (bullets.length) out.push(say.features(bulletList(bullets)));
    }
    if (p.stock === 0 && (STOCK_Q.test(msg) || PRICE_Q.test(msg))) {
      const alt = (await tools.similarProducts(p.id, 3)).find((x) => x.stock > 0);
      if (alt) out.push(say.inStockAlternative(say.line(alt)));
    }
    if (out.length === 0) return describe(p, tools, msg);
    return { response: out.join(' '), suggestedSearch: null };
  }

  async function compare(list: Product[], msg: string, tools: Toolbox): Promise<Reply> {
    const c = await tools.compareProducts(list);
    const say = phrasesFor(tools.locale, tools.departmentsAr);
    const byId = new Map(list.map((p) => [p.id, p]));
    const cheapest = byId.get(c.cheapest)!;
    const dearest = [...list].sort((a, b) => b.price_cents - a.price_cents)[0]!;
    const rows = list.map((p) => {
      const feats = say.bullets(p).slice(0, 2).join('; ') || say.typed(p.short_description);
      return `${say.line(p)}${feats ? `\n   ${feats}` : ''}`;
    });
    const points: string[] = [];
    if (cheapest.id !== dearest.id) points.push(say.cheaperBy(cheapest, dearest.price - cheapest.price));
    else points.push(say.sameCost);
    const rated = c.best_rated !== null ? byId.get(c.best_rated)! : null;
    const ratedOthers = list.filter((p) => p.id !== rated?.id && p.rating !== null);
    if (rated && ratedOthers.length && ratedOthers.every((o) => o.rating! < rated.rating!)) {
      points.push(say.betterRated(rated, ratedOthers.map((o) => o.rating!.toFixed(1))));
    } else if (rated) points.push(say.ratingsLevel);
    const value = byId.get(c.best_value)!;
    const { prices } = await search.categoryPrices(value.category);
    const position = say.pricePosition(percentileOf(prices, value.price_cents), prices.length, say.category(value));
    points.push(say.betterValue(value, position));
    for (const p of list) if (p.stock === 0) points.push(say.outOfStockCompared(p));
    let verdict: string;
    if (/\b(cheaper|cheapest|price|cost|afford)/i.test(msg)) verdict = say.cheaperOne(cheapest);
    else if (/\b(rated|rating|reviews?|quality)\b/i.test(msg) && rated) verdict = say.betterRatedOne(rated);
    else verdict = say.valuePick(value);
    return { response: `${say.compareIntro(rows.join('\n'))}\n\n${points.join('\n')}\n\n${verdict}`, suggestedSearch: null };
  }

  /**
   * '-er' words the catalogue does not use, read as the activity ('a runner' → run, 'a gamer' → game, 'a camper' →
   * camp): kept as typed when the search knows the word itself.
   */
  async function activityWords(words: string[]): Promise<string[]> {
    const { analyze } = search.text;
    const knows = async (w: string) => {
      const r = await search.rank(w, { limit: 1, prefix: false });
      return r.total > 0 && r.interpreted.some((t) => analyze(t)[0] === analyze(w)[0]);
    };
    const out: string[] = [];
    for (const w of words) {
      if (!/^[a-z]{3,}ers?$/.test(w) || (await knows(w))) {
        out.push(w);
        continue;
      }
      const base = w.replace(/s$/, '').slice(0, -2);
      const candidates = [base, `${base}e`, ...(/(.)\1$/.test(base) ? [base.slice(0, -1)] : [])];
      let found = w;
      for (const c of candidates) {
        if (c.length >= 3 && (await knows(c))) {
          found = c;
          break;
        }
      }
      out.push(found);
    }
    return out;
  }

  /**
   * The matches of the kind's department (mainDepartment) whose prices sit in its lower half ('low': at most the department's
   * median) or upper half ('high'), cheapest or dearest first; the matches as they were when none does.
   */
  async function withinBand(items: Product[], band: 'low' | 'high'): Promise<Product[]> {
    const department = mainDepartment(items)!;
    const { prices } = await search.categoryPrices(department);
    if (prices.length === 0) return items.slice(0, SEARCH_REPLY_MAX_PRODUCTS);
    const median = prices[Math.floor((prices.length - 1) / 2)]!;
    const within = items
      .filter((p) => p.category === department && (band === 'low' ? p.price_cents <= median : p.price_cents >= median))
      .sort((a, b) => (band === 'low' ? a.price_cents - b.price_cents : b.price_cents - a.price_cents));
    return (within.length ? within : items).slice(0, SEARCH_REPLY_MAX_PRODUCTS);
  }

  /** A budget bounds the kind asked for: the matches in the kind's department (decision 0102). */
  function oneDepartment(items: Product[]): Product[] {
    const department = mainDepartment(items);
    return items.filter((p) => p.category === department).slice(0, SEARCH_REPLY_MAX_PRODUCTS);
  }

  /**
   * `spell`: how the answer writes the shopper's words (an Arabic answer: in their own spelling, never the English a
   * rule read them as); the search itself gets the words as read.
   */
  async function searchReply(
    text: string,
    tools: Toolbox,
    opts: { notFoundName?: string; shopping?: boolean; spell?: (w: string) => string; negation?: Negation } = {},
  ): Promise<Reply> {
    const { extractPrice } = search.text;
    const spell = opts.spell ?? ((w: string) => w);
    const price = extractPrice(audienceWords(text));
    const words = await activityWords(contentWords(price.text).flatMap((w) => (INTERESTS[w] ?? w).split(' ')));
    const byPrice = CHEAPEST.test(text) ? 1 : PRICIEST.test(text) ? -1 : 0;
    const say = phrasesFor(tools.locale, tools.departmentsAr);
    const [min, max] = [price.minCents === undefined ? null : price.minCents / 100, price.maxCents === undefined ? null : price.maxCents / 100];
    const budget = say.budgetText(min, max);
    // what the search reads (English price words) and what the answer and the search box show (the reader's words)
    const pricePhrase = phrasesFor('en').pricePhrase(min, max);
    const query = [phrasesFor('en').label(words, price.intent), pricePhrase].filter(Boolean).join(' ').trim();
    const label = say.label(words.map(spell), price.intent);
    const phrase = [label, say.pricePhrase(min, max)].filter(Boolean).join(' ').trim();
    if (!query) return offTopic(tools);
    // 'the cheapest laptop': the matches by price, not by relevance
    // 'cheap X', 'premium X' without an amount: the lower or upper half of X's own department (decision 0102)
    const band = !byPrice && price.intent && price.minCents === undefined && price.maxCents === undefined ? price.intent : null;
    const ruledOut = opts.negation?.excluded.length ? opts.negation : null;
    // a department named by the catalogue's own Arabic name ('أرخص لابتوب', 'قسم الجمال'): searched within it, for what
    // else the request says or else for the whole department
    const department = tools.departmentsAr ? departmentNamed(words, text, tools.departmentsAr, search.text.analyze) : null;
    const inDepartment = department
      ? [phrasesFor('en').label(words.filter((w) => !department.words.includes(w) && !namesNoKind(w) && !isPurpose(w)), null) || department.department, pricePhrase]
        .filter(Boolean).join(' ').trim()
      : null;
    const result = await tools.searchProducts({
      query: inDepartment ?? query,
      ...(department ? { category: department.department } : {}),
      limit: byPrice || band || ruledOut || department || (pricePhrase && words.length) ? 10 : undefined,
    });
    // 'a laptop that isn't for gaming': the kind asked for, without what the shopper ruled out
    if (ruledOut) {
      result.items = result.items.filter((p) => !isRuledOut(p, ruledOut));
      // every match ruled out: none of what was asked
      if (result.items.length === 0) result.total = 0;
    }
    if (byPrice) result.items = [...result.items].sort((a, b) => byPrice * (a.price_cents - b.price_cents)).slice(0, SEARCH_REPLY_MAX_PRODUCTS);
    else if (band && result.items.length) result.items = await withinBand(result.items, band);
    // an amount with a kind ('a smartwatch under 1000'): the kind's own department, even when only some listings say it
    else if (pricePhrase && words.length && result.items.length) result.items = oneDepartment(result.items);
    else result.items = result.items.slice(0, SEARCH_REPLY_MAX_PRODUCTS);
    // a kind the catalogue has no word for ('a coffee grinder', «مكواة ملابس»): we don't sell it, not what shares a word
    // (a word the search finds nowhere, asked for without asking whether we sell it, gets the broader search below: it may
    // be a name or a typo)
    const asksIfSold = SELLS_Q.test(text) || /^\s*(?:do you have|have|got|any)\b/i.test(text);
    if ((!opts.notFoundName || SELLS_Q.test(text)) && (result.total > 0 || asksIfSold) && !pricePhrase && !department && !ruledOut && !byPrice && !band) {
      const missing = await notInCatalogue(price.text, contentWords, search.text.analyze, result.items, tools, spell);
      // (the products the search found are not named: the answer's text decides what is mentioned)
      if (missing) return missing;
    }
    if (result.total === 0 && pricePhrase && label) {
      // nothing inside the budget: say so, and show the nearest prices instead of claiming we have none at all
      const outside = await tools.searchProducts({ query: phrasesFor('en').label(words, price.intent) });
      if (outside.total > 0) {
        const nearest = [...outside.items].sort((a, b) =>
          price.maxCents !== undefined ? a.price_cents - b.price_cents : b.price_cents - a.price_cents).slice(0, SEARCH_REPLY_MAX_PRODUCTS);
        if (nearest.length === 1) tools.focus(nearest[0]!);
        return { response: say.nothingInBudget(label, budget, nearest.map((p, i) => say.line(p, i)).join('\n')), suggestedSearch: label };
      }
    }
    if (result.total === 0) return unknown(opts.notFoundName ?? (label || phrase), tools);
    // only descriptions mention these words: not a shopping question, or a gift we have nothing about
    if (!result.onTopic && !opts.notFoundName && !pricePhrase) {
      // a situation told in words only descriptions use ('the sun glare on the highway'): what listings say they do
      // for it, when at least two of its words are said by one (needReply); chit-chat stays turned away
      const need = words.length >= 2 && !GIFT.test(text) ? await needReply(text, words, opts.negation ?? NO_NEGATION, tools, spell) : null;
      if (need) return need;
      if (GIFT.test(text)) return giftIdeas(tools, label);
      if (!opts.shopping) return offTopic(tools);
    }
    const n = result.items.length;
    if (n === 1) tools.focus(result.items[0]!);
    const intro = opts.notFoundName ? say.notFoundClosest(opts.notFoundName, n) : say.topMatches(n, label, budget, result.total);
    const parts = [intro, result.items.map((p, i) => say.line(p, i)).join('\n')];
    if (result.categories.length > 1) parts.push(say.categoriesLine(result.categories));
    parts.push(say.searchingFor(phrase, n, result.total));
    return { response: parts.join('\n\n'), suggestedSearch: phrase };
  }

  /** A product is ruled out when a word the shopper negated is one of its own words (name, categories, tags; either language): the search's rule. */
  function isRuledOut(p: Product, negation: Negation): boolean {
    // a word ruled out in one language or spelling rules out its other names ('ساوندبار' a soundbar, 'لمبه' a lamp)
    const excluded = [...new Set(negation.excluded.flatMap((w) => [w, ...otherNames(w)]))];
    return ruledOutBy([p.name, p.name_ar, ...p.categories, ...p.tags, ...p.keywords].join(' '), excluded, search.text.analyze);
  }

  async function unknown(name: string, tools: Toolbox): Promise<Reply> {
    return { response: phrasesFor(tools.locale, tools.departmentsAr).unknown(name, await popularCategories()), suggestedSearch: null };
  }

  async function offTopic(tools: Toolbox): Promise<Reply> {
    return { response: phrasesFor(tools.locale, tools.departmentsAr).offTopic(await popularCategories()), suggestedSearch: null };
  }

  /** 'A gift for my sister' and nothing more: the best-rated product of each of the biggest departments, and a question. */
  async function giftIdeas(tools: Toolbox, notFound?: string): Promise<Reply> {
    const picks: Product[] = [];
    for (const cat of (await popularCategories()).slice(0, SEARCH_REPLY_MAX_PRODUCTS)) {
      const { items } = await tools.searchProducts({ query: cat, limit: 10, in_stock: true });
      const best = [...items].sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0) || b.review_count - a.review_count).find((p) => !picks.some((x) => x.id === p.id));
      if (best) picks.push(best);
    }
    const say = phrasesFor(tools.locale, tools.departmentsAr);
    if (picks.length === 0) return greeting(tools);
    return { response: say.giftIdeas(notFound, picks.map((p, i) => say.line(p, i)).join('\n')), suggestedSearch: null };
  }

  const greeting = (tools: Toolbox): Reply => ({ response: phrasesFor(tools.locale, tools.departmentsAr).greeting, suggestedSearch: null });

  /** 'the cheaper one', 'the second one': picks from the products on the table (locked, else the last listed). */
  function pickReference(msg: string, pool: Product[]): Product | null {
    if (pool.length === 0) return null;
    const byPrice = [...pool].sort((a, b) => a.price_cents - b.price_cents);
    const m = msg.toLowerCase();
    if (/\b(cheaper|cheapest|less expensive)\b/.test(m)) return byPrice[0]!;
    if (/\b(more expensive|pricier|priciest|most expensive)\b/.test(m)) return byPrice[byPrice.length - 1]!;
    if (/\b(better rated|higher rated|best rated|top rated)\b/.test(m)) return [...pool].sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0))[0]!;
    if (/\bsecond\b/.test(m)) return pool[1] ?? null;
    if (/\bthird\b/.test(m)) return pool[2] ?? null;
    if (/\blast\b/.test(m)) return pool[pool.length - 1]!;
    if (/\bfirst\b/.test(m)) return pool[0]!;
    return null;
  }

  /**
   * A follow-up naming only a colour: the last search's products (or the product in view's kind) whose own words — name,
   * description, features, tags, in either language — describe that colour. Null when there is nothing to narrow.
   */
  async function inColour(colours: { forms: string[] }[], input: BuiltinInput, context: Product | null, tools: Toolbox, spell: (w: string) => string): Promise<Reply | null> {
    const last = [...input.history].reverse().find((m) => m.isBot && searchPhraseIn(m.text));
    const topic = last ? contentWords(search.text.extractPrice(readArabic(searchPhraseIn(last.text)!)).text) : context ? contentWords(context.category) : [];
    if (topic.length === 0) return null;
    const { items } = await tools.searchProducts({ query: topic.join(' '), limit: 10 });
    const { analyze } = search.text;
    const wanted = new Set(colours.flatMap((c) => c.forms.flatMap((f) => analyze(f))));
    const described = (p: Product) => analyze([p.name, p.name_ar, p.description, p.description_ar, ...p.bullet_points, ...p.bullet_points_ar, ...p.tags].join(' '))
      .some((w) => wanted.has(w));
    const matching = items.filter(described).slice(0, SEARCH_REPLY_MAX_PRODUCTS);
    const say = phrasesFor(tools.locale, tools.departmentsAr);
    const label = say.label([...topic.map(spell), ...colours.map((c) => (tools.locale === 'ar' ? c.forms.find((f) => /[\u0600-\u06FF]/.test(f))! : c.forms[0]!))], null);
    if (matching.length === 0) return { response: say.noneInColour(label, items.slice(0, SEARCH_REPLY_MAX_PRODUCTS).map((p, i) => say.line(p, i)).join('\n')), suggestedSearch: null };
    if (matching.length === 1) tools.focus(matching[0]!);
    return { response: [say.topMatches(matching.length, label, '', matching.length), matching.map((p, i) => say.line(p, i)).join('\n')].join('\n\n'), suggestedSearch: null };
  }

  /** A Gulf transliteration the catalogue does not write ('سبيكر') is read as its English trade word (speaker). */
  async function loanwordsRead(text: string): Promise<string> {
    const out: string[] = [];
    for (const w of text.split(' ')) {
      const loan = /[\u0600-\u06FF]/.test(w) ? loanwordOf(w) : undefined;
      out.push(loan && (await search.rank(w, { limit: 1, prefix: false })).total === 0 ? loan : w);
    }
    return out.join(' ');
  }

  const self = {
    async reply(input: BuiltinInput, tools: Toolbox): Promise<Reply> {
      // an Arabic message is read through its intent phrases (assistant.arabic.ts); the answer is in the reader's language
      // Gulf words in the Modern Standard Arabic the catalogue writes ('الماي' → 'الماء')
      let msg = await loanwordsRead(standardArabic(budgetPhrases(readArabic(input.message.trim()))).replace(/\s+/g, ' ').trim());
      const say = phrasesFor(tools.locale, tools.departmentsAr);
      // an Arabic answer writes the shopper's words as they wrote them (this message or earlier in the chat)
      const spell = tools.locale === 'ar' ? arabicSpelling(input.message, ...input.history.map((h) => h.text)) : (w: string) => w;
      let words = contentWords(search.text.extractPrice(msg).text);
      const context = input.contextId ? await tools.getProduct(input.contextId) : null;
      const locked = input.lockedIds.length ? await tools.products(input.lockedIds) : [];
      let recentMemo: Product[] | null = null;
      const recent = async () => (recentMemo ??= await tools.findExact(boldNames(input.history)));

      if (GREETING.test(msg) && words.length === 0) return greeting(tools);
      if (THANKS.test(msg) && words.length === 0) return { response: say.thanks, suggestedSearch: null };
      if (HELP.test(msg) && words.length === 0) return greeting(tools);

      // the shopper's own orders, before anything else reads "order" or "delivered" as shopping words
      if (isOrderQuestion(msg)) return orderReply(msg, tools);
      if (CATEGORIES_Q.test(msg)) return categoriesReply(tools);

      // what the shopper rules out ('not for gaming', 'no soundbar', 'مو للقيمنق', 'بدون زيت') names no product and is
      // searched for by no one: read apart, applied to what is found
      const negation = readNegation(msg);
      if (negation.excluded.length) {
        msg = negation.text;
        words = contentWords(search.text.extractPrice(msg).text);
      }

      // a product the shopper ruled out is not the one they name ('حذاء رياضي غير جلدي' names no leather sneaker)
      const named = words.length ? (await tools.findNamed(msg)).filter((p) => !isRuledOut(p, negation)) : [];

      // 'add the cheaper one to my cart', 'I'll take it': the product named, else the one referred to, else in view
      if (isCartCommand(msg) || TAKE_IT.test(msg) || ADD_IT.test(msg)) {
        const referred = !named.length && REF.test(msg) ? pickReference(msg, locked.length >= 2 ? locked : await recent()) : null;
        // 'add three of it' after a list with nothing selected: 'it' is the product the last answer put first, as for
        // 'is it waterproof?'
        const p = named[0] ?? referred ?? (words.length ? await onlyOneCalled(words, tools) : null) ?? context
          ?? (/\b(?:it|this|that|them|those|these)\b/i.test(msg) ? (await recent())[0] ?? null : null);
        if (!p) return { response: say.msg.productNotFoundInChat, suggestedSearch: null };
        const qty = parseQuantity(msg, p.name);
        const r = tools.addToCart(p, qty);
        return {
          // the storefront adds it on the add_to_cart action, so the reply is the spec's confirmation
          response: r.in_stock ? say.msg.addedToCart(qty, say.name(p)) : p.stock > 0 ? say.onlyInStock(p, qty) : say.soldOut(p),
          suggestedSearch: null,
        };
      }

      // 'has this been cheaper?' and 'what do buyers say?': the price log and the reviews of the product in question
      if (PRICE_HISTORY_Q.test(msg) || REVIEWS_Q.test(msg)) {
        const p = named[0] ?? context ?? (locked.length === 1 ? locked[0]! : null) ?? (await recent())[0] ?? null;
        if (p) return PRICE_HISTORY_Q.test(msg) ? priceHistoryReply(p, tools) : reviewsReply(p, msg, tools);
      }

      // the shop's rules (shipping, tax, payment, returns) come from its own data, not from a product search
      const asked = policyTopics(msg, { productInQuestion: named.length > 0 || context !== null });
      if (asked.length) return policyReply(asked, tools, named[0] ?? context);

      // 'anything cheaper?', 'فيه أرخص منها؟': cheaper products like the one in question (not a pick among those shown)
      if (CHEAPER.test(msg) && !CHEAPEST.test(msg) && named.length === 0 && words.length === 0 && (EXISTS.test(msg) || (await recent()).length <= 1)) {
        const p = context ?? (locked.length === 1 ? locked[0]! : null) ?? (await recent())[0] ?? null;
        if (p) return similar(p, tools, { cheaper: true });
      }

      // 'in red?', 'عندكم كحلي؟': what was just shown or asked for, in that colour
      const colours = named.length === 0 ? coloursOnly(words) : null;
      if (colours) {
        const r = await inColour(colours, input, context, tools, spell);
        if (r) return r;
      }

      // 'and the cheaper one?', 'the second one': products already on the table (locked, else the last listed)
      if (REF.test(msg) && named.length === 0 && words.length === 0) {
        const pool = locked.length >= 2 ? locked : await recent();
        const p = pickReference(msg, pool);
        if (p) {
          if (WORTH.test(msg)) return worth(p, tools);
          if (PRICE_Q.test(msg) || STOCK_Q.test(msg) || RATING_Q.test(msg) || SPEC_Q.test(msg)) return facts(p, msg, tools);
          if (FEATURE_Q.test(msg)) return feature(p, msg, tools, spell);
          if (TELL.test(msg)) return describe(p, tools, msg);
          tools.focus(p);
          const other = pool.filter((x) => x.id !== p.id);
          for (const o of other) tools.mention(o.id, 'mention');
          return { response: say.thatIs(p, other), suggestedSearch: null };
        }
      }

      // two products named with 'or' / 'vs' are a comparison even without the word
      if (named.length >= 2 && !COMPARE.test(msg) && /\b(or|vs\.?|versus)\b/i.test(msg)) return compare(named, msg, tools);
      if (COMPARE.test(msg)) {
        // 'compare the two cheapest X': X's products ordered as asked
        const top = topN(msg);
        const kindOf = (text: string) => contentWords(search.text.extractPrice(text).text).join(' ');
        if (top && kindOf(top.rest)) {
          const list = await topOfKind(kindOf(top.rest), top.order, top.n, tools);
          if (list.length >= 2) return compare(list, msg, tools);
        }
        // value weighs a price against its own department's prices: compared within one department (decision 0102)
        const valueQ = /\bvalue\b/i.test(msg);
        const oneDepartment = (list: Product[]) => {
          const same = list.filter((p) => p.category === list[0]!.category);
          return same.length >= 2 ? same.slice(0, 3) : list.slice(0, 3);
        };
        let pool: Product[] = [];
        if (named.length >= 2) pool = named;
        else if (locked.length >= 2) pool = locked;
        else if (named.length === 1 && context && named[0]!.id !== context.id) pool = [context, named[0]!];
        else if (named.length === 1 && locked.length === 1 && named[0]!.id !== locked[0]!.id) pool = [locked[0]!, named[0]!];
        else if ((await recent()).length >= 2) pool = valueQ ? oneDepartment(await recent()) : (await recent()).slice(0, 3);
        if (pool.length >= 2) return compare(pool, msg, tools);
        if (valueQ && words.length) {
          const list = await sameDepartment(words.join(' '), tools);
          if (list.length >= 2) return compare(list, msg, tools);
        }
        if (words.length === 0) {
          return { response: say.whichTwo, suggestedSearch: null };
        }
      }

      // a kind of product the shop does not sell ('washing machine', even if an espresso machine shares a word): say
      // so and name the nearest departments, not unrelated products
      const asksAboutOne = WORTH.test(msg) || SIMILAR.test(msg) || PURCHASE.test(msg) || PRICE_Q.test(msg) || STOCK_Q.test(msg) ||
        RATING_Q.test(msg) || SPEC_Q.test(msg) || TELL.test(msg) || (FEATURE_Q.test(msg) && (named.length > 0 || context !== null));
      if (!asksAboutOne && words.length) {
        const missingKinds = await notSoldKinds(msg, tools);
        if (missingKinds) return notSoldReply(missingKinds, tools, spell);
      }

      // a question about one product: the one named, else the one in context (when the message names nothing else)
      const productQuestion = WORTH.test(msg) || SIMILAR.test(msg) || PURCHASE.test(msg) || PRICE_Q.test(msg) || STOCK_Q.test(msg) ||
        RATING_Q.test(msg) || SPEC_Q.test(msg) || TELL.test(msg);
      const contextCovers = (p: Product | null) => {
        if (!p) return false;
        const own = new Set(search.text.tokenize(`${p.name} ${p.brand} ${p.category}`));
        return words.every((w) => own.has(w));
      };
      let target = named[0] ?? (contextCovers(context) ? context : null) ?? (locked.length === 1 && contextCovers(locked[0]!) ? locked[0]! : null);
      // 'is it waterproof?': the product selected, else the one the last answer put first
      if (!target && PRONOUN.test(msg) && (productQuestion || FEATURE_Q.test(msg))) target = context ?? (await recent())[0] ?? null;
      if (target && FEATURE_Q.test(msg) && !PRICE_Q.test(msg) && !STOCK_Q.test(msg)) return feature(target, msg, tools, spell);
      if (productQuestion && target) {
        if (WORTH.test(msg)) return worth(target, tools);
        if (SIMILAR.test(msg)) return similar(target, tools, { cheaper: CHEAPER.test(msg) });
        if (PURCHASE.test(msg)) return purchase(target, tools);
        if (PRICE_Q.test(msg) || STOCK_Q.test(msg) || RATING_Q.test(msg) || SPEC_Q.test(msg)) return facts(target, msg, tools);
        return describe(target, tools, msg);
      }
      if (productQuestion && words.length === 0) {
        return { response: say.whichProduct, suggestedSearch: null };
      }
      // a need that happens to share a word with a product's name ('I can't see in the tent at night') asks what would help,
      // not about that product
      const needed = isNeed(msg) || needFunctions(msg).length > 0;
      if (named.length === 1 && words.length > 0 && !SHOPPING.test(msg) && !isOffTopic(msg) && search.text.extractPrice(msg).maxCents === undefined && !isNeed(msg)) {
        // just a product's name
        return describe(named[0]!, tools, msg);
      }

      const price = search.text.extractPrice(msg);
      const hasBudget = price.minCents !== undefined || price.maxCents !== undefined || price.intent !== null;
      // chit-chat, even when it happens to name a product ('who won the football match?')
      if (isOffTopic(msg) && !SHOPPING.test(msg)) return offTopic(tools);
      // a need, not a product ('something to keep my drinks cold'): what listings say products do
      if (!hasBudget && words.length > 0 && needed) {
        const r = await needReply(msg, words, negation, tools, spell);
        if (r) return r;
      }
      if (words.length === 0 && hasBudget) {
        // 'بأقل من ٢٠٠ درهم', 'under 300?' right after a request that was answered by a search: that request again, with
        // this budget (a gift, a need, a department keep what they meant, not only the words the search was given)
        const at = input.history.length - 2;
        const before = input.history[at];
        if (input.history[at + 1]?.isBot && searchPhraseIn(input.history[at + 1]!.text) && before && !before.isBot) {
          const earlier = standardArabic(budgetPhrases(readArabic(before.text.trim())));
          const p = search.text.extractPrice(earlier);
          if (p.minCents === undefined && p.maxCents === undefined && !isOrderQuestion(earlier)) {
            return self.reply({ ...input, message: `${before.text.trim()} ${input.message.trim()}`, history: input.history.slice(0, at) }, tools);
          }
        }
        // 'anything under 600?' narrows the last search: its words, this budget
        const last = [...input.history].reverse().find((m) => m.isBot && searchPhraseIn(m.text));
        const topic = last ? contentWords(search.text.extractPrice(readArabic(searchPhraseIn(last.text)!)).text).join(' ') : '';
        if (topic) return searchReply(`${topic} ${msg}`, tools, { shopping: true, spell, negation });
      }
      if (words.length > 0 || hasBudget) {
        // 'tell me about the zorblax 9000': a product question naming something we do not have
        const missing = productQuestion && !SIMILAR.test(msg) ? words.map(spell).join(' ') : undefined;
        return searchReply(msg, tools, { notFoundName: missing, shopping: SHOPPING.test(msg), spell, negation });
      }
      if (GIFT.test(msg)) return giftIdeas(tools);
      return SHOPPING.test(msg) ? greeting(tools) : offTopic(tools);
    },
  };
  return self;
}

/** 'Do you stock / sell / carry X?': whether the shop sells a kind, not a question about one product's stock. */
const SELLS_Q = /\b(?:do|does|did)\s+(?:you|u|y'all|souq)\s+(?:\w+\s+)?(?:stock|sell|carry)\b/i;

/** A request that rules nothing out. */
const NO_NEGATION: Negation = { text: '', excluded: [], freeOf: [] };

/** A listing's points as the assistant lists them: the first five, one per line. */
const bulletList = (bullets: string[]) => bullets.slice(0, 5).map((b) => `• ${b}`).join('\n');

/** ' (was AED 120.00)' when the product is on sale, in the reader's language; else nothing. */
function wasText(p: Product, say: ReturnType<typeof phrasesFor>): string {
  return p.compare_at_price && p.compare_at_price > p.price ? say.was(p) : '';
}
