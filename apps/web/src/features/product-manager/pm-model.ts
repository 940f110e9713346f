import { currentMsg } from '@/lib/use-msg';
import type { ManagedProduct, ProductCreate, ProductUpdate } from '@souq/shared/api/products';
import { splitList } from '@souq/shared/rules/embed-product';
import { amountToCents, centsToAmount, toFiniteNumber } from '@souq/shared/rules/money';
import { slugify } from '@souq/shared/rules/slug';

// The product manager's create and edit forms (admin §2, §5): what is typed and the payloads of admin §7.

export type PmCreateValues = {
  vendorId: string;
  name: string;
  description: string;
  price: string;
  stock: string;
  brand: string;
  sku: string;
  imageUrl: string;
  /** Comma-separated, trimmed, empties dropped (admin §5). */
  categories: string;
  tags: string;
  keywords: string;
  seoTitle: string;
};

export const emptyPmCreate = (): PmCreateValues => ({
  vendorId: '', name: '', description: '', price: '', stock: '0', brand: '', sku: '', imageUrl: '', categories: '', tags: '', keywords: '', seoTitle: '',
});

/** The create form's checks in the spec's words: name and price, a positive price, then the vendor it is made for. */
export function pmCreateProblem(v: PmCreateValues): string | null {
  if (!v.name.trim() || !v.price.trim()) return currentMsg().pmNamePriceRequired;
  const price = toFiniteNumber(v.price);
  if (price === null || price <= 0) return currentMsg().pmPricePositive;
  if (!v.vendorId) return currentMsg().productVendorRequired;
  return null;
}

const whole = (t: string) => Math.max(0, Math.trunc(toFiniteNumber(t) ?? 0));

/** POST /api/products as the product manager sends it (admin §7), for the vendor chosen in the form. */
export function pmCreateBody(v: PmCreateValues): ProductCreate {
  const image = v.imageUrl.trim() || null;
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    price_cents: amountToCents(v.price),
    image_url: image,
    images: image ? [image] : [],
    categories: splitList(v.categories),
    tags: splitList(v.tags),
    keywords: splitList(v.keywords),
    brand: v.brand.trim(),
    sku: v.sku.trim(),
    slug: slugify(v.name),
    seo_title: v.seoTitle.trim(),
    stock_quantity: whole(v.stock),
    vendor_id: Number(v.vendorId),
  };
}

export type PmEditValues = { name: string; description: string; price: string; imageUrl: string; categories: string; tags: string; stock: string; status: 'active' | 'inactive' | 'draft' };

export const pmEditValues = (p: ManagedProduct): PmEditValues => ({
  name: p.name, description: p.description, price: centsToAmount(p.price_cents).toFixed(2), imageUrl: p.image ?? '', categories: p.categories.join(', '),
  tags: p.tags.join(', '), stock: String(p.stock), status: p.status === 'archived' ? 'inactive' : p.status,
});

/**
 * PUT /api/products/{id} from the edit form (admin §7: name, description, price_cents, image_url, categories, tags;
 * plus stock and status). A blank or invalid price becomes 0 cents (admin §5). Other images of the product stay: the
 * image URL replaces only the primary one.
 */
export function pmEditBody(v: PmEditValues, product: Pick<ManagedProduct, 'images'>): ProductUpdate {
  const price = toFiniteNumber(v.price);
  const image = v.imageUrl.trim();
  const rest = product.images.slice(1).filter((u) => u !== image);
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    price_cents: price === null || price < 0 ? 0 : amountToCents(price),
    images: image ? [image, ...rest] : rest,
    categories: splitList(v.categories),
    tags: splitList(v.tags),
    stock_quantity: whole(v.stock),
    status: v.status,
  };
}
