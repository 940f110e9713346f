import type { TestContext } from './harness.js';

// A small catalogue of a test's own for the assistant's need answers (decisions 0176, 0188): a few listings that say
// what they do, among everyday listings that say little, created through the catalogue service.

export type NeedSeed = { name: string; nameAr: string; category: string; description: string; descriptionAr: string };

/** Six everyday Home listings, each described by `say` (English and Arabic) from its name. */
export const everydayListings = (say: (name: string) => { description: string; descriptionAr: string }): NeedSeed[] =>
  ['Desk Organiser', 'Wall Clock', 'Bath Towel', 'Coffee Mug', 'Notebook', 'Phone Case'].map((n) => ({
    name: `Everyday ${n}`, nameAr: `${n} يومي`, category: 'Home', ...say(n),
  }));

/** Creates the listings (one brand per first word, AED 100, 10 in stock) and returns their ids by name. */
export async function seedNeedCatalogue(ctx: TestContext, seeds: NeedSeed[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const p of seeds) {
    const row = await ctx.app.services.catalogue.createProduct({
      name: p.name, nameAr: p.nameAr, brand: p.name.split(' ')[0]!, categories: [p.category], priceCents: 10_000, stock: 10,
      description: p.description, descriptionAr: p.descriptionAr, tags: [],
    });
    ids.set(p.name, row.id);
  }
  return ids;
}
