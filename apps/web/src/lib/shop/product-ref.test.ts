import { describe, expect, it } from 'vitest';
import { parseDraggedProduct, uniqueById } from './product-ref';

describe('parseDraggedProduct', () => {
  it('reads the drag payload of a product', () => {
    expect(parseDraggedProduct(JSON.stringify({ id: 7, name: 'Desk Lamp', price: 49.5, image: '/a.webp', category: 'Home' }))).toEqual({
      id: 7,
      name: 'Desk Lamp',
      price: 49.5,
      image: '/a.webp',
      category: 'Home',
    });
  });

  it('rejects malformed or foreign drops', () => {
    expect(parseDraggedProduct('not json')).toBeNull();
    expect(parseDraggedProduct(JSON.stringify({ id: 'x', name: 'A' }))).toBeNull();
    expect(parseDraggedProduct(JSON.stringify({ id: 3, name: '  ' }))).toBeNull();
    expect(parseDraggedProduct(JSON.stringify({ id: -1, name: 'A' }))).toBeNull();
  });

  it('reads a non-numeric price as 0 and a missing image as null', () => {
    expect(parseDraggedProduct(JSON.stringify({ id: 3, name: 'A', price: 'abc' }))).toMatchObject({ price: 0, image: null });
  });
});

describe('uniqueById', () => {
  it('keeps the first occurrence of each id, in order', () => {
    const a = { id: 1, name: 'A', price: 1, image: null };
    const b = { id: 2, name: 'B', price: 2, image: null };
    const a2 = { ...a, name: 'A again' };
    expect(uniqueById([a, b], [a2, { id: 3, name: 'C', price: 3, image: null }]).map((p) => p.name)).toEqual(['A', 'B', 'C']);
  });
});
