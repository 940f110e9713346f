import type { EventType } from '@souq/shared/constants';

/**
 * The recommendation engine: a pure, in-memory model with no database, so the server and the benchmark train the
 * very same code. Fed one event at a time (incremental) or replayed from the event table (rebuild).
 *
 *   events ──► user histories (recent items, purchases)         ─┐
 *          ──► item-to-item co-occurrence within a user's recent  ├─► blended, per user:
 *              window (forward transitions count more)             │   co-occurrence (collaborative) +
 *          ──► trending popularity (exponential time decay)        │   content similarity (category, tags, brand, text) +
 *   catalogue ► content vectors (TF-IDF over categories/tags/words)┘   popularity, scores in [0, 1]
 *
 * Memory is bounded: users and neighbour lists are capped (least recently active users are dropped first,
 * weakest neighbours are pruned), and in strict mode events for items outside the catalogue are ignored.
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
  /** The visit; co-occurrence is strongest within one. Empty: the user's whole recent history is one visit. */
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

export type EngineOptions = {
  /** Half-life of trending popularity. */
  popularityHalfLifeMs?: number;
  /** Items kept per user history. */
  historySize?: number;
  /** How many earlier items of a user a new event co-occurs with. */
  window?: number;
  /** Neighbours kept per item (co-occurrence). */
  maxNeighbours?: number;
  /** Users (or anonymous ids) kept; the least recently active go first. */
  maxUsers?: number;
  /** Hard cap on distinct items (only matters without a catalogue). */
  maxItems?: number;
  /** Longest time (ms) the trending list may lag behind events; 0 = always fresh. */
  trendingRefreshMs?: number;
};

type HistoryEntry = { itemId: string; sessionId: string; weight: number; eventType: EventType; timestamp: number };
type UserState = { history: HistoryEntry[]; purchased: Map<string, number> };

const DAY = 86_400_000;
/** Forward transitions (b after a) say more about "what next" than backward ones. */
const BACKWARD_SHARE = 0.5;
/** An item seen in an earlier visit of the same user co-occurs, but less than within one visit. */
const OTHER_SESSION_SHARE = 0.4;
/** A purchase reported twice (order placed on the server, tracker in the browser) within this time counts once. */
const PURCHASE_DEDUPE_MS = 3_600_000;

/** Affinity of a history entry to steer recommendations, by event type (purchases steer towards complements). */
const STEER: Record<EventType, number> = {
  view: 0.55, click: 0.65, chat_interaction: 0.5, add_to_cart: 0.85, purchase: 1, search: 0, session_start: 0, session_end: 0,
};

/** Blend weights of the three signals when all are present; missing signals hand their share to the others. */
const BLEND = { cooccurrence: 0.65, content: 0.2, popularity: 0.15 };

const TOKEN_WEIGHTS = { category: 3, tag: 2, brand: 1.5, word: 1 };
const STOPWORDS = new Set('a an and are as at be by for from has in is it its of on or that the this to with your you our'.split(' '));

export class RecommendationEngine {
  private readonly opts: Required<EngineOptions>;
  private readonly users = new Map<string, UserState>();
  private readonly co = new Map<string, Map<string, number>>();
  private readonly occurrence = new Map<string, number>();
  /** Forward-decayed popularity: weight × e^((t − landmark)/τ); ratios between items never need "now". */
  private readonly popularity = new Map<string, number>();
  private maxPopularity = 0;
  private landmarkTime: number | null = null;
  private trending: { list: Scored[]; at: number; cost: number; dirty: boolean } = { list: [], at: 0, cost: 0, dirty: true };

  private catalogue: Map<string, ItemMeta> | null = null;
  private contentVectors = new Map<string, Map<string, number>>();
  private postings = new Map<string, string[]>();
  private contentCache = new Map<string, Scored[]>();
  /** Content vectors are rebuilt lazily: many product edits in a row (seeding, imports) cost one rebuild. */
  private contentDirty = false;

  constructor(options: EngineOptions = {}) {
    this.opts = {
      popularityHalfLifeMs: options.popularityHalfLifeMs ?? 7 * DAY,
      historySize: options.historySize ?? 50,
      window: options.window ?? 8,
      maxNeighbours: options.maxNeighbours ?? 60,
      maxUsers: options.maxUsers ?? 100_000,
      maxItems: options.maxItems ?? 200_000,
      trendingRefreshMs: options.trendingRefreshMs ?? 5_000,
    };
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
    this.co.delete(itemId);
    for (const n of this.co.values()) n.delete(itemId);
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

  /** TF-IDF vectors (unit length) and an inverted index for the content neighbours. */
  private rebuildContent(): void {
    this.contentDirty = false;
    const items = [...(this.catalogue?.values() ?? [])];
    const tfs = items.map((i) => [i.id, this.tokens(i)] as const);
    const df = new Map<string, number>();
    for (const [, tf] of tfs) for (const t of tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    const n = items.length;
    this.contentVectors = new Map();
    this.postings = new Map();
    for (const [id, tf] of tfs) {
      const v = new Map<string, number>();
      let norm = 0;
      for (const [t, f] of tf) {
        const d = df.get(t)!;
        // a token every item has says nothing; one only this item has links it to nothing
        if (d === n && n > 1) continue;
        const w = Math.log1p(f) * Math.log(1 + n / d);
        v.set(t, w);
        norm += w * w;
      }
      norm = Math.sqrt(norm);
      if (norm === 0) continue;
      for (const [t, w] of v) {
        v.set(t, w / norm);
        if (df.get(t)! > 1) {
          let list = this.postings.get(t);
          if (!list) this.postings.set(t, (list = []));
          list.push(id);
        }
      }
      this.contentVectors.set(id, v);
    }
    this.contentCache.clear();
  }

  /** Items whose content is most like this one's (cosine of TF-IDF vectors), cached per item. */
  contentNeighbours(itemId: string, k = 30): Scored[] {
    if (this.contentDirty) this.rebuildContent();
    const cached = this.contentCache.get(itemId);
    if (cached) return cached.slice(0, k);
    const v = this.contentVectors.get(itemId);
    if (!v) return [];
    const dots = new Map<string, number>();
    for (const [t, w] of v) {
      for (const other of this.postings.get(t) ?? []) {
        if (other === itemId) continue;
        dots.set(other, (dots.get(other) ?? 0) + w * this.contentVectors.get(other)!.get(t)!);
      }
    }
    const list = [...dots].map(([id, s]) => ({ itemId: id, score: Math.min(1, s) })).sort(byScore).slice(0, 50);
    if (this.contentCache.size > 20_000) this.contentCache.clear();
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

    // co-occurrence with the user's recent distinct items
    const seen = new Set<string>([e.itemId]);
    let distance = 0;
    for (let i = user.history.length - 1; i >= 0 && distance < this.opts.window; i--) {
      const prev = user.history[i]!;
      if (seen.has(prev.itemId)) continue;
      seen.add(prev.itemId);
      distance++;
      const share = prev.sessionId === session ? 1 : OTHER_SESSION_SHARE;
      const inc = (Math.sqrt(weight * prev.weight) * share) / distance;
      this.bump(prev.itemId, e.itemId, inc);
      this.bump(e.itemId, prev.itemId, inc * BACKWARD_SHARE);
    }
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

  private bump(a: string, b: string, inc: number): void {
    let n = this.co.get(a);
    if (!n) this.co.set(a, (n = new Map()));
    n.set(b, (n.get(b) ?? 0) + inc);
    if (n.size > this.opts.maxNeighbours * 2) {
      const keep = [...n].sort((x, y) => y[1] - x[1]).slice(0, this.opts.maxNeighbours);
      this.co.set(a, new Map(keep));
    }
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

  /** Co-occurrence similarity a → b in [0, 1] (cosine-like normalisation by both items' activity). */
  private coSim(a: string, b: string, both = false): number {
    let c = this.co.get(a)?.get(b) ?? 0;
    if (both) c = Math.max(c, this.co.get(b)?.get(a) ?? 0);
    if (c === 0) return 0;
    const na = this.occurrence.get(a) ?? 1;
    const nb = this.occurrence.get(b) ?? 1;
    return Math.min(1, c / Math.sqrt(na * nb));
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
   * Personal recommendations: items related to what the user did lately (and to `itemId`, the item in view), blended
   * with content similarity and popularity. Excludes what the user bought and the item in view. A user with no
   * history gets trending items.
   */
  recommend(userId: string, opts: { n: number; itemId?: string; exclude?: Iterable<string> }): Scored[] {
    const user = this.users.get(userId);
    const exclude = new Set<string>(opts.exclude ?? []);
    for (const id of user?.purchased.keys() ?? []) exclude.add(id);

    // steering items: distinct recent items, newest first, weight by event type and recency
    const steer = new Map<string, number>();
    if (opts.itemId) {
      steer.set(opts.itemId, 1);
      exclude.add(opts.itemId);
    }
    const history = user?.history ?? [];
    let rank = 0;
    for (let i = history.length - 1; i >= 0 && steer.size < 15; i--) {
      const h = history[i]!;
      const w = STEER[h.eventType] * 0.5 ** rank;
      if (!steer.has(h.itemId)) {
        steer.set(h.itemId, w);
        rank++;
      } else steer.set(h.itemId, Math.max(steer.get(h.itemId)!, w));
    }
    // the item just looked at is where the user is; recommending it again helps no one
    const latest = history[history.length - 1]?.itemId;
    if (latest) exclude.add(latest);

    if (steer.size === 0) return this.fill([], opts.n, exclude, 1);

    // noisy-or keeps each signal in [0, 1] and rewards items supported by several steering items
    const cf = new Map<string, number>();
    const content = new Map<string, number>();
    for (const [item, w] of steer) {
      for (const [other] of this.co.get(item) ?? []) {
        const s = w * this.coSim(item, other);
        if (s > 0) cf.set(other, 1 - (1 - (cf.get(other) ?? 0)) * (1 - s));
      }
      for (const nb of this.contentNeighbours(item, 30)) {
        const s = w * nb.score;
        content.set(nb.itemId, 1 - (1 - (content.get(nb.itemId) ?? 0)) * (1 - s));
      }
    }
    const candidates = new Set([...cf.keys(), ...content.keys()]);
    let wCf = cf.size ? BLEND.cooccurrence : 0;
    let wContent = content.size ? BLEND.content : 0;
    const wPop = BLEND.popularity;
    const total = wCf + wContent + wPop;
    wCf /= total;
    wContent /= total;
    const scored: Scored[] = [];
    for (const id of candidates) {
      if (exclude.has(id) || (this.catalogue && !this.catalogue.has(id))) continue;
      // evidence strength lifts the score: a single weak co-occurrence is not a 90 % match
      const score = wCf * (cf.get(id) ?? 0) + wContent * (content.get(id) ?? 0) + (wPop / total) * this.pop(id);
      scored.push({ itemId: id, score: clamp01(score) });
    }
    scored.sort(byScore);
    return this.fill(scored.slice(0, opts.n), opts.n, exclude, wPop / total);
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

  /** Items similar to one item: co-occurrence in both directions and content, for cold items content alone. */
  similar(itemId: string, n: number): Scored[] {
    const scores = new Map<string, number>();
    const neighbours = new Set<string>([...(this.co.get(itemId)?.keys() ?? [])]);
    for (const [other, m] of this.co) if (m.has(itemId)) neighbours.add(other);
    for (const other of neighbours) {
      const s = this.coSim(itemId, other, true);
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
    let neighbours = 0;
    for (const m of this.co.values()) neighbours += m.size;
    return { users: this.users.size, items: this.occurrence.size, neighbours, catalogue: this.catalogue?.size ?? 0 };
  }
}

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : Math.round(x * 10_000) / 10_000);
function byScore(a: Scored, b: Scored): number {
  return b.score - a.score || (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0);
}
