import type { AnalysedQuery, Concept } from './query-analysis.js';
import { type Columns, Doc, FIELD_KEYS, type IndexedProduct, type ProductIndex, type SearchFilters } from './search.index.js';
import type { PriceIntent } from './search.text.js';
import {
  ADJ_MAX_CONCEPTS, ADJ_MIN_WEIGHT, FEEDBACK_DOCS, K1, POPULARITY_REVIEWS, PRICE_INTENT_MIN_LEX, RERANK_DEPTH, SCORER_CHEAPEST_RATIO,
  SCORER_MIN_POSTINGS, SIMILAR_MAX_CANDIDATES, SIMILAR_SEED_TERMS, SPLIT_SURFACE_MIN, W_ADJ, W_FEEDBACK, W_POPULARITY, W_PRICE_INTENT, W_SEM,
  W_SIMILAR_POPULARITY, W_SIMILAR_SAME_CATEGORY, W_STOP_PAIRS, W_SURFACE,
} from './search.weights.js';

// The ranking (decision 0134): an analysed query's concepts scored over the index's postings (BM25F, coverage,
// words side by side), the best candidates re-ranked (TF-IDF vectors with pseudo-relevance feedback, words as
// written, stop-word pairs, price intent), and products like a given one. Every tuned number is in search.weights.ts.

export type SearchOptions = SearchFilters & {
  limit: number;
  offset?: number;
  /** Expand the last word as a prefix (typing). On by default. */
  prefix?: boolean;
  /**
   * Read an Arabic word as the English words of names and tags it stands for too (search.bilingual.ts). On by default;
   * off counts only the listings that say the words themselves (the assistant's need weights, decision 0184).
   */
  translate?: boolean;
};

export type SearchResult = {
  ids: number[];
  total: number;
  /** price bounds and intent read from the query text ('under 200', 'cheap') */
  price: { minCents?: number; maxCents?: number; intent: PriceIntent };
  /** the words that found something, after corrections (for 'did you mean' and the assistant) */
  interpreted: string[];
};

/** Scores and orders over one ProductIndex; holds only scratch arrays reused across queries. */
export class Ranking {
  /** query vector by term id for the semantic re-ranking, zero outside the current query */
  private qDense = new Float64Array(1024);
  /** concept bit masks by term id for the adjacency bonus, zero outside the current query */
  private adjMask = new Int32Array(1024);

  constructor(private readonly ix: ProductIndex) {}

  /** Ranked ids for an analysed query (query-analysis.ts) with filters. */
  rank(analysed: AnalysedQuery, opts: SearchOptions): SearchResult {
    const { price, concepts } = analysed;
    const filters: SearchFilters = {
      ...opts,
      minCents: maxDefined(opts.minCents, price.minCents),
      maxCents: minDefined(opts.maxCents, price.maxCents),
    };
    const accept = this.ix.filterFn(filters);
    const priceInfo = { minCents: price.minCents, maxCents: price.maxCents, intent: price.intent };
    const offset = opts.offset ?? 0;

    if (concepts.length === 0) {
      // nothing but price words ('under 100', 'cheap'): a filtered listing, ordered by the intent
      if (price.minCents === undefined && price.maxCents === undefined && !price.intent) {
        return { ids: [], total: 0, price: priceInfo, interpreted: [] };
      }
      const all = this.ix.liveDocs().filter(accept);
      all.sort(price.intent === 'high' ? (a, b) => b.priceCents - a.priceCents || a.id - b.id
        : price.intent === 'low' ? (a, b) => a.priceCents - b.priceCents || a.id - b.id
          : (a, b) => popularity(b) - popularity(a) || a.id - b.id);
      return { ids: all.slice(offset, offset + opts.limit).map((d) => d.id), total: all.length, price: priceInfo, interpreted: [] };
    }

    const N = Math.max(1, this.ix.byId.size);
    // the weights read per posting and per candidate, as locals: an imported binding is read through its module on
    // every use, a local const is not (the same values, so the same sums)
    const k1 = K1;
    const wAdj = W_ADJ;
    // scores live in typed arrays indexed by slot, reused across queries; only touched slots are visited and reset
    const sc = this.scratchFor(this.ix.cols.n);
    // liveness, price and stock are checked while walking the postings, so filtered-out products ('under 200')
    // are never scored; the other filters (rarely set, they read the product) are applied to the candidates
    const cheapAccept = this.ix.slotFilterFn({ minCents: filters.minCents, maxCents: filters.maxCents, inStock: filters.inStock });
    // the slots touched so far live in typed scratch lists: at 1,000,000 products a query touches ~100,000 slots,
    // which growing JS arrays (one push each) cost more time than the scoring itself
    const { touchedTotal, touchedBest, touchedAlt } = sc;
    let nTotal = 0;
    // A concept matching a large part of the catalogue ('black', 'wireless' next to 'headphones') only scores the
    // candidates the rarer concepts found: it never adds candidates of its own.
    const cost = concepts.map((c) => c.alternatives.reduce((n, a) => n + a.terms.reduce((m, t) => m + (this.ix.postings.get(t)?.n ?? 0), 0), 0));
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
          const p = this.ix.postings.get(term);
          if (!p) continue;
          const df = this.ix.df.get(term) ?? 0;
          const idf = Math.log(1 + (N - df + 0.5) / (df + 0.5));
          const slots = p.slots;
          const tfs = p.tf;
          for (let i = 0; i < p.n; i++) {
            const slot = slots[i]!;
            if ((onlyFound && sc.matched[slot] === 0) || !cheapAccept(slot)) continue;
            const tf = tfs[i]!;
            if (!multi) {
              // a one-word reading meets each slot once: its value is final, compare it at once
              const v = ((idf * tf) / (k1 + tf)) * alt.weight;
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
            sc.alt[slot] = sc.alt[slot]! + (idf * tf) / (k1 + tf);
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
    const acceptSlot = this.ix.slotFilterFn(filters);
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
      if (adjacency) lex *= 1 + wAdj * adjacency.score(candSlot[i]!);
      candSlot[kept] = candSlot[i]!;
      candLex[kept++] = lex;
    }
    adjacency?.release();
    // Only the first `keep` of the order below are ever answered, but ties at the threshold (look-alike products
    // score alike) can leave thousands more: only those the sort would put first become objects — all above the
    // keep-th best score, and of those equal to it the lowest ids, as the sort breaks ties.
    const cut = kept > keep * 2 ? this.cutOff(candSlot.subarray(0, kept), candLex.subarray(0, kept), keep, sc.selection) : null;
    const cands: Cand[] = [];
    const cols = this.ix.cols;
    for (let i = 0; i < kept; i++) {
      const lex = candLex[i]!;
      const doc = new Doc(cols, candSlot[i]!);
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
      else if (lex[i] === kth) tiedIds.push(this.ix.cols.id[slots[i]!]!);
    }
    const ids = Float64Array.from(tiedIds).sort();
    return { lex: kth, id: ids[k - above - 1]! };
  }

  private scratch = Ranking.newScratch(0);

  private static newScratch(n: number) {
    return {
      alt: new Float64Array(n), best: new Float64Array(n), total: new Float64Array(n), hits: new Uint8Array(n), matched: new Uint8Array(n),
      touchedAlt: new Int32Array(n), touchedBest: new Int32Array(n), touchedTotal: new Int32Array(n),
      /** the query's candidates (slots and lexical scores), and room for a copy of the scores to select in */
      candSlot: new Int32Array(n), candLex: new Float64Array(n), selection: new Float64Array(n),
    };
  }

  private scratchFor(size: number) {
    if (this.scratch.alt.length < size) this.scratch = Ranking.newScratch(Math.max(size, Math.ceil(this.scratch.alt.length * 1.5), 1024));
    return this.scratch;
  }

  /**
   * Products most like the given one (vector cosine, same-category bonus), best first. Every candidate is read from
   * its slot's columns and scored into scratch, keeping only the best `limit`: the assistant asks this for most
   * product questions, and an object or two per candidate (thousands of them) was most of what an answer allocated
   * (decision 0204).
   */
  similar(id: number, limit: number, filters: SearchFilters = {}): number[] {
    const slotOf = this.ix.byId.get(id);
    if (slotOf === undefined) return [];
    const cols = this.ix.cols;
    const accept = this.ix.slotFilterFn(filters);
    // the product's vector straight into the dense query array, its terms in the vector's order
    const dense = this.denseScratch();
    const terms: number[] = [];
    this.ix.eachVectorEntry(new Doc(cols, slotOf), (t, w) => {
      dense[t] = w;
      terms.push(t);
    });
    // candidates share one of the product's strongest terms, rarest first, up to a bounded number
    const strongest = terms.slice().sort((a, b) => dense[b]! - dense[a]!).slice(0, SIMILAR_SEED_TERMS);
    const sc = this.scratchFor(cols.n);
    const seen = sc.hits;
    const visited = sc.touchedAlt;
    let nVisited = 0;
    // shares a category with the product, by the candidate's interned category list (a few distinct lists)
    const ownKeys = cols.lists[cols.categoryKeys[slotOf]!]!;
    const sharesByList = new Map<number, boolean>();
    const best = new TopK(limit);
    for (const termId of strongest) {
      const p = this.ix.postings.get(this.ix.termById[termId]!);
      if (!p) continue;
      const slots = p.slots;
      for (let i = 0; i < p.n; i++) {
        const slot = slots[i]!;
        if (seen[slot]) continue;
        seen[slot] = 1;
        visited[nVisited++] = slot;
        if (cols.alive[slot] !== 1 || cols.id[slot] === id || !accept(slot)) continue;
        const list = cols.categoryKeys[slot]!;
        let shares = sharesByList.get(list);
        if (shares === undefined) sharesByList.set(list, (shares = cols.lists[list]!.some((c) => ownKeys.includes(c))));
        const sameCat = shares ? W_SIMILAR_SAME_CATEGORY : 0;
        best.offer(cols.id[slot]!, this.ix.cosineAt(slot, dense) + sameCat + W_SIMILAR_POPULARITY * popularityAt(cols, slot));
      }
      if (nVisited >= SIMILAR_MAX_CANDIDATES) break;
    }
    for (let i = 0; i < nVisited; i++) seen[visited[i]!] = 0;
    for (const t of terms) dense[t] = 0;
    return best.ids();
  }

  /** The query vector written into the dense scratch array (the caller zeroes its terms again afterwards). */
  private denseQuery(q: Map<number, number>): Float64Array {
    const dense = this.denseScratch();
    for (const [k, v] of q) dense[k] = v;
    return dense;
  }

  /** The dense query array, zero everywhere, with room for every term id. */
  private denseScratch(): Float64Array {
    if (this.qDense.length < this.ix.termById.length) this.qDense = new Float64Array(Math.max(this.ix.termById.length, this.qDense.length * 2));
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
    if (this.adjMask.length < this.ix.termById.length) this.adjMask = new Int32Array(Math.max(this.ix.termById.length, this.adjMask.length * 2));
    const masks = this.adjMask;
    const ids: number[] = [];
    concepts.slice(0, ADJ_MAX_CONCEPTS).forEach((c, ci) => {
      for (const a of c.alternatives) {
        if (a.terms.length !== 1 || a.weight < ADJ_MIN_WEIGHT) continue;
        const id = this.ix.termIds.get(a.terms[0]!);
        if (id === undefined) continue;
        masks[id]! |= 1 << ci;
        ids.push(id);
      }
    });
    const pairs = Math.min(concepts.length, ADJ_MAX_CONCEPTS) - 1;
    const { intAt, termN, nameN } = this.ix.cols;
    const fieldN = FIELD_KEYS.length;
    const ix = this.ix;
    const score = (slot: number) => {
      const ints = ix.ints.data;
      const from = intAt[slot]! + fieldN + termN[slot]!;
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
          const id = this.ix.termIds.get(t);
          if (id !== undefined) q.set(id, Math.max(q.get(id) ?? 0, a.weight));
        }
      }
    }
    for (const c of head.slice(0, FEEDBACK_DOCS)) {
      const f = (c.lex / top) * W_FEEDBACK;
      this.ix.eachVectorEntry(c.doc, (id, w) => q.set(id, (q.get(id) ?? 0) + f * w));
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
      let s = (1 - W_SEM) * (c.lex / top) + W_SEM * this.ix.cosine(c.doc, dense) + W_POPULARITY * popularity(c.doc);
      if (forms.length || pairs.length) {
        const words = nameWords(this.ix.nameOf(c.doc.slot));
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
  return popularityOf(d.rating ?? 0, d.reviewCount);
}

/** popularity() of the product at a slot, read from the columns (NaN there is no rating, as Doc.rating reads it). */
function popularityAt(cols: Columns, slot: number): number {
  const r = cols.rating[slot]!;
  return popularityOf(Number.isNaN(r) ? 0 : r, cols.reviews[slot]!);
}

function popularityOf(rating: number, reviewCount: number): number {
  return (rating / 5) * Math.min(1, Math.log1p(reviewCount) / Math.log(POPULARITY_REVIEWS));
}

/**
 * The best `k` of (id, score) pairs offered one by one, in the order 'score descending, then id ascending' — the
 * first `k` of sorting them all, ids being distinct — kept in small arrays by insertion.
 */
class TopK {
  private readonly k: number;
  private readonly idOf: Float64Array;
  private readonly scoreOf: Float64Array;
  private n = 0;

  constructor(k: number) {
    this.k = Math.max(0, Math.trunc(k));
    this.idOf = new Float64Array(this.k);
    this.scoreOf = new Float64Array(this.k);
  }

  offer(id: number, score: number): void {
    const { idOf, scoreOf, k } = this;
    let i = this.n;
    // not better than the last kept when full: nothing to do (the common case)
    if (i === k && !(i > 0 && (score > scoreOf[i - 1]! || (score === scoreOf[i - 1] && id < idOf[i - 1]!)))) return;
    if (i === k) i--;
    else this.n++;
    while (i > 0 && (score > scoreOf[i - 1]! || (score === scoreOf[i - 1] && id < idOf[i - 1]!))) {
      idOf[i] = idOf[i - 1]!;
      scoreOf[i] = scoreOf[i - 1]!;
      i--;
    }
    idOf[i] = id;
    scoreOf[i] = score;
  }

  ids(): number[] {
    return Array.from(this.idOf.subarray(0, this.n));
  }
}

const maxDefined = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
const minDefined = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));
