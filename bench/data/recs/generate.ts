/**
 * Generates the example event log of the recommendations benchmark: bench/data/recs/events.csv (and items.csv).
 *
 *   npx tsx bench/data/recs/generate.ts [--out DIR] [--sessions N] [--seed S]
 *
 * The log has the structure real shop logs have, so a good engine has something to find and a popularity baseline
 * is a fair opponent:
 *   - popularity skew: item popularity follows a Zipf law within each category;
 *   - category affinity: each user favours one or two categories and mostly browses there;
 *   - co-purchase pairs: many items have a complement (phone → case) that tends to follow them;
 *   - sessions of 2–12 events, views mostly, some clicks, add-to-carts and purchases; users return across days.
 * Deterministic for a seed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRng, type Rng } from '../../lib/image-transforms.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(arg('out', here));
const SESSIONS = Number(arg('sessions', '6000'));
const rng: Rng = seededRng(Number(arg('seed', '20240601')));

const CATEGORIES = ['electronics', 'clothing', 'home', 'sports', 'books', 'beauty', 'toys', 'automotive', 'health', 'food'];
const ITEMS_PER_CATEGORY = 40;
const USERS = 1500;
const START = Date.UTC(2024, 5, 1);
const DAY = 86_400_000;

type Item = { id: number; category: string; rank: number; tags: string[]; complement: number | null };
const items: Item[] = [];
for (const [c, category] of CATEGORIES.entries()) {
  for (let r = 0; r < ITEMS_PER_CATEGORY; r++) {
    const id = c * ITEMS_PER_CATEGORY + r + 1;
    items.push({ id, category, rank: r, tags: [`${category}-style-${r % 5}`, `range-${Math.floor(r / 10)}`], complement: null });
  }
}
// complements: 60 % of items get a partner, mostly in the same category, sometimes across (grill → charcoal)
for (const item of items) {
  if (rng() > 0.6) continue;
  const sameCategory = rng() < 0.75;
  const pool = sameCategory ? items.filter((i) => i.category === item.category && i.id !== item.id) : items.filter((i) => i.category !== item.category);
  item.complement = pool[Math.floor(rng() * pool.length)]!.id;
}

/** Zipf-like pick by rank within a list (exponent s). */
function zipfPick<T extends { rank: number }>(list: T[], s = 1.1): T {
  const weights = list.map((i) => 1 / (i.rank + 1) ** s);
  let x = rng() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < list.length; i++) {
    x -= weights[i]!;
    if (x <= 0) return list[i]!;
  }
  return list[list.length - 1]!;
}
const byCategory = new Map(CATEGORIES.map((c) => [c, items.filter((i) => i.category === c)]));
const users = Array.from({ length: USERS }, (_, u) => {
  const first = CATEGORIES[Math.floor(rng() * CATEGORIES.length)]!;
  const second = rng() < 0.5 ? CATEGORIES[Math.floor(rng() * CATEGORIES.length)]! : first;
  // activity is skewed too: a few users come back often
  return { id: `u${u + 1}`, favourites: [first, second], activity: 1 / (u + 1) ** 0.6 };
});
const totalActivity = users.reduce((a, u) => a + u.activity, 0);
function pickUser() {
  let x = rng() * totalActivity;
  for (const u of users) {
    x -= u.activity;
    if (x <= 0) return u;
  }
  return users[users.length - 1]!;
}

const rows: string[] = ['session_id,item_id,timestamp,user_id,event_type'];
for (let s = 0; s < SESSIONS; s++) {
  const user = pickUser();
  const sessionId = `s${String(s + 1).padStart(5, '0')}`;
  // sessions spread over 60 days in order, so "oldest 80 %" is a time split
  let t = START + Math.floor((s / SESSIONS) * 60 * DAY) + Math.floor(rng() * 3_600_000);
  const length = 2 + Math.floor(rng() ** 1.5 * 11);
  let category = user.favourites[Math.floor(rng() * 2)]!;
  let current = zipfPick(byCategory.get(category)!);
  let previous = -1;
  for (let k = 0; k < length; k++) {
    const r = rng();
    const type = r < 0.72 ? 'view' : r < 0.85 ? 'click' : r < 0.95 ? 'add_to_cart' : 'purchase';
    rows.push(`${sessionId},${current.id},${Math.floor(t / 1000)},${user.id},${type}`);
    t += 20_000 + Math.floor(rng() * 120_000);
    // next item: complement, same category (popularity-skewed), the other favourite, or anything popular
    let next: Item;
    const p = rng();
    if (current.complement !== null && p < 0.35) next = items[current.complement - 1]!;
    else if (p < 0.75) next = zipfPick(byCategory.get(category)!);
    else if (p < 0.9) {
      category = user.favourites[Math.floor(rng() * 2)]!;
      next = zipfPick(byCategory.get(category)!);
    } else {
      category = CATEGORIES[Math.floor(rng() * CATEGORIES.length)]!;
      next = zipfPick(byCategory.get(category)!, 1.3);
    }
    if (next.id === current.id || next.id === previous) next = zipfPick(byCategory.get(category)!.filter((i) => i.id !== current.id));
    previous = current.id;
    current = next;
  }
}

fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'events.csv'), `${rows.join('\n')}\n`);
const itemRows = ['item_id,category,tags,name', ...items.map((i) => `${i.id},${i.category},${i.tags.join('|')},${i.category} item ${i.rank + 1}`)];
fs.writeFileSync(path.join(outDir, 'items.csv'), `${itemRows.join('\n')}\n`);
console.log(`wrote ${rows.length - 1} events in ${SESSIONS} sessions and ${items.length} items to ${outDir}`);
