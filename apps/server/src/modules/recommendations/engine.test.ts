import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@souq/shared/constants';
import { RecommendationEngine, type EngineEvent, type ItemMeta } from './engine.js';

const T0 = Date.UTC(2025, 0, 1);
let clock = T0;
const ev = (userId: string, itemId: string, eventType: EngineEvent['eventType'] = 'view', sessionId = `${userId}-s`): EngineEvent => ({
  userId, itemId, eventType, sessionId, timestamp: (clock += 60_000),
});

const catalogue: ItemMeta[] = [
  { id: 'phone', categories: ['electronics'], tags: ['smartphone', 'android'], brand: 'Nova', text: 'Nova X phone 256 GB' },
  { id: 'case', categories: ['electronics'], tags: ['accessory', 'smartphone'], brand: 'Shield', text: 'Shield phone case' },
  { id: 'charger', categories: ['electronics'], tags: ['accessory', 'usb-c'], brand: 'Volt', text: 'Volt fast charger' },
  { id: 'laptop', categories: ['electronics'], tags: ['computer'], brand: 'Nova', text: 'Nova book laptop' },
  { id: 'tent', categories: ['sports'], tags: ['camping', 'outdoor'], brand: 'Trail', text: 'Trail two person tent' },
  { id: 'stove', categories: ['sports'], tags: ['camping', 'cooking'], brand: 'Trail', text: 'Trail camping stove' },
  { id: 'novel', categories: ['books'], tags: ['fiction'], brand: 'Pearson', text: 'A novel' },
  { id: 'atlas', categories: ['books'], tags: ['maps'], brand: 'Pearson', text: 'World atlas' },
];

function trained() {
  const engine = new RecommendationEngine({ trendingRefreshMs: 0 });
  engine.setCatalogue(catalogue);
  // many shoppers look at a phone and then its case; campers look at a tent then a stove
  for (let u = 0; u < 20; u++) {
    engine.addEvent(ev(`u${u}`, 'phone'));
    engine.addEvent(ev(`u${u}`, 'case', u % 3 === 0 ? 'add_to_cart' : 'view'));
  }
  for (let u = 20; u < 30; u++) {
    engine.addEvent(ev(`u${u}`, 'tent'));
    engine.addEvent(ev(`u${u}`, 'stove'));
  }
  // the novel is popular on its own
  for (let u = 30; u < 80; u++) engine.addEvent(ev(`u${u}`, 'novel'));
  return engine;
}

describe('recommendation engine', () => {
  it('recommends what others looked at next (co-occurrence), not the item on screen', () => {
    const engine = trained();
    engine.addEvent(ev('newbie', 'phone'));
    const recs = engine.recommend('newbie', { n: 5 });
    expect(recs[0]!.itemId).toBe('case');
    expect(recs.map((r) => r.itemId)).not.toContain('phone');
    engine.addEvent(ev('camper', 'tent'));
    expect(engine.recommend('camper', { n: 3 })[0]!.itemId).toBe('stove');
  });

  it('steers by an explicit item and never returns that item', () => {
    const engine = trained();
    const recs = engine.recommend('someone', { n: 5, itemId: 'tent' });
    expect(recs[0]!.itemId).toBe('stove');
    expect(recs.map((r) => r.itemId)).not.toContain('tent');
  });

  it('leaves out what the user just bought', () => {
    const engine = trained();
    engine.addEvent(ev('buyer', 'case', 'purchase'));
    engine.addEvent(ev('buyer', 'phone'));
    const ids = engine.recommend('buyer', { n: 8 }).map((r) => r.itemId);
    expect(ids).not.toContain('case');
    expect(ids.length).toBeGreaterThan(0);
  });

  it('gives a new user trending items, most popular first', () => {
    const engine = trained();
    const recs = engine.recommend('stranger', { n: 3 });
    expect(recs.map((r) => r.itemId)[0]).toBe('novel');
    expect(recs).toHaveLength(3);
    for (let i = 1; i < recs.length; i++) expect(recs[i]!.score).toBeLessThanOrEqual(recs[i - 1]!.score);
  });

  it('reaches a new item nobody has touched through its content', () => {
    const engine = trained();
    engine.upsertItem({ id: 'lantern', categories: ['sports'], tags: ['camping', 'outdoor'], brand: 'Trail', text: 'Trail camping lantern' });
    const similar = engine.similar('lantern', 3).map((s) => s.itemId);
    expect(similar).toContain('tent');
    expect(similar).not.toContain('novel');
    engine.addEvent(ev('camper2', 'tent'));
    expect(engine.recommend('camper2', { n: 4 }).map((r) => r.itemId)).toContain('lantern');
  });

  it('finds similar items by co-occurrence in both directions', () => {
    const engine = trained();
    expect(engine.similar('case', 2)[0]!.itemId).toBe('phone');
    expect(engine.similar('phone', 2)[0]!.itemId).toBe('case');
  });

  it('keeps every score between 0 and 1', () => {
    const engine = new RecommendationEngine({ trendingRefreshMs: 0 });
    engine.setCatalogue(catalogue);
    const types = EVENT_TYPES;
    let seed = 1;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 3000; i++) {
      engine.addEvent(ev(`u${Math.floor(rnd() * 15)}`, catalogue[Math.floor(rnd() * catalogue.length)]!.id, types[Math.floor(rnd() * types.length)]!));
    }
    for (let u = 0; u < 15; u++) {
      for (const r of [...engine.recommend(`u${u}`, { n: 8 }), ...engine.similar(catalogue[u % catalogue.length]!.id, 8)]) {
        expect(r.score).toBeGreaterThanOrEqual(0);
        expect(r.score).toBeLessThanOrEqual(1);
      }
    }
  });

  it('ignores events for items outside the catalogue, and counts a purchase reported twice once', () => {
    const engine = trained();
    const before = engine.stats();
    engine.addEvent(ev('x', 'no-such-item', 'purchase'));
    expect(engine.stats().items).toBe(before.items);
    const once = new RecommendationEngine({ trendingRefreshMs: 0 });
    once.addEvent(ev('a', 'p1', 'purchase'));
    once.addEvent(ev('b', 'p2', 'purchase'));
    once.addEvent({ ...ev('b', 'p2', 'purchase'), timestamp: clock + 1000 });
    once.addEvent(ev('c', 'p1', 'view'));
    // p2 bought once (deduplicated), p1 bought once and viewed: p1 is more popular
    expect(once.recommend('new', { n: 2 }).map((r) => r.itemId)).toEqual(['p1', 'p2']);
  });

  it('stays within its memory bounds', () => {
    const engine = new RecommendationEngine({ maxUsers: 50, maxSessions: 40, maxSessionsPerItem: 5, maxItemsPerSession: 4, trendingRefreshMs: 0 });
    for (let u = 0; u < 500; u++) {
      for (let k = 0; k < 6; k++) engine.addEvent(ev(`u${u}`, `i${(u * 7 + k * 13) % 300}`));
    }
    const stats = engine.stats();
    expect(stats.users).toBe(50);
    expect(stats.sessions).toBe(40);
    expect(stats.edges).toBeLessThanOrEqual(40 * 4);
    // the bounded graph still answers
    expect(engine.recommend('u499', { n: 5 }).length).toBe(5);
  });

  it("puts the visit's earlier items first, most recent first, then what the walk reaches", () => {
    const engine = trained();
    engine.addEvent(ev('browser', 'tent', 'view', 'visit-1'));
    engine.addEvent(ev('browser', 'novel', 'view', 'visit-1'));
    engine.addEvent(ev('browser', 'phone', 'view', 'visit-1'));
    const ids = engine.recommend('browser', { n: 5 }).map((r) => r.itemId);
    expect(ids.slice(0, 2)).toEqual(['novel', 'tent']);
    expect(ids[2]).toBe('case');
    expect(ids).not.toContain('phone');
    // asked about one item, what goes with it leads
    expect(engine.recommend('browser', { n: 3, itemId: 'tent' }).map((r) => r.itemId)[0]).toBe('stove');
    // a new visit starts afresh: the earlier visit's items are not re-visits any more, they only steer
    engine.addEvent(ev('browser', 'atlas', 'view', 'visit-2'));
    expect(engine.recommend('browser', { n: 5 }).map((r) => r.itemId).slice(0, 2)).not.toEqual(['phone', 'novel']);
  });

  it('reaches items two steps away on the item–visit graph', () => {
    // a and b are seen together, b and c are seen together; nobody saw a with c; 'popular' is seen alone a lot
    const chain = (walkSteps: number) => {
      const engine = new RecommendationEngine({ trendingRefreshMs: 0, walkSteps });
      for (let u = 0; u < 5; u++) {
        engine.addEvent(ev(`x${u}`, 'a'));
        engine.addEvent(ev(`x${u}`, 'b'));
        engine.addEvent(ev(`y${u}`, 'b'));
        engine.addEvent(ev(`y${u}`, 'c'));
      }
      for (let u = 0; u < 30; u++) engine.addEvent(ev(`z${u}`, 'popular'));
      engine.addEvent(ev('walker', 'a'));
      return engine.recommend('walker', { n: 3 }).map((r) => r.itemId);
    };
    expect(chain(2).slice(0, 2)).toEqual(['b', 'c']);
    // one step never reaches c: after b come trending items
    expect(chain(1).slice(0, 2)).toEqual(['b', 'popular']);
  });
});
