import type { Product } from '@souq/shared/api/catalogue';
import type { SearchService } from '../search/search.service.js';

// How the assistant reads products out of a shopper's words, on top of the search's ranking (never inside it):
// which products a message NAMES ('the aura studio', 'nova x15 pro'), and which of the search's matches are about the
// words the shopper typed rather than merely mentioning them in a description (a tote "fits a laptop" is no laptop).

type Text = SearchService['text'];

/** Sizes, capacities and the like are no part of a name a shopper would type ('256gb', '1l', '6mm'). */
const UNIT = /^\d+(gb|tb|mm|cm|ml|l|kg|g|w|mah|inch|hz)$/;
/** A word at most this many products contain (anywhere) tells one product from the rest. */
const DISTINCT_MAX = 3;
const DF_TTL_MS = 60_000;
const DF_CACHE_MAX = 5_000;

const dfCaches = new WeakMap<object, Map<string, { df: number; at: number }>>();

/** How many products the search finds for one word (its document frequency), cached briefly per search service. */
async function documentFrequency(search: SearchService, token: string): Promise<number> {
  let cache = dfCaches.get(search);
  if (!cache) dfCaches.set(search, (cache = new Map()));
  const hit = cache.get(token);
  const now = Date.now();
  if (hit && now - hit.at < DF_TTL_MS) return hit.df;
  const df = (await search.rank(token, { limit: 1, prefix: false })).total;
  if (cache.size >= DF_CACHE_MAX) cache.clear();
  cache.set(token, { df, at: now });
  return df;
}

const isModelNumber = (t: string) => /\d/.test(t) && /[a-z]/.test(t);

/**
 * The products a message names, best first. A product is named when the message has at least two words of its name
 * or brand, one of them telling (a model number, or a word at most three products use), or its model number, or one
 * word only this product uses that is not its brand ('liftdesk'). A product whose matched words another named product also matched,
 * and more, is not named on its own ('nova x15 pro' names the Pro, not also the Mini).
 */
export async function namedProducts(search: SearchService, text: string, candidates: Product[]): Promise<Product[]> {
  const { analyze, isStopword } = search.text;
  const said = new Set(analyze(text));
  type Match = { p: Product; words: Set<string>; telling: number };
  const matches: Match[] = [];
  for (const p of candidates) {
    const brand = new Set(analyze(p.brand));
    const tokens = [...new Set(analyze(p.name.replace(/\([^)]*\)/g, ' ')))].filter((t) => !isStopword(t) && !UNIT.test(t));
    const matched = tokens.filter((t) => said.has(t));
    if (matched.length === 0) continue;
    const words = new Set([...matched, ...[...brand].filter((t) => said.has(t))]);
    let telling = 0;
    let unique = false;
    for (const t of matched) {
      if (isModelNumber(t)) {
        telling++;
        // a model number names its product on its own ('the Q30')
        if (t.length >= 3) unique = true;
        continue;
      }
      const df = await documentFrequency(search, t);
      if (df <= DISTINCT_MAX && t.length >= 3) telling++;
      if (df === 1 && !brand.has(t) && t.length >= 4 && !/^\d+$/.test(t)) unique = true;
    }
    if ((telling >= 1 && words.size >= 2) || unique) matches.push({ p, words, telling });
  }
  const dominated = (a: Match) => matches.some((b) => b !== a && b.words.size > a.words.size && [...a.words].every((w) => b.words.has(w)));
  return matches
    .filter((m) => !dominated(m))
    .sort((a, b) => b.telling - a.telling || b.words.size - a.words.size)
    .map((m) => m.p);
}

/** The words of a product's own fields: name, brand, categories, tags and keywords (not its description). */
function strongTokens(text: Text, p: Product): { raw: string[]; stems: Set<string> } {
  const raw = text.tokenize([p.name, p.brand, ...p.categories, ...p.tags, ...p.keywords].join(' '));
  return { raw, stems: new Set(raw.map((t) => text.analyze(t)[0] ?? t)) };
}

/** Whether a query term (as the search interpreted it) is one of the product's own words, also inside a compound. */
function strongMatch(text: Text, term: string, fields: { raw: string[]; stems: Set<string> }): boolean {
  const stems = text.analyze(term);
  if (stems.length > 0 && stems.every((s) => fields.stems.has(s))) return true;
  const t = text.normalize(term);
  return fields.raw.some((f) => (t.length >= 4 && (f.startsWith(t) || f.endsWith(t))) || (f.length >= 4 && t.startsWith(f)));
}

/**
 * Keeps the matches whose own fields carry the most of the interpreted query terms: when some matches are laptops, a
 * tote whose description mentions a laptop goes. Nothing is dropped when no match carries any term in its fields; the
 * matches are then only mentions in descriptions (onTopic false: 'do you love me' finds a novel about love).
 */
export function aboutTheQuery(text: Text, interpreted: string[], list: Product[]): { list: Product[]; onTopic: boolean } {
  if (interpreted.length === 0 || list.length === 0) return { list, onTopic: true };
  const scored = list.map((p) => {
    const fields = strongTokens(text, p);
    return { p, n: interpreted.filter((term) => strongMatch(text, term, fields)).length };
  });
  const best = Math.max(...scored.map((s) => s.n));
  return best === 0 ? { list, onTopic: false } : { list: scored.filter((s) => s.n === best).map((s) => s.p), onTopic: true };
}
