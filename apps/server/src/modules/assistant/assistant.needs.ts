import type { Product } from '@souq/shared/api/catalogue';
import { SEARCH_REPLY_MAX_PRODUCTS } from '@souq/shared/constants';
import type { SearchService } from '../search/search.service.js';
import { arabicHead } from '../search/search.arabic.js';
import { matchesByPrefix, needFitOf, NEED_MIN_WEIGHT, wordWeight, type NeedTerm } from '../search/query-needs.js';
import type { Toolbox } from './assistant.tools.js';
import { phrasesFor } from './assistant.phrases.js';
import { needFunctionGroups, possessedWords, saysItDoesWithout, type Negation } from './assistant.understanding.js';
import { isCircumstance } from './assistant.prepurchase.js';
import { readArabic } from './assistant.arabic.js';
import { listingText } from './assistant.listing-says.js';

/** The situations a need tells, read on the message as the assistant reads it and as the shopper wrote it (decision 0198). */
function situationsTold(msg: string, said: string): string[][] {
  const seen = new Set<string>();
  return [...needFunctionGroups(msg), ...(said === msg ? [] : needFunctionGroups(readArabic(said)))].filter((g) => {
    const key = g.join('|');
    return !seen.has(key) && seen.add(key);
  });
}

// The built-in assistant's answer to a need (decisions 0135, 0153): split from assistant.builtin.ts, which decides when a
// request is a need and composes the rest of the answers.

type Reply = { response: string; suggestedSearch: null };

/** A need's matches are the listings scoring at least this share of the best one's. */
const NEED_KEEP = 0.7;

/**
 * The heads of a listing's names: the last word of its English name that is no number, size or pack ('Chef Cast Iron
 * Skillet 28 cm' → skillet), and the first Arabic word of its Arabic name (Arabic puts the head first: «مصباح مكتب …»).
 */
export function nameHeads(p: { name: string; name_ar: string }): string[] {
  const en = p.name.split(/\s+/).filter((w) => /^[A-Za-z]{3,}$/.test(w) && !/^(?:pack|cm|mm|ml|kg|pro|mini|max|plus|gen|set)$/i.test(w));
  const ar = arabicHead(p.name_ar.split(/\s+/));
  return [...(en.length ? [en[en.length - 1]!.toLowerCase()] : []), ...(ar ? [ar] : [])];
}

/**
 * The words a request writes as nouns: after an English article or possessive ('the piano', 'a blender', 'my cat'), and
 * Arabic words with the article «ال» (also after «بال، لل، وال، وبال»). A verb is never written so ('who rings the bell': rings
 * is no noun, bell is).
 */
export function wordsAsNouns(text: string): string[] {
  const en = [...text.matchAll(/\b(?:a|an|the|my|our|his|her|some)\s+([a-z]{3,})\b/gi)].map((m) => m[1]!.toLowerCase());
  const ar = text.split(/[^\p{L}]+/u).filter((w) => /^[وف]?(?:[بلك]?ال|لل)[\u0621-\u064A]{2,}$/u.test(w));
  return [...en, ...ar];
}

/**
 * The words of a need that carry its grammar, not its content (normalised, both languages): when and in which order
 * ('before', 'after', 'every', 'while'), light verbs ('make', 'keep', 'get', 'stop', 'put', «يصير، تطلع»), helping and
 * having («يساعدني، عندي»). A listing that happens to say one is no answer to the need (decision 0188).
 */
export const NEED_GRAMMAR = new Set(
  (
    'before after while during every each whenever always never still even also again ago soon later then ' +
    'make makes making made keep keeps keeping kept get gets getting got stop stops stopping put puts take takes taking ' +
    'go goes going went come comes coming help helps helping become becomes start starts try trying ' +
    // (and the verbs a told situation is said with — 'gives me a headache', 'I hate carrying', 'having friends over',
    // 'can't stand': decision 0202)
    'give gives giving gave hate hates having handle well cant turn turns turning turned ' +
    'بعد قبل كل هناك هنا عندي عنده عندها لا زين مره دايم دايما يساعد يساعدني تساعدني يساعدنا يصير تصير صار صارت تطلع يطلع ' +
    'يخلي تخلي يجي تجي ' +
    // where a need is felt, not what it is: at home («في البيت», read as the catalogue's «منزل»), and when: all day, every
    // morning, at the weekend («طول اليوم، كل صباح، نهاية الأسبوع»; decision 0191)
    'home منزل المنزل بيت البيت ' +
    'day days daily morning mornings evening evenings week weeks weekend weekends today tonight noon lunch ' +
    'طول طوال اليوم يوم يوميا الصبح صباح الصباح مساء المساء الاسبوع اسبوع نهايه الويكند'
  ).split(' '),
);

export function createNeedReply(deps: { search: SearchService; isRuledOut: (p: Product, negation: Negation) => boolean }) {
  const { search, isRuledOut } = deps;
  /**
   * A request phrased as a need ('something to keep my drinks cold on a hike', 'ظهري يعورني من الجلسة'): the products
   * whose listings (name, description, features, tags, both languages) say they do what is asked. Each word of the
   * request, and each word a need stands for (needFunctions), counts by how rare it is in the catalogue (the search's
   * own count of products matching it); a listing that says it needs less of what the shopper wants to do without
   * ('without oil': 'up to 90% less oil') fits best. Null when no listing says anything of it.
   */
  // (`shown`: products already on the table when the shopper asks for something else — 'and something to …' — which are
  // no answer to it: decision 0194)
  return async function needReply(msg: string, words: string[], negation: Negation, tools: Toolbox, spell: (w: string) => string, said = msg, shown: ReadonlySet<number> = new Set()): Promise<Reply | null> {
    const { analyze, tokenize, normalize } = search.text;
    const reading = { analyze, tokenize, normalize };
    // the shopper's own words in full, the words their need stands for at a share (decision 0176); an Arabic word as the
    // catalogue writes it, without particle, pronoun or the verb's letter ('بصوتي' → صوت, 'أتحكم' → تحكم: decision 0178)
    // (grammar's words — time and order words, light verbs, 'help', 'become' — are no part of the need, however rarely
    // listings say them: 'before work' names no headset that says 'before', «يساعدني» no drum kit that 'helps'; decision 0188)
    // (nor is a number — an age, a count, an hour: 'my dog is 12 now', 'dead by 4pm' — what a listing says it does; a
    // model's '4k' is a word: decision 0202)
    words = words.filter((w) => !NEED_GRAMMAR.has(normalize(w)) && !/^\d+(?:am|pm)?$/i.test(w));
    if (words.length === 0) return null;
    const asRead = await Promise.all(words.map((w) => search.catalogueWord(w)));
    const saidByShopper = new Set(asRead);
    // the situations told are read on the whole message, a nuisance said with 'without' too ('listen without the plane's
    // noise', «بدون ازعاج الطيارة» asks for what keeps the noise out; the negation's reading has taken it out of `msg`:
    // decision 0198)
    const told = situationsTold(msg, said);
    const toldFunctions = [...new Set(told.flat())];
    const terms: NeedTerm[] = [...new Set([...asRead, ...toldFunctions])]
      .filter((t) => analyze(t).length > 0)
      .map((term) => ({ term, own: saidByShopper.has(term) }));
    if (terms.length === 0) return null;
    const size = (await search.departments()).reduce((n, d) => n + d.count, 0) || 1;
    const weight = new Map<string, number>();
    const pool = new Map<number, Product>();
    const add = async (ids: number[]) => {
      for (const p of await tools.products(ids)) pool.set(p.id, p);
    };
    for (const { term: t } of terms) {
      // (the word as listings say it, not its English words by the bilingual vocabulary: the weight is of what is read)
      const r = await search.rank(t, { limit: 10, prefix: false, translate: false });
      // how many listings say the word, counted as a listing is read below (a compound's start by prefix)
      const df = matchesByPrefix(t, reading) ? Math.max(r.total, (await search.rank(t, { limit: 1, prefix: true, translate: false })).total) : r.total;
      if (df === 0) continue;
      weight.set(t, wordWeight(df, size));
      await add(r.ids);
    }
    await add((await search.rank(words.join(' '), { limit: 20, prefix: false })).ids);
    const listing = (p: Product) => [listingText(p), ...p.categories].join(' ');
    const doesWithout = new Set<number>();
    for (const s of negation.freeOf) {
      for (const p of await tools.products((await search.rank(s, { limit: 20, prefix: false })).ids)) {
        if (saysItDoesWithout(listing(p), analyze, s)) {
          pool.set(p.id, p);
          doesWithout.add(p.id);
        }
      }
    }
    // the asked words read once for all the listings (decision 0177)
    const fitOf = needFitOf(terms, weight, reading);
    const scored = [...pool.values()]
      .filter((p) => !isRuledOut(p, negation) && !shown.has(p.id))
      .map((p) => {
        // the summed weight of the asked words the listing says (a rare word tells more than a common one: the blender
        // that says smoothies, not the sneakers that 'make' and go with 'everything'); a listing that says it does
        // without what was ruled out, first
        const fit = fitOf(listing(p));
        return { p, said: fit.said, score: fit.weight + (doesWithout.has(p.id) ? NEED_MIN_WEIGHT * 2 : 0) };
      })
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || (b.p.rating ?? 0) - (a.p.rating ?? 0));
    // a need is told by what a listing says that few others say (one common shared word is a coincidence: the search
    // answers that) — or by a listing saying two of the words for the situation told (the ring that says sleep and
    // readiness for 'I wake up tired', however common each word is: decision 0198)
    const functions = toldFunctions.filter((t) => weight.has(t)).map((term) => ({ term, own: false }));
    const fnFit = needFitOf(functions, weight, reading);
    const fnSaid = new Map(scored.map((x) => [x, functions.length ? fnFit(listing(x.p)).said : 0]));
    if (scored.length && scored[0]!.score < NEED_MIN_WEIGHT) scored.splice(0, scored.length, ...scored.filter((x) => fnSaid.get(x)! >= 2));
    if (scored.length === 0) return null;
    const best = Math.max(...scored.map((x) => x.score));
    // a need of a kind the catalogue names ('camera for vlogging': a word of products' own names, categories or tags)
    // is answered within the department of the best listing, as a kind with a budget is (decision 0102)
    // (each listing's own words read once, not again for every request word)
    const owned = new Map<Product, Set<string>>();
    const own = (p: Product) => owned.get(p) ?? owned.set(p, new Set(analyze([p.name, p.name_ar, ...p.categories, ...p.tags].join(' ')))).get(p)!;
    const namesKind = words.some((w) => {
      const stems = analyze(w);
      return stems.length > 0 && scored.some((x) => stems.every((st) => own(x.p).has(st)));
    });
    // the kind the shopper names wins over the words that describe the need ('a lamp so I can read at my desk at night':
    // lamps first, then a lantern that says night and reading): a request word that is the head of a listing's own
    // name — the noun an English name ends with, the first word of an Arabic one — not merely one of its words ('desk'
    // of a desk lamp, asked with back pain, names no lamp)
    // (what the shopper already has — 'charge my phone', «أشحن جوالي» — is the need's object, never the kind asked:
    // decision 0184)
    const possessed = new Set(possessedWords(said).flatMap((w) => analyze(w)));
    // (nor is where it is felt, a word after a preposition: 'sleep on the plane', «النوم في الطائرة» names no drone whose
    // Arabic name starts «طائرة»; decision 0191)
    const heads = new Set(words.filter((w) => !isCircumstance(w, msg) && !isCircumstance(w, said)).flatMap((w) => analyze(w)).filter((st) => !possessed.has(st)));
    // (and says at least two of the asked things itself — 'who rings the bell' names no ring — unless the shopper wrote
    // the word as a noun, after an article: «أتعلم البيانو», 'learn the piano'; decision 0176)
    const nouns = new Set(wordsAsNouns(msg).flatMap((w) => analyze(w)));
    // (read once per listing, not in every comparison of the sort)
    const isHeaded = new Map(scored.map((x) => [x, x.score >= NEED_MIN_WEIGHT && nameHeads(x.p).some((h) => analyze(h).some((st) => heads.has(st) && (x.said >= 2 || nouns.has(st))))]));
    const headed = (x: { p: Product; score: number; said: number }) => isHeaded.get(x)!;
    if (scored.some(headed)) scored.sort((a, b) => Number(headed(b)) - Number(headed(a)));
    // and the listings of what the shopper has go, when others answer the need ('something to charge my phone': no phone)
    const ofPossessed = (x: { p: Product }) => nameHeads(x.p).some((h) => analyze(h).some((st) => possessed.has(st)));
    if (possessed.size && scored.some((x) => !ofPossessed(x) && x.score >= NEED_MIN_WEIGHT)) scored.splice(0, scored.length, ...scored.filter((x) => !ofPossessed(x)));
    // a need read as a function ('my phone keeps dying' → power bank) is answered by the listings that say that function,
    // when the first does: a listing sharing only the circumstance ('camping trips') answers nothing (decision 0188)
    if (functions.length) {
      const saysFn = (x: { p: Product; score: number; said: number }) => fnSaid.get(x)! > 0;
      // (also when the first shares only one of the shopper's words — «سرعته» of a gaming laptop for 'my speed' when
      // running — a coincidence, not an answer to the situation told; decision 0191)
      // (the kind the shopper names stays first: «أتعلم البيانو» is the piano's)
      if (saysFn(scored[0]!) || (scored[0]!.said < 2 && !headed(scored[0]!) && scored.some(saysFn))) scored.splice(0, scored.length, ...scored.filter(saysFn));
      // two situations told ('film the kids snorkelling': filming, under water): the listings that answer the most of
      // them, each situation counted once however many of its words a listing says (decision 0191)
      const groups = told
        .map((g) => g.filter((t) => weight.has(t)).map((term) => ({ term, own: false })))
        .filter((g) => g.length > 0)
        .map((g) => needFitOf(g, weight, reading));
      if (groups.length >= 2) {
        const covered = new Map(scored.map((x) => [x, groups.filter((fit) => fit(listing(x.p)).said > 0).length]));
        const most = Math.max(...covered.values());
        if (most >= 2) scored.splice(0, scored.length, ...scored.filter((x) => covered.get(x) === most));
      }
    }
    const department = scored[0]!.p.category;
    const items = scored
      .filter((x, i) => (i === 0 || x.score >= NEED_KEEP * best) && (!namesKind || x.p.category === department))
      .slice(0, SEARCH_REPLY_MAX_PRODUCTS)
      .map((x) => x.p);
    const say = phrasesFor(tools.locale, tools.departmentsAr);
    for (const p of items) tools.mention(p.id, 'mention');
    if (items.length === 1) tools.focus(items[0]!);
    const label = say.label(words.map(spell), null);
    const parts = [say.topMatches(items.length, label, '', items.length), items.map((p, i) => say.line(p, i)).join('\n')];
    return { response: parts.join('\n\n'), suggestedSearch: null };
  };
}
