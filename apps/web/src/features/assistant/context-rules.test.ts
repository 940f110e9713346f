import { describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import {
  addCategory,
  buildAssistantContext,
  lockInto,
  makeBudget,
  parseBudget,
  parseLocker,
  parseProduct,
  recordSearch,
  recordView,
  type HistoryEntry,
  type PanelProduct,
} from './context-rules';

const product = (id: number, category = 'audio'): PanelProduct => ({ id, name: `P${id}`, price: id * 10, image: null, category });

describe('product locker rules', () => {
  it('locks up to two products and refuses a duplicate or a third with the spec texts', () => {
    const one = lockInto([], product(1), new Date(), MSG);
    expect(one.ok).toBe(true);
    const entries = one.ok ? one.entries : [];
    expect(lockInto(entries, product(1), new Date(), MSG)).toEqual({ ok: false, error: MSG.lockerAlreadyLocked });
    const two = lockInto(entries, product(2), new Date(), MSG);
    expect(two.ok && two.entries.map((e) => e.product.id)).toEqual([1, 2]);
    expect(lockInto(two.ok ? two.entries : [], product(3), new Date(), MSG)).toEqual({
      ok: false,
      error: 'You can only lock 2 products at a time. Unlock one first.',
    });
  });

  it('reads a stored locker back and reports anything invalid as null', () => {
    const stored = JSON.stringify([{ product: product(4), lockedAt: '2024-01-01T00:00:00.000Z' }]);
    expect(parseLocker(stored)).toEqual([{ product: product(4), lockedAt: '2024-01-01T00:00:00.000Z' }]);
    expect(parseLocker(null)).toEqual([]);
    expect(parseLocker('{not json')).toBeNull();
    expect(parseLocker('{"a":1}')).toBeNull();
    expect(parseLocker(JSON.stringify([{ product: { id: 'x' }, lockedAt: 'now' }]))).toBeNull();
    const three = [1, 2, 3].map((id) => ({ product: product(id), lockedAt: 'now' }));
    expect(parseLocker(JSON.stringify(three))).toBeNull();
  });
});

describe('assistant context rules', () => {
  it('keeps the newest 50 views, newest first, one entry per product', () => {
    let history: HistoryEntry[] = [];
    for (let i = 1; i <= 60; i++) history = recordView(history, product(i));
    history = recordView(history, product(30));
    expect(history).toHaveLength(50);
    expect(history[0]).toMatchObject({ productId: 30, productName: 'P30', category: 'audio', price: 300 });
    expect(history.filter((h) => h.productId === 30)).toHaveLength(1);
    expect(history.at(-1)!.productId).toBe(11);
  });

  it('records up to 10 recent searches and ignores blank ones', () => {
    expect(recordSearch(['a'], '   ')).toBeNull();
    let searches: string[] = [];
    for (let i = 0; i < 12; i++) searches = recordSearch(searches, ` q${i} `)!;
    expect(searches).toHaveLength(10);
    expect(searches[0]).toBe('q11');
    expect(recordSearch(searches, 'Q5')!.filter((s) => s.toLowerCase() === 'q5')).toEqual(['Q5']);
  });

  it('ignores duplicate favourite categories', () => {
    expect(addCategory(['audio'], 'Audio')).toBeNull();
    expect(addCategory(['audio'], 'kitchen')).toEqual(['audio', 'kitchen']);
  });

  it('defaults the budget currency to the shop currency (AED, issue 23) and drops nonsense bounds', () => {
    const b = makeBudget({ min: 10, max: -5 }, new Date('2024-02-02T00:00:00Z'));
    expect(b).toEqual({ min: 10, max: null, currency: 'AED', updatedAt: '2024-02-02T00:00:00.000Z' });
    expect(parseBudget({ min: 1 })?.currency).toBe('AED');
    expect(parseBudget('x')).toBeNull();
  });

  it('reads invalid focus data as none', () => {
    expect(parseProduct({ id: 0, name: 'x' })).toBeNull();
    expect(parseProduct('oops')).toBeNull();
    expect(parseProduct({ id: '7', name: 'Lamp', price: '12.5' })).toEqual({ id: 7, name: 'Lamp', price: 12.5, image: null, category: 'General' });
  });

  it('builds the context: latest 10 views, 5 categories, locked products and the cart', () => {
    let history: HistoryEntry[] = [];
    for (let i = 1; i <= 12; i++) history = recordView(history, product(i, `c${i}`));
    const ctx = buildAssistantContext({
      preferences: { style: 'minimal' },
      budget: null,
      history,
      searches: ['tea'],
      categories: ['c12', 'books'],
      lockedProduct: product(3),
      locker: [{ product: product(1), lockedAt: 'now' }],
      cart: { itemCount: 3, total: 45.5 },
    });
    expect(ctx.recentHistory.map((h) => h.productId)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(ctx.recommendationCategories).toEqual(['c12', 'books', 'c11', 'c10', 'c9']);
    expect(ctx.lockedProducts.map((p) => p.id)).toEqual([1]);
    expect(ctx).toMatchObject({ cartItemCount: 3, cartTotal: 45.5, lockedProduct: { id: 3 } });
  });
});
