import type { Product } from '@souq/shared/api/catalogue';
import type { ReturnRequest } from '@souq/shared/api/returns';
import { MARKETPLACE_SELLER_NAME, RETURN_WINDOW_DAYS_DEFAULT } from '@souq/shared/constants';
import type { Locale } from '@souq/shared/rules/locale';
import { SHOPPER_CANCELLABLE, type ShopperLine, type ShopperSubOrder } from '../orders/orders.shopper.js';
import type { SearchService } from '../search/search.service.js';
import { gulfToStandard } from '../search/query-understanding.js';
import { itemWords, wordForms } from './assistant.aftersales-words.js';
import { equivalentsOf } from './assistant.understanding.js';

// The shopper's bought items as the assistant acts on them (decision 0127): each line of their recent sub-orders with
// its product (for the name in the shopper's language and the catalogue's words for it), and what can be done with it
// now — cancel (not shipped yet), return (delivered, inside its seller's window, units not already in a return), or
// nothing, with the reason. An item is found by the shopper's words against its own vocabulary only: its name in both
// languages, its variant, its departments in both languages, its tags and brand. Words that match nothing find nothing:
// the assistant then says so, and never acts on another item instead.

const DAY_MS = 86_400_000;

export type Item = {
  part: ShopperSubOrder;
  line: ShopperLine;
  product: Product | null;
  /** The line's name in the reader's language (the catalogue's Arabic name when it has one), with its variant. */
  name: string;
  /** The seller's return window in days. */
  window: number;
};

/** What can be done with an item now, and why not when nothing can. */
export type ItemState =
  | { kind: 'open' }
  | { kind: 'shipped' }
  | { kind: 'returnable'; delivered: Date; closes: Date; left: number; declined: ReturnRequest | null }
  | { kind: 'closed'; delivered: Date; closed: Date }
  | { kind: 'in-return'; request: ReturnRequest }
  | { kind: 'returned'; request: ReturnRequest }
  | { kind: 'cancelled' }
  | { kind: 'refunded' };

export type ItemsDeps = {
  text: Pick<SearchService['text'], 'analyze' | 'isStopword'>;
  /** The catalogue's search (its kinds, synonyms and Gulf words): the products a shopper's words find, best first. */
  rank: (query: string) => Promise<number[]>;
  products: (ids: number[]) => Promise<Product[]>;
  departmentsAr: () => Promise<ReadonlyMap<string, string>>;
  windows: (vendorIds: number[]) => Promise<Map<number, number>>;
};

/** The items of these sub-orders, newest first, named in the reader's language. */
export async function itemsOf(deps: ItemsDeps, parts: ShopperSubOrder[], locale: Locale): Promise<Item[]> {
  const ids = [...new Set(parts.flatMap((s) => s.lines.flatMap((l) => (l.product_id === null ? [] : [l.product_id]))))];
  const products = new Map((await deps.products(ids)).map((p) => [p.id, p]));
  const windows = await deps.windows([...new Set(parts.flatMap((s) => (s.seller_vendor_id === null ? [] : [s.seller_vendor_id])))]);
  return parts.flatMap((part) => part.lines.map((line) => {
    const product = line.product_id === null ? null : products.get(line.product_id) ?? null;
    const own = locale === 'ar' && product?.name_ar.trim() ? product.name_ar.trim() : line.name;
    return {
      part, line, product,
      name: `${own}${line.variant_label ? ` (${line.variant_label})` : ''}`,
      window: part.seller_vendor_id === null ? RETURN_WINDOW_DAYS_DEFAULT : windows.get(part.seller_vendor_id) ?? RETURN_WINDOW_DAYS_DEFAULT,
    };
  }));
}

/** The seller as the shopper sees it. */
export const sellerOf = (item: Item) => item.part.seller_name || MARKETPLACE_SELLER_NAME;

/** What can be done with an item now: its part's status, its window, and its returns (the shopper's, newest first). */
export function stateOf(item: Item, returns: readonly ReturnRequest[], now = Date.now()): ItemState {
  const { part, line } = item;
  if (part.status === 'cancelled') return { kind: 'cancelled' };
  if (part.status === 'refunded') return { kind: 'refunded' };
  if (SHOPPER_CANCELLABLE.includes(part.status)) return { kind: 'open' };
  if (part.status === 'shipped' || !part.delivered_at) return { kind: 'shipped' };
  const delivered = part.delivered_at;
  const closes = new Date(delivered.getTime() + item.window * DAY_MS);
  const own = returns.filter((r) => r.line_id === line.id);
  const live = own.filter((r) => r.status !== 'rejected');
  const left = line.quantity - live.reduce((n, r) => n + r.units, 0);
  if (left <= 0) {
    const open = live.find((r) => r.status === 'requested' || r.status === 'approved');
    return open ? { kind: 'in-return', request: open } : { kind: 'returned', request: live[0]! };
  }
  if (now > closes.getTime()) return { kind: 'closed', delivered, closed: closes };
  return { kind: 'returnable', delivered, closes, left, declined: own.find((r) => r.status === 'rejected') ?? null };
}

/**
 * The words of an item a shopper may use for it, stemmed as the search stems: its names in both languages, its
 * variant, its departments (in both languages), tags and brand.
 */
function vocabulary(deps: ItemsDeps, item: Item, departmentsAr: ReadonlyMap<string, string>): Set<string> {
  const p = item.product;
  const fields = [item.line.name, item.line.variant_label, item.name];
  if (p) fields.push(p.name, p.name_ar, p.brand, ...p.tags, ...p.categories, ...p.categories.map((c) => departmentsAr.get(c) ?? ''));
  return new Set(deps.text.analyze(fields.join(' ')));
}

/**
 * The names a shopper's word may take in an item's own words: itself, an Arabic colour or size in English, the Gulf
 * word in the MSA a catalogue writes ('جوتي' → 'حذاء'), and the other names of the kind it names ('لمبة' is a lamp,
 * 'مصباح'; 'couch' a sofa).
 */
export function itemWordForms(word: string): string[] {
  const forms = [...wordForms(word)];
  const std = gulfToStandard(word);
  if (std !== word) forms.push(std);
  for (const f of [word, std]) forms.push(...equivalentsOf(f));
  return [...new Set(forms)];
}

/**
 * The items the shopper's words name: those matching the most of the words (a word, or one of its forms, matches a
 * stem of the item's vocabulary, or shares its first four letters or more with one). Words the items' own vocabulary
 * does not hold are given to the catalogue's search, which knows the kinds of product by their other names ('كيبورد'
 * is a keyboard): the bought items it finds, best first. No words: every item; words that find nothing: none.
 * `ownWordsOnly`: the items' own vocabulary only, never the search (does a word name the item, or say something else of it?).
 */
export async function matchItems(deps: ItemsDeps, items: Item[], text: string, opts: { ownWordsOnly?: boolean } = {}): Promise<{ words: string[]; found: Item[] }> {
  const words = itemWords(text).filter((w) => !deps.text.isStopword(w));
  if (words.length === 0) return { words, found: items };
  const departmentsAr = await deps.departmentsAr();
  const asked = words.map((w) => itemWordForms(w).map((f) => deps.text.analyze(f)).filter((s) => s.length > 0));
  const scored = items.map((item) => {
    const own = vocabulary(deps, item, departmentsAr);
    const near = (s: string) => own.has(s) || [...own].some((o) => o.length >= 4 && s.length >= 4 && (o.startsWith(s.slice(0, Math.max(4, s.length - 1))) || s.startsWith(o)));
    return { item, score: asked.filter((forms) => forms.some((stems) => stems.every(near))).length };
  });
  const best = Math.max(0, ...scored.map((s) => s.score));
  if (opts.ownWordsOnly) return { words, found: best > 0 ? scored.filter((s) => s.score === best).map((s) => s.item) : [] };
  if (best > 0) return { words, found: scored.filter((s) => s.score === best).map((s) => s.item) };
  const ranked = await deps.rank(words.join(' '));
  const found = ranked.flatMap((id) => items.filter((i) => i.line.product_id === id));
  return { words, found };
}
