import type { Product } from '@souq/shared/api/catalogue';
import type { ChatResponse } from '@souq/shared/api/assistant';
import { SEARCH_REPLY_MAX_PRODUCTS } from '@souq/shared/constants';
import type { SearchService } from '../search/search.service.js';
import { percentileOf, type Toolbox } from './assistant.tools.js';
import { PRICE_Q, RATING_Q, SPEC_Q, STOCK_Q } from './assistant.words.js';
import { phrasesFor } from './assistant.phrases.js';
import { reviewEvidenceText } from './assistant.prepurchase.js';
import { listingSays, measuresAsked } from './assistant.listing-says.js';

// The built-in assistant's answers about products already identified (decision 0005): one described, its worth, the
// like of it, whether it has a feature, its facts, how to buy it, several compared. Each answer is written from the
// tools' facts; which one a message gets is decided in assistant.builtin.ts.

/** An answer of the built-in assistant (the service adds the products it names, the session and the conversation). */
export type Reply = Omit<ChatResponse, 'mentionedProducts' | 'sessionId' | 'conversationId'>;

export function createProductAnswers(deps: { search: SearchService; contentWords: (text: string) => string[] }) {
  const { search, contentWords } = deps;
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
    if (stemsOf(words).length === 0) return null;
    return oneCalledAmong(words, (await tools.searchProducts({ query: words.join(' '), limit: 10 })).items);
  }

  /** The words' stems, without counts, units and the verbs and places of adding to a cart. */
  function stemsOf(words: string[]): string[][] {
    return words.filter((w) => !/^\d+$/.test(w) && !/^(pack|packs|box|set|pair|piece|pieces|unit|units|add|put|place|buy|purchase|throw|toss|pop|chuck|stick|drop|cart|basket|trolley|bag|one|two|three|pls|please|عبوه|علبه|حبه|قطعه|عبوات|علب|حبات|قطع|اكياس|كيس|زوج|ازواج|كرتون|كراتين|قاروره|قوارير)$/.test(w))
      .map((w) => search.text.analyze(w)).filter((s) => s.length > 0);
  }

  /**
   * The one product of `among` whose own name (either language) holds every word the shopper used for it: the search's
   * listings above, or the products just shown ('add the tent' after a list of tents and bags); null when none or several.
   */
  function oneCalledAmong(words: string[], among: Product[]): Product | null {
    const stems = stemsOf(words);
    if (stems.length === 0) return null;
    const called = among.filter((p) => {
      const own = new Set(search.text.analyze(`${p.name} ${p.name_ar}`));
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

  /**
   * 'how long does it take to put up?', «كم لومن إضاءته؟» of the product in question: the passages of its own listing that
   * say the asked words or give the measure asked (listingSays, decision 0188); null when none does. The product's own
   * name is not asked of it.
   */
  function saysOf(p: Product, msg: string, words: string[], tools: Toolbox): Reply | null {
    const { analyze } = search.text;
    const own = new Set(analyze(`${p.name} ${p.name_ar} ${p.brand}`));
    const asked = words.filter((w) => !analyze(w).every((s) => own.has(s)));
    const passages = listingSays(p, asked, measuresAsked(msg), search.text, tools.locale);
    if (!passages) return null;
    tools.focus(p);
    return { response: phrasesFor(tools.locale, tools.departmentsAr).listingSays(p, passages), suggestedSearch: null };
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

  return { describe, worth, similar, onlyOneCalled, oneCalledAmong, feature, saysOf, purchase, facts, compare };
}

/** A listing's points as the assistant lists them: the first five, one per line. */
export const bulletList = (bullets: string[]) => bullets.slice(0, 5).map((b) => `• ${b}`).join('\n');

/** ' (was AED 120.00)' when the product is on sale, in the reader's language; else nothing. */
export function wasText(p: Product, say: ReturnType<typeof phrasesFor>): string {
  return p.compare_at_price && p.compare_at_price > p.price ? say.was(p) : '';
}
