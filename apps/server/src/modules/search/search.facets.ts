import { normalize } from './search.text.js';
import type { ProductIndex } from './search.index.js';

// Facts over the whole catalogue the index holds (decision 0134): brand and category counts, departments, and price
// lists per category, each computed in one pass and kept until the index changes.

export type Facets = {
  brands: Map<string, { name: string; count: number }>;
  categories: Map<string, { name: string; count: number }>;
};

export class CatalogueFacets {
  private facetCache: { version: number; facets: Facets } | null = null;
  private departmentCache: { version: number; list: { name: string; count: number; groups: string[] }[] } | null = null;
  private categoryCache: { version: number; all: Map<string, { prices: number[]; ratings: number[] }> } | null = null;

  constructor(private readonly ix: ProductIndex) {}

  /** Prices (minor units, ascending) and ratings of the live products of a category, for value judgements. */
  categoryPrices(category: string): { prices: number[]; ratings: number[] } {
    if (this.categoryCache?.version !== this.ix.version) {
      // one pass over the catalogue fills every category, kept until the next change
      const all = new Map<string, { prices: number[]; ratings: number[] }>();
      for (const d of this.ix.liveDocs()) {
        for (const key of new Set(d.categoryKeys)) {
          let e = all.get(key);
          if (!e) all.set(key, (e = { prices: [], ratings: [] }));
          e.prices.push(d.priceCents);
          if (d.rating !== null) e.ratings.push(d.rating);
        }
      }
      for (const e of all.values()) e.prices.sort((a, b) => a - b);
      this.categoryCache = { version: this.ix.version, all };
    }
    return this.categoryCache.all.get(normalize(category)) ?? { prices: [], ratings: [] };
  }

  /** Brands and categories with their product counts (display spelling of the first one seen). */
  facets(): Facets {
    if (this.facetCache?.version === this.ix.version) return this.facetCache.facets;
    const brands = new Map<string, { name: string; count: number }>();
    const categories = new Map<string, { name: string; count: number }>();
    for (const d of this.ix.liveDocs()) {
      if (d.brandKey) {
        const b = brands.get(d.brandKey) ?? { name: d.brand, count: 0 };
        b.count++;
        brands.set(d.brandKey, b);
      }
      d.categories.forEach((c, i) => {
        const k = d.categoryKeys[i]!;
        if (!k) return;
        const e = categories.get(k) ?? { name: c, count: 0 };
        e.count++;
        categories.set(k, e);
      });
    }
    this.facetCache = { version: this.ix.version, facets: { brands, categories } };
    return { brands, categories };
  }

  /**
   * The shop's departments: each product's first category (its shelf), with how many products it has and the other
   * categories its products carry (broader groups such as Electronics), largest first. For the assistant's
   * "what do you sell?" and "the nearest departments we do sell".
   */
  departments(): { name: string; count: number; groups: string[] }[] {
    if (this.departmentCache?.version === this.ix.version) return this.departmentCache.list;
    const all = new Map<string, { name: string; count: number; groups: Set<string> }>();
    for (const d of this.ix.liveDocs()) {
      const [first, ...rest] = d.categories;
      const key = d.categoryKeys[0];
      if (!first || !key) continue;
      const e = all.get(key) ?? { name: first, count: 0, groups: new Set<string>() };
      e.count++;
      for (const r of rest) e.groups.add(r);
      all.set(key, e);
    }
    const list = [...all.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).map((e) => ({ name: e.name, count: e.count, groups: [...e.groups] }));
    this.departmentCache = { version: this.ix.version, list };
    return list;
  }
}
