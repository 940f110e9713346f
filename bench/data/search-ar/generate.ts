// Writes products.tsv of the Arabic search set from the demo catalogue (apps/server/src/demo): the 80 products with
// their English and Arabic name, description and bullet points, keyed by SKU (the judgements in qrels.tsv use SKUs).
//
//   npx tsx --conditions=development bench/data/search-ar/generate.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEED_SHELVES } from '../../../apps/server/src/demo/catalogue-data.js';
import { SEED_PRODUCTS_AR } from '../../../apps/server/src/demo/catalogue-data-ar.js';

const clean = (s: string) => s.replace(/[\t\n\r]+/g, ' ');
const rows = [['product_id', 'title', 'title_ar', 'description', 'description_ar', 'category', 'brand', 'price'].join('\t')];
for (const shelf of SEED_SHELVES) {
  for (const p of shelf.products) {
    const ar = SEED_PRODUCTS_AR[p.sku];
    if (!ar) throw new Error(`no Arabic text for ${p.sku}`);
    rows.push([
      p.sku, p.name, ar.name, [p.description, ...p.bullets].join(' · '), [ar.description, ...ar.bullets].join(' · '),
      shelf.category, p.brand, String(p.price),
    ].map(clean).join('\t'));
  }
}
fs.writeFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'products.tsv'), rows.join('\n') + '\n');
console.log(`wrote ${rows.length - 1} products`);
