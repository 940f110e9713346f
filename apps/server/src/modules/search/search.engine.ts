import { analyseQuery, catalogueReading, correctWord, loanwordReading } from './query-analysis.js';
import { arabicBase } from './search.arabic.js';
import { normalize, stem } from './search.text.js';
import { CatalogueFacets, type Facets } from './search.facets.js';
import { ProductIndex, type IndexedProduct, type SearchDoc, type SearchFilters } from './search.index.js';
import { Ranking, type SearchOptions, type SearchResult } from './search.ranking.js';

// The search engine: an in-memory product index the service feeds from the database, searched in three steps that
// live in files of their own (decision 0134):
//   1. query-analysis.ts — the text read alone (price words, Arabic and English folding, concepts and their readings:
//      synonyms, corrections, completions, compounds), knowing of the index only its Vocabulary (search.vocabulary.ts);
//   2. search.index.ts — the products stored (columns, postings, term pools, names, the catalogue's words);
//   3. search.ranking.ts — BM25F scoring with coverage and words side by side, the semantic re-ranking, similar
//      products; search.facets.ts the catalogue's counts. Every tuned number is in search.weights.ts.
// This class only composes them; its methods are the engine's whole public API.

export type { Facets, IndexedProduct, SearchDoc, SearchFilters, SearchOptions, SearchResult };

export class SearchIndex {
  private readonly index = new ProductIndex();
  private readonly ranking = new Ranking(this.index);
  private readonly catalogue = new CatalogueFacets(this.index);

  /** bumps on every change, so callers can cache derived facts */
  get version(): number {
    return this.index.version;
  }

  set version(v: number) {
    this.index.version = v;
  }

  get size(): number {
    return this.index.size;
  }

  has(id: number): boolean {
    return this.index.has(id);
  }

  get(id: number): Readonly<IndexedProduct> | undefined {
    return this.index.get(id);
  }

  /** Fills an empty index with the whole catalogue (see ProductIndex.load). */
  load(docs: SearchDoc[], chunk = 2000): Promise<void> {
    return this.index.load(docs, chunk);
  }

  /** Bulk load, first step (any number of pages, then finishBulk). */
  addBulk(docs: SearchDoc[], chunk = 2000): Promise<void> {
    return this.index.addBulk(docs, chunk);
  }

  /** Bulk load, last step. */
  finishBulk(chunk = 2000): Promise<void> {
    return this.index.finishBulk(chunk);
  }

  /** Adds or replaces one product. */
  upsert(d: SearchDoc): void {
    this.index.upsert(d);
  }

  /** A stock move (orders): only the in-stock filter depends on it, so the version moves when that flips. */
  setStock(id: number, stock: number): void {
    this.index.setStock(id, stock);
  }

  remove(id: number): void {
    this.index.remove(id);
  }

  /** Ranked ids for a free-text query with filters: the query is analysed first, then ranked over the index. */
  search(query: string, opts: SearchOptions): SearchResult {
    const analysed = analyseQuery(query, { prefix: opts.prefix ?? true, translate: opts.translate }, this.index.vocab);
    return this.ranking.rank(analysed, opts);
  }

  /** Products most like the given one (vector cosine, same-category bonus), best first. */
  similar(id: number, limit: number, filters: SearchFilters = {}): number[] {
    return this.ranking.similar(id, limit, filters);
  }

  /** Prices (minor units, ascending) and ratings of the live products of a category, for value judgements. */
  categoryPrices(category: string): { prices: number[]; ratings: number[] } {
    return this.catalogue.categoryPrices(category);
  }

  /** Brands and categories with their product counts (display spelling of the first one seen). */
  facets(): Facets {
    return this.catalogue.facets();
  }

  /** The shop's departments, largest first (see CatalogueFacets.departments). */
  departments(): { name: string; count: number; groups: string[] }[] {
    return this.catalogue.departments();
  }

  /** The catalogue's Latin word an Arabic word it does not hold sounds like ('سبيكر' → speaker), or null (query-loanwords.ts). */
  loanword(word: string): string | null {
    const vocab = this.index.vocab;
    const w = arabicBase(normalize(word));
    if (!/^[\u0600-\u06FF]{4,}$/.test(w) || vocab.df(stem(w)) > 0) return null;
    return loanwordReading(w, vocab)?.word ?? null;
  }

  /**
   * The catalogue's form of an Arabic word it does not hold ('بصوتي' → صوت, 'اتحكم' → تحكم, 'فوانيس' → فانوس): how the
   * query analysis reads it (decision 0178), for the assistant's own reading of a message; the word itself when the
   * catalogue holds it or has no form of it.
   */
  catalogueWord(word: string): string {
    const w = arabicBase(normalize(word));
    if (!/^[\u0600-\u06FF]{4,}$/.test(w) || this.index.vocab.df(stem(w)) > 0) return word;
    return catalogueReading(w, this.index.vocab)?.word ?? word;
  }

  /**
   * The English terms of listings' names and tags an Arabic word stands for in this catalogue (search.bilingual.ts,
   * decision 0184): 'تخييم' → camping. Empty for a Latin word, or one the catalogue does not align.
   */
  englishFor(word: string): readonly string[] {
    const vocab = this.index.vocab;
    const w = arabicBase(normalize(word));
    if (!vocab.englishFor || !/^[\u0600-\u06FF]{3,}$/.test(w)) return [];
    const term = vocab.df(stem(w)) > 0 ? stem(w) : catalogueReading(w, vocab)?.term;
    return term ? vocab.englishFor(term) : [];
  }

  /** The analysed terms a text would match in this index, with typo correction (for the assistant). */
  correct(token: string): string | null {
    return correctWord(token, this.index.vocab);
  }
}

// kept where they were for the callers and tests that import them from the engine
export { otherLengthUnit, stopPairs } from './query-analysis.js';
export { pairShare, surfaceShare } from './search.ranking.js';
export { compareBackwards } from './search.vocabulary.js';
