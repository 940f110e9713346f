import { describe, expect, it } from 'vitest';
import { hasArabicLetter } from '@souq/shared/rules/content-lang';
import { SEED_SHELVES } from './catalogue-data.js';
import { SEED_PRODUCTS_AR } from './catalogue-data-ar.js';

const products = SEED_SHELVES.flatMap((s) => s.products);

describe('the demo catalogue in Arabic', () => {
  it('has an Arabic name, description and bullet points for each of the 80 products, and nothing else', () => {
    expect(products).toHaveLength(80);
    expect(Object.keys(SEED_PRODUCTS_AR).sort()).toEqual(products.map((p) => p.sku).sort());
  });

  it('writes them in Arabic, keeping the brand in Latin letters, as many bullets as the English', () => {
    for (const p of products) {
      const ar = SEED_PRODUCTS_AR[p.sku]!;
      expect(hasArabicLetter(ar.name), p.sku).toBe(true);
      // brand names stay Latin: the Arabic name names the product's brand or model as printed, or (books) its title
      expect(/[A-Za-z]/.test(ar.name), `${p.sku} ${ar.name}`).toBe(true);
      // two sentences at least, as the English (Arabic or Latin full stops)
      expect(ar.description.split(/[.!?؟](\s|$)/).filter((s) => s?.trim()).length, p.sku).toBeGreaterThanOrEqual(2);
      expect(ar.bullets, p.sku).toHaveLength(p.bullets.length);
      for (const b of ar.bullets) expect(hasArabicLetter(b), `${p.sku} ${b}`).toBe(true);
    }
    expect(new Set(products.map((p) => SEED_PRODUCTS_AR[p.sku]!.name)).size).toBe(80);
  });
});
