import type { EventType } from '@souq/shared/constants';
import { SessionGraph } from './session-graph.js';

/**
 * The recommendation engine: a pure, in-memory model with no database, so the server and the benchmark train the
 * very same code. Fed one event at a time (incremental) or replayed from the event table (rebuild).
 *
 *   events ──► user histories (recent items and visits, purchases)   ─┐
 *          ──► item–visit graph (session-graph.ts)                     ├─► per user: the current visit's earlier items
 *          ──► trending popularity (exponential time decay)            │   first (shoppers go back), then a multi-step
 *   catalogue ► content vectors (TF-IDF over categories/tags/words)   ─┘   random walk from the recent items, blended
 *                                                                          with content similarity and popularity
 *
 * Why this shape (docs/decisions/0025-session-recommendations.md): measured on real session logs, re-visits of the
 * visit's own items are the likeliest next step, and a walk over visits beats item-to-item co-occurrence for the rest.
 * Memory is bounded: users, visits and the graph's edges are capped, and in strict mode events for items outside the
 * catalogue are ignored.
 */

/** How much an event says about interest in its item (search and session markers carry no item). */
export const EVENT_WEIGHTS: Record<EventType, number> = {
  view: 1,
  click: 1.5,
  chat_interaction: 0.75,
  add_to_cart: 3,
  purchase: 5,
  search: 0,
  session_start: 0,
  session_end: 0,
};

export type EngineEvent = {
  userId: string;
  /** The visit. Empty: the user's whole recent history is one visit. */
  sessionId?: string;
  itemId: string;
  eventType: EventType;
  /** Milliseconds since the epoch. */
  timestamp: number;
};

export type ItemMeta = {
  id: string;
  categories: string[];
  tags: string[];
  brand?: string;
  /** Name and description words. */
  text?: string;
  /** A prior in [0, 1] for cold start before any event (e.g. from rating and reviews). */
  prior?: number;
};

export type Scored = { itemId: string; score: number };

/** The hyper-parameters of the walk and the ranking (benchmarks tune them on a validation split). */
export type RankingOptions = {
  /** Steps of the random walk (item → visit → item is one). */
  walkSteps?: number;
  /** Weight of step l+1 relative to step l. */
  stepDiscount?: number;
  /** Walk scores are multiplied by (visits of the item)^this: > 0 favours items many visits touched. */
  popularityExponent?: number;
  /** Weight of the k-th most recent item of the visit as a starting point: decay^k. */
  recencyDecay?: number;
  /** Weight of the sequence signal (what followed these items within a visit) next to the walk's (1). */
  sequenceWeight?: number;
  /** Weight of trending popularity in the blend with the walk (0.65) and content (0.2) signals. */
  popularityWeight?: number;
  /**
   * Where the current visit's earlier items (most recent first) enter the list: at this rank (0 = first), or null
   * for not as a block (they then compete like any other item).
   */
  revisitsAt?: number | null;
};

export type EngineOptions = RankingOptions & {
  /** Half-life of trending popularity. */
  popularityHalfLifeMs?: number;
  /** Items kept per user history. */
  historySize?: number;
  /** Users (or anonymous ids) kept; the least recently active go first. */
  maxUsers?: number;
  /** Hard cap on distinct items (only matters without a catalogue). */
  maxItems?: number;
  /** Visits kept in the graph; the least recently active go first. */
  maxSessions?: number;
  /** Visits remembered per item. */
  maxSessionsPerItem?: number;
  /** Distinct items remembered per visit. */
  maxItemsPerSession?: number;
  /** Longest time (ms) the trending list may lag behind events; 0 = always fresh. */
  trendingRefreshMs?: number;
};

/**
 * The ranking defaults: what bench/recommendations.ts chose on the validation split of a real session log
 * (Diginetica): re-visits first, a three-step walk favouring items many visits touched, no sequence signal.
 */
export const DEFAULT_RANKING: Required<RankingOptions> = {
  walkSteps: 3,
  stepDiscount: 0.5,
  popularityExponent: 1.5,
  recencyDecay: 0.3,
  sequenceWeight: 0,
  popularityWeight: 0,
  revisitsAt: 0,
};

/** How many items' content neighbours are kept (each a list of 50). */
const CONTENT_CACHE_MAX = 2_000;

/**
 * The content model in flat arrays. Item i's vector is terms/weights[start[i] .. start[i+1]) (term ids, unit-length
 * TF-IDF weights, in the item's token order); term t's postings are postItems/postWeights[postStart[t] ..
 * postStart[t+1]) (the items having it, in catalogue order, with their weight of t). `dots` is the scratch
 * accumulator of one neighbours query (all zero between queries).
 */
type ContentIndex = {
  ids: string[];
  index: Map<string, number>;
  start: Int32Array;
  terms: Int32Array;
  weights: Float64Array;
  postStart: Int32Array;
  postItems: Int32Array;
  postWeights: Float64Array;
  dots: Float64Array;
};

type HistoryEntry = { itemId: string; sessionId: string; weight: number; eventType: EventType; timestamp: number };
type UserState = { history: HistoryEntry[]; purchased: Map<string, number> };

const DAY = 86_400_000;
/** Items of an earlier visit of the same user steer, but less than the current visit's. */
const OTHER_SESSION_SHARE = 0.4;
/** Successors kept per item for the sequence signal. */
const MAX_SUCCESSORS = 50;
/** Starting points of the walk (the user's most recent distinct items). */
const MAX_STEERING_ITEMS = 15;
/** A purchase reported twice (order placed on the server, tracker in the browser) within this time counts once. */
const PURCHASE_DEDUPE_MS = 3_600_000;
/** Re-visits score this much below the item ranked before them (1 when first); scores never rise down the list. */
const REVISIT_STEP = 0.02;
/** Trending items that top a personal list up score at most this share of their popularity. */
const TRENDING_FILL_SHARE = 0.15;

/** Affinity of a history entry to steer recommendations, by event type (purchases steer towards complements). */
const STEER: Record<EventType, number> = {
  view: 0.55, click: 0.65, chat_interaction: 0.5, add_to_cart: 0.85, purchase: 1, search: 0, session_start: 0, session_end: 0,
};

/** Blend weights of the walk and content signals (popularity's is a ranking option); missing signals hand their share to the others. */
const BLEND = { walk: 0.65, content: 0.2 };

const TOKEN_WEIGHTS = { category: 3, tag: 2, brand: 1.5, word: 1 };
const STOPWORDS = new Set('a an and are as at be by for from has in is it its of on or that the this to with your you our'.split(' '));

export class RecommendationEngine {
  private readonly opts: Required<EngineOptions>;
  private readonly users = new Map<string, UserState>();
  private readonly graph: SessionGraph;
  /** item → the items that followed it directly within a visit, with counts (the strongest kept). */
  private readonly successors = new Map<string, Map<string, number>>();
  private readonly occurrence = new Map<string, number>();
  /** Forward-decayed popularity: weight × e^((t − landmark)/τ); ratios between items never need "now". */
  private readonly popularity = new Map<string, number>();
  private maxPopularity = 0;
  private landmarkTime: number | null = null;
  private trending: { list: Scored[]; at: number; cost: number; dirty: boolean } = { list: [], at: 0, cost: 0, dirty: true };

  private catalogue: Map<string, ItemMeta> | null = null;
  /** The TF-IDF vectors and their inverted index in flat typed arrays (see ContentIndex); null until first needed. */
  private content: ContentIndex | null = null;
  private contentCache = new Map<string, Scored[]>();
  /** Content vectors are rebuilt lazily: many product edits in a row (seeding, imports) cost one rebuild. */
  private contentDirty = false;

  constructor(options: EngineOptions = {}) {
    this.opts = {
      popularityHalfLifeMs: options.popularityHalfLifeMs ?? 7 * DAY,
      historySize: options.historySize ?? 50,
      maxUsers: options.maxUsers ?? 100_000,
      maxItems: options.maxItems ?? 200_000,
      maxSessions: options.maxSessions ?? 200_000,
      maxSessionsPerItem: options.maxSessionsPerItem ?? 500,
      maxItemsPerSession: options.maxItemsPerSession ?? 50,
      trendingRefreshMs: options.trendingRefreshMs ?? 5_000,
      walkSteps: options.walkSteps ?? DEFAULT_RANKING.walkSteps,
      stepDiscount: options.stepDiscount ?? DEFAULT_RANKING.stepDiscount,
      popularityExponent: options.popularityExponent ?? DEFAULT_RANKING.popularityExponent,
      recencyDecay: options.recencyDecay ?? DEFAULT_RANKING.recencyDecay,
      sequenceWeight: options.sequenceWeight ?? DEFAULT_RANKING.sequenceWeight,
      popularityWeight: options.popularityWeight ?? DEFAULT_RANKING.popularityWeight,
      revisitsAt: options.revisitsAt === undefined ? DEFAULT_RANKING.revisitsAt : options.revisitsAt,
    };
    this.graph = new SessionGraph({
      maxSessions: this.opts.maxSessions,
      maxSessionsPerItem: this.opts.maxSessionsPerItem,
      maxItemsPerSession: this.opts.maxItemsPerSession,
      rowSize: 100,
      frontier: 50,
    });
  }

  // ---- catalogue (content model) -------------------------------------------------------------------------------

  /** Sets the items that exist. Strict mode from now on: events for other items are ignored. */
  setCatalogue(items: ItemMeta[]): void {
    this.catalogue = new Map(items.map((i) => [i.id, i]));
    this.contentDirty = true;
    this.trending.dirty = true;
  }

  /** Adds or replaces one item (a product created or edited). */
  upsertItem(item: ItemMeta): void {
    this.catalogue ??= new Map();
    const before = this.catalogue.get(item.id);
    this.catalogue.set(item.id, item);
    if (!before || JSON.stringify(before) !== JSON.stringify(item)) {
      this.contentDirty = true;
      this.trending.dirty = true;
    }
  }

  removeItem(itemId: string): void {
    this.catalogue?.delete(itemId);
    this.popularity.delete(itemId);
    this.graph.removeItem(itemId);
    this.successors.delete(itemId);
    for (const next of this.successors.values()) next.delete(itemId);
    this.trending.dirty = true;
    this.contentDirty = true;
  }

  hasItem(itemId: string): boolean {
    return this.catalogue ? this.catalogue.has(itemId) : this.occurrence.has(itemId);
  }

  private tokens(item: ItemMeta): Map<string, number> {
    const tf = new Map<string, number>();
    const add = (t: string, w: number) => tf.set(t, (tf.get(t) ?? 0) + w);
    for (const c of item.categories) add(`c:${c.toLowerCase()}`, TOKEN_WEIGHTS.category);
    for (const t of item.tags) add(`t:${t.toLowerCase()}`, TOKEN_WEIGHTS.tag);
    if (item.brand) add(`b:${item.brand.toLowerCase()}`, TOKEN_WEIGHTS.brand);
    for (const w of (item.text ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (w.length > 2 && !STOPWORDS.has(w)) add(`w:${w}`, TOKEN_WEIGHTS.word);
    }
    return tf;
  }

  /**
   * TF-IDF vectors (unit length) and an inverted index for the content neighbours, in flat typed arrays: at 50,000
   * products a Map of term → weight per item and an array of item ids per term held ~45 MB of heap (and their
   * build ~140 MB of garbage and ~7 s of the event loop); token strings live only during the build (interned to ids).
   */
  private rebuildContent(): void {
    this.contentDirty = false;
    const items = [...(this.catalogue?.values() ?? [])];
    const n = items.length;
    // pass 1: each item's tokens as interned ids and frequencies, in first-seen order; document frequencies by id
    const vocabulary = new Map<string, number>();
    const df: number[] = [];
    const tfStart = new Int32Array(n + 1);
    let tfIds = new Int32Array(Math.max(16, n * 16));
    let tfVals = new Float64Array(tfIds.length);
    let used = 0;
    for (let i = 0; i < n; i++) {
      const tf = this.tokens(items[i]!);
      if (used + tf.size > tfIds.length) {
        const size = Math.max(used + tf.size, tfIds.length * 2);
        const ids = new Int32Array(size);
        ids.set(tfIds);
        const vals = new Float64Array(size);
        vals.set(tfVals);
        tfIds = ids;
        tfVals = vals;
      }
      for (const [t, f] of tf) {
        let id = vocabulary.get(t);
        if (id === undefined) {
          id = df.length;
          vocabulary.set(t, id);
          df.push(0);
        }
        df[id]!++;
        tfIds[used] = id;
        tfVals[used++] = f;
      }
      tfStart[i + 1] = used;
    }
    // pass 2: unit-length weights; postings (terms more than one item has) counted, then filled in item order
    const start = new Int32Array(n + 1);
    const terms = new Int32Array(used);
    const weights = new Float64Array(used);
    const postCount = new Int32Array(df.length + 1);
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const from = kept;
      let norm = 0;
      for (let k = tfStart[i]!; k < tfStart[i + 1]!; k++) {
        const t = tfIds[k]!;
        const d = df[t]!;
        // a token every item has says nothing; one only this item has links it to nothing
        if (d === n && n > 1) continue;
        const w = Math.log1p(tfVals[k]!) * Math.log(1 + n / d);
        terms[kept] = t;
        weights[kept++] = w;
        norm += w * w;
      }
      norm = Math.sqrt(norm);
      if (norm === 0) {
        kept = from;
      } else {
        for (let k = from; k < kept; k++) {
          weights[k]! /= norm;
          if (df[terms[k]!]! > 1) postCount[terms[k]! + 1]!++;
        }
      }
      start[i + 1] = kept;
    }
    for (let t = 0; t < df.length; t++) postCount[t + 1]! += postCount[t]!;
    const postStart = postCount;
    const fill = postStart.slice(0, df.length);
    const postItems = new Int32Array(postStart[df.length]!);
    const postWeights = new Float64Array(postItems.length);
    for (let i = 0; i < n; i++) {
      for (let k = start[i]!; k < start[i + 1]!; k++) {
        const t = terms[k]!;
        if (df[t]! <= 1) continue;
        const at = fill[t]!++;
        postItems[at] = i;
        postWeights[at] = weights[k]!;
      }
    }
    const index = new Map<string, number>();
    for (let i = 0; i < n; i++) if (start[i + 1]! > start[i]!) index.set(items[i]!.id, i);
    this.content = {
      ids: items.map((i) => i.id), index, start, terms: terms.slice(0, kept), weights: weights.slice(0, kept),
      postStart, postItems, postWeights, dots: new Float64Array(n),
    };
    this.contentCache.clear();
  }

  /** Items whose content is most like this one's (cosine of TF-IDF vectors), cached per item. */
  contentNeighbours(itemId: string, k = 30): Scored[] {
    if (this.contentDirty || !this.content) this.rebuildContent();
    const cached = this.contentCache.get(itemId);
    if (cached) return cached.slice(0, k);
    const c = this.content!;
    const i = c.index.get(itemId);
    if (i === undefined) return [];
    // items in the order they are first reached (ties keep it through the stable sort)
    const touched: number[] = [];
    for (let a = c.start[i]!; a < c.start[i + 1]!; a++) {
      const t = c.terms[a]!;
      const w = c.weights[a]!;
      for (let p = c.postStart[t]!; p < c.postStart[t + 1]!; p++) {
        const other = c.postItems[p]!;
        if (other === i) continue;
        if (c.dots[other] === 0) touched.push(other);
        c.dots[other]! += w * c.postWeights[p]!;
      }
    }
    const scored = touched.map((o) => ({ itemId: c.ids[o]!, score: Math.min(1, c.dots[o]!) }));
    for (const o of touched) c.dots[o] = 0;
    const list = scored.sort(byScore).slice(0, 50);
    // bounded: 50 scored items per entry (~5 KB); product pages of a big catalogue would otherwise fill it with 20,000
    if (this.contentCache.size >= CONTENT_CACHE_MAX) this.contentCache.clear();
    this.contentCache.set(itemId, list);
    return list.slice(0, k);
  }

  // ---- events ---------------------------------------------------------------------------------------------------

  /** Learns from one event (call in time order; late events are fine, they just decay less exactly). */
  addEvent(e: EngineEvent): void {
    const weight = EVENT_WEIGHTS[e.eventType] ?? 0;
    if (weight <= 0 || !e.itemId) return;
    if (this.catalogue ? !this.catalogue.has(e.itemId) : !this.occurrence.has(e.itemId) && this.occurrence.size >= this.opts.maxItems) return;
    const user = this.touchUser(e.userId);
    if (e.eventType === 'purchase') {
      const last = user.purchased.get(e.itemId);
      if (last !== undefined && Math.abs(e.timestamp - last) < PURCHASE_DEDUPE_MS) return;
      user.purchased.set(e.itemId, e.timestamp);
    }
    const session = e.sessionId ?? '';
    const previous = user.history[user.history.length - 1];
    if (previous && previous.sessionId === session && previous.itemId !== e.itemId) this.follow(previous.itemId, e.itemId);
    this.graph.link(this.sessionKey(e.userId, session), e.itemId, weight);
    this.occurrence.set(e.itemId, (this.occurrence.get(e.itemId) ?? 0) + weight);

    // trending
    this.landmarkTime ??= e.timestamp;
    const tau = this.opts.popularityHalfLifeMs / Math.LN2;
    const value = (this.popularity.get(e.itemId) ?? 0) + weight * Math.exp((e.timestamp - this.landmarkTime) / tau);
    this.popularity.set(e.itemId, value);
    if (value > this.maxPopularity) this.maxPopularity = value;
    this.trending.dirty = true;

    user.history.push({ itemId: e.itemId, sessionId: session, weight, eventType: e.eventType, timestamp: e.timestamp });
    if (user.history.length > this.opts.historySize) user.history.splice(0, user.history.length - this.opts.historySize);
  }

  /** The visit node: a user's visits are their own (two users' empty session ids are different visits). */
  private sessionKey(userId: string, sessionId: string): string {
    return `${userId}\u0001${sessionId}`;
  }

  private follow(from: string, to: string): void {
    let next = this.successors.get(from);
    if (!next) this.successors.set(from, (next = new Map()));
    next.set(to, (next.get(to) ?? 0) + 1);
    if (next.size > 2 * MAX_SUCCESSORS) this.successors.set(from, new Map([...next].sort((a, b) => b[1] - a[1]).slice(0, MAX_SUCCESSORS)));
  }

  /** What followed the starting items directly within visits, weighted like the walk's start. */
  private sequence(start: ReadonlyMap<string, number>): Map<string, number> {
    const out = new Map<string, number>();
    for (const [item, w] of start) {
      const next = this.successors.get(item);
      if (!next) continue;
      let total = 0;
      for (const c of next.values()) total += c;
      for (const [j, c] of next) out.set(j, (out.get(j) ?? 0) + (w * c) / total);
    }
    return out;
  }

  private touchUser(userId: string): UserState {
    let u = this.users.get(userId);
    if (u) this.users.delete(userId); // re-insert: Map order is the LRU order
    else u = { history: [], purchased: new Map() };
    this.users.set(userId, u);
    if (this.users.size > this.opts.maxUsers) {
      const oldest = this.users.keys().next().value;
      if (oldest !== undefined) this.users.delete(oldest);
    }
    return u;
  }

  // ---- scoring ----------------------------------------------------------------------------------------------------

  /** Co-visit similarity in [0, 1]: the cosine of the two items' visit sets. */
  private coVisit(a: string, b: string): number {
    const shared = this.graph.sharedSessions(a, b);
    return shared ? Math.min(1, shared / Math.sqrt(this.graph.degree(a) * this.graph.degree(b))) : 0;
  }

  /** Popularity in [0, 1]: trending (decayed events) with the catalogue prior for items nobody has touched yet. */
  private pop(itemId: string): number {
    const trend = this.maxPopularity > 0 ? (this.popularity.get(itemId) ?? 0) / this.maxPopularity : 0;
    const prior = this.catalogue?.get(itemId)?.prior ?? 0;
    return Math.min(1, 0.85 * Math.sqrt(trend) + 0.15 * prior);
  }

  /**
   * The most popular items right now. Re-sorting every item costs O(items · log items), so after a change the list
   * is refreshed only once the time since the last refresh is 50× what that refresh cost (a small catalogue is
   * always fresh, a large one lags at most trendingRefreshMs).
   */
  trendingItems(n: number): Scored[] {
    const now = performance.now();
    const due = Math.min(this.opts.trendingRefreshMs, this.trending.cost * 50);
    if (this.trending.dirty && (now - this.trending.at >= due || this.trending.list.length === 0)) {
      const ids = new Set<string>([...this.popularity.keys(), ...(this.catalogue?.keys() ?? [])]);
      const list = [...ids].map((id) => ({ itemId: id, score: this.pop(id) })).filter((s) => s.score > 0).sort(byScore).slice(0, 500);
      const done = performance.now();
      this.trending = { list, at: done, cost: done - now, dirty: false };
    }
    return this.trending.list.slice(0, n);
  }

  /** What a user has done lately (most recent first), as the engine remembers it. */
  recentItems(userId: string): HistoryEntry[] {
    return [...(this.users.get(userId)?.history ?? [])].reverse();
  }

  /**
   * Personal recommendations. The current visit's earlier items come first, most recent first (a shopper goes back
   * to what they compared); then items a random walk on the item–visit graph reaches from the user's recent items
   * (and from `itemId`, the item in view), blended with content similarity and popularity. Excludes what the user
   * bought, the item in view and the one just looked at. A user with no history gets trending items.
   */
  recommend(userId: string, opts: { n: number; itemId?: string; exclude?: Iterable<string> }): Scored[] {
    const user = this.users.get(userId);
    const exclude = new Set<string>(opts.exclude ?? []);
    for (const id of user?.purchased.keys() ?? []) exclude.add(id);
    const history = user?.history ?? [];
    const latest = history[history.length - 1];
    // the item just looked at is where the user is; recommending it again helps no one
    if (latest) exclude.add(latest.itemId);
    if (opts.itemId) exclude.add(opts.itemId);

    // starting points: the item in view, then the user's distinct recent items, newest first, by event type and
    // recency; the current visit's items are also the re-visit candidates
    const start = new Map<string, number>();
    const revisits: string[] = [];
    let rank = 0;
    if (opts.itemId) {
      start.set(opts.itemId, 1);
      rank = 1;
    }
    for (let i = history.length - 1; i >= 0; i--) {
      const h = history[i]!;
      const sameVisit = h.sessionId === latest!.sessionId;
      if (sameVisit && !exclude.has(h.itemId) && !revisits.includes(h.itemId)) revisits.push(h.itemId);
      if (start.size >= MAX_STEERING_ITEMS) continue;
      const w = STEER[h.eventType] * this.opts.recencyDecay ** rank * (sameVisit ? 1 : OTHER_SESSION_SHARE);
      if (!start.has(h.itemId)) {
        start.set(h.itemId, w);
        rank++;
      } else start.set(h.itemId, Math.max(start.get(h.itemId)!, w));
    }
    if (start.size === 0) return this.fill([], opts.n, exclude, 1);

    const total = [...start.values()].reduce((s, w) => s + w, 0);
    for (const [id, w] of start) start.set(id, w / total);
    const walk = this.graph.walk(start, this.opts.walkSteps, this.opts.stepDiscount, latest ? this.sessionKey(userId, latest.sessionId) : undefined);
    for (const [id, mass] of walk) walk.set(id, mass * Math.max(1, this.graph.degree(id)) ** this.opts.popularityExponent);
    if (this.opts.sequenceWeight > 0) {
      // the walk ignores order; where visits have a direction (a phone, then its case) the sequence adds it
      const followed = this.sequence(start);
      const [maxWalk, maxFollowed] = [maxOf(walk), maxOf(followed)];
      for (const id of new Set([...walk.keys(), ...followed.keys()])) {
        walk.set(id, (walk.get(id) ?? 0) / (maxWalk || 1) + (this.opts.sequenceWeight * (followed.get(id) ?? 0)) / (maxFollowed || 1));
      }
    }
    const maxWalk = maxOf(walk);
    // noisy-or keeps the content signal in [0, 1] and rewards items like several starting points
    const content = new Map<string, number>();
    const strongest = Math.max(...start.values());
    for (const [item, w] of start) {
      const weight = w / strongest;
      for (const nb of this.contentNeighbours(item, 30)) {
        content.set(nb.itemId, 1 - (1 - (content.get(nb.itemId) ?? 0)) * (1 - weight * nb.score));
      }
    }
    // asked about one item (a product page), the walk from it leads and earlier items only compete like the rest
    const block = this.opts.revisitsAt === null || opts.itemId ? [] : revisits.filter((id) => !this.catalogue || this.catalogue.has(id)).slice(0, opts.n);
    const placed = new Set([...exclude, ...block]);
    let wWalk = walk.size ? BLEND.walk : 0;
    let wContent = content.size ? BLEND.content : 0;
    let wPop = this.opts.popularityWeight;
    const sum = wWalk + wContent + wPop;
    if (sum === 0) return this.fill(block.map((id, k) => ({ itemId: id, score: clamp01(1 - REVISIT_STEP * k) })), opts.n, placed, TRENDING_FILL_SHARE);
    [wWalk, wContent, wPop] = [wWalk / sum, wContent / sum, wPop / sum];
    const scored: Scored[] = [];
    for (const id of new Set([...walk.keys(), ...content.keys()])) {
      if (placed.has(id) || (this.catalogue && !this.catalogue.has(id))) continue;
      const score = wWalk * ((walk.get(id) ?? 0) / (maxWalk || 1)) + wContent * (content.get(id) ?? 0) + wPop * this.pop(id);
      scored.push({ itemId: id, score: clamp01(score) });
    }
    scored.sort(byScore);
    const at = Math.min(this.opts.revisitsAt ?? 0, scored.length);
    const list = [...scored.slice(0, at), ...block.map((id) => ({ itemId: id, score: 1 })), ...scored.slice(at)].slice(0, opts.n);
    // scores follow the ranks: a re-visit takes the score of the item before it (1 when first), less a step per rank
    let previous = 1 + REVISIT_STEP;
    const ranked = list.map((s) => {
      const score = clamp01(placed.has(s.itemId) ? previous - REVISIT_STEP : Math.min(s.score, previous));
      previous = score;
      return { itemId: s.itemId, score };
    });
    return this.fill(ranked, opts.n, placed, Math.max(wPop, TRENDING_FILL_SHARE) * (ranked.length ? ranked[ranked.length - 1]!.score : 1));
  }

  /** Tops a list up with trending items (scored by popularity share only), skipping excluded and present ones. */
  private fill(list: Scored[], n: number, exclude: Set<string>, share: number): Scored[] {
    if (list.length >= n) return list;
    const have = new Set(list.map((s) => s.itemId));
    const floor = list.length ? list[list.length - 1]!.score : 1;
    for (const t of this.trendingItems(n + exclude.size + list.length + 10)) {
      if (list.length >= n) break;
      if (have.has(t.itemId) || exclude.has(t.itemId)) continue;
      // trending fill never outranks a personal result
      list.push({ itemId: t.itemId, score: clamp01(Math.min(floor, share === 1 ? 0.9 * t.score : share * t.score)) });
    }
    return list;
  }

  /** Items similar to one item: visited together (co-visit cosine) and alike in content, for cold items content alone. */
  similar(itemId: string, n: number): Scored[] {
    const scores = new Map<string, number>();
    for (const other of this.graph.neighbours(itemId)) {
      const s = this.coVisit(itemId, other);
      if (s > 0) scores.set(other, 0.7 * s);
    }
    for (const nb of this.contentNeighbours(itemId, 50)) {
      scores.set(nb.itemId, 1 - (1 - (scores.get(nb.itemId) ?? 0)) * (1 - 0.8 * nb.score));
    }
    scores.delete(itemId);
    return [...scores]
      .filter(([id]) => !this.catalogue || this.catalogue.has(id))
      .map(([id, s]) => ({ itemId: id, score: clamp01(s) }))
      .sort(byScore)
      .slice(0, n);
  }

  /** Size of the model, for health and tests of the memory bounds. */
  stats() {
    return { users: this.users.size, items: this.occurrence.size, ...this.graph.stats(), catalogue: this.catalogue?.size ?? 0 };
  }
}

const maxOf = (scores: Map<string, number>) => {
  let max = 0;
  for (const s of scores.values()) if (s > max) max = s;
  return max;
};

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : Math.round(x * 10_000) / 10_000);
function byScore(a: Scored, b: Scored): number {
  return b.score - a.score || (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0);
}
