import { headNoun, normalize, stem, STOPWORDS, tokenize } from './search.text.js';
import { arabicBase, arabicHead, isArabic } from './search.arabic.js';
import { WordList, type Vocabulary } from './search.vocabulary.js';
import { BilingualVocabulary } from './search.bilingual.js';
import { FIELDS, VEC_FIELD_W, type FieldKey } from './search.weights.js';

// The index (decision 0134): what is stored of each product and how it is found again — columns by slot, postings
// and document frequencies by term, the term-id pools (field lengths, terms, name words, vector weights), the
// products' names as bytes, and the catalogue's words as written (the Vocabulary the query analysis reads). It
// scores nothing: the ranking (search.ranking.ts) reads its postings, columns and vectors.

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

export const FIELD_KEYS = Object.keys(FIELDS) as FieldKey[];
/** vector weights are kept per term as a byte: tenths, 0.1 … 25.5 */
const TERM_W_SCALE = 10;
/** 1 + ln(count) for each stored byte: the vectors' tf part, looked up rather than computed for every term */
const TF_PART = Float64Array.from({ length: 256 }, (_, w) => 1 + Math.log(w / TERM_W_SCALE));

/** What the index keeps of a product: no texts, only what ranking, filters and facets need. */
export type IndexedProduct = Pick<SearchDoc, 'id' | 'brand' | 'categories' | 'priceCents' | 'stock' | 'rating' | 'reviewCount'>;

/** A removed product's price in `Columns.price`: prices are never negative (a check constraint), so it never meets a real one. */
export const REMOVED_PRICE = -0x80000000;

/**
 * The products of the index, one typed array per field, indexed by slot: an object per product (with its name and
 * its boxed rating) cost ~230 bytes each, 230 MB at 1,000,000 products and as many objects for every full
 * garbage collection to mark. Strings (brand, categories and their normalised keys) are numbers into `strings` and
 * `lists`, one entry per distinct spelling or list.
 */
export class Columns {
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
export class Doc implements IndexedProduct {
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

/** The slots holding a term and its weighted frequency there; `n` entries used (the arrays grow by doubling). */
export type Posting = { slots: Int32Array; tf: Float32Array; n: number };

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

/**
 * The products of the catalogue as search keeps them. Written only by its own methods (load, upsert, setStock,
 * remove); the fields without `private` are read by the ranking and the facets, never written there.
 */
export class ProductIndex {
  cols = new Columns();
  /** products analysed by addBulk, waiting for finishBulk: per product its field lengths, then its fields' term ids */
  private pending: Pool<Int32Array> | null = null;
  ints = new Pool(new Int32Array(1024));
  /**
   * parallel to `ints`: for each distinct term of a product, its field-weighted count (VEC_FIELD_W, in tenths), from
   * which the product's TF-IDF vector is computed when needed (a stored vector cost 8 bytes × 48 terms per product)
   */
  private termW = new Pool(new Uint8Array(1024));
  /**
   * every product's name as UTF-8 bytes, end to end (Columns.nameAt / nameBytes): the re-ranking compares the query's
   * words with the 200 candidates' names as written; ~1 byte a character, where a string each cost ~3× that
   */
  names = new Pool(new Uint8Array(1024));
  /** document frequency by term id (the vectors' idf) */
  private dfById = new Int32Array(1024);
  /** the number in `cols.strings` of each distinct brand or category spelling (and in `cols.lists` of each category list) */
  private interned = new Map<string, number>();
  private internedLists = new Map<string, number>();
  /**
   * the vectors' idf part by term id, computed once per index version rather than for every term of every
   * re-ranked product (valid where idfEpoch has the current epoch)
   */
  private idfPart = new Float64Array(1024);
  private idfStamp = new Int32Array(1024);
  private idfEpoch = 0;
  private idfVersion = -1;
  /**
   * each product's squared vector length by slot, kept for the same index version as the idf parts (valid where
   * normStamp has the current idfEpoch): 'similar products' and the re-ranking take a cosine of thousands of products
   * against one query, and the length was summed again over every term of each
   */
  private normSq = new Float64Array(0);
  private normStamp = new Int32Array(0);
  /** product id → slot */
  byId = new Map<number, number>();
  postings = new Map<string, Posting>();
  df = new Map<string, number>();
  termIds = new Map<string, number>();
  termById: string[] = [];
  /** the catalogue's words as products write them, for corrections, completions and word kin (query analysis) */
  private words = new WordList();
  /** which English words of names and tags the Arabic words of Arabic texts stand for (decision 0184) */
  private bilingual = new BilingualVocabulary();
  /** what the query analysis may read of this index (decision 0134) */
  readonly vocab: Vocabulary = {
    df: (term) => this.df.get(term) ?? 0,
    uses: (word) => this.words.uses(word),
    termOf: (word) => this.words.termOf(word),
    wordsWithTrigram: (gram) => this.words.wordsWithTrigram(gram),
    wordsStartingWith: (prefix, max) => this.words.wordsStartingWith(prefix, max),
    wordsEndingWith: (suffix, max) => this.words.wordsEndingWith(suffix, max),
    wordsSounding: (skeleton) => this.words.wordsSounding(skeleton),
    englishFor: (term) => this.bilingual.englishFor(term),
  };
  private fieldLenSum: Record<FieldKey, number> = { name: 0, head: 0, brand: 0, category: 0, tags: 0, description: 0, nameAr: 0, descriptionAr: 0 };
  private dead = 0;
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
      this.bilingual.add(ownEnglish(fields), [...fields.nameAr, ...fields.descriptionAr]);
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
    // the pools alone held ~110 MB of unused room). Every list is a view of one store (decision 0189): a typed array
    // of its own per term cost an ArrayBuffer object and a native backing store each, two per term (~42,000 at
    // 50,000 products). A later upsert that outgrows its view gets an array of its own (Posting's growth, as before).
    let total = 0;
    for (const p of this.postings.values()) total += p.n;
    const slots = new Int32Array(total);
    const tf = new Float32Array(total);
    let start = 0;
    for (const p of this.postings.values()) {
      slots.set(p.slots.subarray(0, p.n), start);
      tf.set(p.tf.subarray(0, p.n), start);
      p.slots = slots.subarray(start, start + p.n);
      p.tf = tf.subarray(start, start + p.n);
      start += p.n;
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
    this.bilingual.add(ownEnglish(fields), [...fields.nameAr, ...fields.descriptionAr]);
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
  nameOf(slot: number): string {
    const at = this.cols.nameAt[slot]!;
    return UTF8_TEXT.decode(this.names.data.subarray(at, at + this.cols.nameBytes[slot]!));
  }

  /** The live products, in slot order (the order they were added). */
  liveDocs(): Doc[] {
    const out: Doc[] = [];
    for (let slot = 0; slot < this.cols.n; slot++) if (this.cols.alive[slot] === 1) out.push(new Doc(this.cols, slot));
    return out;
  }

  /**
   * A product's TF-IDF vector, entry by entry (term id, weight; unit length), computed from its terms' stored
   * field-weighted counts and the current document frequencies.
   */
  eachVectorEntry(doc: Doc, visit: (termId: number, weight: number) => void): void {
    const from = doc.intAt + FIELD_KEYS.length;
    const len = Math.sqrt(this.normSqAt(doc.slot)) || 1;
    const n = Math.max(1, this.byId.size);
    for (let k = from; k < from + doc.termN; k++) visit(this.ints.data[k]!, this.termWeight(k, n) / len);
  }

  /** The weight of the term at `k` of the pools (before normalisation): (1 + ln count) × ln(1 + n / df). */
  private termWeight(k: number, n: number): number {
    return TF_PART[this.termW.data[k]!]! * this.idfOf(this.ints.data[k]!, n);
  }

  /** ln(1 + n / df) of a term, cached until the index changes (the same value as computing it each time). */
  private idfOf(id: number, n: number): number {
    this.syncIdfEpoch();
    if (this.idfStamp[id] === this.idfEpoch) return this.idfPart[id]!;
    const v = Math.log(1 + n / Math.max(1, this.dfById[id]!));
    this.idfPart[id] = v;
    this.idfStamp[id] = this.idfEpoch;
    return v;
  }

  /** A new epoch for the cached idf parts and vector lengths whenever the index has changed since they were computed. */
  private syncIdfEpoch(): void {
    if (this.idfVersion === this.version && this.idfPart.length >= this.termById.length) return;
    if (this.idfPart.length < this.termById.length) {
      this.idfPart = new Float64Array(Math.max(this.termById.length, this.idfPart.length * 2));
      this.idfStamp = new Int32Array(this.idfPart.length);
    }
    this.idfVersion = this.version;
    this.idfEpoch++;
  }

  /** The squared length of the (unnormalised) vector of the product at `slot`, cached until the index changes. */
  private normSqAt(slot: number): number {
    this.syncIdfEpoch();
    if (this.normSq.length < this.cols.n) {
      const size = Math.max(this.cols.n, Math.ceil(this.normSq.length * 1.5), 1024);
      this.normSq = new Float64Array(size);
      this.normStamp = new Int32Array(size);
    }
    if (this.normStamp[slot] === this.idfEpoch) return this.normSq[slot]!;
    const from = this.cols.intAt[slot]! + FIELD_KEYS.length;
    const to = from + this.cols.termN[slot]!;
    const n = Math.max(1, this.byId.size);
    let s = 0;
    for (let k = from; k < to; k++) {
      const w = this.termWeight(k, n);
      s += w * w;
    }
    this.normSq[slot] = s;
    this.normStamp[slot] = this.idfEpoch;
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

  filterFn(f: SearchFilters): (d: Doc) => boolean {
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
  slotFilterFn(f: SearchFilters): (slot: number) => boolean {
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
  cosine(doc: Doc, q: Float64Array): number {
    return this.cosineAt(doc.slot, q);
  }

  /** cosine() of the product at `slot`, without an object for it. */
  cosineAt(slot: number, q: Float64Array): number {
    const len = Math.sqrt(this.normSqAt(slot));
    // only the query's terms add to the dot product: a term outside it adds q × w = 0, which leaves the sum as it is,
    // so skipping those terms gives the same sum in the same order
    const from = this.cols.intAt[slot]! + FIELD_KEYS.length;
    const to = from + this.cols.termN[slot]!;
    const ints = this.ints.data;
    const n = Math.max(1, this.byId.size);
    let dot = 0;
    for (let k = from; k < to; k++) {
      const qw = q[ints[k]!]!;
      if (qw !== 0) dot += qw * this.termWeight(k, n);
    }
    return len ? dot / len : 0;
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

/**
 * The English words a listing names itself by, for the bilingual vocabulary (decision 0184): its name and tags, without
 * its departments' words ('audio' in the tags of every audio product names the department, not a kind).
 */
function ownEnglish(fields: Record<FieldKey, string[]>): string[] {
  const department = new Set(fields.category);
  return [...fields.name, ...fields.tags].filter((t) => !department.has(t));
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
