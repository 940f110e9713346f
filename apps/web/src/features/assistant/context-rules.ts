import type { WebMessages } from '@souq/shared/messages.ar-web';
import {
  CATEGORIES_FOR_RECOMMENDATIONS,
  DEFAULT_BUDGET_CURRENCY,
  HISTORY_TO_CONTEXT,
  LOCKER_MAX,
  RECENT_SEARCHES_CAP,
  SHOPPING_HISTORY_CAP,
} from '@souq/shared/constants';
import { currentMsg } from '@/lib/use-msg';

// Pure rules of the side panel's assistant context and product locker (customer spec §3, §5, §8, §9).
// No React, no storage: the stores call these, and the unit tests run them in node.

/** The small product shape the panel, the chat and drag-and-drop share. */
export type PanelProduct = {
  id: number;
  name: string;
  /** the vendor's Arabic name, shown on a page in Arabic (issue 26 item 5); `name` stays what the chat and cart use */
  nameAr?: string;
  price: number;
  image: string | null;
  category: string;
  brand?: string;
  rating?: number | null;
};

export type HistoryEntry = { productId: number; productName: string; category: string; price: number; viewedAt: string };
export type Budget = { min: number | null; max: number | null; currency: string; updatedAt: string };
export type Preferences = Record<string, unknown> & { updatedAt?: string };
export type LockerEntry = { product: PanelProduct; lockedAt: string };

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A product read back from storage or a drop; anything malformed is null. */
export function parseProduct(value: unknown): PanelProduct | null {
  if (!isRecord(value)) return null;
  const id = Number(value.id);
  if (!Number.isInteger(id) || id <= 0 || typeof value.name !== 'string' || value.name.trim() === '') return null;
  return {
    id,
    name: value.name,
    ...(typeof value.nameAr === 'string' && value.nameAr.trim() ? { nameAr: value.nameAr } : {}),
    price: finite(Number(value.price)) ?? 0,
    image: typeof value.image === 'string' ? value.image : null,
    category: typeof value.category === 'string' && value.category ? value.category : currentMsg().defaultCategory,
    ...(typeof value.brand === 'string' ? { brand: value.brand } : {}),
    ...(value.rating === null || finite(value.rating) !== null ? { rating: value.rating as number | null } : {}),
  };
}

/** Stored locker: a list of {product, lockedAt} of at most LOCKER_MAX; anything else is invalid (null). */
export function parseLocker(raw: string | null): LockerEntry[] | null {
  if (raw === null) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(data) || data.length > LOCKER_MAX) return null;
  const entries: LockerEntry[] = [];
  for (const item of data) {
    const product = isRecord(item) ? parseProduct(item.product) : null;
    if (!product || typeof (item as LockerEntry).lockedAt !== 'string') return null;
    if (entries.some((e) => e.product.id === product.id)) return null;
    entries.push({ product, lockedAt: (item as LockerEntry).lockedAt });
  }
  return entries;
}

export type LockResult = { ok: true; entries: LockerEntry[] } | { ok: false; error: string };

/** Locks a product for comparison: duplicates and a full locker are refused with the spec's texts. */
export function lockInto(
  entries: LockerEntry[],
  product: PanelProduct,
  now: Date = new Date(),
  /** the refusals in the reader's language (the page gives its own) */
  texts: Pick<WebMessages, 'lockerAlreadyLocked' | 'lockerFull'>,
): LockResult {
  if (entries.some((e) => e.product.id === product.id)) return { ok: false, error: texts.lockerAlreadyLocked };
  if (entries.length >= LOCKER_MAX) return { ok: false, error: texts.lockerFull };
  return { ok: true, entries: [...entries, { product, lockedAt: now.toISOString() }] };
}

/** Newest first, an earlier view of the same product replaced, at most SHOPPING_HISTORY_CAP entries. */
export function recordView(history: HistoryEntry[], product: PanelProduct, now: Date = new Date()): HistoryEntry[] {
  const entry: HistoryEntry = {
    productId: product.id,
    productName: product.name,
    category: product.category,
    price: product.price,
    viewedAt: now.toISOString(),
  };
  return [entry, ...history.filter((h) => h.productId !== product.id)].slice(0, SHOPPING_HISTORY_CAP);
}

/** Newest first, case-insensitive duplicates moved to the front; a blank query (after trimming) is ignored (null). */
export function recordSearch(searches: string[], query: string): string[] | null {
  const q = query.trim();
  if (!q) return null;
  return [q, ...searches.filter((s) => s.toLowerCase() !== q.toLowerCase())].slice(0, RECENT_SEARCHES_CAP);
}

/** Adds a favourite category; a duplicate (or blank) is ignored (null). */
export function addCategory(categories: string[], category: string): string[] | null {
  const c = category.trim();
  if (!c || categories.some((x) => x.toLowerCase() === c.toLowerCase())) return null;
  return [...categories, c];
}

export function makeBudget(input: { min?: number | null; max?: number | null; currency?: string }, now: Date = new Date()): Budget {
  const min = input.min ?? null;
  const max = input.max ?? null;
  return {
    min: min !== null && Number.isFinite(min) && min >= 0 ? min : null,
    max: max !== null && Number.isFinite(max) && max >= 0 ? max : null,
    currency: input.currency || DEFAULT_BUDGET_CURRENCY,
    updatedAt: now.toISOString(),
  };
}

// Readers of the other stored keys: a value of the wrong shape reads as empty, never as a crash.
export const parseStringList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

export function parseHistory(v: unknown): HistoryEntry[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter(
      (h): h is HistoryEntry =>
        isRecord(h) && Number.isInteger(h.productId) && typeof h.productName === 'string' && typeof h.viewedAt === 'string',
    )
    .map((h) => ({ ...h, category: typeof h.category === 'string' ? h.category : currentMsg().defaultCategory, price: finite(h.price) ?? 0 }))
    .slice(0, SHOPPING_HISTORY_CAP);
}

export function parseBudget(v: unknown): Budget | null {
  if (!isRecord(v)) return null;
  const num = (x: unknown) => (x === null || x === undefined ? null : finite(x));
  return {
    min: num(v.min),
    max: num(v.max),
    currency: typeof v.currency === 'string' && v.currency ? v.currency : DEFAULT_BUDGET_CURRENCY,
    updatedAt: typeof v.updatedAt === 'string' ? v.updatedAt : new Date(0).toISOString(),
  };
}

export const parsePreferences = (v: unknown): Preferences => (isRecord(v) ? v : {});

export type AssistantContext = {
  preferences: Preferences;
  budget: Budget | null;
  /** The latest HISTORY_TO_CONTEXT views. */
  recentHistory: HistoryEntry[];
  recentSearches: string[];
  favouriteCategories: string[];
  /** Categories to recommend from: favourites first, then those of recent views (CATEGORIES_FOR_RECOMMENDATIONS). */
  recommendationCategories: string[];
  lockedProduct: PanelProduct | null;
  lockedProducts: PanelProduct[];
  cartItemCount: number;
  cartTotal: number;
};

export function buildAssistantContext(input: {
  preferences: Preferences;
  budget: Budget | null;
  history: HistoryEntry[];
  searches: string[];
  categories: string[];
  lockedProduct: PanelProduct | null;
  locker: LockerEntry[];
  /** From the cart store (its own count and cents-exact total). */
  cart: { itemCount: number; total: number };
}): AssistantContext {
  const recommendationCategories: string[] = [];
  for (const c of [...input.categories, ...input.history.map((h) => h.category)]) {
    if (recommendationCategories.length >= CATEGORIES_FOR_RECOMMENDATIONS) break;
    if (!recommendationCategories.includes(c)) recommendationCategories.push(c);
  }
  return {
    preferences: input.preferences,
    budget: input.budget,
    recentHistory: input.history.slice(0, HISTORY_TO_CONTEXT),
    recentSearches: input.searches,
    favouriteCategories: input.categories,
    recommendationCategories,
    lockedProduct: input.lockedProduct,
    lockedProducts: input.locker.map((e) => e.product),
    cartItemCount: input.cart.itemCount,
    cartTotal: input.cart.total,
  };
}
