import { describe, expect, it } from 'vitest';
import { checkDescription, checkKeywords, checkTitle, optimiseDescription, optimiseKeywords, optimiseTitle, seoContentScore } from './seo.js';

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
  it('content score: a third for each passing part', () => {
    expect(seoContentScore(base)).toBe(100);
    expect(seoContentScore({ ...base, keywords: [] })).toBe(67);
    expect(seoContentScore({ title: 'Lamp', description: '', keywords: [] })).toBe(0);
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
