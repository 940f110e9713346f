import { describe, expect, it } from 'vitest';
import { median, optimiserInputOf, priorityFor, scoreBand, scoreProduct, type OptimiserInput } from './product-score.js';

const now = new Date('2025-06-01T00:00:00Z');
const perfect: OptimiserInput = {
  title: 'Handmade Brass Desk Lamp for Reading Rooms', description: 'd'.repeat(200), keywords: ['desk lamp', 'brass', 'reading'],
  images: ['a', 'b', 'c'], price: 5000, competitorPrices: [5000, 6000, 7000], stock: 20, rating: 4.8, reviewCount: 60,
  lastUpdated: '2025-05-20T00:00:00Z', discountPercentage: 15, category: 'home', brand: 'Lumo',
};

describe('scoreProduct', () => {
  it('gives 100 in every area to a product that meets every rule, with no recommendations', () => {
    expect(scoreProduct(perfect, now)).toEqual({ seo: 100, performance: 100, conversion: 100, overall: 100, recommendations: [] });
  });

  it('SEO: 25 points for each of title, description, keywords and image (spec §9)', () => {
    expect(scoreProduct({ ...perfect, title: 'Lamp' }, now).seo).toBe(75);
    expect(scoreProduct({ ...perfect, description: 'short' }, now).seo).toBe(75);
    expect(scoreProduct({ ...perfect, keywords: ['one'] }, now).seo).toBe(75);
    expect(scoreProduct({ ...perfect, images: [] }, now).seo).toBe(75);
    expect(scoreProduct({ ...perfect, title: 'Lamp', description: '', keywords: [], images: [] }, now).seo).toBe(0);
  });

  it('performance: stock, rating, reviews and freshness', () => {
    const p = scoreProduct({ ...perfect, stock: 5, rating: 4.2, reviewCount: 12, lastUpdated: '2025-04-01T00:00:00Z' }, now);
    expect(p.performance).toBe(15 + 20 + 15 + 15);
    expect(scoreProduct({ ...perfect, stock: 0, rating: null, reviewCount: 0, lastUpdated: '2024-01-01T00:00:00Z' }, now).performance).toBe(5);
  });

  it('conversion: price against the category median, discount, photos, brand and category', () => {
    expect(scoreProduct({ ...perfect, price: 6500 }, now).conversion).toBe(15 + 25 + 25 + 25);
    expect(scoreProduct({ ...perfect, price: 9000, discountPercentage: 0, images: ['a'], brand: '' }, now).conversion).toBe(5 + 0 + 10 + 15);
    expect(scoreProduct({ ...perfect, competitorPrices: [] }, now).conversion).toBe(90);
  });

  it('overall is the mean; areas under 80 bring recommendations with their priority, most urgent first', () => {
    const s = scoreProduct({ ...perfect, title: 'Lamp', description: '', stock: 5, rating: 4.2 }, now);
    expect(s).toMatchObject({ seo: 50, performance: 85, conversion: 100, overall: 78 });
    expect(s.recommendations).toEqual([
      { area: 'seo', priority: 'high', message: 'Title is 4 characters: aim for 30 to 60' },
      { area: 'seo', priority: 'high', message: 'Description is 0 characters: aim for 150 to 300' },
    ]);
    const worse = scoreProduct({ ...perfect, title: 'Lamp', description: '', keywords: [], stock: 0, rating: null, reviewCount: 0 }, now);
    expect(worse.recommendations[0]).toMatchObject({ area: 'seo', priority: 'critical' });
    expect(worse.recommendations.map((r) => r.priority)).toEqual([...worse.recommendations.map((r) => r.priority)].sort((a, b) => ['critical', 'high', 'medium'].indexOf(a) - ['critical', 'high', 'medium'].indexOf(b)));
  });
});

describe('helpers', () => {
  it('median, priorities and score bands (90, 80, 70, 60)', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect([priorityFor(49), priorityFor(50), priorityFor(69), priorityFor(70), priorityFor(79)]).toEqual(['critical', 'high', 'high', 'medium', 'medium']);
    expect([95, 90, 85, 75, 65, 59].map(scoreBand)).toEqual(['excellent', 'excellent', 'good', 'fair', 'poor', 'critical']);
  });

  it('reads a product: price in cents and the discount from the compare-at price', () => {
    const input = optimiserInputOf({
      name: 'Lamp', description: 'd', keywords: [], images: [], price_cents: 8000, compare_at_price_cents: 10_000, stock: 1, rating: null,
      review_count: 0, updated_at: '2025-01-01T00:00:00Z', category: 'home', brand: 'Lumo',
    }, [9000]);
    expect(input).toMatchObject({ title: 'Lamp', price: 8000, discountPercentage: 20, competitorPrices: [9000] });
  });
});
