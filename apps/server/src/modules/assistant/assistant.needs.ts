import type { Product } from '@souq/shared/api/catalogue';
import { SEARCH_REPLY_MAX_PRODUCTS } from '@souq/shared/constants';
import type { SearchService } from '../search/search.service.js';
import { arabicHead } from '../search/search.arabic.js';
import type { Toolbox } from './assistant.tools.js';
import { phrasesFor } from './assistant.phrases.js';
import { needFunctions, saysItDoesWithout, type Negation } from './assistant.understanding.js';

// The built-in assistant's answer to a need (decisions 0135, 0153): split from assistant.builtin.ts, which decides when a
// request is a need and composes the rest of the answers.

type Reply = { response: string; suggestedSearch: null };

/** A need's matches are the listings scoring at least this share of the best one's. */
const NEED_KEEP = 0.7;
/** The fewest asked words or functions a listing must say to answer a need. */
const NEED_MIN_WORDS = 2;

/**
 * The heads of a listing's names: the last word of its English name that is no number, size or pack ('Chef Cast Iron
 * Skillet 28 cm' → skillet), and the first Arabic word of its Arabic name (Arabic puts the head first: «مصباح مكتب …»).
 */
export function nameHeads(p: { name: string; name_ar: string }): string[] {
  const en = p.name.split(/\s+/).filter((w) => /^[A-Za-z]{3,}$/.test(w) && !/^(?:pack|cm|mm|ml|kg|pro|mini|max|plus|gen|set)$/i.test(w));
  const ar = arabicHead(p.name_ar.split(/\s+/));
  return [...(en.length ? [en[en.length - 1]!.toLowerCase()] : []), ...(ar ? [ar] : [])];
}

export function createNeedReply(deps: { search: SearchService; isRuledOut: (p: Product, negation: Negation) => boolean }) {
  const { search, isRuledOut } = deps;
  /**
   * A request phrased as a need ('something to keep my drinks cold on a hike', 'ظهري يعورني من الجلسة'): the products
   * whose listings (name, description, features, tags, both languages) say they do what is asked. Each word of the
   * request, and each word a need stands for (needFunctions), counts by how rare it is in the catalogue (the search's
   * own count of products matching it); a listing that says it needs less of what the shopper wants to do without
   * ('without oil': 'up to 90% less oil') fits best. Null when no listing says anything of it.
   */
  return async function needReply(msg: string, words: string[], negation: Negation, tools: Toolbox, spell: (w: string) => string): Promise<Reply | null> {
    const { analyze, tokenize, normalize } = search.text;
    const terms = [...new Set([...words, ...needFunctions(msg)])].filter((t) => analyze(t).length > 0);
    if (terms.length === 0) return null;
    const size = (await search.departments()).reduce((n, d) => n + d.count, 0) || 1;
    const weight = new Map<string, number>();
    const pool = new Map<number, Product>();
    const add = async (ids: number[]) => {
      for (const p of await tools.products(ids)) pool.set(p.id, p);
    };
    for (const t of terms) {
      const r = await search.rank(t, { limit: 10, prefix: false });
      if (r.total === 0) continue;
      weight.set(t, Math.log(1 + size / r.total));
      await add(r.ids);
    }
    await add((await search.rank(words.join(' '), { limit: 20, prefix: false })).ids);
    const listing = (p: Product) =>
      [p.name, p.name_ar, p.description, p.description_ar, ...p.bullet_points, ...p.bullet_points_ar, ...p.tags, ...p.categories].join(' ');
    const doesWithout = new Set<number>();
    for (const s of negation.freeOf) {
      for (const p of await tools.products((await search.rank(s, { limit: 20, prefix: false })).ids)) {
        if (saysItDoesWithout(listing(p), analyze, s)) {
          pool.set(p.id, p);
          doesWithout.add(p.id);
        }
      }
    }
    const total = [...weight.values()].reduce((a, b) => a + b, 0) || 1;
    const scored = [...pool.values()]
      .filter((p) => !isRuledOut(p, negation))
      .map((p) => {
        const text = listing(p);
        const stems = new Set(analyze(text));
        const raw = tokenize(text);
        // how many of the asked words and functions the listing says (the rarer in the catalogue, the more a word
        // tells: the share of their weight breaks ties); a listing that says it does without what was ruled out, first
        let count = doesWithout.has(p.id) ? 2 : 0;
        let share = 0;
        for (const [t, w] of weight) {
          const want = analyze(t);
          const n = normalize(t);
          // a word of the listing, or the start of a compound ('back' in 'backrest')
          if (want.every((x) => stems.has(x)) || (n.length >= 4 && !n.includes(' ') && raw.some((r) => r.startsWith(n)))) {
            count++;
            share += w / total;
          }
        }
        return { p, score: count + share };
      })
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || (b.p.rating ?? 0) - (a.p.rating ?? 0));
    // a need is told by at least two things a listing says (one shared word is a coincidence: the search answers that)
    if (scored.length === 0 || scored[0]!.score < NEED_MIN_WORDS) return null;
    const best = Math.max(...scored.map((x) => x.score));
    // a need of a kind the catalogue names ('camera for vlogging': a word of products' own names, categories or tags)
    // is answered within the department of the best listing, as a kind with a budget is (decision 0102)
    const own = (p: Product) => new Set(analyze([p.name, p.name_ar, ...p.categories, ...p.tags].join(' ')));
    const namesKind = words.some((w) => {
      const stems = analyze(w);
      return stems.length > 0 && scored.some((x) => stems.every((st) => own(x.p).has(st)));
    });
    // the kind the shopper names wins over the words that describe the need ('a lamp so I can read at my desk at night':
    // lamps first, then a lantern that says night and reading): a request word that is the head of a listing's own
    // name — the noun an English name ends with, the first word of an Arabic one — not merely one of its words ('desk'
    // of a desk lamp, asked with back pain, names no lamp)
    const heads = new Set(words.flatMap((w) => analyze(w)));
    // (and says at least two of the asked things itself: 'who rings the bell' names no ring)
    const headed = (x: { p: Product; score: number }) => x.score >= NEED_MIN_WORDS && nameHeads(x.p).some((h) => analyze(h).some((st) => heads.has(st)));
    if (scored.some(headed)) scored.sort((a, b) => Number(headed(b)) - Number(headed(a)));
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
