import type { Product } from '@souq/shared/api/catalogue';
import type { SummaryAspect } from '@souq/shared/api/reviews';
import { PRICE_HISTORY_DAYS } from '@souq/shared/api/prices';
import { productPageUrl } from '@souq/shared/rules/embed';
import { formatDate } from '@souq/shared/rules/locale';
import { kindsAsked, needFunctions, otherNames, possessedWords } from './assistant.understanding.js';
import { SHOPPING, wordPattern } from './assistant.words.js';
import { aspectsIn } from '../reviews/review-summary.js';
import type { Toolbox } from './assistant.tools.js';
import { phrasesFor } from './assistant.phrases.js';

// The built-in assistant's answers before a purchase (issue 28, decision 0102): what the shop sells, kinds of product
// it does not sell, the price history of a product, and what buyers say about it. Each answer reads one tool (the
// search's departments, the price log, the reviews' grounded claims); none is written for a particular question.

type Reply = { response: string; suggestedSearch: null };

/** 'What categories do you have?', 'what do you sell?' (the whole question: 'what do you have from Optix' is a search). */
export const CATEGORIES_Q =
  /\b(what|which) (categories|departments|sections|(kinds?|sorts?|types?) of (products?|things|items|stuff|goods))\b|^\s*what (do|does) (you|souq|the shop|this shop) (sell|have|carry|offer)\s*\??\s*$|\b(list|show)( me)? (your|the|all)( the)? (categories|departments)\b/i;

/** 'Has this been cheaper?', 'was it ever cheaper', 'lowest price in 90 days', 'has the price dropped recently'. */
export const PRICE_HISTORY_Q = new RegExp(
  [
    String.raw`\b(been|ever been|was (it|this|that|the \w+( \w+)?)( ever)?|were (they|these)( ever)?|ever|go|gone|get|got) (any )?(cheaper|lower|less expensive|on sale)\b`,
    String.raw`\blowest price\b.*\b(last|past|days?|weeks?|months?|ever|been|recent(ly)?|history)\b`,
    // 'the lowest the X has been in the last 3 months', 'how low has it gone': the low of the price log
    String.raw`\b(lowest|cheapest|highest)\b.*\b(has|have|had|'s) (ever )?(been|gone|dropped|sold for)\b`,
    String.raw`\bhow (low|cheap) (has|have|did) (it|this|that|the \w+( \w+){0,2}) (ever )?(been|gone|go|got)\b`,
    String.raw`\bprice (history|trend|drops?|changes?)\b`,
    String.raw`\bprice\b.*\b(dropped|drop|gone down|went down|come down|lower|changed)\b( \w+)? *\b(recently|lately|before|ever)\b`,
    String.raw`\b(dropped|drop|gone down|went down) in price\b`,
    String.raw`\bcheaper (before|last (week|month|year)|recently|in the past|earlier)\b`,
  ].join('|'),
  'i',
);

/** 'What do buyers say about …', 'reviews of …', 'any complaints', 'do people like …'. */
export const REVIEWS_Q =
  /\b(what (do|did|does) (buyers|customers|people|users|reviewers|owners|others|shoppers)( \w+){0,4} (say|think|mention|like|dislike|complain)|reviews? (of|for|on|about)|any (complaints|reviews|feedback)|complaints? about|(do|does|did) (people|buyers|customers|users) (like|love|recommend|complain)|what are (the )?reviews|(buyers|customers|people) (say|think))\b/i;

/** 'The two cheapest X', 'the 2 most expensive X', 'the three best-rated X'. */
export const TOP_N = /\b(?:the )?(two|2|three|3)\s+(cheapest|least expensive|most expensive|priciest|dearest|best[- ]rated|top[- ]rated)\b|\b(cheapest|most expensive|priciest|best[- ]rated)\s+(two|2|three|3)\b/i;

const QUOTES_CITED = 2;
/** A question after the downsides. */
const COMPLAINTS = /\b(complaints?|complain|problems?|issues?|downsides?|cons|negatives?|faults?)\b/i;

/** A day of the price log, written as the reader's language writes dates. */
const day = (iso: string, locale: Toolbox['locale']) => (locale === 'en' ? iso.slice(0, 10) : formatDate(iso, 'day', locale));

/** The shop's departments with their counts, grouped under their broader group (Electronics: Smartphones, …). */
export async function categoriesReply(tools: Toolbox): Promise<Reply> {
  const say = phrasesFor(tools.locale, tools.departmentsAr);
  const departments = await tools.departments();
  if (departments.length === 0) return { response: say.emptyCatalogue, suggestedSearch: null };
  const groups = new Map<string, string[]>();
  for (const d of departments) {
    const group = d.groups[0] ?? d.name;
    groups.set(group, [...(groups.get(group) ?? []), say.departmentLine(d.name, d.count)]);
  }
  const lines = [...groups].map(([g, list]) => `• ${say.department(g)}: ${say.list(list)}`);
  return { response: say.departments(departments.length, lines.join('\n')), suggestedSearch: null };
}

/**
 * The kinds of product the message asks for that the shop does not sell (none of its products is one, by its own
 * fields), or null when it asks for none or the shop sells one of them.
 */
export async function notSoldKinds(text: string, tools: Toolbox, words: string[] = []): Promise<ReturnType<typeof kindsAsked> | null> {
  // a kind the shopper already has ('film my mountain bike rides'), or one another noun is of ('the AC's bill', «فاتورة
  // المكيف»), is what the request is about, not asked for (decision 0184)
  const had = new Set(possessedWords(text));
  // (nor is what a person studies, loves or works in — 'a gift for my brother, he studies computer engineering',
  // «بيدرس هندسة كمبيوتر» read 'studies …' — asked for: it is their interest, which the listings answer; decision 0194)
  const kinds = kindsAsked(text).filter((k) => !k.said.toLowerCase().split(/\s+/).every((w) => had.has(w)) && !isComplement(k.said, text) && !isInterest(k.said, text) && !isCause(k.said, text));
  if (kinds.length === 0) return null;
  // the catalogue's own words too: a kind said in Arabic with the word after it may be a name the shop does sell
  // ('سجادة يوغا' is a yoga mat, not a rug)
  for (const k of kinds) if ((await tools.sells(k.type)) || (k.next && (await tools.sells(`${k.said} ${k.next}`)))) return null;
  // the request also names a kind the shop does sell ('a pan I can put in the oven', 'a soundbar for my TV', «مقلاة تدخل
  // الفرن»): the kind not sold is where or with what it is used, and the sold kind is what is asked for (decision 0178)
  const saidInKinds = new Set(kinds.flatMap((k) => [k.said, k.next ?? ''].join(' ').toLowerCase().split(/\s+/)));
  // (a sold kind after a preposition is itself a circumstance: «ثلاجة صغيرة للمكتب» asks for a fridge, whatever a desk is)
  // (a maker's line is what is asked for, whatever kind is said beside it: «جوالات سامسونج» asks for Samsung's phones)
  if (kinds.every((k) => k.group.maker)) return kinds;
  for (const w of words) if (!saidInKinds.has(w.toLowerCase()) && !isCircumstance(w, text) && (await tools.namesSoldKind(w))) return null;
  return kinds;
}

/**
 * Is the kind the cause of a situation the message tells ('the bill is huge every summer from the ACs', «فاتورة الكهربا
 * نار من المكيفات», 'because of the heater'): after 'from', 'because of', «من، بسبب» in a message that tells a need the
 * situations table reads, it is what the need is about, not asked for (decision 0198).
 */
export function isCause(said: string, text: string): boolean {
  const w = wordPattern(said);
  const after = /^[a-z]/.test(w)
    ? new RegExp(String.raw`\b(?:from|because of|due to|thanks to)\s+(?:(?:all\s+)?(?:the|my|our|those|these)\s+)?${w}\b`, 'i')
    : new RegExp(String.raw`(?:^|\s)(?:من|بسبب|عشان)\s+(?:ال)?${w.replace(/^(?:و|ف)?ال/, '')}(?=$|[\s,.;?!])`);
  return after.test(text) && needFunctions(text).length > 0;
}

/** Is the kind what someone studies, loves or works in ('studies computer science', 'into photography'): an interest. */
export function isInterest(said: string, text: string): boolean {
  const w = wordPattern(said);
  return new RegExp(String.raw`\b(?:studies|studying|study|studied|majoring in|major in|loves|love|likes|into|fan of|obsessed with|passionate about|works? in|working in)\s+(?:\S+\s+){0,2}?${w}(?=$|[\s,.;?!،؟])`, 'i').test(text);
}

/**
 * Is the kind the complement of another noun: the cause after 'because of' ('because of the AC'), a possessive «'s»
 * before a noun ('the AC's bill'), or an Arabic annexation — a noun without the article right before the kind with it
 * («فاتورة المكيف», the AC's bill). A wish or a question before it ('I want', «أبي», «عندكم») is read into English
 * first (readArabic), so an Arabic word before the kind is a noun of the request (decision 0184).
 */
export function isComplement(said: string, text: string): boolean {
  const w = wordPattern(said);
  if (/^[a-z]/.test(w)) return new RegExp(String.raw`\bbecause of (?:the |my |our )?${w}\b|\b${w}'s\s+[a-z]`, 'i').test(text);
  const bare = w.replace(/^(?:و|ف)?(?:ال)/, '');
  return new RegExp(String.raw`(?:^|\s)(?!(?:ال|و|ف|ب|ل|في|من|على|علي|عن|مع|show|have)\s)[\u0621-\u064A]{3,}\s+ال${bare}(?=$|[\s,.;?!،؟])`).test(text)
    && !new RegExp(String.raw`(?:^|\s)ال[\u0621-\u064A]+\s+ال${bare}`).test(text);
}

/**
 * Is the word written after a preposition ('for my office', 'in the oven', «للمكتب», «بالمطبخ», «في البيت»): where or with
 * what something is used, not what is asked for (the rule kindsAsked applies to the kinds it reads).
 */
export function isCircumstance(word: string, text: string): boolean {
  const w = wordPattern(word);
  if (/^[a-z]/.test(w)) return new RegExp(String.raw`\b(?:for|in|on|with|to|into|at|from|by|under|inside)\s+(?:(?:my|the|a|an|our|your|his|her|their)\s+)?${w}\b`, 'i').test(text);
  const bare = w.replace(/^(?:و|ف)?(?:لل|بال|ال)/, '');
  return new RegExp(String.raw`(?:^|\s)(?:و|ف)?(?:لل|بال|ل|ب)${bare}(?=$|[\s,.;?!])|(?:^|\s)(?:في|على|علي|مع|داخل)\s+(?:ال)?${bare}(?=$|[\s,.;?!])`).test(text);
}

/**
 * 'We don't sell X' and the nearest departments: those whose names or broader groups share the most words with the
 * kind's department words; with none in common, the largest departments.
 */
export async function notSoldReply(
  kinds: NonNullable<Awaited<ReturnType<typeof notSoldKinds>>>,
  tools: Toolbox,
  spell: (w: string) => string = (w) => w,
): Promise<Reply> {
  const say = phrasesFor(tools.locale, tools.departmentsAr);
  const departments = await tools.departments();
  const words = new Set(kinds.flatMap((k) => k.group.departments.flatMap((d) => [d, ...d.split(' ')])));
  const scored = departments
    .map((d) => {
      const own = [d.name, ...d.groups].map((x) => x.toLowerCase());
      const ownWords = new Set(own.flatMap((x) => [x, ...x.split(/\s+/)]));
      // a whole department name counts more than a word of it ('home office' over 'home')
      const score = [...words].reduce((n, w) => n + (own.includes(w) ? 2 : ownWords.has(w) ? 1 : 0), 0);
      return { d, score };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || b.d.count - a.d.count)
    .slice(0, 3)
    .map((x) => x.d.name);
  const asked = say.or(kinds.map((k) => say.typed(k.said.split(/\s+/).map(spell).join(' '))));
  const nearest = scored.length ? say.nearestDepartments(scored) : say.whatWeSell(departments.slice(0, 6).map((d) => d.name));
  return { response: say.notSold(asked, nearest), suggestedSearch: null };
}

/**
 * The word a request names its kind by (decision 0153): in English the last word before what qualifies it ('a phone
 * charger for my car' → charger, 'coffee grinder' → grinder), in Arabic the first ('مكواة ملابس' → مكواة). `content`
 * turns a piece of text into its content words (the assistant's own reading).
 */
export function headWord(text: string, content: (t: string) => string[]): string | null {
  if (/[\u0600-\u06FF]/.test(text)) return content(text).find((w) => /^[\u0600-\u06FF]{3,}$/.test(w)) ?? null;
  const asking = /^\s*(?:(?:where|how)\s+)?(?:(?:do|does|did|can|could|have|got)\s+(?:you|u|i|we)|i'?m|i am|i|we)\s+(?:\w+\s+){0,2}?(?:after|looking for|searching for|find|get|buy|need|want|sell|stock|carry|have)\b/i;
  const first = text.replace(asking, ' ').split(/\b(?:for|with|without|to|that|which|who|under|below|over|in|on|from|by|of|so|because|and|or|but|like|as)\b|[,.;!?]/i)[0] ?? '';
  // a sentence with its own subject ('the coffee I make …') names no kind by its last word: only a noun phrase does
  if (/\b(?:i|i'm|im|my|me|we|our|us|it|its|they|he|she|you)\b/i.test(first)) return null;
  const words = content(first).filter((w) => /^[a-z][a-z-]{2,}$/.test(w));
  return words.length <= 3 ? words.at(-1) ?? null : null;
}

/**
 * A kind the catalogue has no word for: the request's head word is no product's own word (name, categories, tags) and
 * no listing says it at all, not even with a typo's tolerance ('hoverboard', 'coffee grinder', «مكواة ملابس»). Then
 * the shop does not sell it: said, with the departments of what the rest of the request found, else the largest.
 */
export async function notInCatalogue(
  text: string, content: (t: string) => string[], analyze: (t: string) => string[], found: Product[], tools: Toolbox, spell: (w: string) => string = (w) => w,
): Promise<Reply | null> {
  // only a request for something ('do you sell …', 'أبي …', or a bare noun phrase in English): never an answer to a
  // question the assistant asked, a yes, or a sentence about something else
  const framed = SHOPPING.test(text) || /\b(?:stock|stocks)\b/i.test(text) || (!/[\u0600-\u06FF]/.test(text) && text.trim().split(/\s+/).length <= 3);
  const head = framed ? headWord(text, content) : null;
  if (!head) return null;
  // a maker the shop carries, named by the shopper ('KeyStrike stuff', «أغراض KeyStrike»): its products are sold, whatever
  // word is said beside its name (decision 0191)
  const said = text.toLowerCase();
  const namesMaker = (brand: string) =>
    brand.trim().length >= 2 && new RegExp(`(?:^|[^\\p{L}\\p{N}])${brand.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^\\p{L}\\p{N}])`, 'u').test(said);
  if (found.some((p) => namesMaker(p.brand))) return null;
  // the common case first, without another search: a product found holds the word among its own
  const want = analyze(head);
  if (want.length === 0 || found.some((p) => {
    const own = new Set(analyze([p.name, p.name_ar, ...p.categories, ...p.tags, ...p.keywords].join(' ')));
    return want.every((w) => own.has(w));
  })) return null;
  if ( (await tools.sells(head)) || (await tools.searchProducts({ query: head, limit: 1 })).total > 0) return null;
  // a word of a kind the shop sells by another name ('سبيكر' is a speaker) is sold
  for (const other of otherNames(head)) if (await tools.sells(other)) return null;
  const near = [...new Set(found.map((p) => p.category).filter(Boolean))].slice(0, 3);
  // nothing else found: a kind of the general taxonomy ('toasters', «عباية») is nearest the departments its group names,
  // as when the kind is read first (decision 0205), not the largest ones
  const kinds = near.length ? [] : kindsAsked(text);
  if (kinds.length) return notSoldReply(kinds, tools, spell);
  const say = phrasesFor(tools.locale, tools.departmentsAr);
  const departments = near.length ? near : (await tools.departments()).slice(0, 6).map((d) => d.name);
  const asked = say.typed(content(text).filter((w) => /[\u0600-\u06FF]/.test(w) ? true : /^[a-z][a-z-]{2,}$/.test(w)).map(spell).join(' '));
  return { response: say.notSold(asked, near.length ? say.nearestDepartments(departments) : say.whatWeSell(departments)), suggestedSearch: null };
}

/** The lowest price of the last 90 days, when it was, and the price now. */
export async function priceHistoryReply(p: Product, tools: Toolbox): Promise<Reply> {
  tools.focus(p);
  const say = phrasesFor(tools.locale, tools.departmentsAr);
  const h = await tools.priceLow(p);
  if (!h) return { response: say.noPriceHistory(p), suggestedSearch: null };
  const low = h.lowest.price_cents;
  const on = day(h.lowest.at, tools.locale);
  if (low < p.price_cents) {
    const more = say.money((p.price_cents - low) / 100, p.currency);
    return { response: `${say.wasCheaper(p, PRICE_HISTORY_DAYS, say.money(low / 100, p.currency), on, more)}\n\n${say.priceChart}`, suggestedSearch: null };
  }
  const since = h.changes === 0 ? say.unchanged(PRICE_HISTORY_DAYS, on) : say.priceSince(on);
  return { response: `${say.lowestNow(p, PRICE_HISTORY_DAYS, since)}\n\n${say.priceChart}`, suggestedSearch: null };
}

/** A link the storefront opens as the product's dialog scrolled to the review. */
const reviewLink = (p: Product, reviewId: number) => `${productPageUrl('', p.id)}#review-${reviewId}`;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
/** A quote says something on its own from this many words ('Lovely sound' is a title, not evidence). */
const QUOTE_MIN_WORDS = 4;

/**
 * What buyers say, as one paragraph: the claims on the aspects the message names first, else the most mentioned
 * praise and criticism; each quoted (its fullest quote) and linked to its review. Claims whose quotes are all too short
 * to read on their own are passed over; with no claim left, the newest review's first sentence is quoted. Null when the
 * product has no reviews.
 */
export async function reviewEvidenceText(p: Product, message: string, tools: Toolbox): Promise<string | null> {
  const ev = await tools.reviewEvidence(p);
  if (ev.count === 0) return null;
  const say = phrasesFor(tools.locale, tools.departmentsAr);
  const asked = new Set<string>(aspectsIn(message));
  const best = (a: SummaryAspect) => [...a.quotes].sort((x, y) => wordCount(y.quote) - wordCount(x.quote))[0];
  const claims = [
    ...ev.praise.map((a) => ({ a, side: 'praise' as const })),
    ...ev.criticism.map((a) => ({ a, side: 'criticism' as const })),
  ].filter((c) => { const q = best(c.a); return q !== undefined && wordCount(q.quote) >= QUOTE_MIN_WORDS; });
  const onAsked = claims.filter((c) => asked.has(c.a.aspect));
  const picked = onAsked.length
    ? onAsked.slice(0, QUOTES_CITED)
    : [claims.find((c) => c.side === 'praise'), claims.find((c) => c.side === 'criticism')].filter((c): c is (typeof claims)[number] => c !== undefined);
  const reviews = say.reviewCount(ev.count);
  // asked for complaints and there are none: say so before quoting what buyers do say
  const noComplaints = COMPLAINTS.test(message) && ev.criticism.length === 0 ? say.noCriticism(reviews) : '';
  if (picked.length === 0) {
    const first = ev.sentences.find((q) => wordCount(q.quote) >= QUOTE_MIN_WORDS) ?? ev.sentences[0];
    return first ? `${noComplaints}${say.aBuyerWrites(reviews, `[“${first.quote}”](${reviewLink(p, first.review_id)})`)}` : null;
  }
  const parts = picked.map(({ a, side }) => {
    const q = best(a)!;
    const n = side === 'praise' ? a.positive : a.negative;
    return say.claim(side, say.aspect(a.aspect, a.label), n, reviews, `[“${q.quote}”](${reviewLink(p, q.review_id)})`);
  });
  return `${noComplaints}${say.buyers(parts)}`;
}

/** 'What do buyers say about X?': its rating and the evidence, or that it has no reviews yet. */
export async function reviewsReply(p: Product, message: string, tools: Toolbox): Promise<Reply> {
  tools.focus(p);
  const say = phrasesFor(tools.locale, tools.departmentsAr);
  const evidence = await reviewEvidenceText(p, message, tools);
  if (!evidence) return { response: say.noReviewsYet(p), suggestedSearch: null };
  const rating = p.rating !== null ? say.ratedFrom(p, say.verifiedReviewCount(p.review_count)) : '';
  return { response: say.buyersSay(p, rating, evidence), suggestedSearch: null };
}

/** The asked order of 'the two cheapest X' and how many, with the message left without those words. */
export function topN(message: string): { n: number; order: 'cheap' | 'dear' | 'rated'; rest: string } | null {
  const m = TOP_N.exec(message);
  if (!m) return null;
  const count = (m[1] ?? m[4] ?? '2').toLowerCase();
  const which = (m[2] ?? m[3] ?? '').toLowerCase();
  const n = count === 'three' || count === '3' ? 3 : 2;
  const order = /cheap|least/.test(which) ? 'cheap' : /rated/.test(which) ? 'rated' : 'dear';
  return { n, order, rest: message.replace(m[0], ' ') };
}

import { mainDepartment } from '../search/query-price.js';
export { mainDepartment };

/** The products of a kind (in its department), ordered as asked ('the two cheapest X'), the first n. */
export async function topOfKind(kind: string, order: 'cheap' | 'dear' | 'rated', n: number, tools: Toolbox): Promise<Product[]> {
  const { items: matches } = await tools.searchProducts({ query: kind, limit: 10 });
  const department = mainDepartment(matches);
  const items = matches.filter((p) => p.category === department);
  const sorted = [...items].sort((a, b) =>
    order === 'cheap' ? a.price_cents - b.price_cents : order === 'dear' ? b.price_cents - a.price_cents : (b.rating ?? 0) - (a.rating ?? 0) || b.review_count - a.review_count);
  return sorted.slice(0, n);
}

/**
 * 'Which X is better value?': the kind's products in its department, the best matches first, for
 * the comparison to weigh rating against where each price sits in that department.
 */
export async function sameDepartment(kind: string, tools: Toolbox, max = 4): Promise<Product[]> {
  const { items } = await tools.searchProducts({ query: kind, limit: 10 });
  const department = mainDepartment(items);
  return items.filter((p) => p.category === department).slice(0, max);
}
