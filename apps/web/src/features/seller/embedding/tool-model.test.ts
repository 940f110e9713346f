import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { MSG } from '@souq/shared/messages';
import { importToolValues, sampleToolValues, toolBody, toolProblem, type ToolValues } from './tool-model';

// the field errors are read in the page's language: English here, the source texts
i18n.activate('en');

const values = (patch: Partial<ToolValues> = {}): ToolValues => ({ ...sampleToolValues(), ...patch });

describe('toolProblem', () => {
  it('passes the sample product', () => {
    expect(toolProblem(values())).toBeNull();
  });
  it("reports the schema's problems as 'Validation failed: …'", () => {
    expect(toolProblem(values({ brand: '', seo_title: 's'.repeat(61), inventory_quantity: '-3' }))).toBe(
      'Validation failed: brand is required, inventory_quantity must be at least 0, seo_title must be 60 characters or less',
    );
    // NaN is falsy: a required field that is falsy counts as missing (spec §5)
    expect(toolProblem(values({ price: 'abc' }))).toBe('Validation failed: price is required');
  });
  it('then name and price, then a price above 0', () => {
    expect(toolProblem(values({ price: '' }))).toBe('Validation failed: price is required');
    expect(toolProblem(values({ price: '-1' }))).toBe(MSG.validationFailedList('price must be at least 0'));
  });
});

describe('importToolValues', () => {
  const file = (o: Record<string, unknown>) => JSON.stringify({
    id: 'p1', name: 'Lamp', description: 'A lamp', price: 20, brand: 'Lumo', category_name: 'home', sku: 'L1', inventory_quantity: 3,
    created_at: '2025-01-01', updated_at: '2025-01-01', ...o,
  });
  it('accepts only .json files', () => {
    expect(importToolValues('product.txt', file({}))).toEqual({ error: 'Failed to import product: Only .json files are accepted' });
  });
  it('wraps a parse error and the schema problems', () => {
    expect(importToolValues('p.json', '{"name":')).toMatchObject({ error: expect.stringMatching(/^Failed to import product: /) });
    expect(importToolValues('p.json', file({ sku: '', status: 'sold' }))).toEqual({
      error: 'Failed to import product: Product validation failed: sku is required, status must be one of: active, inactive, draft',
    });
  });
  it('fills the form, with the default currency and status', () => {
    const res = importToolValues('P.JSON', file({ tags: ['a', 'b'], variants: [{ id: 'v', color: 'Red', price: 22, inventory: 2, sku: 'L1-R' }] }));
    expect(res).toMatchObject({ values: { name: 'Lamp', price: '20', currency: 'AED', status: 'active', tags: 'a, b', variants: [{ color: 'Red', price: '22', sku: 'L1-R' }] } });
  });
});

describe('toolBody', () => {
  it("sends the spec's payload and every other field, in the shop's units", () => {
    const body = toolBody(values({
      price: '80', base_price: '100', compare_at_price: '', weight: '2', dim_length: '10',
      variants: [{ key: 'a', color: 'Red', size: 'L', material: '', sku: 'OC-BASKET-01-RL', price: '85', inventory: '4' }],
    }));
    expect(body).toMatchObject({
      name: 'Handwoven Palm Leaf Basket', price_cents: 8000, currency: 'AED', image_url: null, categories: ['home'], tags: ['home', 'handmade', 'storage'],
      slug: 'handwoven-palm-leaf-basket', compare_at_price_cents: 10_000, stock_quantity: 25, weight: 0.91, dim_length: 25.4,
      bullet_points: ['Handwoven palm leaf', 'Sturdy double handles', '35 cm across'], ai_tags: ['eco-friendly', 'artisan'],
      variants: [{ type: 'color', value: 'Red / L', price_adjustment_cents: 500, inventory_quantity: 4, sku_suffix: '-RL' }],
    });
  });
});
