import { describe, expect, it } from 'vitest';
import { RecordStore } from './search.records.js';

const record = (id: number, name: string) =>
  JSON.stringify({ id, name, slug: `p-${id}`, description: `${name}: a sturdy product for everyday use.`, price: 12.5, price_cents: 1250, tags: ['a', 'b'], stock: 3, image: null, created_at: '2026-01-01T00:00:00.000Z' });

describe('RecordStore', () => {
  for (const compress of [false, true]) {
    it(`keeps, replaces and forgets records (${compress ? 'deflated' : 'plain'})`, () => {
      const store = new RecordStore(compress);
      store.set(1, record(1, 'Cordless Drill'));
      store.set(2, record(2, 'Garden Hose 50 ft. — grün, ünïcödé'));
      expect(store.get(1)).toBe(record(1, 'Cordless Drill'));
      expect(JSON.parse(store.get(2)!)).toMatchObject({ id: 2, name: 'Garden Hose 50 ft. — grün, ünïcödé' });
      store.set(1, record(1, 'Impact Driver'));
      expect(store.get(1)).toBe(record(1, 'Impact Driver'));
      store.delete(2);
      expect(store.get(2)).toBeUndefined();
      expect(store.size).toBe(1);
    });
  }

  it('deflates only large catalogues', () => {
    expect(RecordStore.forCatalogueOf(50_000)).toEqual(new RecordStore(false));
    expect(RecordStore.forCatalogueOf(1_000_000)).toEqual(new RecordStore(true));
  });
});
