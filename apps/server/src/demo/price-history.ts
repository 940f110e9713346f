import type { SeedProduct } from './catalogue-data.js';

// The demo's 90-day price history (decision 0101). A shop's prices move for a few reasons, and the demo shows each:
// a product on sale (it has a compare-at price) was at that price until its sale began; some products had a short
// promotion and went back; some were cheaper before a price rise; the rest kept their price. Which one, and when, is
// derived from the SKU (a hash), so every seeding gives the same history and no two products move in step. All
// changes are at least 25 days old, so the seeded orders (placed within the last 24 days) were placed at the price the
// product has now, as their lines say.

const DAY = 86_400_000;

/** FNV-1a of the text: the same number for the same SKU on every seeding. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A price a shop would write: whole dirhams ending in 9 above 100, whole dirhams below. */
function shopPrice(cents: number): number {
  const aed = cents / 100;
  return (aed >= 100 ? Math.max(1, Math.round(aed / 10) * 10 - 1) : Math.max(1, Math.round(aed))) * 100;
}

/** The product's prices over the last 100 days (oldest first, the last one its price now), at the given moment. */
export function seedPriceHistory(p: SeedProduct, now: number): { at: Date; cents: number }[] {
  const h = hash(p.sku);
  const current = Math.round(p.price * 100);
  const start = new Date(now - 100 * DAY);
  const daysAgo = (d: number) => new Date(now - d * DAY - (h % 600) * 60_000);
  if (p.compareAt && p.compareAt > p.price) {
    // on sale since 26-50 days ago; before it, the compare-at price
    return [{ at: start, cents: Math.round(p.compareAt * 100) }, { at: daysAgo(26 + (h % 25)), cents: current }];
  }
  switch (h % 4) {
    case 0: {
      // a one-week promotion of 10-20 % some 40-75 days ago
      const from = 40 + (h % 36);
      const off = 10 + ((h >>> 8) % 11);
      const promo = shopPrice(current * (1 - off / 100));
      if (promo >= current) return [{ at: start, cents: current }];
      return [{ at: start, cents: current }, { at: daysAgo(from), cents: promo }, { at: daysAgo(from - 7), cents: current }];
    }
    case 1: {
      // cheaper before a price rise of 5-12 % some 30-70 days ago
      const raised = 30 + ((h >>> 4) % 41);
      const before = shopPrice(current / (1 + (5 + ((h >>> 12) % 8)) / 100));
      if (before >= current) return [{ at: start, cents: current }];
      return [{ at: start, cents: before }, { at: daysAgo(raised), cents: current }];
    }
    case 2: {
      // a little dearer before a price cut some 30-80 days ago
      const cut = 30 + ((h >>> 6) % 51);
      const before = shopPrice(current * (1 + (5 + ((h >>> 10) % 6)) / 100));
      if (before <= current) return [{ at: start, cents: current }];
      return [{ at: start, cents: before }, { at: daysAgo(cut), cents: current }];
    }
    default:
      return [{ at: start, cents: current }];
  }
}
