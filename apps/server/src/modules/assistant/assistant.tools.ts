import type { Product } from '@souq/shared/api/catalogue';
import type { ChatResponse } from '@souq/shared/api/assistant';
import type { Order } from '@souq/shared/api/orders';
import { SEARCH_REPLY_MAX_CATEGORIES, SEARCH_REPLY_MAX_PRODUCTS } from '@souq/shared/constants';
import { formatMoney } from '@souq/shared/rules/money';
import type { Locale } from '@souq/shared/rules/locale';
import { ORDER_STATUS_EXPLAINED, SHOP_POLICIES, SHOP_POLICIES_AR, type PolicyTopic, type ShopPolicy } from '@souq/shared/rules/policies';
import type { OrdersService } from '../orders/orders.service.js';
import { aboutTheQuery, namedProducts } from './assistant.matching.js';
import { nameHeads } from './assistant.needs.js';
import type { SearchService } from '../search/search.service.js';
import { lowerBound } from '../../platform/sorted.js';
import type { SummaryAspect } from '@souq/shared/api/reviews';
import type { PricePoint } from '@souq/shared/api/prices';

// The assistant's tools: the only way either assistant (built-in or model) learns about products. Every fact
// comes from the database (the catalogue's DTOs, through the search service's event-invalidated cache), and every product a tool returns is recorded so the
// answer's mentionedProducts can only name products that exist.

export type Action = ChatResponse['mentionedProducts'][number]['action'];
const ACTION_RANK: Record<Action, number> = { mention: 0, compare: 1, add_to_cart: 2, focus: 3 };

/** How the assistant reads orders: through the orders service, only ever the signed-in shopper's own. */
export type OrdersReader = Pick<OrdersService, 'listForUser' | 'findForUserByNumber'>;

/** What buyers say about a product (the reviews module): grounded claims, each quoted from a visible review. */
export type ReviewEvidence = {
  count: number;
  praise: SummaryAspect[];
  criticism: SummaryAspect[];
  /** The sentences of the newest reviews, in order: what to quote when no sentence makes a claim. */
  sentences: { review_id: number; quote: string }[];
};

/** A deal running on a product: what it takes off one unit and when it ends (the promotions module's runningDeals). */
export type RunningDeal = { productId: number; discountCents: number; endsAt: Date };

export type AssistantDeps = {
  search: SearchService;
  orders: OrdersReader;
  /** Review evidence (the reviews module); without it the assistant cites no reviews. */
  reviews?: { evidence(productId: number): Promise<ReviewEvidence> };
  /** The price log (the prices module); without it the assistant has no price history to quote. */
  prices?: { lowestRecent(productId: number): Promise<{ lowest: PricePoint; changes: number; days: number } | null> };
  /** The deals running on products (the promotions module's runningDeals); without it the assistant tells of no deals. */
  deals?: { running(productIds: number[]): Promise<RunningDeal[]> };
  /** The signed-in shopper (null: anonymous). Order tools answer for this account only. */
  userId: number | null;
  /** The reader's language: the built-in assistant answers in it (default English). */
  locale?: Locale;
  /** The catalogue's department names in Arabic (by English name), quoted by an answer in Arabic. */
  departmentsAr?: ReadonlyMap<string, string>;
};

/** How many recent orders "where are my orders?" lists. */
export const ORDERS_LISTED = 3;
/** An order number as printed on confirmations: SQ-<yymmdd>-<5 characters>. */
export const ORDER_NUMBER = /\bSQ-?\d{6}-?[A-Z0-9]{5}\b/gi;

/** What the order tool tells about an order (also the JSON a model sees). */
export type OrderFacts = {
  order_number: string;
  status: Order['status'];
  status_text: string;
  placed_on: string;
  total_text: string;
  items: { name: string; quantity: number }[];
};

export type OrderStatusResult =
  | { signed_in: false }
  | { signed_in: true; orders: OrderFacts[]; total: number }
  | { signed_in: true; not_found: string };

function orderFacts(o: Order): OrderFacts {
  return {
    order_number: o.order_number,
    status: o.status,
    status_text: ORDER_STATUS_EXPLAINED[o.status],
    placed_on: o.created_at.slice(0, 10),
    total_text: formatMoney(o.total_amount, o.currency),
    items: o.items.map((i) => ({ name: i.product_name, quantity: i.quantity })),
  };
}

/** 'sq250310 7kx4m' → 'SQ-250310-7KX4M'. */
export function normalizeOrderNumber(raw: string): string {
  const m = /^SQ-?(\d{6})-?([A-Z0-9]{5})$/i.exec(raw.trim());
  return m ? `SQ-${m[1]}-${m[2]!.toUpperCase()}` : raw.trim().toUpperCase();
}

/** What a tool tells about a product (also the JSON a model sees). */
export type ProductFacts = {
  id: number;
  name: string;
  brand: string;
  category: string;
  price: number;
  price_text: string;
  compare_at_price: number | null;
  in_stock: boolean;
  stock: number;
  rating: number | null;
  review_count: number;
  summary: string;
  features: string[];
  tags: string[];
  warranty: string | null;
  dimensions: string | null;
  weight: number | null;
};

export function factsOf(p: Product): ProductFacts {
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    category: p.category,
    price: p.price,
    price_text: formatMoney(p.price, p.currency),
    compare_at_price: p.compare_at_price,
    in_stock: p.stock > 0,
    stock: p.stock,
    rating: p.rating,
    review_count: p.review_count,
    summary: p.short_description || p.description.slice(0, 200),
    features: p.bullet_points.slice(0, 5),
    tags: p.tags.slice(0, 6),
    warranty: p.warranty_info,
    dimensions: p.dimensions,
    weight: p.weight,
  };
}

export type SearchToolArgs = {
  query: string;
  category?: string;
  brand?: string;
  min_price?: number;
  max_price?: number;
  in_stock?: boolean;
  limit?: number;
};

export type SearchToolResult = {
  query: string;
  total: number;
  products: ProductFacts[];
  categories: string[];
  price: { min: number | null; max: number | null; intent: 'low' | 'high' | null };
};

export type Comparison = {
  products: ProductFacts[];
  cheapest: number;
  best_rated: number | null;
  best_value: number;
  notes: string[];
};

/** Value: rating against where the price sits among the category's prices (0 = cheapest, 1 = dearest). */
export function valueScore(rating: number | null, pricePercentile: number): number {
  return ((rating ?? 3.5) / 5) * 2 - pricePercentile;
}

/** Share of the sorted prices strictly below the given one, 0..1. */
export function percentileOf(sorted: number[], cents: number): number {
  if (sorted.length <= 1) return 0.5;
  return lowerBound(sorted, cents) / (sorted.length - 1);
}

export type Toolbox = ReturnType<typeof createToolbox>;

/** A `searching for "phrase"` in an answer is the storefront's cue to search (and the topic of a follow-up), in either language. */
export function searchPhraseIn(text: string): string | null {
  const m = /(?:searching for|البحث عن)\s+["“]([^"”]{1,200})["”]/i.exec(text);
  return m ? m[1]!.replace(/[\u2068\u2069]/g, '').trim() : null;
}

/** One request's tools; remembers which products were named and how (focus beats add_to_cart beats compare …). */
export function createToolbox(deps: AssistantDeps) {
  const { search, orders, userId } = deps;
  const locale: Locale = deps.locale ?? 'en';
  const { analyze } = search.text;
  const mentions = new Map<number, Action>();
  const quantities = new Map<number, number>();
  const seen = new Map<number, Product>();

  function mention(id: number, action: Action) {
    const prev = mentions.get(id);
    if (prev === undefined || ACTION_RANK[action] > ACTION_RANK[prev]) mentions.set(id, action);
  }

  /** Products of orders that still exist: named in an answer, they are mentioned like any other product. */
  async function mentionOrderItems(list: Order[]) {
    const ids = [...new Set(list.flatMap((o) => o.items.flatMap((i) => (i.product_id === null ? [] : [i.product_id]))))];
    for (const p of await products(ids)) mention(p.id, 'mention');
  }

  async function products(ids: number[]): Promise<Product[]> {
    // the search's product cache: read from the catalogue, dropped on every product change
    const list = await search.productsByIds(ids);
    for (const p of list) seen.set(p.id, p);
    return list;
  }

  return {
    /** The reader's language (issue 26 item 7). */
    locale,
    departmentsAr: deps.departmentsAr,
    /**
     * The products the answer names, with their actions. Given the final text, a plain 'mention' is kept only when
     * the text really names the product (a model may look at more products than it writes about).
     */
    mentioned(text?: string): ChatResponse['mentionedProducts'] {
      const lower = text?.toLowerCase();
      return [...mentions]
        .filter(([id, action]) => action !== 'mention' || lower === undefined || namesOf(seen.get(id)).some((n) => lower.includes(n)))
        .map(([id, action]) => (action === 'add_to_cart' ? { id, action, quantity: quantities.get(id) ?? 1 } : { id, action }));
    },
    mention,
    products,

    async getProduct(id: number): Promise<Product | null> {
      if (!Number.isInteger(id) || id <= 0) return null;
      return (await products([id]))[0] ?? null;
    },

    /**
     * search_products: ranked matches (at most 3 by default) and up to 5 categories among the matches.
     * `sameDepartment`: when one listing alone names the kind, the other matches of its department follow it
     * ('smartwatches' asks for several where one listing is called a smartwatch: the activity watch and the tracker of
     * the same department whose listings say it come next).
     */
    async searchProducts(args: SearchToolArgs, opts: { sameDepartment?: boolean } = {}): Promise<SearchToolResult & { items: Product[]; onTopic: boolean }> {
      const limit = Math.min(Math.max(args.limit ?? SEARCH_REPLY_MAX_PRODUCTS, 1), 10);
      const filters = {
        category: args.category,
        brand: args.brand,
        minCents: args.min_price === undefined ? undefined : Math.round(args.min_price * 100),
        maxCents: args.max_price === undefined ? undefined : Math.round(args.max_price * 100),
        inStock: args.in_stock,
      };
      // a wider page tells which categories the matches fall in, and leaves enough once the stray ones go
      const ranked = await search.rank(args.query, { limit: 20, filters, prefix: false });
      const all = await products(ranked.ids);
      const { list: about, onTopic } = aboutTheQuery(search.text, ranked.interpreted, all);
      const department = about[0]?.category;
      const wide = opts.sameDepartment && onTopic && about.length === 1 && department
        ? [...about, ...all.filter((p) => p.category === department && !about.includes(p))]
        : about;
      const items = wide.slice(0, limit);
      const categories: string[] = [];
      for (const p of wide) {
        if (p.category && !categories.includes(p.category)) categories.push(p.category);
        if (categories.length >= SEARCH_REPLY_MAX_CATEGORIES) break;
      }
      for (const p of items) mention(p.id, 'mention');
      return {
        query: args.query,
        total: ranked.total,
        products: items.map(factsOf),
        items,
        onTopic,
        categories,
        price: {
          min: ranked.price.minCents === undefined ? null : ranked.price.minCents / 100,
          max: ranked.price.maxCents === undefined ? null : ranked.price.maxCents / 100,
          intent: ranked.price.intent,
        },
      };
    },

    /** Products whose names the text names (assistant.matching.ts), best first. */
    async findNamed(text: string, limit = 2): Promise<Product[]> {
      const ranked = await search.rank(text, { limit: 12, prefix: false });
      if (ranked.ids.length === 0) return [];
      return namedProducts(search.text, text, await products(ranked.ids)).slice(0, limit);
    },

    /** Products by exact name (names the assistant wrote in bold earlier in the conversation). */
    async findExact(names: string[]): Promise<Product[]> {
      const { normalize } = search.text;
      const out: Product[] = [];
      for (const name of names.slice(0, 6)) {
        const ranked = await search.rank(name, { limit: 3, prefix: false });
        // an answer in Arabic names a product by its Arabic name when it has one
        const hit = (await products(ranked.ids)).find((p) => normalize(p.name) === normalize(name) || (p.name_ar !== '' && normalize(p.name_ar) === normalize(name)));
        if (hit && !out.some((o) => o.id === hit.id)) out.push(hit);
      }
      return out;
    },

    /**
     * similar_products: nearest products by content, the same category first, then in stock; `cheaperThan` (cents)
     * keeps the cheaper ones.
     */
    async similarProducts(id: number, limit = SEARCH_REPLY_MAX_PRODUCTS, opts: { cheaperThan?: number } = {}): Promise<Product[]> {
      const [self] = await products([id]);
      let list = (await search.similar(id, limit * 6)).filter((p) => opts.cheaperThan === undefined || p.price_cents < opts.cheaperThan);
      // a cheaper one is of the same kind first: its department's cheaper products when none of the nearest shares one of
      // its categories but the broadest (the nearest share one of its strongest words, which a cheaper one of its kind
      // may not; sneakers shelved in Footwear too are of a running shoe's kind, phones of Electronics are no laptop's:
      // decision 0184)
      const counts = opts.cheaperThan !== undefined && self ? new Map([...(await search.facets()).categories.values()].map((c) => [c.name, c.count])) : null;
      const broadest = self && counts ? [...self.categories].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0] : undefined;
      const ofItsKind = (p: Product) => self !== undefined && p.categories.some((c) => c !== broadest && self.categories.includes(c));
      if (opts.cheaperThan !== undefined && self && self.categories.length > 1 && !list.some(ofItsKind)) {
        const ofKind = await search.rank(self.category, { limit, prefix: false, filters: { category: self.category, maxCents: opts.cheaperThan - 1 } });
        list = [...(await search.productsByIds(ofKind.ids)), ...list];
      }
      const rank = (p: Product) => (p.category === self?.category ? 0 : 2) + (p.stock > 0 ? 0 : 1);
      const sorted = list.map((p, i) => ({ p, i })).sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i).map((x) => x.p).slice(0, limit);
      // remembered, so the answer's text can be checked for their names (mentioned())
      for (const p of sorted) {
        seen.set(p.id, p);
        mention(p.id, 'mention');
      }
      return sorted;
    },

    /** compare_products: price, rating, stock and value (rating against the category's price spread). */
    async compareProducts(list: Product[]): Promise<Comparison> {
      const scores = await Promise.all(
        list.map(async (p) => {
          const { prices } = await search.categoryPrices(p.category);
          return valueScore(p.rating, percentileOf(prices, p.price_cents));
        }),
      );
      for (const p of list) mention(p.id, 'compare');
      const cheapest = [...list].sort((a, b) => a.price_cents - b.price_cents)[0]!.id;
      const rated = list.filter((p) => p.rating !== null).sort((a, b) => b.rating! - a.rating! || b.review_count - a.review_count);
      const bestValue = list[scores.indexOf(Math.max(...scores))]!.id;
      const notes: string[] = [];
      for (const p of list) if (p.stock === 0) notes.push(`${p.name} is out of stock`);
      return { products: list.map(factsOf), cheapest, best_rated: rated[0]?.id ?? null, best_value: bestValue, notes };
    },

    /** add_to_cart: the storefront adds it (action + quantity); the server checks the product and the stock. */
    addToCart(p: Product, quantity: number) {
      const inStock = p.stock >= quantity;
      // only an add the stock allows becomes an action: the storefront performs it
      if (inStock) {
        mention(p.id, 'add_to_cart');
        quantities.set(p.id, quantity);
      } else mention(p.id, 'mention');
      return { id: p.id, name: p.name, quantity, in_stock: inStock, stock: p.stock };
    },

    /** focus_product: the storefront selects and scrolls to it. */
    focus(p: Product) {
      mention(p.id, 'focus');
    },

    /**
     * order_status: the signed-in shopper's orders — one by number, else the latest few. A number that is not theirs
     * gets the same answer as one that does not exist, so nothing about other people's orders leaks.
     */
    async orderStatus(orderNumber?: string): Promise<OrderStatusResult> {
      if (userId === null) return { signed_in: false };
      if (orderNumber) {
        const number = normalizeOrderNumber(orderNumber);
        const order = await orders.findForUserByNumber(userId, number);
        if (!order) return { signed_in: true, not_found: number };
        await mentionOrderItems([order]);
        return { signed_in: true, orders: [orderFacts(order)], total: 1 };
      }
      const page = await orders.listForUser(userId, { limit: ORDERS_LISTED, offset: 0 });
      await mentionOrderItems(page.items);
      return { signed_in: true, orders: page.items.map(orderFacts), total: page.total };
    },

    /** review_evidence: what buyers praise and criticise, each claim quoted from (and linked to) a visible review. */
    async reviewEvidence(p: Product): Promise<ReviewEvidence> {
      return deps.reviews ? deps.reviews.evidence(p.id) : { count: 0, praise: [], criticism: [], sentences: [] };
    },

    /** price_history: the lowest price in the last 90 days and when it was last set to it (null: no log). */
    async priceLow(p: Product) {
      return deps.prices ? deps.prices.lowestRecent(p.id) : null;
    },

    /** Whether the shop tells of its deals (a promotions module is wired). */
    hasDeals: deps.deals !== undefined,

    /** The deals running on these products now: the discount on one unit and the end of the deal. */
    async runningDeals(ids: number[]): Promise<RunningDeal[]> {
      return deps.deals && ids.length ? deps.deals.running(ids) : [];
    },

    /** The shop's departments (each product's first category), largest first, with their broader groups. */
    departments() {
      return search.departments();
    },

    /**
     * Whether the shop sells this kind of product: some product has all of its words among its own name (English or
     * Arabic), categories (in either language: «سوار رياضي» is the band of «الأجهزة الرياضية»; decision 0205), tags or
     * keywords (not merely in a description, and not through a synonym).
     */
    async sells(kind: string): Promise<boolean> {
      const want = analyze(kind);
      if (want.length === 0) return true;
      const ranked = await search.rank(kind, { limit: 20, prefix: false });
      const list = await products(ranked.ids);
      return list.some((p) => {
        const departments = p.categories.map((c) => deps.departmentsAr?.get(c) ?? '');
        const own = new Set(analyze([p.name, p.name_ar, p.brand, ...p.categories, ...departments, ...p.tags, ...p.keywords].join(' ')));
        return want.every((w) => own.has(w));
      });
    },

    /**
     * Whether a word names a kind the shop sells (decision 0178): the head of a listing's own name ('Chef Cast Iron
     * Skillet' → skillet, «مقلاة حديد زهر» → مقلاة) or one of its one-word tags ('pan'). Not a department, a brand or a
     * word of a description, so 'kitchen' or 'home gym' name no kind.
     */
    async namesSoldKind(word: string): Promise<boolean> {
      const want = analyze(word);
      if (want.length === 0) return false;
      const list = await products((await search.rank(word, { limit: 10, prefix: false })).ids);
      return list.some((p) => {
        const own = new Set(analyze([...nameHeads(p), ...p.tags.filter((t) => !/\s/.test(t.trim()))].join(' ')));
        return want.every((w) => own.has(w));
      });
    },

    /** shop_policy: the shop's own rules (packages/shared), never a product. */
    shopPolicy(topic: PolicyTopic): ShopPolicy {
      return (locale === 'ar' ? SHOP_POLICIES_AR : SHOP_POLICIES)[topic];
    },
  };
}

/** The names an answer may call a product by (its own, its Arabic), lower-cased; none for an unknown product. */
const namesOf = (p: Product | undefined): string[] => (p ? [p.name, p.name_ar].filter((n) => n.trim() !== '').map((n) => n.toLowerCase()) : []);
