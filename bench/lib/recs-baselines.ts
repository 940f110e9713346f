/**
 * Baselines of the recommendations benchmark, fed the same event stream as the engine (training events, then each
 * test session event by event) and asked the same question: the next item of this session.
 *
 *   popularity        the most viewed items so far
 *   sknn              session-based kNN (Jannach & Ludewig 2017): the k past sessions most similar to the current
 *                     one (cosine of item sets) vote for their items, weighted by similarity
 *   recent-iknn       the session's earlier items, most recent first, then item-kNN from the current item (cosine
 *                     of the items' session sets with shrinkage λ, Hidasi et al. 2016's baseline)
 */

export type BenchEvent = { sessionId: string; userId: string; itemId: string };

export interface Recommender {
  learn(e: BenchEvent): void;
  /** Up to n items for the session's next step; never the item just seen. */
  recommend(e: BenchEvent, n: number): string[];
}

/** Sessions and the items they touched (distinct, in order of last touch), and the reverse index. */
class SessionIndex {
  readonly items = new Map<string, string[]>();
  readonly sessionsOf = new Map<string, Set<string>>();
  learn(e: BenchEvent) {
    let list = this.items.get(e.sessionId);
    if (!list) this.items.set(e.sessionId, (list = []));
    const at = list.indexOf(e.itemId);
    if (at >= 0) list.splice(at, 1);
    list.push(e.itemId);
    let sessions = this.sessionsOf.get(e.itemId);
    if (!sessions) this.sessionsOf.set(e.itemId, (sessions = new Set()));
    sessions.add(e.sessionId);
  }
}

function topItems(scores: Map<string, number>, n: number, exclude: Set<string>): string[] {
  return [...scores]
    .filter(([id]) => !exclude.has(id))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([id]) => id);
}

export class PopularityBaseline implements Recommender {
  private readonly counts = new Map<string, number>();
  private ranked: string[] | null = null;
  learn(e: BenchEvent) {
    this.counts.set(e.itemId, (this.counts.get(e.itemId) ?? 0) + 1);
    this.ranked = null;
  }
  recommend(e: BenchEvent, n: number) {
    this.ranked ??= topItems(this.counts, n + 50, new Set());
    return this.ranked.filter((id) => id !== e.itemId).slice(0, n);
  }
}

/** A baseline that keeps the sessions it has seen; `current` is the session being predicted, as far as it has come. */
abstract class SessionBaseline implements Recommender {
  protected readonly index = new SessionIndex();
  learn(e: BenchEvent) {
    this.index.learn(e);
  }
  protected current(e: BenchEvent): string[] {
    return this.index.items.get(e.sessionId) ?? [e.itemId];
  }
  abstract recommend(e: BenchEvent, n: number): string[];
}

export class SessionKnnBaseline extends SessionBaseline {
  constructor(readonly k: number) {
    super();
  }
  recommend(e: BenchEvent, n: number) {
    const current = this.current(e);
    const mine = new Set(current);
    const candidates = new Set<string>();
    for (const item of current) for (const s of this.index.sessionsOf.get(item) ?? []) if (s !== e.sessionId) candidates.add(s);
    const neighbours = [...candidates]
      .map((s) => {
        const items = this.index.items.get(s)!;
        let shared = 0;
        for (const i of items) if (mine.has(i)) shared++;
        return { s, sim: shared / Math.sqrt(items.length * current.length) };
      })
      .sort((a, b) => b.sim - a.sim)
      .slice(0, this.k);
    const scores = new Map<string, number>();
    for (const { s, sim } of neighbours) for (const i of this.index.items.get(s)!) scores.set(i, (scores.get(i) ?? 0) + sim);
    return topItems(scores, n, new Set([e.itemId]));
  }
}

export class RecentThenItemKnnBaseline extends SessionBaseline {
  constructor(readonly shrinkage: number) {
    super();
  }
  recommend(e: BenchEvent, n: number) {
    const recent = this.current(e).filter((i) => i !== e.itemId).reverse();
    const own = this.index.sessionsOf.get(e.itemId) ?? new Set<string>();
    const cooccurrence = new Map<string, number>();
    for (const s of own) {
      if (s === e.sessionId) continue;
      for (const i of this.index.items.get(s)!) if (i !== e.itemId) cooccurrence.set(i, (cooccurrence.get(i) ?? 0) + 1);
    }
    const scores = new Map<string, number>();
    for (const [i, c] of cooccurrence) scores.set(i, c / (Math.sqrt(own.size * this.index.sessionsOf.get(i)!.size) + this.shrinkage));
    return [...recent, ...topItems(scores, n, new Set([e.itemId, ...recent]))].slice(0, n);
  }
}
