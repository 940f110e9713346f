import type { ManagedProduct } from '@souq/shared/api/products';
import {
  UCP, UCP_PAGE_DEFAULT, UCP_VERSION,
  type UcpErrorResponse, type UcpLookupRequest, type UcpLookupResponse, type UcpMessage, type UcpProduct, type UcpSearchRequest, type UcpSearchResponse, type UcpVendor,
} from '@souq/shared/api/ucp';
import { FREE_SHIPPING_THRESHOLD_CENTS, RETURN_WINDOW_DAYS_DEFAULT, SHIPPING_FEE_CENTS } from '@souq/shared/constants';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { SearchService } from '../search/search.service.js';
import type { SearchFilters } from '../search/search.engine.js';
import type { VendorShippingService } from '../vendors/vendor-shipping.js';
import { badRequest } from '../../platform/errors.js';
import type { Bus } from '../../platform/bus.js';
import { parseUcpId, toUcpProduct, variantIdOf } from './agents.mapping.js';
import { contentLangFrom, type ContentLang } from '@souq/shared/rules/content-lang';

export type AgentCatalog = ReturnType<typeof createAgentCatalog>;

/** The marketplace's own products (no vendor) are sold by Souq itself. */
const MARKETPLACE_SELLER = 'Souq';
/** The longest an agent's catalogue answer may lag a change no product event announced (a vendor's new name). */
const PRODUCT_CACHE_MS = 5 * 60_000;
const PRODUCT_CACHE_MAX = 50_000;
/** How long a vendor's rating and terms are reused between searches (a seller's new rule shows within this). */
const VENDOR_CACHE_MS = 10_000;

type Filters = UcpSearchRequest['filters'];

/** The release's filters → the search index's (both in minor units). */
function indexFilters(f: Filters): SearchFilters {
  return { category: f?.categories?.[0], minCents: f?.price?.min, maxCents: f?.price?.max, inStock: f?.in_stock };
}

/** The same filters over fresh rows: the index answers from a cache that a later price or stock change may have outrun. */
function fits(p: ManagedProduct, f: Filters): boolean {
  const category = f?.categories?.[0]?.toLowerCase();
  return (
    (category === undefined || p.categories.some((c) => c.toLowerCase() === category)) &&
    (f?.price?.min === undefined || p.price_cents >= f.price.min) &&
    (f?.price?.max === undefined || p.price_cents <= f.price.max) &&
    (f?.in_stock === undefined || (f.in_stock ? p.stock > 0 : p.stock === 0))
  );
}

/** Paging cursors are opaque to agents: the offset of the next page, base64url. */
export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}
export function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw badRequest('Invalid cursor', { 'pagination.cursor': 'Invalid cursor' });
  return Number(m[1]);
}

const meta = (capability: string) => ({ version: UCP_VERSION, status: 'success' as const, capabilities: { [capability]: [{ version: UCP_VERSION }] } });

/**
 * Catalog search and lookup for agents (UCP catalog capability), over Souq's own search index and catalogue: the
 * same ranking, filters and stock as the storefront, each product with the vendor that sells it.
 */
export function createAgentCatalog(deps: {
  search: SearchService; catalogue: CatalogueService; shipping: Pick<VendorShippingService, 'many'>; currency: string; bus?: Bus;
  /** each product's honest "was" price from its price history, or null (decision 0163); none known without it */
  wasPrices?: (ids: readonly number[]) => Promise<Map<number, number | null>>;
}) {
  const { search, catalogue, currency } = deps;
  // Products as agents see them, kept like the storefront search's own records: filled on first read, dropped by
  // the catalogue's product events (every instance hears them through the bus), and at most PRODUCT_CACHE_MS old in
  // any case (a vendor renaming itself sends no product event). Checkout and cart pricing never use it: they read
  // the database (agents.lines.ts). Without a bus (unit use) nothing is cached.
  const productCache = new Map<number, { at: number; product: ManagedProduct | null }>();
  let epoch = 0;
  const drop = ({ id }: { id: number }) => {
    epoch++;
    productCache.delete(id);
  };
  if (deps.bus) for (const event of ['product.changed', 'product.deleted', 'product.stockChanged'] as const) deps.bus.on(event, drop);
  // vendors' ratings move only with new reviews and their terms with a seller's own edit: a few seconds' cache spares
  // every search the aggregate and the vendors read
  type VendorFacts = { rating: { value: number; count: number } | null; terms: Pick<UcpVendor, 'return_window_days' | 'shipping' | 'delivery'>; name: string | null };
  const vendorCache = new Map<number, { at: number; facts: VendorFacts }>();
  const money = (amount: number) => ({ amount, currency });
  /** The marketplace's own rule: what checkout charges a seller that set none (and Souq's own products). */
  const defaultTerms: VendorFacts['terms'] = {
    return_window_days: RETURN_WINDOW_DAYS_DEFAULT,
    shipping: { fee: money(SHIPPING_FEE_CENTS), free_above: money(FREE_SHIPPING_THRESHOLD_CENTS) },
  };
  async function vendorFacts(ids: number[]): Promise<Map<number, VendorFacts>> {
    const now = Date.now();
    const missing = ids.filter((id) => (vendorCache.get(id)?.at ?? 0) < now - VENDOR_CACHE_MS);
    if (missing.length) {
      const [ratings, rules] = await Promise.all([catalogue.vendorRatings(missing), deps.shipping.many(missing)]);
      if (vendorCache.size > 10_000) vendorCache.clear();
      for (const id of missing) {
        const rule = rules.get(id);
        // the seller's own rule where it set one, the marketplace's default where not: what checkout charges (0086)
        const terms: VendorFacts['terms'] = rule
          ? {
              return_window_days: rule.return_window_days,
              shipping: { fee: money(rule.shipping_fee_cents ?? SHIPPING_FEE_CENTS), free_above: money(rule.free_shipping_above_cents ?? FREE_SHIPPING_THRESHOLD_CENTS) },
              ...(rule.delivery_min_days !== null && rule.delivery_max_days !== null
                ? { delivery: { min_business_days: rule.delivery_min_days, max_business_days: rule.delivery_max_days } }
                : {}),
            }
          : defaultTerms;
        vendorCache.set(id, { at: now, facts: { rating: ratings.get(id) ?? null, terms, name: rule?.name ?? null } });
      }
    }
    return new Map(ids.map((id) => [id, vendorCache.get(id)!.facts]));
  }

  /** The vendor extension for every seller among the products: name, rating, return window, shipping rule, delivery. */
  async function vendorsOf(products: ManagedProduct[]): Promise<Map<number | null, UcpVendor>> {
    const ids = [...new Set(products.flatMap((p) => (p.vendor_id === null ? [] : [p.vendor_id])))];
    const facts = await vendorFacts(ids);
    const out = new Map<number | null, UcpVendor>([[null, { id: 'marketplace', name: MARKETPLACE_SELLER, ...defaultTerms }]]);
    for (const p of products) {
      if (p.vendor_id === null || out.has(p.vendor_id)) continue;
      const f = facts.get(p.vendor_id)!;
      out.set(p.vendor_id, {
        id: String(p.vendor_id),
        name: p.vendor_name ?? f.name ?? MARKETPLACE_SELLER,
        ...(f.rating ? { rating: { value: f.rating.value, scale_max: 5, count: f.rating.count } } : {}),
        ...f.terms,
      });
    }
    return out;
  }

  async function toUcp(products: ManagedProduct[], origin: string, lang: ContentLang): Promise<UcpProduct[]> {
    const [vendors, was] = await Promise.all([vendorsOf(products), deps.wasPrices?.(products.map((p) => p.id)) ?? new Map<number, number | null>()]);
    return products.map((p) => toUcpProduct(p, { origin, currency, lang, vendor: vendors.get(p.vendor_id) ?? vendors.get(null)!, wasCents: was.get(p.id) ?? null }));
  }

  /** Active products by id, in that order, with variants and seller. */
  async function activeByIds(ids: number[]): Promise<ManagedProduct[]> {
    if (!deps.bus) return (await catalogue.managedByIds(ids, { embeds: false })).filter((p) => p.status === 'active');
    const now = Date.now();
    const missing = ids.filter((id) => (productCache.get(id)?.at ?? 0) < now - PRODUCT_CACHE_MS);
    if (missing.length) {
      const before = epoch;
      const fresh = new Map((await catalogue.managedByIds(missing, { embeds: false })).map((p) => [p.id, p]));
      // a product event during the read may have outrun it: answer what was read, but keep none of it
      if (epoch === before) {
        if (productCache.size > PRODUCT_CACHE_MAX) productCache.clear();
        for (const id of missing) productCache.set(id, { at: now, product: fresh.get(id) ?? null });
      } else {
        return ids.flatMap((id) => {
          const p = fresh.get(id) ?? productCache.get(id)?.product;
          return p && p.status === 'active' ? [p] : [];
        });
      }
    }
    return ids.flatMap((id) => {
      const p = productCache.get(id)?.product;
      return p && p.status === 'active' ? [p] : [];
    });
  }

  return {
    /**
     * The shopper's language (issue 27 item 2): the request's `context.language`, else the Accept-Language it came with
     * (the release's rule for REST), else English; products answer in it, falling back to the other language's text.
     */
    async search(req: UcpSearchRequest, origin: string, acceptLanguage?: string): Promise<UcpSearchResponse> {
      const lang = contentLangFrom(req.context?.language, acceptLanguage);
      const limit = req.pagination?.limit ?? UCP_PAGE_DEFAULT;
      const offset = decodeCursor(req.pagination?.cursor);
      const ranked = await search.rank(req.query, { limit, offset, filters: indexFilters(req.filters) });
      const products = (await activeByIds(ranked.ids)).filter((p) => fits(p, req.filters));
      const next = offset + limit;
      const hasNext = next < ranked.total;
      return {
        ucp: meta(UCP.search),
        products: await toUcp(products, origin, lang),
        pagination: { has_next_page: hasNext, ...(hasNext ? { cursor: encodeCursor(next) } : {}), total_count: ranked.total },
      };
    },

    /**
     * Products and variants by id. A product id answers every variant ('featured'), a variant id only that one
     * ('exact'); unknown ids are left out with an informational not_found message each.
     */
    async lookup(req: UcpLookupRequest, origin: string, acceptLanguage?: string): Promise<UcpLookupResponse> {
      const lang = contentLangFrom(req.context?.language, acceptLanguage);
      const refs = req.ids.map((id) => ({ id, ref: parseUcpId(id) }));
      const found = new Map((await activeByIds([...new Set(refs.flatMap((r) => (r.ref ? [r.ref.productId] : [])))])).map((p) => [p.id, p]));
      const messages: UcpMessage[] = [];
      // product id → the variant ids asked for and how each matched
      const wanted = new Map<number, Map<string, { id: string; match: string }[]>>();
      for (const { id, ref } of refs) {
        const p = ref ? found.get(ref.productId) : undefined;
        const variantIds = !p || !ref ? [] : ref.variantId === undefined
          ? (p.variants.length ? p.variants.map((v) => variantIdOf(p.id, v.id)) : [variantIdOf(p.id, null)])
          : (ref.variantId === null ? !p.variants.length : p.variants.some((v) => v.id === ref.variantId)) ? [variantIdOf(p.id, ref.variantId)] : [];
        if (!p || !variantIds.length || !fits(p, req.filters)) {
          messages.push({ type: 'info', code: 'not_found', content: id });
          continue;
        }
        const inputs = wanted.get(p.id) ?? new Map<string, { id: string; match: string }[]>();
        for (const v of variantIds) inputs.set(v, [...(inputs.get(v) ?? []), { id, match: ref!.variantId === undefined ? 'featured' : 'exact' }]);
        wanted.set(p.id, inputs);
      }
      const products = await toUcp([...wanted.keys()].map((id) => found.get(id)!), origin, lang);
      return {
        ucp: meta(UCP.lookup),
        products: products.map((p) => {
          const inputs = wanted.get(Number(p.id))!;
          return { ...p, variants: p.variants.filter((v) => inputs.has(v.id)).map((v) => ({ ...v, inputs: inputs.get(v.id)! })) };
        }),
        ...(messages.length ? { messages } : {}),
      };
    },

    /** One product in full (get_product); an unknown or inactive one is the protocol's not_found error. */
    async product(id: string, origin: string, language?: string): Promise<{ ucp: ReturnType<typeof meta>; product: UcpProduct } | UcpErrorResponse> {
      const ref = parseUcpId(id);
      const [p] = ref ? await activeByIds([ref.productId]) : [];
      if (!p) {
        return {
          ucp: { ...meta(UCP.lookup), status: 'error' },
          messages: [{ type: 'error', code: 'not_found', content: `Product not found: ${id}`, severity: 'unrecoverable' }],
        };
      }
      const [product] = await toUcp([p], origin, contentLangFrom(language));
      return { ucp: meta(UCP.lookup), product: product! };
    },
  };
}
