import type { Product, ShelfItem } from '@souq/shared/api/catalogue';
import type { VariantChoice } from '@souq/shared/rules/variants';

/**
 * The small product shape that moves between shelves, search results, the chat context, drag-and-drop and the
 * image search dialog: `{id, name, price, image, category}`.
 */
export type ProductRef = {
  id: number;
  name: string;
  /** The Arabic name ('' or absent when none): shown with ?lang=ar, the English name otherwise (issue 26 item 5). */
  nameAr?: string;
  price: number;
  image: string | null;
  category?: string;
  rating?: number | null;
  reviewCount?: number;
  badge?: string | null;
  /** The badge in Arabic ('' or absent when none). */
  badgeAr?: string;
  /** The options chosen in the product dialog (type → value); `price` is then the price with them. */
  variants?: VariantChoice;
};

/** Drag data type for products dropped into the chat (JSON of a ProductRef). */
export const PRODUCT_DRAG_TYPE = 'application/x-souq-product';

export const refFromProduct = (p: Product): ProductRef => ({
  id: p.id,
  name: p.name,
  nameAr: p.name_ar,
  price: p.price,
  image: p.image ?? p.imageUrl ?? p.image_url ?? p.images?.[0] ?? null,
  category: p.category,
  rating: p.rating,
  reviewCount: p.review_count,
  badge: p.badge,
  badgeAr: p.badge_ar,
});

export const refFromShelfItem = (i: ShelfItem): ProductRef => ({
  id: i.id,
  name: i.title,
  nameAr: i.title_ar,
  price: i.price,
  image: i.image,
  rating: i.rating,
  reviewCount: i.review_count,
  badge: i.badge,
  badgeAr: i.badge_ar,
});

/** Puts a product on a drag (for dropping into the chat). */
export function setProductDragData(dt: DataTransfer, p: ProductRef) {
  const { id, name, nameAr, price, image, category } = p;
  dt.setData(PRODUCT_DRAG_TYPE, JSON.stringify({ id, name, nameAr, price, image, category }));
  dt.setData('text/plain', name);
  dt.effectAllowed = 'copy';
}

/** Reads a dropped product; anything malformed reads as null. */
export function parseDraggedProduct(raw: string): ProductRef | null {
  try {
    const v = JSON.parse(raw) as Partial<ProductRef>;
    const id = Number(v.id);
    if (!Number.isInteger(id) || id <= 0 || typeof v.name !== 'string' || !v.name.trim()) return null;
    return {
      id,
      name: v.name,
      ...(typeof v.nameAr === 'string' && v.nameAr ? { nameAr: v.nameAr } : {}),
      price: Number(v.price) || 0,
      image: typeof v.image === 'string' ? v.image : null,
      category: typeof v.category === 'string' ? v.category : undefined,
    };
  } catch {
    return null;
  }
}

/** Merges product lists, first occurrence wins. */
export function uniqueById(...lists: ProductRef[][]): ProductRef[] {
  const seen = new Set<number>();
  const out: ProductRef[] = [];
  for (const list of lists) {
    for (const p of list) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      out.push(p);
    }
  }
  return out;
}
