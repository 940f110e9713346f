import { describe, expect, it } from 'vitest';
import { embedProductProblems, splitList, withEmbedProductDefaults } from './embed-product.js';

const valid = {
  id: 'p-1', name: 'Desk Lamp', description: 'A lamp.', price: 49.5, currency: 'AED', tags: ['light'], brand: 'Lumo',
  category_name: 'home', sku: 'LMP-1', inventory_quantity: 5, status: 'active', created_at: '2025-01-01', updated_at: '2025-01-01',
};

describe('embedProductProblems', () => {
  it('passes a complete product', () => {
    expect(embedProductProblems(valid)).toEqual([]);
  });

  it('reports missing required fields, a falsy value counting as missing', () => {
    const problems = embedProductProblems({ ...valid, name: '', inventory_quantity: 0, sku: undefined, updated_at: null });
    expect(problems).toEqual(['name is required', 'sku is required', 'inventory_quantity is required', 'updated_at is required']);
  });

  it('reports types, lengths, minimums and the status list in the spec words', () => {
    const problems = embedProductProblems({
      ...valid, id: 7, price: 'cheap', tags: 'a,b', brand: 'b'.repeat(101), weight: -1, seo_title: 's'.repeat(61),
      meta_description: 'm'.repeat(161), status: 'sold', compare_at_price: -2,
    });
    expect(problems).toEqual([
      'id must be a string',
      'price must be a number',
      'tags must be an array',
      'brand must be 100 characters or less',
      'compare_at_price must be at least 0',
      'weight must be at least 0',
      'seo_title must be 60 characters or less',
      'meta_description must be 160 characters or less',
      'status must be one of: active, inactive, draft',
    ]);
  });

  it('refuses what is not an object', () => {
    expect(embedProductProblems([1])).toEqual(['product must be an object']);
    expect(embedProductProblems(null)).toEqual(['product must be an object']);
  });

  it('gives an import the default currency and status', () => {
    expect(withEmbedProductDefaults({ name: 'x' })).toEqual({ name: 'x', currency: 'AED', status: 'active' });
    expect(withEmbedProductDefaults({ currency: 'USD', status: 'draft' })).toMatchObject({ currency: 'USD', status: 'draft' });
  });
});

describe('splitList', () => {
  it('splits comma-separated text, trimmed, empties dropped', () => {
    expect(splitList(' a, b ,, c ,')).toEqual(['a', 'b', 'c']);
    expect(splitList('')).toEqual([]);
  });
});
