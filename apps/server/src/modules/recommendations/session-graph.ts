/**
 * The item–session graph behind the recommendations: every visit (a user's session) links to the items it touched,
 * weighted by the strongest interaction (a purchase says more than a view). A random walk on it answers "what do
 * visits that touched these items touch next": item → visit → item is one step; further steps reach items that are
 * related through other items (two products never seen in one visit, but each seen with the same third one).
 *
 * Memory is bounded: visits are dropped least recently active first, an item keeps its most recent visits and a
 * visit its most recent items. One-step transition rows are cached per item. The row of an item changes only when one
 * of its visits changes; it is recomputed once those changes reach a small share of its visits (a popular item's row,
 * the costliest, is then at most a few percent behind, and busy shops do not recompute it on every event).
 */

export type GraphLimits = {
  /** Visits kept; the least recently active go first. */
  maxSessions: number;
  /** Visits remembered per item (its most recent ones). */
  maxSessionsPerItem: number;
  /** Distinct items remembered per visit (its most recent ones): a crawler's visit cannot flood the graph. */
  maxItemsPerSession: number;
  /** Entries kept per cached transition row. */
  rowSize: number;
  /** Items a walk step continues from (the strongest of the previous step): bounds the cost of every further step. */
  frontier: number;
};

type Row = Map<string, number>;

/** A cached row is recomputed once its item's visits changed this many times per visit it has. */
const STALE_SHARE = 0.05;

export class SessionGraph {
  /** visit → item → edge weight; Map order is least recently active first (visits and their items alike). */
  private readonly sessions = new Map<string, Map<string, number>>();
  /** item → its visits, least recent first. */
  private readonly itemSessions = new Map<string, Set<string>>();
  private readonly rows = new Map<string, Row>();
  /** Changes to an item's visits since its row was computed. */
  private readonly changes = new Map<string, number>();

  constructor(private readonly limits: GraphLimits) {}

  /** Links a visit and an item (the edge keeps the strongest weight seen). */
  link(sessionKey: string, itemId: string, weight: number): void {
    let items = this.sessions.get(sessionKey);
    if (items) this.sessions.delete(sessionKey); // re-insert: most recently active last
    else items = new Map();
    this.sessions.set(sessionKey, items);

    const before = items.get(itemId);
    items.delete(itemId);
    items.set(itemId, Math.max(before ?? 0, weight));
    let visits = this.itemSessions.get(itemId);
    if (!visits) this.itemSessions.set(itemId, (visits = new Set()));
    visits.delete(sessionKey);
    visits.add(sessionKey);
    if (before === undefined || weight > before) {
      // a new or stronger edge changes the rows of every item of this visit
      for (const other of items.keys()) this.changed(other);
    }

    if (items.size > this.limits.maxItemsPerSession) this.unlink(sessionKey, items.keys().next().value!);
    if (visits.size > this.limits.maxSessionsPerItem) this.unlink(visits.values().next().value!, itemId);
    if (this.sessions.size > this.limits.maxSessions) this.dropSession(this.sessions.keys().next().value!);
  }

  private unlink(sessionKey: string, itemId: string): void {
    const items = this.sessions.get(sessionKey);
    if (items?.delete(itemId)) for (const other of [...items.keys(), itemId]) this.changed(other);
    if (items && items.size === 0) this.sessions.delete(sessionKey);
    const visits = this.itemSessions.get(itemId);
    visits?.delete(sessionKey);
    if (visits && visits.size === 0) this.itemSessions.delete(itemId);
  }

  private dropSession(sessionKey: string): void {
    for (const itemId of [...(this.sessions.get(sessionKey)?.keys() ?? [])]) this.unlink(sessionKey, itemId);
    this.sessions.delete(sessionKey);
  }

  removeItem(itemId: string): void {
    for (const s of [...(this.itemSessions.get(itemId) ?? [])]) this.unlink(s, itemId);
    this.rows.delete(itemId);
    this.changes.delete(itemId);
    // no row may lead to a removed item
    for (const [id, row] of this.rows) if (row.has(itemId)) this.rows.delete(id);
  }

  /** Counts a change of the item's visits; past the tolerated share the cached row is dropped. */
  private changed(itemId: string): void {
    if (!this.rows.has(itemId)) return;
    const n = (this.changes.get(itemId) ?? 0) + 1;
    if (n > STALE_SHARE * this.degree(itemId)) {
      this.rows.delete(itemId);
      this.changes.delete(itemId);
    } else this.changes.set(itemId, n);
  }

  /** In how many remembered visits the item appears. */
  degree(itemId: string): number {
    return this.itemSessions.get(itemId)?.size ?? 0;
  }

  /** The items of one visit and their weights (empty when unknown). */
  sessionItems(sessionKey: string): ReadonlyMap<string, number> {
    return this.sessions.get(sessionKey) ?? new Map();
  }

  /** Visits shared by two items (for the co-visit similarity). */
  sharedSessions(a: string, b: string): number {
    const sa = this.itemSessions.get(a);
    const sb = this.itemSessions.get(b);
    if (!sa || !sb) return 0;
    const [small, large] = sa.size <= sb.size ? [sa, sb] : [sb, sa];
    let n = 0;
    for (const s of small) if (large.has(s)) n++;
    return n;
  }

  /** Items that share at least one visit with the item. */
  neighbours(itemId: string): Set<string> {
    const out = new Set<string>();
    for (const s of this.itemSessions.get(itemId) ?? []) for (const j of this.sessions.get(s)?.keys() ?? []) if (j !== itemId) out.add(j);
    return out;
  }

  /**
   * One walk step from an item: to one of its visits in proportion to the edge weights, then to one of that visit's
   * items in proportion to theirs. The strongest `rowSize` destinations, cached until one of the item's visits changes.
   */
  private row(itemId: string): Row {
    const cached = this.rows.get(itemId);
    if (cached) return cached;
    const out: Row = new Map();
    const visits = this.itemSessions.get(itemId);
    if (visits) {
      let total = 0;
      for (const s of visits) total += this.sessions.get(s)?.get(itemId) ?? 0;
      for (const s of visits) {
        const items = this.sessions.get(s);
        if (!items) continue;
        let sum = 0;
        for (const w of items.values()) sum += w;
        const toVisit = (items.get(itemId) ?? 0) / total;
        // no step back to the item itself: a walk is about where else its visits went
        for (const [j, w] of items) if (j !== itemId) out.set(j, (out.get(j) ?? 0) + (toVisit * w) / sum);
      }
    }
    const row = out.size > this.limits.rowSize ? new Map([...out].sort((a, b) => b[1] - a[1]).slice(0, this.limits.rowSize)) : out;
    this.rows.set(itemId, row);
    return row;
  }

  /**
   * A multi-step walk from a start distribution: the visit probability of every item after 1..steps steps, step l
   * discounted by discount^(l−1) and summed. Each further step continues from the `frontier` strongest items. The
   * first step does not go through `ownSession` (the visit the walk is for: its items are known already).
   */
  walk(start: ReadonlyMap<string, number>, steps: number, discount: number, ownSession?: string): Map<string, number> {
    const scores = new Map<string, number>();
    let frontier = new Map(start);
    let coefficient = 1;
    for (let step = 0; step < steps && frontier.size > 0; step++) {
      const next = new Map<string, number>();
      for (const [i, mass] of frontier) for (const [j, p] of this.row(i)) next.set(j, (next.get(j) ?? 0) + mass * p);
      if (step === 0 && ownSession !== undefined) this.withoutSession(next, frontier, ownSession);
      for (const [j, mass] of next) scores.set(j, (scores.get(j) ?? 0) + coefficient * mass);
      coefficient *= discount;
      frontier = next.size > this.limits.frontier ? new Map([...next].sort((a, b) => b[1] - a[1]).slice(0, this.limits.frontier)) : next;
    }
    return scores;
  }

  /** Takes back what one step from `from` sent through one visit (the cached rows include every visit). */
  private withoutSession(next: Map<string, number>, from: ReadonlyMap<string, number>, sessionKey: string): void {
    const items = this.sessions.get(sessionKey);
    if (!items) return;
    let sum = 0;
    for (const w of items.values()) sum += w;
    for (const [i, mass] of from) {
      const wi = items.get(i);
      if (!wi) continue;
      let total = 0;
      for (const s of this.itemSessions.get(i) ?? []) total += this.sessions.get(s)?.get(i) ?? 0;
      for (const [j, wj] of items) {
        if (j === i) continue;
        const left = (next.get(j) ?? 0) - (mass * (wi / total) * wj) / sum;
        if (left > 1e-12) next.set(j, left);
        else next.delete(j);
      }
    }
  }

  stats() {
    let edges = 0;
    for (const items of this.sessions.values()) edges += items.size;
    return { sessions: this.sessions.size, edges, cachedRows: this.rows.size };
  }
}
