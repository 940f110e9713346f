import { TAX_CATEGORY_DEFAULT, type TaxCategory } from '@souq/shared/rules/tax';
import { CURRENCIES, SHOP_CURRENCY_DEFAULT, VARIANT_TYPES } from '@souq/shared/constants';
import { currentMsg } from '@/lib/use-msg';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { productCreateSchema, type ManagedProduct, type ProductCreate } from '@souq/shared/api/products';
import { splitList } from '@souq/shared/rules/embed-product';
import { amountToCents, centsToAmount, toFiniteNumber } from '@souq/shared/rules/money';
import { slugify } from '@souq/shared/rules/slug';

// The Products tab's form (vendor §2 "Product create form", §5): what is typed, as text, and its mapping to the API.

export type Currency = (typeof CURRENCIES)[number];
export type VariantRow = { key: string; type: (typeof VARIANT_TYPES)[number]; value: string; priceAdjustment: string; inventory: string; skuSuffix: string };

export type ProductFormValues = {
  name: string;
  brand: string;
  category: string;
  sku: string;
  description: string;
  /** One per line. */
  bulletPoints: string;
  /** The Arabic name, description and bullet points (one per line), all optional (issue 26 item 5). */
  nameAr: string;
  descriptionAr: string;
  bulletPointsAr: string;
  price: string;
  currency: Currency;
  compareAt: string;
  inventory: string;
  weight: string;
  dimLength: string;
  dimWidth: string;
  dimHeight: string;
  /** One URL per line, first is primary. */
  images: string;
  /** Comma-separated. */
  tags: string;
  keywords: string;
  targetAudience: string;
  seasonality: string;
  seoTitle: string;
  metaDescription: string;
  countryOfOrigin: string;
  status: 'active' | 'draft' | 'inactive';
  /** VAT category (decision 0098): standard by default. */
  taxCategory: TaxCategory;
  variants: VariantRow[];
};

export const emptyProductForm = (status: ProductFormValues['status'] = 'active'): ProductFormValues => ({
  name: '', brand: '', category: '', sku: '', description: '', bulletPoints: '', nameAr: '', descriptionAr: '', bulletPointsAr: '', price: '', currency: SHOP_CURRENCY_DEFAULT as Currency, compareAt: '',
  inventory: '', weight: '', dimLength: '', dimWidth: '', dimHeight: '', images: '', tags: '', keywords: '', targetAudience: '', seasonality: '',
  seoTitle: '', metaDescription: '', countryOfOrigin: '', status, taxCategory: TAX_CATEGORY_DEFAULT, variants: [],
});

let variantKey = 0;
export const newVariantRow = (): VariantRow => ({ key: `v${++variantKey}`, type: 'color', value: '', priceAdjustment: '', inventory: '', skuSuffix: '' });

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);
const numberOrNull = (text: string) => (text.trim() === '' ? null : toFiniteNumber(text));
const amount = (cents: number | null) => (cents === null ? '' : centsToAmount(cents).toFixed(2));
const text = (n: number | null) => (n === null ? '' : String(n));

/** A stored product back into the form (edit): prices in the shop currency. */
export function formFromProduct(p: ManagedProduct): ProductFormValues {
  return {
    name: p.name, brand: p.brand, category: p.category, sku: p.sku, description: p.description, bulletPoints: p.bullet_points.join('\n'),
    nameAr: p.name_ar, descriptionAr: p.description_ar, bulletPointsAr: p.bullet_points_ar.join('\n'),
    price: amount(p.price_cents), currency: (CURRENCIES as readonly string[]).includes(p.currency) ? (p.currency as Currency) : (SHOP_CURRENCY_DEFAULT as Currency),
    compareAt: amount(p.compare_at_price_cents), inventory: String(p.stock), weight: text(p.weight), dimLength: text(p.dim_length),
    dimWidth: text(p.dim_width), dimHeight: text(p.dim_height), images: p.images.join('\n'), tags: p.tags.join(', '), keywords: p.keywords.join(', '),
    targetAudience: p.target_audience ?? '', seasonality: p.seasonality ?? '', seoTitle: p.seo_title, metaDescription: p.meta_description,
    countryOfOrigin: p.country_of_origin ?? '', status: p.status === 'archived' ? 'inactive' : p.status, taxCategory: p.tax_category,
    variants: p.variants.map((v) => ({
      key: `v${++variantKey}`, type: v.type, value: v.value, priceAdjustment: amount(v.price_adjustment_cents), inventory: String(v.inventory_quantity), skuSuffix: v.sku_suffix,
    })),
  };
}

/** The API body of the form: every collected field (vendor §3 payload plus the fields the prototype dropped). */
export function productBodyOf(v: ProductFormValues): ProductCreate {
  const cents = (t: string) => amountToCents(t);
  const number = (t: string) => numberOrNull(t) as number | null;
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    bullet_points: lines(v.bulletPoints),
    name_ar: v.nameAr.trim(),
    description_ar: v.descriptionAr.trim(),
    bullet_points_ar: lines(v.bulletPointsAr),
    price_cents: cents(v.price),
    currency: v.currency,
    compare_at_price_cents: v.compareAt.trim() === '' ? null : cents(v.compareAt),
    stock_quantity: Math.trunc(toFiniteNumber(v.inventory) ?? 0),
    images: lines(v.images),
    image_url: lines(v.images)[0] ?? null,
    categories: v.category ? [v.category] : null,
    tags: splitList(v.tags),
    keywords: splitList(v.keywords),
    slug: slugify(v.name),
    brand: v.brand.trim(),
    sku: v.sku.trim(),
    status: v.status,
    tax_category: v.taxCategory,
    target_audience: (v.targetAudience || null) as ProductCreate['target_audience'],
    seasonality: (v.seasonality || null) as ProductCreate['seasonality'],
    country_of_origin: v.countryOfOrigin || null,
    seo_title: v.seoTitle.trim(),
    meta_description: v.metaDescription.trim(),
    weight: number(v.weight),
    dim_length: number(v.dimLength),
    dim_width: number(v.dimWidth),
    dim_height: number(v.dimHeight),
    variants: v.variants.map((r) => ({
      type: r.type, value: r.value.trim(), price_adjustment_cents: cents(r.priceAdjustment), inventory_quantity: Math.trunc(toFiniteNumber(r.inventory) ?? 0), sku_suffix: r.skuSuffix.trim(),
    })),
  };
}

export type FormCheck = { alert: string | null; errors: Partial<Record<keyof ProductFormValues | string, string>> };

// field errors in the page's language (the vendor catalogue); read when the form is checked, never at import
const REQUIRED = () => i18n._(msg`Required`);
const isNumber = (t: string) => t.trim() !== '' && toFiniteNumber(t) !== null;

/**
 * The form's checks, in the spec's order: Product Title, Brand, Category and SKU give the spec's alert; description,
 * bullet points, base price and inventory are the fields the form marks required; then the shared schema's limits.
 */
export function checkProductForm(v: ProductFormValues): FormCheck {
  const errors: FormCheck['errors'] = {};
  const missing = (['name', 'brand', 'category', 'sku'] as const).filter((k) => !v[k].trim());
  for (const k of missing) errors[k] = REQUIRED();
  if (missing.length) return { alert: currentMsg().vendorRequiredProductFields, errors };
  if (!v.description.trim()) errors.description = REQUIRED();
  if (!lines(v.bulletPoints).length) errors.bulletPoints = REQUIRED();
  if (!isNumber(v.price)) errors.price = v.price.trim() ? i18n._(msg`Enter a number`) : REQUIRED();
  else if (toFiniteNumber(v.price)! < 0) errors.price = i18n._(msg`Must be at least 0`);
  if (!isNumber(v.inventory)) errors.inventory = v.inventory.trim() ? i18n._(msg`Enter a whole number`) : REQUIRED();
  else if (toFiniteNumber(v.inventory)! < 0 || !Number.isInteger(toFiniteNumber(v.inventory))) errors.inventory = i18n._(msg`Must be a whole number, at least 0`);
  for (const [key, t] of [['compareAt', v.compareAt], ['weight', v.weight], ['dimLength', v.dimLength], ['dimWidth', v.dimWidth], ['dimHeight', v.dimHeight]] as const) {
    if (t.trim() && (!isNumber(t) || toFiniteNumber(t)! < 0)) errors[key] = i18n._(msg`Must be a number, at least 0`);
  }
  v.variants.forEach((r, i) => {
    if (!r.value.trim()) errors[`variants.${i}.value`] = REQUIRED();
    if (r.priceAdjustment.trim() && !isNumber(r.priceAdjustment)) errors[`variants.${i}.priceAdjustment`] = i18n._(msg`Enter a number`);
    if (r.inventory.trim() && (!isNumber(r.inventory) || toFiniteNumber(r.inventory)! < 0)) errors[`variants.${i}.inventory`] = i18n._(msg`Must be at least 0`);
  });
  if (Object.keys(errors).length) return { alert: null, errors };
  const parsed = productCreateSchema.safeParse(productBodyOf(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[formFieldOf(issue.path)] ??= issue.message;
  }
  return { alert: null, errors };
}

const API_TO_FORM: Record<string, keyof ProductFormValues> = {
  name: 'name', description: 'description', bullet_points: 'bulletPoints', name_ar: 'nameAr', description_ar: 'descriptionAr', bullet_points_ar: 'bulletPointsAr', price_cents: 'price', compare_at_price_cents: 'compareAt',
  stock_quantity: 'inventory', images: 'images', image_url: 'images', categories: 'category', tags: 'tags', keywords: 'keywords', brand: 'brand',
  sku: 'sku', seo_title: 'seoTitle', meta_description: 'metaDescription', weight: 'weight', dim_length: 'dimLength', dim_width: 'dimWidth',
  dim_height: 'dimHeight', country_of_origin: 'countryOfOrigin', target_audience: 'targetAudience', seasonality: 'seasonality', status: 'status', tax_category: 'taxCategory',
};

/** The form field an API error path (or the server's `fields` key, e.g. 'images.0') belongs to. */
export function formFieldOf(path: readonly PropertyKey[] | string): string {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  if (parts[0] === 'variants' && parts.length >= 3) return `variants.${parts[1]}.${parts[2] === 'value' ? 'value' : parts[2] === 'inventory_quantity' ? 'inventory' : 'priceAdjustment'}`;
  return API_TO_FORM[parts[0] ?? ''] ?? parts[0] ?? '_';
}
