import { headNoun, normalize, stem, STOPWORDS, tokenize, type PriceIntent } from './search.text.js';
import { arabicBase, arabicHead, isArabic } from './search.arabic.js';
import { analyseQuery, correctWord, type Concept } from './query-analysis.js';
import { WordList, type Vocabulary } from './search.vocabulary.js';
import {
  ADJ_MAX_CONCEPTS, ADJ_MIN_WEIGHT, FEEDBACK_DOCS, FIELDS, K1, POPULARITY_REVIEWS, PRICE_INTENT_MIN_LEX, RERANK_DEPTH, SCORER_CHEAPEST_RATIO, SCORER_MIN_POSTINGS, SIMILAR_MAX_CANDIDATES, SIMILAR_SEED_TERMS, SPLIT_SURFACE_MIN, VEC_FIELD_W, W_ADJ, W_FEEDBACK, W_POPULARITY, W_PRICE_INTENT, W_SEM, W_SIMILAR_POPULARITY, W_SIMILAR_SAME_CATEGORY, W_STOP_PAIRS, W_SURFACE,
  type FieldKey,
} from './search.weights.js';

// The in-memory product index: BM25F over weighted fields, query expansion (synonyms, typos, prefixes,
// split/joined words), coverage of the query's concepts, and a semantic re-ranking with TF-IDF vectors
// (pseudo-relevance feedback). Pure data structure: the service feeds it from the database.

export type SearchDoc = {
  id: number;
  name: string;
  brand: string;
  categories: string[];
  /** tags, keywords and AI tags */
  tags: string[];
  /** description, short description and bullet points */
  description: string;
  /** the Arabic name, and the Arabic description with its bullet points (issue 26 item 6); absent or '' when none */
  nameAr?: string;
  descriptionAr?: string;
  priceCents: number;
  stock: number;
  rating: number | null;
  reviewCount: number;
};

export type SearchFilters = {
  category?: string;
  brand?: string;
  minCents?: number;
  maxCents?: number;
  /** true: in stock only; false: sold out only (as the product list reads it) */
  inStock?: boolean;
  /** only these products (e.g. those with an embed record) */
  only?: ReadonlySet<number>;
  /** products never to return (e.g. the product itself in 'similar') */
  exclude?: ReadonlySet<number>;
};

export type SearchOptions = SearchFilters & {
  limit: number;
  offset?: number;
  /** Expand the last word as a prefix (typing). On by default. */
  prefix?: boolean;
};

export type SearchResult = {
  ids: number[];
  total: number;
  /** price bounds and intent read from the query text ('under 200', 'cheap') */
  price: { minCents?: number; maxCents?: number; intent: PriceIntent };
  /** the words that found something, after corrections (for 'did you mean' and the assistant) */
  interpreted: string[];
};

const FIELD_KEYS = Object.keys(FIELDS) as FieldKey[];
/** vector weights are kept per term as a byte: tenths, 0.1 … 25.5 */
const TERM_W_SCALE = 10;
/** 1 + ln(count) for each stored byte: the vectors' tf part, looked up rather than computed for every term */
const TF_PART = Float64Array.from({ length: 256 }, (_, w) => 1 + Math.log(w / TERM_W_SCALE));

/** What the index keeps of a product: no texts, only what ranking, filters and facets need. */
export type IndexedProduct = Pick<SearchDoc, 'id' | 'brand' | 'categories' | 'priceCents' | 'stock' | 'rating' | 'reviewCount'>;

/** A removed product's price in `Columns.price`: prices are never negative (a check constraint), so it never meets a real one. */
const REMOVED_PRICE = -0x80000000;

/**
 * The products of the index, one typed array per field, indexed by slot: an object per product (with its name and
 * its boxed rating) cost ~230 bytes each, 230 MB at 1,000,000 products and as many objects for every full
 * garbage collection to mark. Strings (brand, categories and their normalised keys) are numbers into `strings` and
 * `lists`, one entry per distinct spelling or list.
 */
class Columns {
  /** slots used (live or removed) */
  n = 0;
  id = new Float64Array(1024);
  alive = new Uint8Array(1024);
  /**
   * Whole cents (the column is a 32-bit integer), and REMOVED_PRICE once the product is removed: the postings walk
   * checks liveness and the price filter with this one read. At 1,000,000 products these reads, one per posting at
   * scattered slots, were the most expensive line of a search; 4 bytes a slot instead of 8 + 1 halves their misses.
   */
  price = new Int32Array(1024);
  stock = new Float64Array(1024);
  /** NaN for no rating */
  rating = new Float64Array(1024);
  reviews = new Float64Array(1024);
  brand = new Int32Array(1024);
  brandKey = new Int32Array(1024);
  categories = new Int32Array(1024);
  categoryKeys = new Int32Array(1024);
  /** where its field lengths (one per FieldKey) and then its distinct term ids sit in the index's `ints` pool */
  intAt = new Int32Array(1024);
  termN = new Int32Array(1024);
  /** then the term ids of its name, in order (for the adjacent-words bonus) */
  nameN = new Int32Array(1024);
  /** where its name's UTF-8 bytes sit in the index's `names` pool, and how many (the re-ranking reads the words) */
  nameAt = new Int32Array(1024);
  nameBytes = new Int32Array(1024);
  strings: string[] = [];
  lists: string[][] = [];

  /** Room for slot `slot`. */
  ensure(slot: number): void {
    if (slot < this.id.length) return;
    for (const k of ['id', 'alive', 'price', 'stock', 'rating', 'reviews', 'brand', 'brandKey', 'categories', 'categoryKeys', 'intAt', 'termN', 'nameN', 'nameAt', 'nameBytes'] as const) {
      (this[k] as Float64Array | Int32Array | Uint8Array) = grown(this[k], slot + 1);
    }
  }
}

/** A product of the index, read from its slot's columns: made on demand (a query makes one per candidate it keeps). */
class Doc implements IndexedProduct {
  constructor(private readonly c: Columns, readonly slot: number) {}
  get id() { return this.c.id[this.slot]!; }
  get alive() { return this.c.alive[this.slot] === 1; }
  get priceCents() { return this.c.price[this.slot]!; }
  get stock() { return this.c.stock[this.slot]!; }
  get rating() { const r = this.c.rating[this.slot]!; return Number.isNaN(r) ? null : r; }
  get reviewCount() { return this.c.reviews[this.slot]!; }
  get brand() { return this.c.strings[this.c.brand[this.slot]!]!; }
  get brandKey() { return this.c.strings[this.c.brandKey[this.slot]!]!; }
  get categories() { return this.c.lists[this.c.categories[this.slot]!]!; }
  get categoryKeys() { return this.c.lists[this.c.categoryKeys[this.slot]!]!; }
  get intAt() { return this.c.intAt[this.slot]!; }
  get termN() { return this.c.termN[this.slot]!; }
  get nameN() { return this.c.nameN[this.slot]!; }
}

export type Facets = {
  brands: Map<string, { name: string; count: number }>;
  categories: Map<string, { name: string; count: number }>;
};

/** The slots holding a term and its weighted frequency there; `n` entries used (the arrays grow by doubling). */
type Posting = { slots: Int32Array; tf: Float32Array; n: number };

/**
 * A growable typed array: one shared store for a per-product list instead of a typed array per product (each of
 * those costs ~180 bytes of object headers, 4 per product: 37 MB at 50,000 products).
 */
class Pool<A extends Int32Array | Float32Array | Float64Array | Uint8Array> {
  length = 0;
  constructor(public data: A) {}
  /** Room for n more values; returns where they start (read `data` afterwards: it may have been replaced). */
  reserve(n: number): number {
    const at = this.length;
    if (at + n > this.data.length) this.data = grown(this.data, at + n);
    this.length += n;
    return at;
  }
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
const UTF8 = new TextEncoder();
const UTF8_TEXT = new TextDecoder();

/**
 * A copy of `a` with room for at least `min` values: twice as much, or an eighth more once it is large (the pools
 * hold ~45 million values at 1,000,000 products, and one edit after the build must not double them); either way
 * appends stay amortised O(1).
 */
function grown<A extends Int32Array | Float32Array | Float64Array | Uint8Array>(a: A, min: number): A {
  const more = a.length < 1 << 22 ? a.length * 2 : Math.ceil(a.length * 1.125);
  const b = new (a.constructor as new (n: number) => A)(Math.max(min, more, 16));
  b.set(a);
  return b;
}
export class SearchIndex {
  private cols = new Columns();
  /** products analysed by addBulk, waiting for finishBulk: per product its field lengths, then its fields' term ids */
  private pending: Pool<Int32Array> | null = null;
  private ints = new Pool(new Int32Array(1024));
  /**
   * parallel to `ints`: for each distinct term of a product, its field-weighted count (VEC_FIELD_W, in tenths), from
   * which the product's TF-IDF vector is computed when needed (a stored vector cost 8 bytes × 48 terms per product)
   */
  private termW = new Pool(new Uint8Array(1024));
  /**
   * every product's name as UTF-8 bytes, end to end (Columns.nameAt / nameBytes): the re-ranking compares the query's
   * words with the 200 candidates' names as written; ~1 byte a character, where a string each cost ~3× that
   */
  private names = new Pool(new Uint8Array(1024));
  /** document frequency by term id (the vectors' idf) */
  private dfById = new Int32Array(1024);
  /** the number in `cols.strings` of each distinct brand or category spelling (and in `cols.lists` of each category list) */
  private interned = new Map<string, number>();
  private internedLists = new Map<string, number>();
  /** query vector by term id for the semantic re-ranking, zero outside the current query */
  private qDense = new Float64Array(1024);
  /** concept bit masks by term id for the adjacency bonus, zero outside the current query */
  private adjMask = new Int32Array(1024);
  /**
   * the vectors' idf part by term id, computed once per index version rather than for every term of every
   * re-ranked product (valid where idfEpoch has the current epoch)
   */
  private idfPart = new Float64Array(1024);
  private idfStamp = new Int32Array(1024);
  private idfEpoch = 0;
  private idfVersion = -1;
  /** product id → slot */
  private byId = new Map<number, number>();
  private postings = new Map<string, Posting>();
  private df = new Map<string, number>();
  private termIds = new Map<string, number>();
  private termById: string[] = [];
  /** the catalogue's words as products write them, for corrections, completions and word kin (query analysis) */
  private words = new WordList();
  /** what the query analysis may read of this index (decision 0134) */
  private readonly vocab: Vocabulary = {
    df: (term) => this.df.get(term) ?? 0,
    uses: (word) => this.words.uses(word),
    termOf: (word) => this.words.termOf(word),
    wordsWithTrigram: (gram) => this.words.wordsWithTrigram(gram),
    wordsStartingWith: (prefix, max) => this.words.wordsStartingWith(prefix, max),
    wordsEndingWith: (suffix, max) => this.words.wordsEndingWith(suffix, max),
  };
  private fieldLenSum: Record<FieldKey, number> = { name: 0, head: 0, brand: 0, category: 0, tags: 0, description: 0, nameAr: 0, descriptionAr: 0 };
  private dead = 0;
  private facetCache: { version: number; facets: Facets } | null = null;
  private departmentCache: { version: number; list: { name: string; count: number; groups: string[] }[] } | null = null;
  private categoryCache: { version: number; all: Map<string, { prices: number[]; ratings: number[] }> } | null = null;
  /** bumps on every change, so callers can cache derived facts */
  version = 0;

  get size(): number {
    return this.byId.size;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  get(id: number): Readonly<IndexedProduct> | undefined {
    const slot = this.byId.get(id);
    return slot === undefined ? undefined : new Doc(this.cols, slot);
  }

  /**
   * Fills an empty index with the whole catalogue (addBulk, then finishBulk). Yields to the event loop between
   * chunks so a large catalogue never stalls other requests (build a new index, then swap).
   */
  async load(docs: SearchDoc[], chunk = 2000): Promise<void> {
    await this.addBulk(docs, chunk);
    await this.finishBulk(chunk);
  }

  /**
   * Bulk load, first step (any number of pages, then finishBulk): each product is analysed once and kept as term
   * ids, so the caller can drop a page of products as soon as it is added (at 1,000,000 products the products
   * themselves held ~500 MB until the end of a build). Postings need the field length averages over the whole
   * set, so finishBulk writes them.
   */
  async addBulk(docs: SearchDoc[], chunk = 2000): Promise<void> {
    if (!this.pending) {
      if (this.cols.n) throw new Error('load() fills a new, empty index');
      this.pending = new Pool(new Int32Array(1 << 16));
    }
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i]!;
      const fields = analyseFields(d);
      this.words.add([d.name, d.brand, ...d.categories, ...d.tags, d.description, d.nameAr ?? '', d.descriptionAr ?? '']);
      for (const f of FIELD_KEYS) this.fieldLenSum[f] += fields[f].length;
      this.place(d);
      // the product's field lengths, then its fields' term ids
      const at = this.pending.reserve(FIELD_KEYS.reduce((n, f) => n + 1 + fields[f].length, 0));
      const data = this.pending.data;
      let k = at;
      for (const f of FIELD_KEYS) data[k++] = fields[f].length;
      for (const f of FIELD_KEYS) for (const t of fields[f]) data[k++] = this.termId(t);
      if (i % chunk === chunk - 1) await pause();
    }
  }

  /** Bulk load, last step: the postings and vectors of every product added, with the averages over all of them. */
  async finishBulk(chunk = 2000): Promise<void> {
    const pending = this.pending?.data ?? new Int32Array(0);
    this.pending = null;
    const avg = this.averages(this.cols.n);
    let at = 0;
    for (let slot = 0; slot < this.cols.n; slot++) {
      const fields = {} as Record<FieldKey, Int32Array>;
      let from = at + FIELD_KEYS.length;
      FIELD_KEYS.forEach((f, i) => {
        fields[f] = pending.subarray(from, from + pending[at + i]!);
        from += pending[at + i]!;
      });
      at = from;
      this.writeTerms(slot, fields, avg);
      if (slot % chunk === chunk - 1) await pause();
    }
    // the doubling left up to half of each posting list and pool unused: keep exact sizes (at 1,000,000 products
    // the pools alone held ~110 MB of unused room)
    for (const p of this.postings.values()) {
      p.slots = p.slots.slice(0, p.n);
      p.tf = p.tf.slice(0, p.n);
    }
    this.ints.data = this.ints.data.slice(0, this.ints.length);
    this.termW.data = this.termW.data.slice(0, this.termW.length);
    this.names.data = this.names.data.slice(0, this.names.length);
    this.version++;
  }

  /** Adds or replaces one product. */
  upsert(d: SearchDoc): void {
    this.remove(d.id);
    const fields = analyseFields(d);
    this.words.add([d.name, d.brand, ...d.categories, ...d.tags, d.description, d.nameAr ?? '', d.descriptionAr ?? '']);
    for (const f of FIELD_KEYS) this.fieldLenSum[f] += fields[f].length;
    const avg = this.averages(this.byId.size + 1);
    const ids = {} as Record<FieldKey, number[]>;
    for (const f of FIELD_KEYS) ids[f] = fields[f].map((t) => this.termId(t));
    this.writeTerms(this.place(d), ids, avg);
    this.version += 2;
  }

  /** A stock move (orders): only the in-stock filter depends on it, so the version moves when that flips. */
  setStock(id: number, stock: number): void {
    const slot = this.byId.get(id);
    if (slot === undefined) return;
    if (this.cols.stock[slot]! > 0 !== stock > 0) this.version++;
    this.cols.stock[slot] = stock;
  }

  remove(id: number): void {
    const slot = this.byId.get(id);
    if (slot === undefined) return;
    const doc = new Doc(this.cols, slot);
    this.cols.alive[slot] = 0;
    this.cols.price[slot] = REMOVED_PRICE;
    this.byId.delete(id);
    this.dead++;
    const ints = this.ints.data;
    const termsAt = doc.intAt + FIELD_KEYS.length;
    for (let i = termsAt; i < termsAt + doc.termN; i++) {
      const t = this.termById[ints[i]!]!;
      this.dfById[ints[i]!]!--;
      const n = (this.df.get(t) ?? 1) - 1;
      if (n <= 0) this.df.delete(t);
      else this.df.set(t, n);
    }
    FIELD_KEYS.forEach((f, i) => (this.fieldLenSum[f] -= ints[doc.intAt + i]!));
    this.version++;
    // tombstones cost time on every query: drop them from the postings once they are a quarter of the slots
    if (this.dead > 64 && this.dead > this.byId.size / 3) this.compact();
  }

  private compact(): void {
    for (const p of this.postings.values()) {
      let n = 0;
      for (let i = 0; i < p.n; i++) {
        if (this.cols.alive[p.slots[i]!] !== 1) continue;
        p.slots[n] = p.slots[i]!;
        p.tf[n++] = p.tf[i]!;
      }
      p.n = n;
    }
    // the pools keep only the live products' lists
    const ints = new Pool(new Int32Array(Math.max(1024, this.ints.length)));
    const termW = new Pool(new Uint8Array(Math.max(1024, this.termW.length)));
    const { intAt, termN, nameN } = this.cols;
    for (const slot of this.byId.values()) {
      const n = FIELD_KEYS.length + termN[slot]! + nameN[slot]!;
      const at = ints.reserve(n);
      termW.reserve(n);
      ints.data.set(this.ints.data.subarray(intAt[slot]!, intAt[slot]! + n), at);
      termW.data.set(this.termW.data.subarray(intAt[slot]!, intAt[slot]! + n), at);
      intAt[slot] = at;
    }
    const names = new Pool(new Uint8Array(Math.max(1024, this.names.length)));
    const { nameAt, nameBytes } = this.cols;
    for (const slot of this.byId.values()) {
      const at = names.reserve(nameBytes[slot]!);
      names.data.set(this.names.data.subarray(nameAt[slot]!, nameAt[slot]! + nameBytes[slot]!), at);
      nameAt[slot] = at;
    }
    this.ints = ints;
    this.termW = termW;
    this.names = names;
    this.dead = 0;
  }

  /** Ranked ids for a free-text query with filters. */
  search(query: string, opts: SearchOptions): SearchResult {
    // the query is read first, the index only through its vocabulary (query-analysis.ts); then scored
    const analysed = analyseQuery(query, { prefix: opts.prefix ?? true }, this.vocab);
    const { price, concepts } = analysed;
    const filters: SearchFilters = {
      ...opts,
      minCents: maxDefined(opts.minCents, price.minCents),
      maxCents: minDefined(opts.maxCents, price.maxCents),
    };
    const accept = this.filterFn(filters);
    const priceInfo = { minCents: price.minCents, maxCents: price.maxCents, intent: price.intent };
    const offset = opts.offset ?? 0;

    if (concepts.length === 0) {
      // nothing but price words ('under 100', 'cheap'): a filtered listing, ordered by the intent
      if (price.minCents === undefined && price.maxCents === undefined && !price.intent) {
        return { ids: [], total: 0, price: priceInfo, interpreted: [] };
      }
      const all = this.liveDocs().filter(accept);
      all.sort(price.intent === 'high' ? (a, b) => b.priceCents - a.priceCents || a.id - b.id
        : price.intent === 'low' ? (a, b) => a.priceCents - b.priceCents || a.id - b.id
          : (a, b) => popularity(b) - popularity(a) || a.id - b.id);
      return { ids: all.slice(offset, offset + opts.limit).map((d) => d.id), total: all.length, price: priceInfo, interpreted: [] };
    }

    const N = Math.max(1, this.byId.size);
    // scores live in typed arrays indexed by slot, reused across queries; only touched slots are visited and reset
    const sc = this.scratchFor(this.cols.n);
    // liveness, price and stock are checked while walking the postings, so filtered-out products ('under 200')
    // are never scored; the other filters (rarely set, they read the product) are applied to the candidates
    const cheapAccept = this.slotFilterFn({ minCents: filters.minCents, maxCents: filters.maxCents, inStock: filters.inStock });
    // the slots touched so far live in typed scratch lists: at 1,000,000 products a query touches ~100,000 slots,
    // which growing JS arrays (one push each) cost more time than the scoring itself
    const { touchedTotal, touchedBest, touchedAlt } = sc;
    let nTotal = 0;
    // A concept matching a large part of the catalogue ('black', 'wireless' next to 'headphones') only scores the
    // candidates the rarer concepts found: it never adds candidates of its own.
    const cost = concepts.map((c) => c.alternatives.reduce((n, a) => n + a.terms.reduce((m, t) => m + (this.postings.get(t)?.n ?? 0), 0), 0));
    const cheapest = Math.min(...cost);
    const scorerOnly = concepts.map((_, i) => concepts.length > 1 && cost[i]! > SCORER_MIN_POSTINGS && cost[i]! > SCORER_CHEAPEST_RATIO * cheapest);
    // The common concepts come last and walk their postings without adding slots: only the candidates found so
    // far (matched > 0) take their score. Postings are read in order; no candidate's own term list is searched.
    const order = [...concepts.keys()].sort((a, b) => Number(scorerOnly[a]) - Number(scorerOnly[b]));
    for (const ci of order) {
      const onlyFound = scorerOnly[ci]!;
      const alternatives = concepts[ci]!.alternatives;
      // One reading of one word (most concepts): its score is the concept's best, so it goes straight into the
      // total. The same sums in the same order as the general path below, without its two extra passes.
      const direct = alternatives.length === 1 && alternatives[0]!.terms.length === 1;
      let nBest = 0;
      for (const alt of alternatives) {
        const multi = alt.terms.length > 1;
        let nAlt = 0;
        for (const term of alt.terms) {
          const p = this.postings.get(term);
          if (!p) continue;
          const df = this.df.get(term) ?? 0;
          const idf = Math.log(1 + (N - df + 0.5) / (df + 0.5));
          const slots = p.slots;
          const tfs = p.tf;
          for (let i = 0; i < p.n; i++) {
            const slot = slots[i]!;
            if ((onlyFound && sc.matched[slot] === 0) || !cheapAccept(slot)) continue;
            const tf = tfs[i]!;
            if (!multi) {
              // a one-word reading meets each slot once: its value is final, compare it at once
              const v = ((idf * tf) / (K1 + tf)) * alt.weight;
              if (direct) {
                if (v <= 0) continue;
                if (sc.matched[slot] === 0) touchedTotal[nTotal++] = slot;
                sc.total[slot] = sc.total[slot]! + v;
                sc.matched[slot]!++;
                continue;
              }
              if (v <= sc.best[slot]!) continue;
              if (sc.best[slot] === 0) touchedBest[nBest++] = slot;
              sc.best[slot] = v;
              continue;
            }
            if (sc.alt[slot] === 0) touchedAlt[nAlt++] = slot;
            sc.alt[slot] = sc.alt[slot]! + (idf * tf) / (K1 + tf);
            sc.hits[slot]!++;
          }
        }
        if (!multi) continue;
        // a phrase alternative ('running shoes' for 'sneakers') counts only when all its words are there,
        // scaled to the size of a one-word match
        const scale = 1 / Math.sqrt(alt.terms.length);
        for (let k = 0; k < nAlt; k++) {
          const slot = touchedAlt[k]!;
          const v = sc.alt[slot]! * alt.weight * scale;
          const complete = sc.hits[slot] === alt.terms.length;
          sc.alt[slot] = 0;
          sc.hits[slot] = 0;
          if (!complete || v <= sc.best[slot]!) continue;
          if (sc.best[slot] === 0) touchedBest[nBest++] = slot;
          sc.best[slot] = v;
        }
      }
      for (let k = 0; k < nBest; k++) {
        const slot = touchedBest[k]!;
        if (sc.matched[slot] === 0) touchedTotal[nTotal++] = slot;
        sc.total[slot] = sc.total[slot]! + sc.best[slot]!;
        sc.matched[slot]!++;
        sc.best[slot] = 0;
      }
    }

    type Cand = { doc: Doc; lex: number; score: number };
    const acceptSlot = this.slotFilterFn(filters);
    // The candidates and their scores go into scratch arrays too: at 1,000,000 products a query has ~100,000
    // candidates, and a few MB of new array buffers per query made V8 run a full collection every ~40 queries
    // (external memory), which on the server's large heap was the slowest part of the slow queries.
    const { candSlot, candLex } = sc;
    let total = 0;
    for (let k = 0; k < nTotal; k++) {
      const slot = touchedTotal[k]!;
      const s = sc.total[slot]!;
      const coverage = sc.matched[slot]! / concepts.length;
      sc.total[slot] = 0;
      sc.matched[slot] = 0;
      if (!acceptSlot(slot)) continue;
      // documents that answer every part of the query come first
      candSlot[total] = slot;
      candLex[total++] = s * coverage * coverage;
    }
    const keep = Math.max(RERANK_DEPTH, offset + opts.limit);
    // only the first `keep` need ordering: cut at the keep-th best score before sorting
    const threshold = total > keep * 2 ? kthLargest(copyOf(candLex, total, sc.selection), keep) : -Infinity;
    const adjacency = this.adjacencyFn(concepts);
    // the candidates at or above the threshold, moved to the front of the same arrays (kept ≤ i)
    let kept = 0;
    for (let i = 0; i < total; i++) {
      let lex = candLex[i]!;
      if (lex < threshold) continue;
      // query words side by side in the name, in the query's order
      if (adjacency) lex *= 1 + W_ADJ * adjacency.score(candSlot[i]!);
      candSlot[kept] = candSlot[i]!;
      candLex[kept++] = lex;
    }
    adjacency?.release();
    // Only the first `keep` of the order below are ever answered, but ties at the threshold (look-alike products
    // score alike) can leave thousands more: only those the sort would put first become objects — all above the
    // keep-th best score, and of those equal to it the lowest ids, as the sort breaks ties.
    const cut = kept > keep * 2 ? this.cutOff(candSlot.subarray(0, kept), candLex.subarray(0, kept), keep, sc.selection) : null;
    const cands: Cand[] = [];
    for (let i = 0; i < kept; i++) {
      const lex = candLex[i]!;
      const doc = new Doc(this.cols, candSlot[i]!);
      if (cut && (lex < cut.lex || (lex === cut.lex && doc.id > cut.id))) continue;
      cands.push({ doc, lex, score: lex });
    }
    cands.sort((a, b) => b.lex - a.lex || a.doc.id - b.doc.id);
    const head = cands.slice(0, RERANK_DEPTH);
    this.rerank(head, concepts, price.intent, analysed.surfaceForms, analysed.stopPairs);
    const ranked = head.concat(cands.slice(RERANK_DEPTH));
    return {
      ids: ranked.slice(offset, offset + opts.limit).map((c) => c.doc.id),
      total,
      price: priceInfo,
      interpreted: concepts.map((c) => c.label),
    };
  }

  /**
   * The last (score, id) of the first `k` in the order 'score descending, then id ascending', without sorting all
   * of them.
   */
  private cutOff(slots: Int32Array, lex: Float64Array, k: number, scratch: Float64Array): { lex: number; id: number } {
    const kth = kthLargest(copyOf(lex, lex.length, scratch), k);
    let above = 0;
    const tiedIds: number[] = [];
    for (let i = 0; i < lex.length; i++) {
      if (lex[i]! > kth) above++;
      else if (lex[i] === kth) tiedIds.push(this.cols.id[slots[i]!]!);
    }
    const ids = Float64Array.from(tiedIds).sort();
    return { lex: kth, id: ids[k - above - 1]! };
  }

  private scratch = SearchIndex.newScratch(0);

  private static newScratch(n: number) {
    return {
      alt: new Float64Array(n), best: new Float64Array(n), total: new Float64Array(n), hits: new Uint8Array(n), matched: new Uint8Array(n),
      touchedAlt: new Int32Array(n), touchedBest: new Int32Array(n), touchedTotal: new Int32Array(n),
      /** the query's candidates (slots and lexical scores), and room for a copy of the scores to select in */
      candSlot: new Int32Array(n), candLex: new Float64Array(n), selection: new Float64Array(n),
    };
  }

  private scratchFor(size: number) {
    if (this.scratch.alt.length < size) this.scratch = SearchIndex.newScratch(Math.max(size, Math.ceil(this.scratch.alt.length * 1.5), 1024));
    return this.scratch;
  }

  /** Products most like the given one (vector cosine, same-category bonus), best first. */
  similar(id: number, limit: number, filters: SearchFilters = {}): number[] {
    const slotOf = this.byId.get(id);
    if (slotOf === undefined) return [];
    const doc = new Doc(this.cols, slotOf);
    const accept = this.filterFn(filters);
    const q = new Map<number, number>();
    this.eachVectorEntry(doc, (id, w) => q.set(id, w));
    const dense = this.denseQuery(q);
    // candidates share one of the product's strongest terms, rarest first, up to a bounded number
    const strongest = [...q.keys()].sort((a, b) => q.get(b)! - q.get(a)!).slice(0, SIMILAR_SEED_TERMS);
    const seen = this.scratchFor(this.cols.n).hits;
    const visited: number[] = [];
    const scored: { doc: Doc; s: number }[] = [];
    for (const termId of strongest) {
      const p = this.postings.get(this.termById[termId]!);
      if (!p) continue;
      for (const slot of p.slots.subarray(0, p.n)) {
        if (seen[slot]) continue;
        seen[slot] = 1;
        visited.push(slot);
        const other = new Doc(this.cols, slot);
        if (!other.alive || other.id === id || !accept(other)) continue;
        const sameCat = other.categoryKeys.some((c) => doc.categoryKeys.includes(c)) ? W_SIMILAR_SAME_CATEGORY : 0;
        scored.push({ doc: other, s: this.cosine(other, dense) + sameCat + W_SIMILAR_POPULARITY * popularity(other) });
      }
      if (visited.length >= SIMILAR_MAX_CANDIDATES) break;
    }
    for (const slot of visited) seen[slot] = 0;
    for (const k of q.keys()) dense[k] = 0;
    scored.sort((a, b) => b.s - a.s || a.doc.id - b.doc.id);
    return scored.slice(0, limit).map((x) => x.doc.id);
  }

  /** Prices (minor units, ascending) and ratings of the live products of a category, for value judgements. */
  categoryPrices(category: string): { prices: number[]; ratings: number[] } {
    if (this.categoryCache?.version !== this.version) {
      // one pass over the catalogue fills every category, kept until the next change
      const all = new Map<string, { prices: number[]; ratings: number[] }>();
      for (const d of this.liveDocs()) {
        for (const key of new Set(d.categoryKeys)) {
          let e = all.get(key);
          if (!e) all.set(key, (e = { prices: [], ratings: [] }));
          e.prices.push(d.priceCents);
          if (d.rating !== null) e.ratings.push(d.rating);
        }
      }
      for (const e of all.values()) e.prices.sort((a, b) => a - b);
      this.categoryCache = { version: this.version, all };
    }
    return this.categoryCache.all.get(normalize(category)) ?? { prices: [], ratings: [] };
  }

  /** Brands and categories with their product counts (display spelling of the first one seen). */
  facets(): Facets {
    if (this.facetCache?.version === this.version) return this.facetCache.facets;
    const brands = new Map<string, { name: string; count: number }>();
    const categories = new Map<string, { name: string; count: number }>();
    for (const d of this.liveDocs()) {
      if (d.brandKey) {
        const b = brands.get(d.brandKey) ?? { name: d.brand, count: 0 };
        b.count++;
        brands.set(d.brandKey, b);
      }
      d.categories.forEach((c, i) => {
        const k = d.categoryKeys[i]!;
        if (!k) return;
        const e = categories.get(k) ?? { name: c, count: 0 };
        e.count++;
        categories.set(k, e);
      });
    }
    this.facetCache = { version: this.version, facets: { brands, categories } };
    return { brands, categories };
  }

  /**
   * The shop's departments: each product's first category (its shelf), with how many products it has and the other
   * categories its products carry (broader groups such as Electronics), largest first. For the assistant's
   * "what do you sell?" and "the nearest departments we do sell".
   */
  departments(): { name: string; count: number; groups: string[] }[] {
    if (this.departmentCache?.version === this.version) return this.departmentCache.list;
    const all = new Map<string, { name: string; count: number; groups: Set<string> }>();
    for (const d of this.liveDocs()) {
      const [first, ...rest] = d.categories;
      const key = d.categoryKeys[0];
      if (!first || !key) continue;
      const e = all.get(key) ?? { name: first, count: 0, groups: new Set<string>() };
      e.count++;
      for (const r of rest) e.groups.add(r);
      all.set(key, e);
    }
    const list = [...all.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).map((e) => ({ name: e.name, count: e.count, groups: [...e.groups] }));
    this.departmentCache = { version: this.version, list };
    return list;
  }

  /** The analysed terms a text would match in this index, with typo correction (for the assistant). */
  correct(token: string): string | null {
    return correctWord(token, this.vocab);
  }

  // ---- internals ----

  private averages(n: number): Record<FieldKey, number> {
    const out = {} as Record<FieldKey, number>;
    for (const f of FIELD_KEYS) out[f] = Math.max(1, this.fieldLenSum[f] / Math.max(1, n));
    return out;
  }

  /** A new slot for a product, with its price, stock, rating, brand and categories (no terms yet). */
  private place(d: SearchDoc): number {
    const cols = this.cols;
    const slot = cols.n++;
    cols.ensure(slot);
    cols.id[slot] = d.id;
    cols.alive[slot] = 1;
    cols.price[slot] = d.priceCents;
    cols.stock[slot] = d.stock;
    cols.rating[slot] = d.rating ?? NaN;
    cols.reviews[slot] = d.reviewCount;
    cols.brand[slot] = this.intern(d.brand);
    cols.categories[slot] = this.internList(d.categories);
    cols.brandKey[slot] = this.intern(normalize(d.brand));
    cols.categoryKeys[slot] = this.internList(d.categories.map(normalize));
    const name = UTF8.encode(d.nameAr ? `${d.name} ${arabicSurface(d.nameAr)}` : d.name);
    cols.nameAt[slot] = this.names.reserve(name.length);
    cols.nameBytes[slot] = name.length;
    this.names.data.set(name, cols.nameAt[slot]!);
    this.byId.set(d.id, slot);
    return slot;
  }

  /** A term's id, made on first sight. */
  private termId(t: string): number {
    let id = this.termIds.get(t);
    if (id === undefined) {
      id = this.termById.length;
      this.termIds.set(t, id);
      this.termById.push(t);
      if (id >= this.dfById.length) this.dfById = grown(this.dfById, id + 1);
    }
    return id;
  }

  /** A placed product's postings, document frequencies, field lengths and vector weights, from its fields' term ids. */
  private writeTerms(slot: number, fields: Record<FieldKey, ArrayLike<number> & Iterable<number>>, avg: Record<FieldKey, number>): void {
    const cols = this.cols;
    const tf = new Map<number, number>();
    for (const f of FIELD_KEYS) {
      const { w, b } = FIELDS[f];
      const len = fields[f].length;
      if (len === 0) continue;
      const norm = w / (1 - b + (b * len) / avg[f]);
      // in the short fields a repeated word ('Total Pond Pond Liner', sizes written twice) says nothing more
      const terms = f === 'description' ? fields[f] : new Set(fields[f]);
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + norm);
    }
    for (const [id, v] of tf) {
      const t = this.termById[id]!;
      let p = this.postings.get(t);
      if (!p) {
        p = { slots: new Int32Array(4), tf: new Float32Array(4), n: 0 };
        this.postings.set(t, p);
      }
      if (p.n === p.slots.length) {
        p.slots = grown(p.slots, p.n + 1);
        p.tf = grown(p.tf, p.n + 1);
      }
      p.slots[p.n] = slot;
      p.tf[p.n++] = v;
      const n = this.df.get(t) ?? 0;
      this.df.set(t, n + 1);
      this.dfById[id]!++;
    }
    // the name's words in order, for the adjacent-words bonus: the English name's, then the Arabic name's
    const nameLen = fields.name.length + fields.nameAr.length;
    const intAt = this.ints.reserve(FIELD_KEYS.length + tf.size + nameLen);
    cols.termN[slot] = tf.size;
    cols.nameN[slot] = nameLen;
    cols.intAt[slot] = intAt;
    this.termW.reserve(FIELD_KEYS.length + tf.size + nameLen);
    const ints = this.ints.data;
    FIELD_KEYS.forEach((f, i) => (ints[intAt + i] = fields[f].length));
    let at = intAt + FIELD_KEYS.length;
    const vw = new Map<number, number>();
    for (const f of FIELD_KEYS) for (const t of fields[f]) vw.set(t, (vw.get(t) ?? 0) + VEC_FIELD_W[f]);
    const termW = this.termW.data;
    for (const id of tf.keys()) {
      termW[at] = Math.max(1, Math.min(255, Math.round((vw.get(id) ?? 0) * TERM_W_SCALE)));
      ints[at++] = id;
    }
    for (const id of fields.name) ints[at++] = id;
    for (const id of fields.nameAr) ints[at++] = id;
  }

  /** A product's name as it was written. */
  private nameOf(slot: number): string {
    const at = this.cols.nameAt[slot]!;
    return UTF8_TEXT.decode(this.names.data.subarray(at, at + this.cols.nameBytes[slot]!));
  }

  /** The live products, in slot order (the order they were added). */
  private liveDocs(): Doc[] {
    const out: Doc[] = [];
    for (let slot = 0; slot < this.cols.n; slot++) if (this.cols.alive[slot] === 1) out.push(new Doc(this.cols, slot));
    return out;
  }

  /**
   * A product's TF-IDF vector, entry by entry (term id, weight; unit length), computed from its terms' stored
   * field-weighted counts and the current document frequencies.
   */
  private eachVectorEntry(doc: Doc, visit: (termId: number, weight: number) => void): void {
    const from = doc.intAt + FIELD_KEYS.length;
    const len = Math.sqrt(this.vectorDot(doc, null)) || 1;
    const n = Math.max(1, this.byId.size);
    for (let k = from; k < from + doc.termN; k++) visit(this.ints.data[k]!, this.termWeight(k, n) / len);
  }

  /** The weight of the term at `k` of the pools (before normalisation): (1 + ln count) × ln(1 + n / df). */
  private termWeight(k: number, n: number): number {
    return TF_PART[this.termW.data[k]!]! * this.idfOf(this.ints.data[k]!, n);
  }

  /** ln(1 + n / df) of a term, cached until the index changes (the same value as computing it each time). */
  private idfOf(id: number, n: number): number {
    if (this.idfVersion !== this.version || this.idfPart.length < this.termById.length) {
      if (this.idfPart.length < this.termById.length) {
        this.idfPart = new Float64Array(Math.max(this.termById.length, this.idfPart.length * 2));
        this.idfStamp = new Int32Array(this.idfPart.length);
      }
      this.idfVersion = this.version;
      this.idfEpoch++;
    }
    if (this.idfStamp[id] === this.idfEpoch) return this.idfPart[id]!;
    const v = Math.log(1 + n / Math.max(1, this.dfById[id]!));
    this.idfPart[id] = v;
    this.idfStamp[id] = this.idfEpoch;
    return v;
  }

  /** The dot product of a product's (unnormalised) vector with a dense query vector, or with itself when null. */
  private vectorDot(doc: Doc, q: Float64Array | null): number {
    const from = doc.intAt + FIELD_KEYS.length;
    const n = Math.max(1, this.byId.size);
    let s = 0;
    for (let k = from; k < from + doc.termN; k++) {
      const w = this.termWeight(k, n);
      s += q ? q[this.ints.data[k]!]! * w : w * w;
    }
    return s;
  }

  /** The number of a string in `cols.strings` (one entry per distinct spelling). */
  private intern(s: string): number {
    let v = this.interned.get(s);
    if (v === undefined) this.interned.set(s, (v = this.cols.strings.push(s) - 1));
    return v;
  }

  /** The number of a shared, never-modified list in `cols.lists` (most products have the same one or two categories). */
  private internList(list: string[]): number {
    const key = list.join('\u0000');
    let v = this.internedLists.get(key);
    if (v === undefined) this.internedLists.set(key, (v = this.cols.lists.push(list.map((s) => this.cols.strings[this.intern(s)]!)) - 1));
    return v;
  }

  private filterFn(f: SearchFilters): (d: Doc) => boolean {
    const cat = f.category ? normalize(f.category) : '';
    const brand = f.brand ? normalize(f.brand) : '';
    return (d) =>
      (f.minCents === undefined || d.priceCents >= f.minCents) &&
      (f.maxCents === undefined || d.priceCents <= f.maxCents) &&
      (f.inStock === undefined || (f.inStock ? d.stock > 0 : d.stock === 0)) &&
      (!f.only || f.only.has(d.id)) &&
      (!cat || d.categoryKeys.includes(cat)) &&
      (!brand || d.brandKey === brand) &&
      (!f.exclude || !f.exclude.has(d.id));
  }

  /** filterFn by slot: liveness, price and stock from the typed arrays, the rest (rarely set) from the product. */
  private slotFilterFn(f: SearchFilters): (slot: number) => boolean {
    const onDoc = f.category || f.brand || f.only || f.exclude ? this.filterFn(f) : null;
    const { minCents, maxCents, inStock } = f;
    const prices = this.cols.price;
    return (slot) => {
      const price = prices[slot]!;
      if (price === REMOVED_PRICE) return false;
      if ((minCents !== undefined && price < minCents) || (maxCents !== undefined && price > maxCents)) return false;
      if (inStock !== undefined && !(inStock ? this.cols.stock[slot]! > 0 : this.cols.stock[slot] === 0)) return false;
      return !onDoc || onDoc(new Doc(this.cols, slot));
    };
  }

  /** Cosine of a product's vector and a query vector held densely by term id (zero for terms not in the query). */
  private cosine(doc: Doc, q: Float64Array): number {
    // vectorDot(doc, null) and vectorDot(doc, q) in one pass (each sum in the same order)
    const from = doc.intAt + FIELD_KEYS.length;
    const n = Math.max(1, this.byId.size);
    let self = 0;
    let dot = 0;
    for (let k = from; k < from + doc.termN; k++) {
      const w = this.termWeight(k, n);
      self += w * w;
      dot += q[this.ints.data[k]!]! * w;
    }
    const len = Math.sqrt(self);
    return len ? dot / len : 0;
  }

  /** The query vector written into the dense scratch array (the caller zeroes its terms again afterwards). */
  private denseQuery(q: Map<number, number>): Float64Array {
    if (this.qDense.length < this.termById.length) this.qDense = new Float64Array(Math.max(this.termById.length, this.qDense.length * 2));
    for (const [k, v] of q) this.qDense[k] = v;
    return this.qDense;
  }

  /**
   * The share of neighbouring query concepts that stand side by side, in the query's order, in a product's name
   * ('chair rail moulding' prefers '… Chair Rail Moulding' to '… Rail … Chair …'); null for one concept.
   */
  private adjacencyFn(concepts: Concept[]): { score: (slot: number) => number; release: () => void } | null {
    if (concepts.length < 2) return null;
    // term id → bit mask of the concepts it can stand for (their one-word readings), held densely: it is read for
    // every name word of thousands of candidates
    if (this.adjMask.length < this.termById.length) this.adjMask = new Int32Array(Math.max(this.termById.length, this.adjMask.length * 2));
    const masks = this.adjMask;
    const ids: number[] = [];
    concepts.slice(0, ADJ_MAX_CONCEPTS).forEach((c, ci) => {
      for (const a of c.alternatives) {
        if (a.terms.length !== 1 || a.weight < ADJ_MIN_WEIGHT) continue;
        const id = this.termIds.get(a.terms[0]!);
        if (id === undefined) continue;
        masks[id]! |= 1 << ci;
        ids.push(id);
      }
    });
    const pairs = Math.min(concepts.length, ADJ_MAX_CONCEPTS) - 1;
    const { intAt, termN, nameN } = this.cols;
    const score = (slot: number) => {
      const ints = this.ints.data;
      const from = intAt[slot]! + FIELD_KEYS.length + termN[slot]!;
      let found = 0;
      let prev = 0;
      for (let k = from; k < from + nameN[slot]!; k++) {
        const m = masks[ints[k]!]!;
        // concept i then concept i + 1
        found |= prev & (m >>> 1);
        prev = m;
      }
      let n = 0;
      for (let b = found; b; b &= b - 1) n++;
      return n / pairs;
    };
    return { score, release: () => ids.forEach((id) => (masks[id] = 0)) };
  }

  /**
   * Semantic re-ranking: a query vector (the query's own terms) plus the centroid of the best lexical hits
   * (pseudo-relevance feedback); each candidate's cosine to it is blended with its lexical score.
   */
  private rerank(
    head: { doc: Doc; lex: number; score: number }[], concepts: Concept[], intent: PriceIntent, forms: string[][][], pairs: string[][],
  ): void {
    if (head.length === 0) return;
    const top = head[0]!.lex || 1;
    const q = new Map<number, number>();
    for (const c of concepts) {
      for (const a of c.alternatives) {
        for (const t of a.terms) {
          const id = this.termIds.get(t);
          if (id !== undefined) q.set(id, Math.max(q.get(id) ?? 0, a.weight));
        }
      }
    }
    for (const c of head.slice(0, FEEDBACK_DOCS)) {
      const f = (c.lex / top) * W_FEEDBACK;
      this.eachVectorEntry(c.doc, (id, w) => q.set(id, (q.get(id) ?? 0) + f * w));
    }
    const qLen = Math.sqrt([...q.values()].reduce((s, v) => s + v * v, 0)) || 1;
    for (const [k, v] of q) q.set(k, v / qLen);
    const dense = this.denseQuery(q);
    let priceRank: Map<Doc, number> | null = null;
    if (intent) {
      // only among good matches: 'cheap laptop' prefers cheap laptops, not cheap laptop sleeves
      const sorted = head.filter((c) => c.lex >= PRICE_INTENT_MIN_LEX * top).sort((a, b) => a.doc.priceCents - b.doc.priceCents);
      priceRank = new Map(sorted.map((c, i) => [c.doc, sorted.length > 1 ? i / (sorted.length - 1) : 0]));
    }
    for (const c of head) {
      let s = (1 - W_SEM) * (c.lex / top) + W_SEM * this.cosine(c.doc, dense) + W_POPULARITY * popularity(c.doc);
      if (forms.length || pairs.length) {
        const words = nameWords(this.nameOf(c.doc.slot));
        if (forms.length) s += W_SURFACE * surfaceShare(words, forms);
        if (pairs.length) s += W_STOP_PAIRS * pairShare(words, pairs);
      }
      const r = priceRank?.get(c.doc);
      if (r !== undefined) s += W_PRICE_INTENT * (intent === 'low' ? 1 - r : r);
      c.score = s;
    }
    for (const k of q.keys()) dense[k] = 0;
    head.sort((a, b) => b.score - a.score || a.doc.id - b.doc.id);
  }
}

/** Stop words never match anything (a query made only of them finds nothing), so they are not indexed. */
const content = (text: string) => tokenize(text, { index: true }).filter((t) => !STOPWORDS.has(t)).map(stem);

function analyseFields(d: SearchDoc): Record<FieldKey, string[]> {
  return {
    name: content(d.name),
    head: [...[headNoun(d.name)].filter((h): h is string => !!h).map(stem), ...arabicHeadTerm(d.nameAr)],
    brand: content(d.brand),
    category: d.categories.flatMap(content),
    tags: d.tags.flatMap(content),
    description: content(d.description),
    nameAr: content(d.nameAr ?? ''),
    descriptionAr: content(d.descriptionAr ?? ''),
  };
}

/** The head of an Arabic name (its first Arabic word, search.arabic.ts), stemmed; none when there is no Arabic name. */
function arabicHeadTerm(nameAr: string | undefined): string[] {
  if (!nameAr) return [];
  const head = arabicHead(tokenize(nameAr).filter((t) => !STOPWORDS.has(t)));
  return head ? [stem(head)] : [];
}

/** An Arabic name's words as the surface re-ranking compares them: normalised, without the article. */
function arabicSurface(nameAr: string): string {
  return tokenize(nameAr).map((w) => (isArabic(w) ? arabicBase(w) : w)).join(' ');
}

/** A name's words as written, lower case: split on anything but letters and digits (no re-tokenising). */
const nameWords = (name: string) => name.toLowerCase().split(/[^\p{L}\p{N}]+/u);

/**
 * The share of the concepts whose words a name contains as whole words, as read or in their other number, or written
 * together as read ('air fryer' in '… Airfryer …'), or a long word written as two ('backsplash' in '… Back Splash …',
 * 0075); a plain split of the name: cheap enough for every re-ranked candidate.
 */
export function surfaceShare(nameWords: string[], forms: string[][][]): number {
  let n = 0;
  for (const words of forms) {
    if (words.every((spellings) => spellings.some((w) => nameWords.includes(w)))) n++;
    else if (words.length > 1 && nameWords.includes(words.map((spellings) => spellings[0]).join(''))) n++;
    else if (words.length === 1 && words[0]![0]!.length >= SPLIT_SURFACE_MIN && writtenApart(nameWords, words[0]!)) n++;
  }
  return n / forms.length;
}


/** Whether two neighbouring words of the name, written together, are one of the spellings ('back splash' → backsplash). */
function writtenApart(nameWords: string[], spellings: string[]): boolean {
  for (let i = 0; i + 1 < nameWords.length; i++) {
    const a = nameWords[i]!;
    if (a && spellings.some((w) => w.length > a.length && w.startsWith(a) && w === a + nameWords[i + 1])) return true;
  }
  return false;
}

/** The share of the pairs that stand side by side, in order, among the name's words. */
export function pairShare(nameWords: string[], pairs: string[][]): number {
  let n = 0;
  for (const [a, b] of pairs) {
    for (let i = 0; i + 1 < nameWords.length; i++) {
      if (nameWords[i] === a && nameWords[i + 1] === b) {
        n++;
        break;
      }
    }
  }
  return n / pairs.length;
}

/** The first `n` values of `from`, copied into the front of `into` (a view of that part of it). */
function copyOf(from: Float64Array, n: number, into: Float64Array): Float64Array {
  const view = into.subarray(0, n);
  view.set(from.subarray(0, n));
  return view;
}

/** The k-th largest value (1-based) of `a`, by quickselect; reorders `a`. */
function kthLargest(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! > pivot) i++;
      while (a[j]! < pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i++] = a[j]!;
        a[j--] = t;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return a[target]!;
}


/** 0..1 from rating and number of reviews: a gentle tie-breaker, never a ranking of its own. */
function popularity(d: IndexedProduct): number {
  const r = d.rating ?? 0;
  return (r / 5) * Math.min(1, Math.log1p(d.reviewCount) / Math.log(POPULARITY_REVIEWS));
}

const maxDefined = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
const minDefined = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));

// kept where they were for the callers and tests that import them from the engine
export { otherLengthUnit, stopPairs } from './query-analysis.js';
export { compareBackwards } from './search.vocabulary.js';
