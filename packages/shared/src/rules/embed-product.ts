// The embedding tool's product schema check (vendor §3 "Product schema (embedding tool)", §5 messages). Used on the
// form before a create and on an imported .json file. A required field that is falsy counts as missing (spec §5).
import { EMBED_CURRENCY, PRODUCT_LIMITS } from '../constants.js';

type Rule = {
  field: string;
  type?: 'string' | 'number' | 'array';
  required?: boolean;
  max?: number;
  min?: number;
  oneOf?: readonly string[];
};

export const EMBED_PRODUCT_STATUSES = ['active', 'inactive', 'draft'] as const;

const RULES: Rule[] = [
  { field: 'id', type: 'string', required: true },
  { field: 'name', type: 'string', required: true, max: PRODUCT_LIMITS.name },
  { field: 'description', type: 'string', required: true, max: PRODUCT_LIMITS.description },
  { field: 'price', type: 'number', required: true, min: 0 },
  { field: 'currency', type: 'string', required: true },
  { field: 'image_url', type: 'string' },
  { field: 'tags', type: 'array' },
  { field: 'brand', type: 'string', required: true, max: PRODUCT_LIMITS.brand },
  { field: 'category_name', type: 'string', required: true },
  { field: 'sku', type: 'string', required: true, max: PRODUCT_LIMITS.sku },
  { field: 'bullet_points', type: 'array' },
  { field: 'base_price', type: 'number', min: 0 },
  { field: 'compare_at_price', type: 'number', min: 0 },
  { field: 'inventory_quantity', type: 'number', required: true, min: 0 },
  { field: 'ai_tags', type: 'array' },
  { field: 'target_audience', type: 'string' },
  { field: 'seasonality', type: 'string' },
  { field: 'weight', type: 'number', min: 0 },
  { field: 'dim_length', type: 'number', min: 0 },
  { field: 'dim_width', type: 'number', min: 0 },
  { field: 'dim_height', type: 'number', min: 0 },
  { field: 'country_of_origin', type: 'string' },
  { field: 'seo_title', type: 'string', max: PRODUCT_LIMITS.seoTitle },
  { field: 'keywords', type: 'array' },
  { field: 'meta_description', type: 'string', max: PRODUCT_LIMITS.metaDescription },
  { field: 'status', type: 'string', required: true, oneOf: EMBED_PRODUCT_STATUSES },
  { field: 'variants', type: 'array' },
  { field: 'created_at', required: true },
  { field: 'updated_at', required: true },
];

/** The problems of a product object, in the spec's words; empty when it passes. */
export function embedProductProblems(product: unknown): string[] {
  if (!product || typeof product !== 'object' || Array.isArray(product)) return ['product must be an object'];
  const p = product as Record<string, unknown>;
  const problems: string[] = [];
  for (const rule of RULES) {
    const value = p[rule.field];
    if (!value) {
      if (rule.required) problems.push(`${rule.field} is required`);
      continue; // optional and absent (or falsy): nothing else to check
    }
    if (rule.type === 'string' && typeof value !== 'string') problems.push(`${rule.field} must be a string`);
    else if (rule.type === 'number' && (typeof value !== 'number' || Number.isNaN(value))) problems.push(`${rule.field} must be a number`);
    else if (rule.type === 'array' && !Array.isArray(value)) problems.push(`${rule.field} must be an array`);
    else if (rule.max !== undefined && typeof value === 'string' && value.length > rule.max) problems.push(`${rule.field} must be ${rule.max} characters or less`);
    else if (rule.min !== undefined && typeof value === 'number' && value < rule.min) problems.push(`${rule.field} must be at least ${rule.min}`);
    else if (rule.oneOf && !rule.oneOf.includes(value as string)) problems.push(`${rule.field} must be one of: ${rule.oneOf.join(', ')}`);
  }
  return problems;
}

/** Defaults the schema gives an imported product before the check (currency AED, status active). */
export function withEmbedProductDefaults(p: Record<string, unknown>): Record<string, unknown> {
  return { ...p, currency: p.currency ?? EMBED_CURRENCY, status: p.status ?? 'active' };
}

/** Comma-separated text → trimmed items, empties dropped (vendor §5). */
export function splitList(text: string): string[] {
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}

