import { describe, expect, it } from 'vitest';
import { overviewSummary, type OverviewFigures } from './overview-summary.js';
import { topicPattern } from './chat-topics.js';

const base: OverviewFigures = {
  totalProducts: 1, activeProducts: 1, totalInventory: 1, inventoryValue: 9.5, lowStock: 1,
  orders30d: 1, revenue30d: 9.5, pendingOrders: 1, topCategory30d: null, currency: 'AED',
};

describe('overviewSummary', () => {
  it('says when the catalogue is empty, without inventing figures', () => {
    expect(overviewSummary({ ...base, totalProducts: 0, activeProducts: 0 })).toMatch(/^The catalogue is empty/);
  });

  it('writes singulars and every number it was given', () => {
    expect(overviewSummary(base)).toBe(
      '1 of 1 product is active (100%). 1 unit is in stock, worth AED\u00a09.50 at current prices. ' +
        '1 active product is low on stock (under 10 units): restock before it sells out. ' +
        'The last 30 days brought 1 order and AED\u00a09.50 in sales (AED\u00a09.50 per order). 1 order waits for confirmation.',
    );
  });

  it('leaves out what is not there: no low stock, no orders, nothing pending', () => {
    const text = overviewSummary({ ...base, totalProducts: 1200, activeProducts: 900, totalInventory: 45_000, lowStock: 0, orders30d: 0, revenue30d: 0, pendingOrders: 0 });
    expect(text).toContain('900 of 1,200 products are active (75%).');
    expect(text).toContain('45,000 units are in stock');
    expect(text).toContain('No active product is low on stock');
    expect(text).toContain('No orders came in during the last 30 days.');
    expect(text).not.toContain('confirmation');
  });
});

describe('topicPattern', () => {
  it('matches keywords at the start of a word only', () => {
    const re = new RegExp(topicPattern(['phone', 'tv']).replace('\\m', '\\b'), 'i');
    expect(re.test('Phones under 500')).toBe(true);
    expect(re.test('a TV for the kitchen')).toBe(true);
    expect(re.test('headphones')).toBe(false);
  });
});
