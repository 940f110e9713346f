import type { Product } from '@souq/shared/api/catalogue';
import type { ChatResponse } from '@souq/shared/api/assistant';
import {
  FREE_SHIPPING_THRESHOLD_CENTS, PAYMENT_METHOD_LABELS, SEARCH_REPLY_MAX_CATEGORIES, SEARCH_REPLY_MAX_PRODUCTS,
  SHIPPING_FEE_CENTS, TAX_RATE,
} from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import { formatMoney } from '@souq/shared/rules/money';
import { isCartCommand, parseQuantity } from '@souq/shared/rules/chat-commands';
import type { SearchService } from '../search/search.service.js';
import { percentileOf, searchPhraseIn, type Toolbox } from './assistant.tools.js';
import { isOrderQuestion, orderReply, policyReply, policyTopics } from './assistant.shop.js';
import {
  CHEAPER, CHEAPEST, COMPARE, FEATURE_Q, GIFT, GREETING, HELP, INTERESTS, OFF_TOPIC, PEOPLE_WORDS, PRICE_Q, PRICIEST, PRONOUN,
  PURCHASE, QUESTION_WORDS, RATING_Q, REF, SHOPPING, SIMILAR, SPEC_Q, STOCK_Q, TELL, THANKS, WORTH, audienceWords, boldNames,
  budgetPhrases, budgetText, category, line, pricePosition, ratingText, stockText,
} from './assistant.words.js';
import {
  CATEGORIES_Q, PRICE_HISTORY_Q, REVIEWS_Q, categoriesReply, notSoldKinds, notSoldReply, priceHistoryReply, reviewEvidenceText, reviewsReply,
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

type Reply = Omit<ChatResponse, 'mentionedProducts'>;

export function createBuiltinAssistant(deps: { search: SearchService }) {
  const { search } = deps;

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
    const parts = [`**${p.name}**${p.brand ? ` by ${p.brand}` : ''} (${category(p)})`, p.description.trim() || MSG.noDescription];
    if (p.bullet_points.length) parts.push(`Key features:\n${p.bullet_points.slice(0, 5).map((b) => `• ${b}`).join('\n')}`);
    const was = p.compare_at_price && p.compare_at_price > p.price ? ` (was ${formatMoney(p.compare_at_price, p.currency)})` : '';
    parts.push(`Price: ${formatMoney(p.price, p.currency)}${was} · ${ratingText(p)} · ${stockText(p)}`);
    const extra = [
      p.warranty_info ? `Warranty: ${p.warranty_info}` : '',
      p.dimensions ? `Dimensions: ${p.dimensions}` : '',
      p.weight !== null ? `Weight: ${p.weight} kg` : '',
    ].filter(Boolean);
    if (extra.length) parts.push(extra.join(' · '));
    if (p.tags.length) parts.push(`Tags: ${p.tags.slice(0, 6).join(', ')}`);
    // what buyers say, quoted and linked, when it has reviews (decision 0102)
    const evidence = await reviewEvidenceText(p, msg, tools);
    if (evidence) parts.push(evidence);
    parts.push('Would you like similar products, or to know whether it is worth the price?');
    return { response: parts.join('\n\n'), suggestedSearch: null };
  }

  async function worth(p: Product, tools: Toolbox): Promise<Reply> {
    tools.focus(p);
    const { prices, ratings } = await search.categoryPrices(p.category);
    const pct = percentileOf(prices, p.price_cents);
    const median = prices.length ? prices[Math.floor((prices.length - 1) / 2)]! / 100 : p.price;
    const avgRating = ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : null;
    const cat = category(p);
    const position =
      prices.length <= 1 ? `It is the only product in ${cat} right now, so there is nothing to measure its price against.`
        : `At ${formatMoney(p.price, p.currency)} it ${pricePosition(pct, prices.length, cat)} (median ${formatMoney(median, p.currency)}).`;
    const rating = p.rating ?? null;
    const good = rating !== null && rating >= 4.3;
    const weak = rating !== null && rating < 3.8;
    let verdict: string;
    if (pct <= 0.4 && !weak) verdict = `Yes — it is priced below most ${cat} products${rating !== null ? ` and ${ratingText(p)}` : ''}, so it is good value.`;
    else if (pct >= 0.7 && good) verdict = `It is a premium pick, but it is ${ratingText(p)}: worth it if you want one of the best in ${cat}.`;
    else if (pct >= 0.7) verdict = `It is on the expensive side for ${cat}${rating !== null ? ` and only ${ratingText(p)}` : ''}, so compare it with the alternatives first.`;
    else verdict = `It is fairly priced for ${cat}${rating !== null ? ` and ${ratingText(p)}` : ''}.`;
    if (avgRating !== null && rating !== null && ratings.length > 1) {
      verdict += ` The ${cat} average rating is ${avgRating.toFixed(1)}/5.`;
    }
    if (p.compare_at_price && p.compare_at_price > p.price) {
      verdict += ` It is currently ${Math.round((1 - p.price / p.compare_at_price) * 100)}% off its usual ${formatMoney(p.compare_at_price, p.currency)}.`;
    }
    const parts = [position, verdict];
    // a cheaper product at least as well rated is the honest counterpoint
    const alts = await tools.similarProducts(p.id, 6);
    const better = alts.find((a) => a.price_cents < p.price_cents && a.stock > 0 && (a.rating ?? 0) >= (p.rating ?? 0) && a.category === p.category);
    if (better) parts.push(`A cheaper alternative rated as well or better: ${line(better)}.`);
    const evidence = await reviewEvidenceText(p, '', tools);
    if (evidence) parts.push(evidence);
    if (p.stock === 0) parts.push('Note: it is out of stock right now.');
    return { response: parts.join('\n\n'), suggestedSearch: null };
  }

  async function similar(p: Product, tools: Toolbox, opts: { cheaper: boolean }): Promise<Reply> {
    const list = await tools.similarProducts(p.id, SEARCH_REPLY_MAX_PRODUCTS, opts.cheaper ? { cheaperThan: p.price_cents } : {});
    tools.mention(p.id, 'mention');
    const kind = opts.cheaper ? `cheaper than **${p.name}** (${formatMoney(p.price, p.currency)})` : `similar to **${p.name}**`;
    if (list.length === 0) return { response: `I could not find products ${kind} right now.`, suggestedSearch: null };
    return {
      response: `Here are products ${kind}:\n${list.map((x, i) => line(x, i)).join('\n')}\n\nAsk me to compare any of them with **${p.name}**.`,
      suggestedSearch: null,
    };
  }

  /** 'Does X have Y?': yes when the listing says so (its features first), else what the listing does say. */
  async function feature(p: Product, msg: string, tools: Toolbox): Promise<Reply> {
    tools.focus(p);
    const { analyze } = search.text;
    const own = new Set(analyze(`${p.name} ${p.brand}`));
    const asked = contentWords(msg).filter((w) => !analyze(w).every((s) => own.has(s)));
    if (asked.length === 0) return describe(p, tools, msg);
    const stems = asked.flatMap((w) => analyze(w));
    const has = (text: string) => {
      const t = new Set(analyze(text));
      return stems.every((s) => t.has(s));
    };
    const where = [...p.bullet_points, p.short_description, ...p.description.split(/(?<=\.)\s+/), p.tags.join(', ')].find((t) => t && has(t));
    const features = p.bullet_points.length ? `\n\nWhat its listing lists:\n${p.bullet_points.slice(0, 5).map((b) => `• ${b}`).join('\n')}` : '';
    return {
      response: where
        ? `Yes: **${p.name}** (${formatMoney(p.price, p.currency)}) — ${where.trim()}`
        : `The listing of **${p.name}** (${formatMoney(p.price, p.currency)}) does not mention ${asked.join(' ')}.${features}`,
      suggestedSearch: null,
    };
  }

  function purchase(p: Product, tools: Toolbox): Reply {
    tools.focus(p);
    const steps = [
      p.stock > 0 ? `**${p.name}** costs ${formatMoney(p.price, p.currency)} and ${p.stock} ${p.stock === 1 ? 'is' : 'are'} in stock. To buy it:` : `**${p.name}** is out of stock right now, so it cannot be ordered yet. When it is back:`,
      '1. Click **Add to Cart** (or type “add it to my cart”; “add 2 to my cart” adds two).',
      '2. Open the cart and choose **Proceed to Checkout**.',
      '3. Enter your shipping details: name, email and address are required.',
      `4. Pick ${PAYMENT_METHOD_LABELS.card} or ${PAYMENT_METHOD_LABELS.cod} and press **Place Order**.`,
      `Shipping is free above ${formatMoney(FREE_SHIPPING_THRESHOLD_CENTS / 100)} (otherwise ${formatMoney(SHIPPING_FEE_CENTS / 100)}), and tax is ${Math.round(TAX_RATE * 100)}%.`,
    ];
    return { response: steps.join('\n'), suggestedSearch: null };
  }

  async function facts(p: Product, msg: string, tools: Toolbox): Promise<Reply> {
    tools.focus(p);
    const out: string[] = [];
    if (PRICE_Q.test(msg)) {
      const was = p.compare_at_price && p.compare_at_price > p.price ? ` (was ${formatMoney(p.compare_at_price, p.currency)})` : '';
      out.push(`**${p.name}** costs ${formatMoney(p.price, p.currency)}${was}.`);
    }
    if (STOCK_Q.test(msg) || PRICE_Q.test(msg)) {
      out.push(p.stock > 0 ? `It is in stock: ${p.stock} available.` : 'It is out of stock right now.');
    }
    if (RATING_Q.test(msg)) {
      out.push(`**${p.name}** is ${ratingText(p)}.`);
      out.push((await reviewEvidenceText(p, msg, tools)) ?? 'It has no reviews yet.');
    }
    if (SPEC_Q.test(msg)) {
      const specs = [
        p.warranty_info ? `warranty: ${p.warranty_info}` : '',
        p.dimensions ? `dimensions: ${p.dimensions}` : '',
        p.weight !== null ? `weight: ${p.weight} kg` : '',
      ].filter(Boolean);
      out.push(specs.length ? `**${p.name}** — ${specs.join(', ')}.` : `The listing of **${p.name}** does not state its warranty, dimensions or weight.`);
      if (p.bullet_points.length) out.push(`Features:\n${p.bullet_points.slice(0, 5).map((b) => `• ${b}`).join('\n')}`);
    }
    if (p.stock === 0 && (STOCK_Q.test(msg) || PRICE_Q.test(msg))) {
      const alt = (await tools.similarProducts(p.id, 3)).find((x) => x.stock > 0);
      if (alt) out.push(`An in-stock alternative: ${line(alt)}.`);
    }
    if (out.length === 0) return describe(p, tools, msg);
    return { response: out.join(' '), suggestedSearch: null };
  }

  async function compare(list: Product[], msg: string, tools: Toolbox): Promise<Reply> {
    const c = await tools.compareProducts(list);
    const byId = new Map(list.map((p) => [p.id, p]));
    const cheapest = byId.get(c.cheapest)!;
    const dearest = [...list].sort((a, b) => b.price_cents - a.price_cents)[0]!;
    const rows = list.map((p) => {
      const feats = p.bullet_points.slice(0, 2).join('; ') || p.short_description;
      return `${line(p)}${feats ? `\n   ${feats}` : ''}`;
    });
    const points: string[] = [];
    if (cheapest.id !== dearest.id) points.push(`• Cheaper: **${cheapest.name}**, by ${formatMoney(dearest.price - cheapest.price, cheapest.currency)}.`);
    else points.push('• Both cost the same.');
    const rated = c.best_rated !== null ? byId.get(c.best_rated)! : null;
    const ratedOthers = list.filter((p) => p.id !== rated?.id && p.rating !== null);
    if (rated && ratedOthers.length && ratedOthers.every((o) => o.rating! < rated.rating!)) {
      points.push(`• Better rated: **${rated.name}** (${rated.rating!.toFixed(1)} vs ${ratedOthers.map((o) => o.rating!.toFixed(1)).join(', ')}).`);
    } else if (rated) points.push('• Their ratings are level.');
    const value = byId.get(c.best_value)!;
    const { prices } = await search.categoryPrices(value.category);
    const position = pricePosition(percentileOf(prices, value.price_cents), prices.length, category(value));
    points.push(`• Better value: **${value.name}** — ${ratingText(value)} at ${formatMoney(value.price, value.currency)}; it ${position}.`);
    for (const n of c.notes) points.push(`• Note: ${n}.`);
    let verdict: string;
    if (/\b(cheaper|cheapest|price|cost|afford)/i.test(msg)) verdict = `**${cheapest.name}** is the cheaper one.`;
    else if (/\b(rated|rating|reviews?|quality)\b/i.test(msg) && rated) verdict = `**${rated.name}** is the better rated one.`;
    else verdict = `My pick for value: **${value.name}**${value.stock === 0 ? ' (once it is back in stock)' : ''}.`;
    return { response: `Here is how they compare:\n${rows.join('\n')}\n\n${points.join('\n')}\n\n${verdict}`, suggestedSearch: null };
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

  async function searchReply(text: string, tools: Toolbox, opts: { notFoundName?: string; shopping?: boolean } = {}): Promise<Reply> {
    const { extractPrice } = search.text;
    const price = extractPrice(audienceWords(text));
    const words = await activityWords(contentWords(price.text).flatMap((w) => (INTERESTS[w] ?? w).split(' ')));
    const byPrice = CHEAPEST.test(text) ? 1 : PRICIEST.test(text) ? -1 : 0;
    const budget = budgetText(price.minCents === undefined ? null : price.minCents / 100, price.maxCents === undefined ? null : price.maxCents / 100);
    const pricePhrase =
      price.minCents !== undefined && price.maxCents !== undefined ? `between ${price.minCents / 100} and ${price.maxCents / 100}`
        : price.maxCents !== undefined ? `under ${price.maxCents / 100}`
          : price.minCents !== undefined ? `over ${price.minCents / 100}` : '';
    const intentWord = price.intent === 'low' ? 'cheap' : price.intent === 'high' ? 'premium' : '';
    const label = [intentWord, ...words].filter(Boolean).join(' ');
    const phrase = [label, pricePhrase].filter(Boolean).join(' ').trim();
    if (!phrase) return offTopic();
    // 'the cheapest laptop': the matches by price, not by relevance
    // 'cheap X', 'premium X' without an amount: the lower or upper half of X's own department (decision 0102)
    const band = !byPrice && price.intent && price.minCents === undefined && price.maxCents === undefined ? price.intent : null;
    const result = await tools.searchProducts({ query: phrase, limit: byPrice || band || (pricePhrase && words.length) ? 10 : undefined });
    if (byPrice) result.items = [...result.items].sort((a, b) => byPrice * (a.price_cents - b.price_cents)).slice(0, SEARCH_REPLY_MAX_PRODUCTS);
    else if (band && result.items.length) result.items = await withinBand(result.items, band);
    else if (pricePhrase && words.length && result.onTopic && result.items.length) result.items = oneDepartment(result.items);
    else result.items = result.items.slice(0, SEARCH_REPLY_MAX_PRODUCTS);
    if (result.total === 0 && pricePhrase && label) {
      // nothing inside the budget: say so, and show the nearest prices instead of claiming we have none at all
      const outside = await tools.searchProducts({ query: label });
      if (outside.total > 0) {
        const nearest = [...outside.items].sort((a, b) =>
          price.maxCents !== undefined ? a.price_cents - b.price_cents : b.price_cents - a.price_cents).slice(0, SEARCH_REPLY_MAX_PRODUCTS);
        if (nearest.length === 1) tools.focus(nearest[0]!);
        return {
          response: `I couldn't find **${label}**${budget}. The closest in price:\n\n${nearest.map((p, i) => line(p, i)).join('\n')}\n\nI'm searching for "${label}" so you can see them on the page.`,
          suggestedSearch: label,
        };
      }
    }
    if (result.total === 0) return unknown(opts.notFoundName ?? (label || phrase));
    // only descriptions mention these words: not a shopping question, or a gift we have nothing about
    if (!result.onTopic && !opts.notFoundName && !pricePhrase) {
      if (GIFT.test(text)) return giftIdeas(tools, label);
      if (!opts.shopping) return offTopic();
    }
    const n = result.items.length;
    if (n === 1) tools.focus(result.items[0]!);
    const intro = opts.notFoundName
      ? `I couldn't find a product called **${opts.notFoundName}**. The closest ${n === 1 ? 'match' : 'matches'}:`
      : `Here ${n === 1 ? 'is the best match' : `are the top ${n}`} for **${label || 'products'}**${budget}${result.total > n ? ` (${result.total} found)` : ''}:`;
    const parts = [intro, result.items.map((p, i) => line(p, i)).join('\n')];
    if (result.categories.length > 1) parts.push(`Categories: ${result.categories.join(', ')}`);
    parts.push(`I'm searching for "${phrase}" so you can see ${result.total > n ? `all ${result.total} results` : 'them on the page'}.`);
    return { response: parts.join('\n\n'), suggestedSearch: phrase };
  }

  async function unknown(name: string): Promise<Reply> {
    const cats = await popularCategories();
    const hint = cats.length ? ` Try a broader search, for example by category: ${cats.join(', ')}.` : ' Try a broader search with a product type or a brand.';
    return { response: `I couldn't find **${name}** in our catalogue.${hint}`, suggestedSearch: null };
  }

  async function offTopic(): Promise<Reply> {
    const cats = await popularCategories();
    return {
      response:
        "I'm Souq's shopping assistant, so I can't help with that — but I can find products, compare them, check prices and stock, or suggest similar items." +
        (cats.length ? ` Popular categories: ${cats.join(', ')}. What are you looking for?` : ' What are you looking for?'),
      suggestedSearch: null,
    };
  }

  /** 'A gift for my sister' and nothing more: the best-rated product of each of the biggest departments, and a question. */
  async function giftIdeas(tools: Toolbox, notFound?: string): Promise<Reply> {
    const picks: Product[] = [];
    for (const cat of (await popularCategories()).slice(0, SEARCH_REPLY_MAX_PRODUCTS)) {
      const { items } = await tools.searchProducts({ query: cat, limit: 10, in_stock: true });
      const best = [...items].sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0) || b.review_count - a.review_count).find((p) => !picks.some((x) => x.id === p.id));
      if (best) picks.push(best);
    }
    if (picks.length === 0) return greeting();
    return {
      response: `${notFound ? `I couldn't find gifts about **${notFound}**. ` : ''}Here are well-loved gift ideas from our biggest departments:\n${picks.map((p, i) => line(p, i)).join('\n')}\n\nTell me what they like, their age or your budget, and I'll narrow it down.`,
      suggestedSearch: null,
    };
  }

  const greeting = (): Reply => ({
    response:
      "Hello! I'm Souq's shopping assistant. I can find products (try “running shoes under 200”), compare two products, tell you whether something is worth the price, or suggest similar items. What are you shopping for today?",
    suggestedSearch: null,
  });

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

  return {
    async reply(input: BuiltinInput, tools: Toolbox): Promise<Reply> {
      const msg = budgetPhrases(input.message.trim()).replace(/\s+/g, ' ').trim();
      const words = contentWords(search.text.extractPrice(msg).text);
      const context = input.contextId ? await tools.getProduct(input.contextId) : null;
      const locked = input.lockedIds.length ? await tools.products(input.lockedIds) : [];
      let recentMemo: Product[] | null = null;
      const recent = async () => (recentMemo ??= await tools.findExact(boldNames(input.history)));

      if (GREETING.test(msg) && words.length === 0) return greeting();
      if (THANKS.test(msg) && words.length === 0) {
        return { response: "You're welcome! Let me know whenever you want to find, compare or buy something.", suggestedSearch: null };
      }
      if (HELP.test(msg) && words.length === 0) return greeting();

      // the shopper's own orders, before anything else reads "order" or "delivered" as shopping words
      if (isOrderQuestion(msg)) return orderReply(msg, tools);
      if (CATEGORIES_Q.test(msg)) return categoriesReply(tools);

      const named = words.length ? await tools.findNamed(msg) : [];

      if (isCartCommand(msg)) {
        const p = named[0] ?? context;
        if (!p) return { response: MSG.productNotFoundInChat, suggestedSearch: null };
        const qty = parseQuantity(msg, p.name);
        const r = tools.addToCart(p, qty);
        return {
          // the storefront adds it on the add_to_cart action, so the reply is the spec's confirmation
          response: r.in_stock
            ? MSG.addedToCart(qty, p.name)
            : p.stock > 0 ? `Only ${p.stock} of **${p.name}** ${p.stock === 1 ? 'is' : 'are'} in stock, so I can't add ${qty}.` : `**${p.name}** is out of stock right now.`,
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

      // 'and the cheaper one?', 'the second one': products already on the table (locked, else the last listed)
      if (REF.test(msg) && named.length === 0 && words.length === 0) {
        const pool = locked.length >= 2 ? locked : await recent();
        const p = pickReference(msg, pool);
        if (p) {
          if (WORTH.test(msg)) return worth(p, tools);
          if (PRICE_Q.test(msg) || STOCK_Q.test(msg) || RATING_Q.test(msg) || SPEC_Q.test(msg)) return facts(p, msg, tools);
          if (FEATURE_Q.test(msg)) return feature(p, msg, tools);
          if (TELL.test(msg)) return describe(p, tools, msg);
          tools.focus(p);
          const other = pool.filter((x) => x.id !== p.id);
          for (const o of other) tools.mention(o.id, 'mention');
          const versus = other.length ? ` (vs ${other.map((o) => `**${o.name}** at ${formatMoney(o.price, o.currency)}`).join(', ')})` : '';
          return { response: `That is **${p.name}**: ${formatMoney(p.price, p.currency)}${versus}, ${ratingText(p)}, ${stockText(p)}.`, suggestedSearch: null };
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
          return { response: 'Which two products should I compare? Lock two products in the Product Locker, or name them in your message.', suggestedSearch: null };
        }
      }

      // a kind of product the shop does not sell ('washing machine', even if an espresso machine shares a word): say
      // so and name the nearest departments, not unrelated products
      const asksAboutOne = WORTH.test(msg) || SIMILAR.test(msg) || PURCHASE.test(msg) || PRICE_Q.test(msg) || STOCK_Q.test(msg) ||
        RATING_Q.test(msg) || SPEC_Q.test(msg) || TELL.test(msg) || (FEATURE_Q.test(msg) && (named.length > 0 || context !== null));
      if (!asksAboutOne && words.length) {
        const missingKinds = await notSoldKinds(msg, tools);
        if (missingKinds) return notSoldReply(missingKinds, tools);
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
      if (target && FEATURE_Q.test(msg) && !PRICE_Q.test(msg) && !STOCK_Q.test(msg)) return feature(target, msg, tools);
      if (productQuestion && target) {
        if (WORTH.test(msg)) return worth(target, tools);
        if (SIMILAR.test(msg)) return similar(target, tools, { cheaper: CHEAPER.test(msg) });
        if (PURCHASE.test(msg)) return purchase(target, tools);
        if (PRICE_Q.test(msg) || STOCK_Q.test(msg) || RATING_Q.test(msg) || SPEC_Q.test(msg)) return facts(target, msg, tools);
        return describe(target, tools, msg);
      }
      if (productQuestion && words.length === 0) {
        return { response: 'Which product do you mean? Select one on the page or tell me its name.', suggestedSearch: null };
      }
      if (named.length === 1 && words.length > 0 && !SHOPPING.test(msg) && !OFF_TOPIC.test(msg) && search.text.extractPrice(msg).maxCents === undefined) {
        // just a product's name
        return describe(named[0]!, tools, msg);
      }

      // chit-chat, even when it happens to name a product ('who won the football match?')
      if (OFF_TOPIC.test(msg) && !SHOPPING.test(msg)) return offTopic();
      const price = search.text.extractPrice(msg);
      const hasBudget = price.minCents !== undefined || price.maxCents !== undefined || price.intent !== null;
      if (words.length === 0 && hasBudget) {
        // 'anything under 600?' narrows the last search: its words, this budget
        const last = [...input.history].reverse().find((m) => m.isBot && searchPhraseIn(m.text));
        const topic = last ? contentWords(search.text.extractPrice(searchPhraseIn(last.text)!).text).join(' ') : '';
        if (topic) return searchReply(`${topic} ${msg}`, tools, { shopping: true });
      }
      if (words.length > 0 || hasBudget) {
        // 'tell me about the zorblax 9000': a product question naming something we do not have
        const missing = productQuestion && !SIMILAR.test(msg) ? words.join(' ') : undefined;
        return searchReply(msg, tools, { notFoundName: missing, shopping: SHOPPING.test(msg) });
      }
      if (GIFT.test(msg)) return giftIdeas(tools);
      return SHOPPING.test(msg) ? greeting() : offTopic();
    },
  };
}
