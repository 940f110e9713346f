import { CURRENCIES, EMBED_CURRENCY } from '@souq/shared/constants';
import { currentMsg } from '@/lib/use-msg';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ProductCreate, VariantInput } from '@souq/shared/api/products';
import { EMBED_PRODUCT_STATUSES, embedProductProblems, splitList, withEmbedProductDefaults } from '@souq/shared/rules/embed-product';
import { amountToCents, toFiniteNumber } from '@souq/shared/rules/money';
import { slugify } from '@souq/shared/rules/slug';

// The embedding tool's form (vendor §2 "Product embedding tool", §3 "Product schema (embedding tool)", §5): the
// fields as typed, the schema object they make, the JSON import, and the API payload.

export type ToolVariant = { key: string; color: string; size: string; material: string; sku: string; price: string; inventory: string };

export type ToolValues = {
  name: string;
  description: string;
  price: string;
  currency: string;
  image_url: string;
  tags: string;
  brand: string;
  category_name: string;
  sku: string;
  bullet_points: string;
  base_price: string;
  compare_at_price: string;
  inventory_quantity: string;
  ai_tags: string;
  target_audience: string;
  seasonality: string;
  /** pounds */
  weight: string;
  /** inches */
  dim_length: string;
  dim_width: string;
  dim_height: string;
  country_of_origin: string;
  seo_title: string;
  keywords: string;
  meta_description: string;
  status: (typeof EMBED_PRODUCT_STATUSES)[number];
  variants: ToolVariant[];
};

let keySeq = 0;
export const newToolVariant = (): ToolVariant => ({ key: `tv${++keySeq}`, color: '', size: '', material: '', sku: '', price: '', inventory: '' });

/** The sample product the form starts from, and returns to after a successful create (vendor §2, §4). */
export const sampleToolValues = (): ToolValues => ({
  name: 'Handwoven Palm Leaf Basket',
  description: 'A sturdy basket woven by hand from dried palm leaves in Al Ain. Keeps fruit, bread or toys in order and adds a warm, natural touch to any room.',
  price: '89.00',
  currency: EMBED_CURRENCY,
  image_url: '',
  tags: 'home, handmade, storage',
  brand: 'Oasis Crafts',
  category_name: 'home',
  sku: 'OC-BASKET-01',
  bullet_points: 'Handwoven palm leaf, Sturdy double handles, 35 cm across',
  base_price: '89.00',
  compare_at_price: '110.00',
  inventory_quantity: '25',
  ai_tags: 'eco-friendly, artisan',
  target_audience: 'unisex',
  seasonality: 'all-year',
  weight: '1.1',
  dim_length: '14',
  dim_width: '14',
  dim_height: '9',
  country_of_origin: '',
  seo_title: 'Handwoven Palm Leaf Basket | Oasis Crafts',
  keywords: 'palm basket, storage basket, handmade basket',
  meta_description: 'A handwoven palm leaf basket from Al Ain: sturdy, natural storage for fruit, bread or toys.',
  status: 'active',
  variants: [],
});

const num = (t: string) => (t.trim() === '' ? undefined : (toFiniteNumber(t) ?? Number.NaN));
const LB_TO_KG = 0.45359237;
const IN_TO_CM = 2.54;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The product object of the tool's schema, made from the form (an id and timestamps for a new product). */
export function toolProduct(v: ToolValues, now = new Date()): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: `new-${now.getTime()}`,
    name: v.name.trim(),
    description: v.description.trim(),
    price: num(v.price),
    currency: v.currency,
    image_url: v.image_url.trim() || undefined,
    tags: splitList(v.tags),
    brand: v.brand.trim(),
    category_name: v.category_name.trim(),
    sku: v.sku.trim(),
    bullet_points: splitList(v.bullet_points),
    base_price: num(v.base_price),
    compare_at_price: num(v.compare_at_price),
    inventory_quantity: num(v.inventory_quantity),
    ai_tags: splitList(v.ai_tags),
    target_audience: v.target_audience || undefined,
    seasonality: v.seasonality || undefined,
    weight: num(v.weight),
    dim_length: num(v.dim_length),
    dim_width: num(v.dim_width),
    dim_height: num(v.dim_height),
    country_of_origin: v.country_of_origin.trim() || undefined,
    seo_title: v.seo_title.trim(),
    keywords: splitList(v.keywords),
    meta_description: v.meta_description.trim(),
    status: v.status,
    variants: v.variants.map((r) => ({ id: r.key, color: r.color, size: r.size, material: r.material, sku: r.sku, price: num(r.price), inventory: num(r.inventory) })),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  return out;
}

/**
 * The tool's checks before a create, in the spec's order and words: the schema ('Validation failed: …'), then name
 * and price ('Name and price are required'), then a price above 0. Null when the form may be sent.
 */
export function toolProblem(v: ToolValues): string | null {
  const problems = embedProductProblems(toolProduct(v));
  if (problems.length) return currentMsg().validationFailedList(problems.join(', '));
  if (!v.name.trim() || !v.price.trim()) return currentMsg().namePriceRequired;
  const price = toFiniteNumber(v.price);
  if (price === null || price <= 0) return currentMsg().priceGreaterThanZero;
  return null;
}

const text = (x: unknown) => (x === undefined || x === null ? '' : String(x));
const listText = (x: unknown) => (Array.isArray(x) ? x.map(String).join(', ') : text(x));

/**
 * Reads an imported .json file's text into the form (vendor §5): only .json, it must parse and pass the schema check;
 * otherwise the error is 'Failed to import product: …' (wrapping 'Product validation failed: …').
 */
export function importToolValues(fileName: string, content: string): { values: ToolValues } | { error: string } {
  if (!/\.json$/i.test(fileName)) return { error: currentMsg().importFailed(i18n._(msg`Only .json files are accepted`)) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (err) {
    return { error: currentMsg().importFailed(err instanceof Error ? err.message : i18n._(msg`Invalid JSON`)) };
  }
  const product = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? withEmbedProductDefaults(parsed as Record<string, unknown>) : parsed;
  const problems = embedProductProblems(product);
  if (problems.length) return { error: currentMsg().importFailed(currentMsg().productValidationFailed(problems.join(', '))) };
  const p = product as Record<string, unknown>;
  const status = (EMBED_PRODUCT_STATUSES as readonly string[]).includes(String(p.status)) ? (p.status as ToolValues['status']) : 'active';
  const variants = Array.isArray(p.variants) ? (p.variants as Record<string, unknown>[]) : [];
  return {
    values: {
      name: text(p.name), description: text(p.description), price: text(p.price),
      currency: (CURRENCIES as readonly string[]).includes(String(p.currency)) ? String(p.currency) : EMBED_CURRENCY,
      image_url: text(p.image_url), tags: listText(p.tags), brand: text(p.brand), category_name: text(p.category_name), sku: text(p.sku),
      bullet_points: listText(p.bullet_points), base_price: text(p.base_price), compare_at_price: text(p.compare_at_price),
      inventory_quantity: text(p.inventory_quantity), ai_tags: listText(p.ai_tags), target_audience: text(p.target_audience),
      seasonality: text(p.seasonality), weight: text(p.weight), dim_length: text(p.dim_length), dim_width: text(p.dim_width),
      dim_height: text(p.dim_height), country_of_origin: text(p.country_of_origin), seo_title: text(p.seo_title), keywords: listText(p.keywords),
      meta_description: text(p.meta_description), status,
      variants: variants.map((r) => ({
        key: `tv${++keySeq}`, color: text(r.color), size: text(r.size), material: text(r.material), sku: text(r.sku), price: text(r.price), inventory: text(r.inventory),
      })),
    },
  };
}

/** One tool variant (colour, size and material together) as a stored variant: the first set attribute is its type. */
function variantInput(r: ToolVariant, productPriceCents: number, productSku: string): VariantInput {
  const parts = (['color', 'size', 'material'] as const).filter((k) => r[k].trim());
  const sku = r.sku.trim();
  return {
    type: parts[0] ?? 'color',
    value: parts.map((k) => r[k].trim()).join(' / ') || 'Default',
    price_adjustment_cents: r.price.trim() ? amountToCents(r.price) - productPriceCents : 0,
    inventory_quantity: Math.max(0, Math.trunc(toFiniteNumber(r.inventory) ?? 0)),
    sku_suffix: productSku && sku.startsWith(productSku) ? sku.slice(productSku.length) : sku ? `-${sku}` : '',
  };
}

/**
 * The create payload: the spec's (name, description, price_cents, image_url, categories of one, tags, slug) plus every
 * other field of the tool. Pounds and inches become the shop's kilograms and centimetres; a base price above the price
 * stands as the compare-at price when none is given.
 */
export function toolBody(v: ToolValues): ProductCreate {
  const priceCents = amountToCents(v.price);
  const base = toFiniteNumber(v.base_price);
  const compare = toFiniteNumber(v.compare_at_price) ?? (base !== null && amountToCents(base) > priceCents ? base : null);
  const metric = (t: string, factor: number) => {
    const n = toFiniteNumber(t);
    return n === null ? null : round2(n * factor);
  };
  const image = v.image_url.trim() || null;
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    price_cents: priceCents,
    currency: v.currency as ProductCreate['currency'],
    image_url: image,
    images: image ? [image] : [],
    categories: v.category_name.trim() ? [v.category_name.trim()] : null,
    tags: splitList(v.tags),
    slug: slugify(v.name),
    brand: v.brand.trim(),
    sku: v.sku.trim(),
    bullet_points: splitList(v.bullet_points),
    compare_at_price_cents: compare === null ? null : amountToCents(compare),
    stock_quantity: Math.max(0, Math.trunc(toFiniteNumber(v.inventory_quantity) ?? 0)),
    ai_tags: splitList(v.ai_tags),
    keywords: splitList(v.keywords),
    target_audience: (v.target_audience || null) as ProductCreate['target_audience'],
    seasonality: (v.seasonality || null) as ProductCreate['seasonality'],
    country_of_origin: v.country_of_origin.trim() || null,
    seo_title: v.seo_title.trim(),
    meta_description: v.meta_description.trim(),
    weight: metric(v.weight, LB_TO_KG),
    dim_length: metric(v.dim_length, IN_TO_CM),
    dim_width: metric(v.dim_width, IN_TO_CM),
    dim_height: metric(v.dim_height, IN_TO_CM),
    status: v.status,
    variants: v.variants.map((r) => variantInput(r, priceCents, v.sku.trim())),
  };
}
