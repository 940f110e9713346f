// SEO content rules (vendor §9 "SEO content scoring"): what a good title, description and keyword list look like,
// and the optimised versions the SEO Content tab proposes. Pure functions: the server scores runs with them, the
// screens show the same numbers.
import { SEO_RULES } from '../constants.js';
import { MSG } from '../messages.js';
import type { Messages } from '../messages-for.js';

/** The texts the checks write: a page's MSG (messages.ar-web.ts) carries them as well as the server's. */
type SeoTexts = Pick<Messages, 'seoTitleShort' | 'seoTitleLong' | 'seoTitleGood' | 'seoDescriptionShort' | 'seoDescriptionLong' | 'seoDescriptionGood' | 'seoKeywordCount' | 'seoKeywordLength' | 'seoKeywordsGood' | 'seoImages' | 'seoNoImage'>;

export type SeoInput = {
  title: string;
  description: string;
  keywords: string[];
  brand?: string;
  category?: string;
  tags?: string[];
  bulletPoints?: string[];
};

export type SeoCheck = { ok: boolean; value: number; message: string };

const within = (n: number, r: { min: number; max: number }) => n >= r.min && n <= r.max;
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
const keywordOk = (k: string) => within(k.trim().length, SEO_RULES.keywordLength);

/** Title 30–60 characters. */
export function checkTitle(title: string, msg: SeoTexts = MSG): SeoCheck {
  const n = clean(title).length;
  const { min, max } = SEO_RULES.title;
  return { ok: within(n, SEO_RULES.title), value: n, message: n < min ? msg.seoTitleShort(n, min, max) : n > max ? msg.seoTitleLong(n, max) : msg.seoTitleGood(n) };
}

/** Description 150–300 characters. */
export function checkDescription(description: string, msg: SeoTexts = MSG): SeoCheck {
  const n = clean(description).length;
  const { min, max } = SEO_RULES.description;
  return {
    ok: within(n, SEO_RULES.description),
    value: n,
    message: n < min ? msg.seoDescriptionShort(n, min, max) : n > max ? msg.seoDescriptionLong(n, max) : msg.seoDescriptionGood(n),
  };
}

/** 3–8 keywords, each 3–20 characters. */
export function checkKeywords(keywords: string[], msg: SeoTexts = MSG): SeoCheck & { invalid: string[] } {
  const list = keywords.map((k) => k.trim()).filter(Boolean);
  const invalid = list.filter((k) => !keywordOk(k));
  const { min, max } = SEO_RULES.keywords;
  const countOk = within(list.length, SEO_RULES.keywords);
  const message = !countOk
    ? msg.seoKeywordCount(list.length, min, max)
    : invalid.length
      ? msg.seoKeywordLength(SEO_RULES.keywordLength.min, SEO_RULES.keywordLength.max, invalid.join(', '))
      : msg.seoKeywordsGood(list.length);
  return { ok: countOk && invalid.length === 0, value: list.length, message, invalid };
}

/** At least one product image. */
export function checkImages(images: readonly string[], msg: SeoTexts = MSG): SeoCheck {
  const n = images.filter((i) => i.trim()).length;
  return { ok: n > 0, value: n, message: n > 0 ? msg.seoImages(n) : msg.seoNoImage };
}

/** Each SEO check is worth a quarter of the score (vendor §9: 25 points each). */
export const SEO_POINTS_PER_CHECK = 25;

/** What the SEO score reads of a product. */
export type SeoScoreInput = { title: string; description: string; keywords: string[]; images: readonly string[] };

/** The four SEO checks of vendor §9, in the spec's order: title, description, keywords, image. */
export function seoChecks(input: SeoScoreInput, msg: SeoTexts = MSG): SeoCheck[] {
  return [checkTitle(input.title, msg), checkDescription(input.description, msg), checkKeywords(input.keywords, msg), checkImages(input.images, msg)];
}

/**
 * The product's one SEO score (vendor §9): 25 points for each passing check. The optimiser's SEO column and the SEO
 * Content tab both print this number, so the same product never shows two SEO scores.
 */
export function seoScore(input: SeoScoreInput): number {
  return seoChecks(input).filter((c) => c.ok).length * SEO_POINTS_PER_CHECK;
}

/** The first `keep` characters and an ellipsis (vendor §9: 57 + '...' for titles, 297 + '...' for descriptions). */
export function truncateWithEllipsis(text: string, keep: number): string {
  return `${text.slice(0, keep)}...`;
}

/**
 * An optimised title: a short title gains the brand and category; a long one is truncated to 57 characters plus an
 * ellipsis (vendor §9). A title already within 30–60 stays as it is.
 */
export function optimiseTitle(input: SeoInput): string {
  let title = clean(input.title);
  const { min, max, truncateTo } = SEO_RULES.title;
  if (title.length < min) {
    const brand = clean(input.brand ?? '');
    const category = clean(input.category ?? '');
    if (brand && !title.toLowerCase().includes(brand.toLowerCase())) title = `${brand} ${title}`;
    if (title.length < min && category && !title.toLowerCase().includes(category.toLowerCase())) title = `${title} - ${capitalise(category)}`;
    if (title.length < min && input.tags?.length) title = `${title} | ${input.tags.slice(0, 2).map(capitalise).join(', ')}`;
  }
  return title.length > max ? truncateWithEllipsis(title, truncateTo) : title;
}

/**
 * An optimised description: a short one is completed, sentence by sentence while it stays within 300 characters, from
 * the bullet points, brand, category and keywords; a long one is truncated to 297 characters plus an ellipsis
 * (vendor §9).
 */
export function optimiseDescription(input: SeoInput): string {
  let text = clean(input.description);
  const { min, max, truncateTo } = SEO_RULES.description;
  if (text.length > max) return truncateWithEllipsis(text, truncateTo);
  if (text && !/[.!?]$/.test(text)) text = `${text}.`;
  const extras: string[] = [];
  if (input.bulletPoints?.length) extras.push(`Highlights: ${input.bulletPoints.map(clean).join('; ')}.`);
  if (clean(input.brand ?? '')) extras.push(`Brand: ${clean(input.brand!)}.`);
  if (clean(input.category ?? '')) extras.push(`Category: ${capitalise(input.category!)}.`);
  const keywords = optimiseKeywords(input).slice(0, 4);
  if (keywords.length) extras.push(`Ideal if you are looking for ${keywords.join(', ')}.`);
  for (const extra of extras) {
    if (text.length >= min) break;
    const next = text ? `${text} ${extra}` : extra;
    if (next.length <= max) text = next;
  }
  return text;
}

/** Keywords of 3–20 characters from the existing list, tags, category, brand and title words; at most 8, no repeats. */
export function optimiseKeywords(input: SeoInput): string[] {
  const stop = new Set(['the', 'and', 'for', 'with', 'from', 'your', 'this', 'that', 'are', 'you']);
  const titleWords = clean(input.title).toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 4 && !stop.has(w));
  const candidates = [...input.keywords, ...(input.tags ?? []), input.category ?? '', input.brand ?? '', ...titleWords];
  const out: string[] = [];
  for (const c of candidates) {
    const k = clean(c).toLowerCase();
    if (keywordOk(k) && !out.includes(k)) out.push(k);
    if (out.length === SEO_RULES.keywords.max) break;
  }
  return out;
}

function capitalise(s: string): string {
  const t = clean(s);
  return t.charAt(0).toUpperCase() + t.slice(1);
}
