import type { Product } from '@souq/shared/api/catalogue';
import { SEARCH_REPLY_MAX_CATEGORIES, SEARCH_REPLY_MAX_PRODUCTS } from '@souq/shared/constants';
import type { SearchService } from '../search/search.service.js';
import { isRuledOut as ruledOutBy, ownWordsOf } from '../search/query-understanding.js';
import { orderWithinKind } from '../search/query-price.js';
import { RELATED_GROUPS } from '../search/search.text.js';
import { askedAge, forAge, forChildren } from '../search/query-age.js';
import { arabicSkeleton, latinSkeleton, LOANWORD_MIN_SKELETON } from '../search/query-loanwords.js';
import { searchPhraseIn, type Toolbox } from './assistant.tools.js';
import { CHEAPEST, FOR_ADULT, GIFT, INTERESTS, PRICIEST, audienceWords, wordPattern } from './assistant.words.js';
import { readArabic } from './assistant.arabic.js';
import { phrasesFor } from './assistant.phrases.js';
import { createNeedReply, nameHeads, NEED_GRAMMAR } from './assistant.needs.js';
import { departmentNamed, isPurpose, loanwordOf, namesNoKind, otherNames, type Negation } from './assistant.understanding.js';
import { isCircumstance, mainDepartment, notInCatalogue } from './assistant.prepurchase.js';
import type { Reply } from './assistant.product-answers.js';
import { listingText } from './assistant.listing-says.js';

/** Where a gift is given ('at the office', 'in the office', 'at work', «في المكتب»): the place, not the gift (decision 0198). */
// (not where the person is always found — 'she's always in the kitchen', «دايم في المطبخ»: that is what they love;
// decision 0202)
function isPlaceOfGiving(word: string, text: string): boolean {
  const w = wordPattern(word);
  const theirPlace = String.raw`\b(?:he|she|they)(?:'s|'re|\s+is|\s+are|\s+lives|\s+spends\s+(?:all\s+)?(?:his|her|their)\s+time)(?:\s+(?:always|forever|basically|constantly|usually|mostly))?\s+(?:in|at)\s+(?:(?:the|his|her|their)\s+)?${w}\b|(?:^|\s)(?:دايم|دايما|دائما|طول الوقت|على طول|علي طول)\s+(?:في|ب)\s*(?:ال)?${w.replace(/^ال/, '')}(?=$|[\s,.;?!])`;
  if (new RegExp(theirPlace, 'i').test(text)) return false;
  return new RegExp(String.raw`\b(?:at|in)\s+(?:(?:the|my|our|his|her|their)\s+)?${w}\b|(?:^|\s)في\s+(?:ال)?${w.replace(/^ال/, '')}(?=$|[\s,.;?!])`, 'i').test(text);
}

// The built-in assistant's answers that search the catalogue (decisions 0102, 0135, 0153): a request read as a kind,
// a budget, a price band, a department, a need, what it rules out — and the answers with nothing to show (unknown,
// off-topic, gift ideas, a greeting).

/** The kinds related to a kind the words name (search.text RELATED_GROUPS), the words' own left out. */
export function relatedKinds(words: string[]): string[] {
  const own = new Set(words.map((w) => w.toLowerCase()));
  return RELATED_GROUPS.filter((g) => g.some((k) => own.has(k))).flatMap((g) => g.filter((k) => !own.has(k)));
}

export function createSearchReplies(deps: { search: SearchService; contentWords: (text: string) => string[] }) {
  const { search, contentWords } = deps;
  const needReply = createNeedReply({ search, isRuledOut: (p, negation) => isRuledOut(p, negation) });

  async function popularCategories(): Promise<string[]> {
    const { categories } = await search.facets();
    return [...categories.values()].sort((a, b) => b.count - a.count).slice(0, SEARCH_REPLY_MAX_CATEGORIES).map((c) => c.name);
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
    opts: { notFoundName?: string; shopping?: boolean; spell?: (w: string) => string; negation?: Negation; plural?: boolean } = {},
  ): Promise<Reply> {
    const { extractPrice } = search.text;
    const spell = opts.spell ?? ((w: string) => w);
    const price = extractPrice(audienceWords(text));
    const said = contentWords(price.text);
    let words = await activityWords(said.flatMap((w) => (INTERESTS[w] ?? w).split(' ')));
    // a gift's words describe the person ('my brother who studies computer engineering', «بيدرس هندسة كمبيوتر»): a word no
    // listing says anywhere is no product of ours and no reason to say "we don't sell it"; the rest are searched, and with
    // none left the gift ideas answer (decision 0194)
    const gift = GIFT.test(text);
    if (gift && words.length) {
      // (nor are the grammar of a sentence about them — 'she starts uni' — or where the gift is given — 'secret santa at the
      // office' — what the gift is: decision 0198)
      // (nor a count or an age — '5 coffees a day', 'turning 2' — which names no listing: decision 0202)
      words = words.filter((w) => !NEED_GRAMMAR.has(search.text.normalize(w)) && !isPlaceOfGiving(w, text) && !/^\d+$/.test(w));
      const listed = await Promise.all(words.map(async (w) => (await tools.searchProducts({ query: w, limit: 1 })).total > 0));
      let kept = words.filter((_, i) => listed[i]);
      // what someone plays that no listing names ('he plays fortnite all night') is a video game: gaming (decision 0202)
      const played = /\bplay(?:s|ing)?\s+([a-z0-9]{3,})\b/i.exec(text)?.[1]?.toLowerCase();
      if (played && words.includes(played) && !kept.includes(played)) kept = [...kept.filter((w) => !/^play(?:s|ing)?$/i.test(w)), 'gaming'];
      // a child's age with nothing else said of them ('my nephew, he's turning 2'): what is for children of that age
      const childAge = askedAge(text);
      if (kept.length === 0 && childAge !== null && childAge <= 12) kept = ['kids'];
      const budget = extractPrice(text);
      if (kept.length === 0 && !budget.maxCents && !budget.minCents) return giftIdeas(tools, undefined, opts.negation);
      words = kept;
    }
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
    // a gift for an age ('a present for my toddler', «عمره ٣ سنوات»): what the listings say about ages decides (decision 0178)
    const age = askedAge(text);
    const result = await tools.searchProducts({
      query: inDepartment ?? query,
      ...(department ? { category: department.department } : {}),
      limit: byPrice || band || ruledOut || department || age !== null || (pricePhrase && words.length) ? 10 : undefined,
    }, {
      // a kind asked for in the plural or as cheap / premium is asked of several: its department's other matches follow
      // the one listing named by it
      // ('the cheapest smartwatch' is the one so named: the search box's first too)
      sameDepartment: Boolean(band || opts.plural),
    });
    // a kind with a purpose and a word ruled out ('laptop for office work, nothing gaming, under 6000'): when the purpose's
    // listings crowd out every listing of the kind (chairs and desks say 'office' and 'work' more often than a laptop
    // does), the kind alone is searched, with the same budget (decision 0191)
    if (ruledOut && words.length >= 2 && !department && headedDepartment(result.items, words, search.text.analyze) === null) {
      const kindWords: string[] = [];
      for (const w of words) if (!isCircumstance(w, text) && (await tools.namesSoldKind(w))) kindWords.push(w);
      if (kindWords.length && kindWords.length < words.length) {
        const again = await tools.searchProducts({ query: [phrasesFor('en').label(kindWords, price.intent), pricePhrase].filter(Boolean).join(' '), limit: 10 });
        if (headedDepartment(again.items, kindWords, search.text.analyze)) Object.assign(result, { items: again.items, total: again.total, categories: again.categories });
      }
    }
    // 'a laptop that isn't for gaming': the kind asked for, without what the shopper ruled out
    if (ruledOut) {
      result.items = result.items.filter((p) => !isRuledOut(p, ruledOut));
      // every match of the kind ruled out: the kinds related to it ('shoes but not for running' → sneakers), each
      // searched once, with the same rule applied (search.text RELATED_GROUPS: a fixed, small table)
      for (const related of result.items.length ? [] : relatedKinds(words)) {
        const more = await tools.searchProducts({ query: related, limit: 10 });
        result.items = more.items.filter((p) => !isRuledOut(p, ruledOut));
        if (result.items.length) {
          result.total = result.items.length;
          break;
        }
      }
      // every match ruled out: none of what was asked
      if (result.items.length === 0) result.total = 0;
      // 'a camera, not an action camera': the shopper narrows a kind, so the kind's own department comes first (a
      // security camera shares the word, not the kind)
      const kind = mainDepartment(result.items);
      result.items = [...result.items.filter((p) => p.category === kind), ...result.items.filter((p) => p.category !== kind)];
    }
    const agesText = (p: Product) => [p.description, p.description_ar, ...p.bullet_points, ...p.bullet_points_ar, ...p.tags].join(' ');
    if (age !== null && result.items.length) {
      const fit = forAge(result.items, age, agesText);
      if (fit.length) result.items = fit;
    } else if (FOR_ADULT.test(text) && result.items.length) {
      // a grown-up's gift: not what the listing says is for children (its ages, its own kids tag; decision 0191)
      const grownUp = result.items.filter((p) => !forChildren(p, agesText(p)));
      if (grownUp.length) result.items = grownUp;
    }
    // a kind named beside a purpose ('budget earbuds for the gym', «سماعات رخيصة للنادي»): the price is read within the
    // department of the listings the kind heads (the noun their names end with), not the purpose's, even when the purpose
    // matches more listings (decision 0191)
    // (so is a pastime read as the kind sold for it: 'she loves photography' asks for cameras, not a phone that has one)
    if ((byPrice || band || (pricePhrase && words.length) || said.some((w) => INTERESTS[w])) && result.items.length) {
      const kind = headedDepartment(result.items, words, search.text.analyze);
      if (kind) result.items = result.items.filter((p) => p.category === kind);
    }
    // (within the kind asked for, as the search box orders them: query-price.ts)
    // ('the cheapest X' asks for one: that one, unless a count is said — 'the 2 cheapest', 'cheapest three'; decision 0191)
    if (byPrice) result.items = orderWithinKind(result.items, byPrice === 1 ? 'low' : 'high').slice(0, superlativeCount(text));
    else if (band && result.items.length) result.items = await withinBand(result.items, band);
    // an amount with a kind ('a smartwatch under 1000'): the kind's own department, even when only some listings say it
    else if (pricePhrase && words.length && result.items.length) result.items = oneDepartment(result.items);
    else {
      // a kind with a describing word («ساعة رياضية», 'sports watch'): a listing of another department that shares only
      // the describing word (sneakers «رياضي») is not of the kind; the kind's own department and what the words head stay
      // (decision 0191)
      // (a kind said alone — 'sneakers' — keeps all its matches: running shoes are sneakers too)
      const kind = result.items.length > 1 && words.length >= 2 ? headedDepartment(result.items, words, search.text.analyze) : null;
      if (kind) {
        const headed = headedBy(words, search.text.analyze);
        result.items = result.items.filter((p) => p.category === kind || headed(p));
      }
      result.items = result.items.slice(0, SEARCH_REPLY_MAX_PRODUCTS);
    }
    // a kind the catalogue has no word for ('a coffee grinder', «مكواة ملابس»): we don't sell it, not what shares a word
    // (a word the search finds nowhere, asked for without asking whether we sell it, gets the broader search below: it may
    // be a name or a typo)
    const asksIfSold = SELLS_Q.test(text) || /^\s*(?:do you have|have|got|any)\b/i.test(text);
    if ((!opts.notFoundName || SELLS_Q.test(text)) && (result.total > 0 || asksIfSold) && !pricePhrase && !department && !ruledOut && !byPrice && !band && !gift) {
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
    return saysRuledOut(ownWordsOf(p), negation);
  }

  /** Do these words (a listing's, a department's name) say a word the shopper negated? */
  function saysRuledOut(ownWords: string, negation: Negation): boolean {
    // a word ruled out in one language or spelling rules out its other names ('ساوندبار' a soundbar, 'لمبه' a lamp)
    const excluded = [...new Set(negation.excluded.flatMap((w) => [w, ...otherNames(w)]))];
    return ruledOutBy(ownWords, excluded, search.text.analyze) || ruledOutBySound(ownWords, negation.excluded);
  }

  /**
   * An Arabic word ruled out rules out the listing's own Latin word it is the loanword of, by the sound of its consonants
   * (query-loanwords.ts), also in the adjective's form: Arabic writes English '-ic' as the nisba «ـي» (plural «ـيات»), so «مو
   * شي إلكتروني» rules out what its English fields call electronic (decision 0194).
   */
  function ruledOutBySound(ownWords: string, excluded: readonly string[]): boolean {
    const sounds = new Set<string>();
    for (const w of excluded) {
      if (!/^[\u0621-\u064A]+$/.test(w)) continue;
      const stem = w.replace(/يات$/, 'ي');
      for (const form of [stem, stem.replace(/^(?:و|ف)?(?:ال|بال|لل)/, '')]) {
        const k = arabicSkeleton(form);
        if (k.length >= LOANWORD_MIN_SKELETON) sounds.add(k);
      }
    }
    if (sounds.size === 0) return false;
    return ownWords.toLowerCase().split(/[^a-z]+/).some((w) => w.length >= 4 && [w, w.replace(/ics?$/, '')].some((f) => sounds.has(latinSkeleton(f))));
  }

  async function unknown(name: string, tools: Toolbox): Promise<Reply> {
    return { response: phrasesFor(tools.locale, tools.departmentsAr).unknown(name, await popularCategories()), suggestedSearch: null };
  }

  async function offTopic(tools: Toolbox): Promise<Reply> {
    return { response: phrasesFor(tools.locale, tools.departmentsAr).offTopic(await popularCategories()), suggestedSearch: null };
  }

  /** 'A gift for my sister' and nothing more: the best-rated product of each of the biggest departments, and a question. */
  async function giftIdeas(tools: Toolbox, notFound?: string, negation: Negation = NO_NEGATION): Promise<Reply> {
    const picks: Product[] = [];
    // (what the shopper ruled out — «بس مو شي إلكتروني», 'nothing electronic' — is no idea: decision 0191)
    // (a department and its broader groups are ruled out by their Arabic names too: «مو شي إلكتروني» rules out the
    // phones, whose groups say Electronics, «إلكترونيات»; decision 0194)
    const inArabic = (names: readonly string[]) => names.map((c) => tools.departmentsAr?.get(c) ?? '').join(' ');
    const groupsOf = new Map((await tools.departments()).map((d) => [d.name, d.groups]));
    const categories = (await popularCategories()).filter((c) => !saysRuledOut(`${c} ${(groupsOf.get(c) ?? []).join(' ')} ${inArabic([c, ...(groupsOf.get(c) ?? [])])}`, negation));
    for (const cat of categories.slice(0, SEARCH_REPLY_MAX_PRODUCTS)) {
      const { items } = await tools.searchProducts({ query: cat, limit: 10, in_stock: true });
      const best = [...items].sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0) || b.review_count - a.review_count)
        .find((p) => !picks.some((x) => x.id === p.id) && !isRuledOut(p, negation) && !saysRuledOut(inArabic(p.categories), negation));
      if (best) picks.push(best);
    }
    const say = phrasesFor(tools.locale, tools.departmentsAr);
    if (picks.length === 0) return greeting(tools);
    return { response: say.giftIdeas(notFound, picks.map((p, i) => say.line(p, i)).join('\n')), suggestedSearch: null };
  }

  const greeting = (tools: Toolbox): Reply => ({ response: phrasesFor(tools.locale, tools.departmentsAr).greeting, suggestedSearch: null });


  /**
   * A follow-up naming only a colour: the last search's products (or the product in view's kind) whose own words — name,
   * description, features, tags, in either language — describe that colour. Null when there is nothing to narrow.
   */
  async function inColour(colours: { forms: string[] }[], input: { history: { isBot: boolean; text: string }[] }, context: Product | null, tools: Toolbox, spell: (w: string) => string): Promise<Reply | null> {
    const last = [...input.history].reverse().find((m) => m.isBot && searchPhraseIn(m.text));
    const topic = last ? contentWords(search.text.extractPrice(readArabic(searchPhraseIn(last.text)!)).text) : context ? contentWords(context.category) : [];
    if (topic.length === 0) return null;
    const { items } = await tools.searchProducts({ query: topic.join(' '), limit: 10 });
    const { analyze } = search.text;
    const wanted = new Set(colours.flatMap((c) => c.forms.flatMap((f) => analyze(f))));
    const described = (p: Product) => analyze(listingText(p))
      .some((w) => wanted.has(w));
    const matching = items.filter(described).slice(0, SEARCH_REPLY_MAX_PRODUCTS);
    const say = phrasesFor(tools.locale, tools.departmentsAr);
    const label = say.label([...topic.map(spell), ...colours.map((c) => (tools.locale === 'ar' ? c.forms.find((f) => /[\u0600-\u06FF]/.test(f))! : c.forms[0]!))], null);
    if (matching.length === 0) return { response: say.noneInColour(label, items.slice(0, SEARCH_REPLY_MAX_PRODUCTS).map((p, i) => say.line(p, i)).join('\n')), suggestedSearch: null };
    if (matching.length === 1) tools.focus(matching[0]!);
    return { response: [say.topMatches(matching.length, label, '', matching.length), matching.map((p, i) => say.line(p, i)).join('\n')].join('\n\n'), suggestedSearch: null };
  }

  /** A Gulf transliteration the catalogue does not write ('سبيكر', 'كيبورد') is read as its English trade word (speaker, keyboard). */
  async function loanwordsRead(text: string, heardWords?: Map<string, string>): Promise<string> {
    const out: string[] = [];
    for (const w of text.split(' ')) {
      if (!/[\u0600-\u06FF]/.test(w)) {
        out.push(w);
        continue;
      }
      // the catalogue's own Latin word it sounds like ('كيبورد' → keyboard), else a loanword of the trade the catalogue
      // writes in neither ('سبيكر' → speaker where no product says speaker)
      const heard = await search.loanword(w);
      const loan = heard ?? loanwordOf(w);
      const read = loan && (heard || (await search.rank(w, { limit: 1, prefix: false })).total === 0) ? loan : w;
      // an Arabic answer writes the word back as the shopper wrote it, not as the English it was read as
      if (read !== w) heardWords?.set(read, w);
      out.push(read);
    }
    return out.join(' ');
  }

  return { searchReply, isRuledOut, needReply, unknown, offTopic, giftIdeas, greeting, inColour, loanwordsRead };
}

/** 'Do you stock / sell / carry X?': whether the shop sells a kind, not a question about one product's stock. */
const SELLS_Q = /\b(?:do|does|did)\s+(?:you|u|y'all|souq)\s+(?:\w+\s+)?(?:stock|sell|carry)\b/i;

/**
 * The department of the listings a request's word heads (the noun an English name ends with, the first word of an Arabic
 * one: nameHeads), the one most of them are in; null when no word heads a listing.
 */
export function headedDepartment(items: Product[], words: string[], analyze: (text: string) => string[]): string | null {
  return mainDepartment(items.filter(headedBy(words, analyze)));
}

/** Is a listing's name headed by one of the words (the noun it ends with, the first word of its Arabic name)? */
export function headedBy(words: string[], analyze: (text: string) => string[]): (p: Product) => boolean {
  const asked = new Set(words.filter((w) => !namesNoKind(w)).flatMap((w) => analyze(w)));
  return (p) => nameHeads(p).some((h) => analyze(h).some((st) => asked.has(st)));
}

/** How many a superlative asks for: the count said beside it ('the two cheapest', 'cheapest 3 X'), else one. */
export function superlativeCount(text: string): number {
  const counts: Record<string, number> = { two: 2, three: 3, couple: 2, few: 3, some: 3 };
  const m = /\b(\d|two|three|couple|few|some)\s+(?:of\s+the\s+)?(?:cheapest|most expensive|priciest|least expensive)\b|\b(?:cheapest|most expensive|priciest|least expensive)\s+(\d|two|three)\b/i.exec(text);
  const n = m ? Number(counts[(m[1] ?? m[2])!.toLowerCase()] ?? (m[1] ?? m[2])) : 1;
  return Math.min(Math.max(n, 1), SEARCH_REPLY_MAX_PRODUCTS);
}

/** A request that rules nothing out. */
const NO_NEGATION: Negation = { text: '', excluded: [], freeOf: [] };

