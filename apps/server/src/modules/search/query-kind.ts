import type { Product } from '@souq/shared/api/catalogue';

// Which of the search's matches are about the words the shopper typed rather than merely mentioning them in a
// description (a tote "fits a laptop" is no laptop): the kind a request asks for. Read by the assistant for its answers
// and by the search service to order a price-intent request's first matches within that kind (query-price.ts), so both
// put the same products first.

/** The search's text analysis (search.text.ts), as the search service hands it out. */
type Text = {
  analyze: (s: string) => string[]; tokenize: (s: string) => string[]; normalize: (s: string) => string;
  /** the English terms an Arabic word stands for in the catalogue (search.bilingual.ts); none when absent */
  englishFor?: (word: string) => readonly string[];
};

type StrongTokens = { readonly raw: readonly string[]; readonly stems: ReadonlySet<string> };

/**
 * The words of recent products' own fields by the fields' text, per text analysis: the assistant reads them for the
 * 20 matches of every search it makes, mostly the same products again, and tokenising and stemming them was a tenth
 * of an answer's own work (decision 0204). Keyed by the text itself, so an edited product is read afresh; bounded.
 */
const strongCache = new WeakMap<Text, Map<string, StrongTokens>>();
const STRONG_CACHE_MAX = 500;

/** The words of a product's own fields: name, brand, categories, tags and keywords (not its description). */
function strongTokens(text: Text, p: Product): StrongTokens {
  const own = [p.name, p.name_ar, p.brand, ...p.categories, ...p.tags, ...p.keywords].join(' ');
  let cache = strongCache.get(text);
  if (!cache) strongCache.set(text, (cache = new Map()));
  let tokens = cache.get(own);
  if (tokens) return tokens;
  const raw = text.tokenize(own);
  tokens = { raw, stems: new Set(raw.map((t) => text.analyze(t)[0] ?? t)) };
  if (cache.size >= STRONG_CACHE_MAX) cache.clear();
  cache.set(own, tokens);
  return tokens;
}

/** Whether a query term (as the search interpreted it) is one of the product's own words, also inside a compound. */
function strongMatch(text: Text, term: string, fields: StrongTokens, english: readonly string[]): boolean {
  const stems = text.analyze(term);
  if (stems.length > 0 && stems.every((s) => fields.stems.has(s))) return true;
  // an Arabic word a listing says in English only: its name or tags hold a word the Arabic one stands for (0184)
  if (english.some((e) => fields.stems.has(e))) return true;

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
  const english = interpreted.map((term) => (text.englishFor && text.tokenize(term).length === 1 ? text.englishFor(term) : []));
  const scored = list.map((p) => {
    const fields = strongTokens(text, p);
    return { p, n: interpreted.filter((term, i) => strongMatch(text, term, fields, english[i]!)).length };
  });
  const best = Math.max(...scored.map((s) => s.n));
  return best === 0 ? { list, onTopic: false } : { list: scored.filter((s) => s.n === best).map((s) => s.p), onTopic: true };
}
