// The product optimiser's scores (vendor §9): SEO, performance and conversion, each out of 100, overall the mean.
// The spec gives the SEO rule (25 points each); it leaves the performance and conversion formulas open, so they are
// written here, once, and the screens print them from PERFORMANCE_RULES / CONVERSION_RULES.
import { SCORE_RECOMMENDATION_BELOW, SCORE_THRESHOLDS, SEO_RULES } from '../constants.js';
import { SEO_POINTS_PER_CHECK, seoChecks } from './seo.js';
import { MSG } from '../messages.js';
import type { Messages } from '../messages-for.js';

/** The optimiser's inputs (vendor §3 "Optimiser inputs"), read from a product. Prices in cents. */
export type OptimiserInput = {
  title: string;
  description: string;
  keywords: string[];
  images: string[];
  price: number;
  /** Prices of comparable products (same category) in the catalogue. */
  competitorPrices: number[];
  stock: number;
  rating: number | null;
  reviewCount: number;
  lastUpdated: string | Date;
  discountPercentage: number;
  category: string;
  brand: string;
};

export type Priority = 'critical' | 'high' | 'medium';
export type ScoreArea = 'seo' | 'performance' | 'conversion';
export type Recommendation = { area: ScoreArea; priority: Priority; message: string };
/** A scoring rule: `text` is its English description; screens in another language name it by `id` (issue 26 item 1). */
export type Rule = { id: RuleId; points: number; text: string };
export type RuleId =
  | 'seoTitle' | 'seoDescription' | 'seoKeywords' | 'seoImage'
  | 'performanceStock' | 'performanceRating' | 'performanceReviews' | 'performanceUpdated'
  | 'conversionPrice' | 'conversionDiscount' | 'conversionPhotos' | 'conversionBrandCategory';

export type ProductScores = {
  seo: number;
  performance: number;
  conversion: number;
  overall: number;
  recommendations: Recommendation[];
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** SEO (spec): 25 points each. */
export const SEO_SCORE_RULES: Rule[] = [
  { id: 'seoTitle', points: 25, text: `Title of ${SEO_RULES.title.min} to ${SEO_RULES.title.max} characters` },
  { id: 'seoDescription', points: 25, text: `Description of ${SEO_RULES.description.min} to ${SEO_RULES.description.max} characters` },
  { id: 'seoKeywords', points: 25, text: `${SEO_RULES.keywords.min} to ${SEO_RULES.keywords.max} keywords of ${SEO_RULES.keywordLength.min} to ${SEO_RULES.keywordLength.max} characters` },
  { id: 'seoImage', points: 25, text: 'At least one image' },
];

/** Performance: how well the product can sell now — availability, reputation and upkeep. */
export const PERFORMANCE_RULES: Rule[] = [
  { id: 'performanceStock', points: 25, text: 'Stock: 10 or more 25, 1–9 15, none 0' },
  { id: 'performanceRating', points: 25, text: 'Rating: 4.5+ 25, 4.0+ 20, 3.0+ 10, lower or none 0' },
  { id: 'performanceReviews', points: 25, text: 'Reviews: 50+ 25, 10+ 15, 1+ 5, none 0' },
  { id: 'performanceUpdated', points: 25, text: 'Updated: within 30 days 25, 90 days 15, older 5' },
];

/** Conversion: how likely a visitor buys — price against comparable products, offer, photos, trust. */
export const CONVERSION_RULES: Rule[] = [
  { id: 'conversionPrice', points: 25, text: 'Price vs. category median: at or below 25, up to 10% above 15, higher 5, no comparison 15' },
  { id: 'conversionDiscount', points: 25, text: 'Discount: 10% or more 25, any 15, none 0' },
  { id: 'conversionPhotos', points: 25, text: 'Photos: 3 or more 25, 2 15, 1 10, none 0' },
  { id: 'conversionBrandCategory', points: 25, text: 'Brand and category: both 25, one 15, neither 0' },
];

/** The median of some numbers (null when there are none). */
export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Priority of a shortfall in an area, from that area's score: under 50 critical, under 70 high, else medium. */
export function priorityFor(score: number): Priority {
  return score < 50 ? 'critical' : score < 70 ? 'high' : 'medium';
}

/** Score bands of the screens (vendor §9 thresholds 90, 80, 70, 60). */
export function scoreBand(score: number): 'excellent' | 'good' | 'fair' | 'poor' | 'critical' {
  const [excellent, good, fair, poor] = SCORE_THRESHOLDS;
  return score >= excellent ? 'excellent' : score >= good ? 'good' : score >= fair ? 'fair' : score >= poor ? 'poor' : 'critical';
}

type Part = { points: number; fix?: string };

/** The SEO checks of seo.ts, the one rule the SEO Content tab prints too. */
function seoParts(p: OptimiserInput, msg: Messages): Part[] {
  return seoChecks(p, msg).map((c) => ({ points: c.ok ? SEO_POINTS_PER_CHECK : 0, fix: c.ok ? undefined : c.message }));
}

function performanceParts(p: OptimiserInput, now: Date, msg: Messages): Part[] {
  const rating = p.rating ?? 0;
  const ageDays = (now.getTime() - new Date(p.lastUpdated).getTime()) / DAY_MS;
  return [
    p.stock >= 10 ? { points: 25 } : p.stock > 0 ? { points: 15, fix: msg.scoreLowStock(p.stock) } : { points: 0, fix: msg.scoreOutOfStock },
    rating >= 4.5 ? { points: 25 } : rating >= 4 ? { points: 20, fix: msg.scoreRatingUnder45 }
      : rating >= 3 ? { points: 10, fix: msg.scoreRatingUnder40 } : { points: 0, fix: p.rating === null ? msg.scoreNoRating : msg.scoreRatingUnder30 },
    p.reviewCount >= 50 ? { points: 25 } : p.reviewCount >= 10 ? { points: 15, fix: msg.scoreUnder50Reviews }
      : p.reviewCount >= 1 ? { points: 5, fix: msg.scoreUnder10Reviews } : { points: 0, fix: msg.scoreNoReviews },
    ageDays <= 30 ? { points: 25 } : ageDays <= 90 ? { points: 15, fix: msg.scoreStale30 } : { points: 5, fix: msg.scoreStale90 },
  ];
}

function conversionParts(p: OptimiserInput, msg: Messages): Part[] {
  const mid = median(p.competitorPrices);
  const brand = p.brand.trim() !== '';
  const category = p.category.trim() !== '';
  return [
    mid === null ? { points: 15, fix: msg.scoreNoComparison }
      : p.price <= mid ? { points: 25 } : p.price <= mid * 1.1 ? { points: 15, fix: msg.scorePriceSlightlyAbove }
        : { points: 5, fix: msg.scorePriceAbove(Math.round((p.price / mid - 1) * 100)) },
    p.discountPercentage >= 10 ? { points: 25 } : p.discountPercentage > 0 ? { points: 15, fix: msg.scoreSmallDiscount } : { points: 0, fix: msg.scoreNoDiscount },
    p.images.length >= 3 ? { points: 25 } : p.images.length === 2 ? { points: 15, fix: msg.scoreThirdPhoto } : p.images.length === 1 ? { points: 10, fix: msg.scoreMorePhotos } : { points: 0, fix: msg.scoreAddPhotos },
    brand && category ? { points: 25 } : brand || category ? { points: 15, fix: brand ? msg.scoreAddCategory : msg.scoreAddBrand } : { points: 0, fix: msg.scoreAddBrandAndCategory },
  ];
}

const total = (parts: Part[]) => parts.reduce((sum, part) => sum + part.points, 0);

/** The three scores, the overall mean and, for every area under 80, what to fix with its priority (in `msg`'s language). */
export function scoreProduct(p: OptimiserInput, now: Date = new Date(), msg: Messages = MSG): ProductScores {
  const areas: [ScoreArea, Part[]][] = [['seo', seoParts(p, msg)], ['performance', performanceParts(p, now, msg)], ['conversion', conversionParts(p, msg)]];
  const scores = Object.fromEntries(areas.map(([area, parts]) => [area, total(parts)])) as Record<ScoreArea, number>;
  const recommendations: Recommendation[] = [];
  for (const [area, parts] of areas) {
    if (scores[area] >= SCORE_RECOMMENDATION_BELOW) continue;
    const priority = priorityFor(scores[area]);
    for (const part of parts) if (part.fix) recommendations.push({ area, priority, message: part.fix });
  }
  const order: Record<Priority, number> = { critical: 0, high: 1, medium: 2 };
  recommendations.sort((a, b) => order[a.priority] - order[b.priority]);
  return { ...scores, overall: Math.round((scores.seo + scores.performance + scores.conversion) / 3), recommendations };
}

/** A product (as the API reads it) as optimiser input; competitor prices come from its category. */
export function optimiserInputOf(
  product: {
    name: string; description: string; keywords: string[]; images: string[]; price_cents: number; compare_at_price_cents: number | null;
    stock: number; rating: number | null; review_count: number; updated_at: string; category: string; brand: string;
  },
  competitorPrices: number[],
): OptimiserInput {
  const compare = product.compare_at_price_cents;
  const discount = compare && compare > product.price_cents ? ((compare - product.price_cents) / compare) * 100 : 0;
  return {
    title: product.name, description: product.description, keywords: product.keywords, images: product.images, price: product.price_cents,
    competitorPrices, stock: product.stock, rating: product.rating, reviewCount: product.review_count, lastUpdated: product.updated_at,
    discountPercentage: Math.round(discount * 10) / 10, category: product.category, brand: product.brand,
  };
}
