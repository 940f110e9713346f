import { describe, expect, it } from 'vitest';
import { checkDescription, checkImages, checkKeywords, checkTitle, optimiseDescription, optimiseKeywords, optimiseTitle, seoScore } from './seo.js';
import { optimiserInputOf, scoreProduct } from './product-score.js';

const base = { title: 'Handmade Brass Desk Lamp for Reading Rooms', description: 'x'.repeat(200), keywords: ['desk lamp', 'brass lamp', 'reading'] };

describe('SEO checks (vendor §9)', () => {
  it('title 30 to 60 characters', () => {
    expect(checkTitle('a'.repeat(29)).ok).toBe(false);
    expect(checkTitle('a'.repeat(30)).ok).toBe(true);
    expect(checkTitle('a'.repeat(60)).ok).toBe(true);
    expect(checkTitle('a'.repeat(61))).toMatchObject({ ok: false, message: 'Title is 61 characters: keep it to 60' });
  });
  it('description 150 to 300 characters', () => {
    expect(checkDescription('d'.repeat(149)).ok).toBe(false);
    expect(checkDescription('d'.repeat(150)).ok).toBe(true);
    expect(checkDescription('d'.repeat(300)).ok).toBe(true);
    expect(checkDescription('d'.repeat(301)).ok).toBe(false);
  });
  it('3 to 8 keywords of 3 to 20 characters', () => {
    expect(checkKeywords(['one', 'two']).ok).toBe(false);
    expect(checkKeywords(['one', 'two', 'six']).ok).toBe(true);
    expect(checkKeywords(Array.from({ length: 9 }, (_, i) => `word${i}`)).ok).toBe(false);
    const bad = checkKeywords(['ok word', 'no', 'a'.repeat(21)]);
    expect(bad).toMatchObject({ ok: false, invalid: ['no', 'a'.repeat(21)] });
  });
  it('at least one image', () => {
    expect(checkImages([]).ok).toBe(false);
    expect(checkImages(['  ']).ok).toBe(false);
    expect(checkImages(['/media/a.webp']).ok).toBe(true);
  });
  it('SEO score: 25 points for each passing check', () => {
    expect(seoScore({ ...base, images: ['a'] })).toBe(100);
    expect(seoScore({ ...base, keywords: [], images: ['a'] })).toBe(75);
    expect(seoScore({ title: 'Lamp', description: '', keywords: [], images: [] })).toBe(0);
  });
});

describe('one SEO score (issue 23: a product showed 25 in one optimisation tab and 0 in another)', () => {
  const product = (p: { name: string; description: string; keywords: string[]; images: string[] }) => ({
    ...p, price_cents: 1000, compare_at_price_cents: null, stock: 5, rating: null, review_count: 0, updated_at: '2025-01-01T00:00:00Z', category: '', brand: '',
  });

  it('the reported product: an image and nothing else passing scores 25 in both tabs', () => {
    const p = product({ name: 'Lamp', description: 'short', keywords: ['x'], images: ['/media/lamp.webp'] });
    expect(seoScore({ title: p.name, ...p })).toBe(25);
    expect(scoreProduct(optimiserInputOf(p, [])).seo).toBe(25);
  });

  it('the Product Optimization column and the SEO Content tab agree on every combination of the checks\' edges', () => {
    const titles = ['t'.repeat(29), 't'.repeat(30), 't'.repeat(60), 't'.repeat(61), ` ${'t'.repeat(30)} `];
    const descriptions = ['', 'd'.repeat(149), 'd'.repeat(150), 'd'.repeat(300), 'd'.repeat(301)];
    const keywordLists = [[], ['one', 'two'], ['one', 'two', 'six'], ['one', 'two', 'no'], ['one', 'two', 'a'.repeat(21)], Array.from({ length: 9 }, (_, i) => `word${i}`)];
    const imageLists = [[], [' '], ['/media/a.webp'], ['/media/a.webp', '/media/b.webp']];
    const seen = new Set<number>();
    for (const name of titles) for (const description of descriptions) for (const keywords of keywordLists) for (const images of imageLists) {
      const fromTab = seoScore({ title: name, description, keywords, images });
      expect(scoreProduct(optimiserInputOf(product({ name, description, keywords, images }), [])).seo).toBe(fromTab);
      seen.add(fromTab);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([0, 25, 50, 75, 100]);
  });
});

describe('optimised versions', () => {
  it('truncates a long title to 57 characters plus an ellipsis', () => {
    const long = 'Ultra Premium Hand Forged Brass Desk Lamp With Adjustable Arm And Warm LED';
    const out = optimiseTitle({ ...base, title: long });
    expect(out).toBe(`${long.slice(0, 57)}...`);
    expect(out).toHaveLength(60);
  });
  it('lengthens a short title with brand and category, and keeps a good one', () => {
    expect(optimiseTitle({ ...base, title: 'Desk Lamp', brand: 'Lumo', category: 'home' })).toBe('Lumo Desk Lamp - Home');
    expect(optimiseTitle({ ...base, title: 'Desk Lamp', brand: 'Lumo', category: 'home', tags: ['gift', 'brass', 'led'] })).toBe('Lumo Desk Lamp - Home | Gift, Brass');
    expect(optimiseTitle({ ...base, brand: 'Lumo' })).toBe(base.title);
  });
  it('truncates a long description to 297 characters plus an ellipsis, and completes a short one', () => {
    const long = 'word '.repeat(80);
    expect(optimiseDescription({ ...base, description: long })).toBe(`${long.replace(/\s+/g, ' ').trim().slice(0, 297)}...`);
    const short = optimiseDescription({ ...base, description: 'A brass lamp', brand: 'Lumo', category: 'home', bulletPoints: ['Warm LED', 'Dimmable'] });
    expect(short).toBe('A brass lamp. Highlights: Warm LED; Dimmable. Brand: Lumo. Category: Home. Ideal if you are looking for desk lamp, brass lamp, reading, home.');
    // completing never cuts a sentence: what would pass 300 characters is left out
    const near = optimiseDescription({ ...base, description: 'd'.repeat(140), bulletPoints: ['x'.repeat(200)], brand: 'Lumo' });
    expect(near).toBe(`${'d'.repeat(140)}. Brand: Lumo.`);
  });
  it('proposes at most 8 keywords of 3 to 20 characters, without repeats', () => {
    const out = optimiseKeywords({ ...base, keywords: ['Desk Lamp', 'desk lamp', 'x', 'a'.repeat(25)], tags: ['gift', 'brass'], brand: 'Lumo', category: 'home' });
    expect(out).toEqual(['desk lamp', 'gift', 'brass', 'home', 'lumo', 'handmade', 'desk', 'lamp']);
  });
});
