import type { Product, ProductFilters } from '@souq/shared/api/catalogue';
import type { EmbeddedProduct } from '@souq/shared/api/search';
import type { Bus } from '../../platform/bus.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { SearchIndex, type SearchFilters, type SearchOptions, type SearchResult } from './search.engine.js';
import { toDoc, type ProductRow, type SearchQueries } from './search.queries.js';
import { isRuledOut, namesItsAbsence, ownWordsOf, understandQuery } from './query-understanding.js';
import { orderWithinKind } from './query-price.js';
import { departmentQuery } from './query-department.js';
import { aboutTheQuery } from './query-kind.js';
import { RecordStore } from './search.records.js';
import { analyze, extractPrice, normalize, STOPWORDS, tokenize } from './search.text.js';

export type SearchService = ReturnType<typeof createSearchService>;

const RESULT_CACHE_MAX = 5_000;
/** The search's text analysis, handed to the assistant so it reads words and prices exactly as search does. */
const text = { analyze, extractPrice, normalize, tokenize, isStopword: (t: string) => STOPWORDS.has(t) };
/** How many of a negated word's matches are checked for holding it among their own words (name, categories, tags). */
const RULED_OUT_SCAN = 500;
/** How many of a price-intent request's first matches are ordered within its kind ('cheap headphones'). */
const PRICE_ORDER_WINDOW = 10;

export type SearchRequest = { limit: number; offset?: number; filters?: ProductFilters; prefix?: boolean };

/** API filters (major units) → index filters (minor units). */
export function toIndexFilters(f: ProductFilters = {}): SearchFilters {
  return {
    category: f.category || undefined,
    brand: f.brand || undefined,
    minCents: f.min_price === undefined ? undefined : Math.round(f.min_price * 100),
    maxCents: f.max_price === undefined ? undefined : Math.round(f.max_price * 100),
    inStock: f.in_stock,
  };
}

/** A ranked answer may come from the result cache: a product whose current price or stock no longer fits is left out. */
function stillMatches(p: { priceCents: number; stock: number }, f: SearchFilters): boolean {
  return (
    (f.minCents === undefined || p.priceCents >= f.minCents) &&
    (f.maxCents === undefined || p.priceCents <= f.maxCents) &&
    (f.inStock === undefined || (f.inStock ? p.stock > 0 : p.stock === 0))
  );
}

/**
 * Catalogue search over an in-memory index fed from the database: loaded in full on first use (or warm()),
 * kept current from the bus's product events, rebuilt on demand. Next to the index it keeps every active
 * product's DTO (the catalogue's toProductDto of the row it read), serialised, so an answer needs no database read.
 */
export function createSearchService(deps: { queries: SearchQueries; catalogue: CatalogueService; bus: Bus; log: (msg: string) => void }) {
  const { queries, catalogue } = deps;
  let index = new SearchIndex();
  // the search's text analysis with this catalogue's bilingual vocabulary (decision 0184), for the assistant and the
  // order within a kind: an Arabic word also reads as the English words of names and tags it stands for
  const catalogueText = { ...text, englishFor: (word: string) => index.englishFor(word) };
  // product id → its DTO as JSON text, for every active product in the index (about 0.8 KB each, deflated in
  // large catalogues); replaced together with the index, and changed only by the serial updates below, so both
  // always agree
  let records = new RecordStore(false);
  let loaded: Promise<void> | null = null;
  let building = false;
  const changedWhileBuilding = new Set<number>();
  // index and record updates run one after another, in event order
  let updates: Promise<void> = Promise.resolve();

  const recordOf = (row: ProductRow) => JSON.stringify(catalogue.toProductDto(row));

  function enqueue(what: string, id: number, fn: () => Promise<void> | void) {
    updates = updates
      .then(fn)
      .catch((err) => deps.log(`search index ${what} for product ${id} failed: ${err instanceof Error ? err.message : String(err)}`));
  }

  function refresh(id: number) {
    enqueue('update', id, async () => {
      const row = await queries.activeRow(id);
      if (row) {
        index.upsert(toDoc(row));
        records.set(id, recordOf(row));
      } else {
        index.remove(id);
        records.delete(id);
      }
    });
  }

  async function build(): Promise<void> {
    building = true;
    changedWhileBuilding.clear();
    try {
      const next = new SearchIndex();
      const nextRecords = RecordStore.forCatalogueOf(await queries.countActive());
      // page by page: the index keeps each product's words as term ids, so no page outlives its turn (holding
      // every product's document until the end cost ~500 MB at 1,000,000 products)
      await queries.eachActivePage(async (rows) => {
        for (const row of rows) nextRecords.set(row.id, recordOf(row));
        await next.addBulk(rows.map(toDoc));
      });
      await next.finishBulk();
      // keep version numbers rising across rebuilds, so caches keyed on them never see an old number again
      next.version += index.version + 1;
      index = next;
      records = nextRecords;
    } finally {
      building = false;
    }
    // a product written while the bulk read ran may have been read before the write: read it again
    for (const id of changedWhileBuilding) refresh(id);
    changedWhileBuilding.clear();
  }

  /** Active products by id, in that order (unknown and inactive ids left out), from the records: no database read. */
  async function productsByIds(ids: number[]): Promise<Product[]> {
    await ready();
    return ids.flatMap((id) => {
      const json = records.get(id);
      return json === undefined ? [] : [JSON.parse(json) as Product];
    });
  }

  // Answers of recent queries for the current index version: popular searches and typing repeat a lot, and any
  // product change (a new version) retires them all.
  const resultCache = new Map<string, SearchResult>();
  let resultVersion = -1;
  // A cached answer's order within its kind, kept beside it (decision 0177): reading the first matches' records and their
  // kind again for every repeat of a request cost more than the cached ranking saved. Keyed by the cached answer itself,
  // so it goes when the answer does (a new index version); a product's price or name changes the version.
  const withinKindOf = new WeakMap<SearchResult, Map<number, SearchResult>>();
  function ranked(idx: SearchIndex, query: string, opts: SearchOptions): SearchResult {
    const result = rankedAsRead(idx, query, opts);
    const offset = opts.offset ?? 0;
    let byOffset = withinKindOf.get(result);
    if (!byOffset) withinKindOf.set(result, (byOffset = new Map()));
    let out = byOffset.get(offset);
    if (!out) byOffset.set(offset, (out = withinKind(result, opts.offset)));
    return out;
  }

  /**
   * A request with a price intent that names a kind ('cheap headphones', «أرخص سماعات»): its first matches ordered within
   * that kind, by price (query-price.ts, the assistant's order too); a later page, or any other request, as ranked.
   */
  function withinKind(result: SearchResult, offset: number | undefined): SearchResult {
    const intent = result.price.intent;
    // a request that names only a kind ('cheap headphones'); with an attribute too ('cheap android phone') relevance keeps
    // the attribute and the intent stays the ranking's nudge (ordering by price put a feature phone first)
    if (!intent || (offset ?? 0) > 0 || result.interpreted.length !== 1 || result.ids.length < 2) return result;
    const head = result.ids.slice(0, PRICE_ORDER_WINDOW).flatMap((id) => {
      const json = records.get(id);
      return json === undefined ? [] : [JSON.parse(json) as Product];
    });
    // the kind asked for: the matches whose own words carry the request's (a tote that "fits a laptop" is no laptop)
    const { list: kind } = aboutTheQuery(catalogueText, result.interpreted, head);
    // a kind shelved in several departments ('watch': watches and wearables) has no one kind's price order to give
    if (new Set(kind.map((p) => p.category)).size !== 1) return result;
    const first = orderWithinKind(kind, intent).map((p) => p.id);
    return { ...result, ids: [...first, ...result.ids.filter((id) => !first.includes(id))] };
  }

  function rankedAsRead(idx: SearchIndex, query: string, opts: SearchOptions): SearchResult {
    // the request understood before ranking (decision 0139): Gulf words in MSA, negated words out of the text and the
    // products they name left out — the same rules the assistant reads a message by
    if (opts.only) return idx.search(...understood(idx, query, opts));
    if (resultVersion !== idx.version) {
      resultCache.clear();
      resultVersion = idx.version;
    }
    // keyed by the request as it was asked (decision 0181): a repeat skips reading it (negation, Arabic forms, the
    // products a negation rules out, all fixed for an index version) as well as ranking it
    const key = JSON.stringify([query.trim(), opts.category, opts.brand, opts.minCents, opts.maxCents, opts.inStock, opts.limit, opts.offset ?? 0, opts.prefix ?? true, opts.translate ?? true, opts.exclude ? [...opts.exclude] : null]);
    let hit = resultCache.get(key);
    if (!hit) {
      hit = idx.search(...understood(idx, query, opts));
      if (resultCache.size >= RESULT_CACHE_MAX) resultCache.delete(resultCache.keys().next().value!);
      resultCache.set(key, hit);
    }
    return hit;
  }

  /**
   * The search box's reading of a department named in Arabic, as the assistant reads it (query-department.ts): searched
   * within that department. The catalogue's Arabic department names are read once per index version.
   */
  let departmentNames: { version: number; names: Promise<ReadonlyMap<string, string>> } | null = null;
  async function inDepartment(idx: SearchIndex, query: string, filters: SearchFilters): Promise<[string, SearchFilters]> {
    if (filters.category || !/[\u0600-\u06FF]/.test(query)) return [query, filters];
    if (!departmentNames || departmentNames.version !== idx.version) {
      departmentNames = { version: idx.version, names: catalogue.categoryNamesAr().catch(() => new Map<string, string>()) };
    }
    // a request's department read once per index version (a repeat of an Arabic request skips reading it again)
    if (departmentRead.version !== idx.version) departmentRead = { version: idx.version, byQuery: new Map() };
    let d = departmentRead.byQuery.get(query);
    if (d === undefined) {
      const u = understandQuery(query, { englishNegation: false });
      d = departmentQuery(u.changed ? u.text : query, await departmentNames.names, { ...text, priceFree: (s) => extractPrice(s).text });
      if (departmentRead.byQuery.size >= RESULT_CACHE_MAX) departmentRead.byQuery.delete(departmentRead.byQuery.keys().next().value!);
      departmentRead.byQuery.set(query, d);
    }
    return d ? [d.query, { ...filters, category: d.category }] : [query, filters];
  }
  let departmentRead: { version: number; byQuery: Map<string, ReturnType<typeof departmentQuery>> } = { version: -1, byQuery: new Map() };

  /** A query understood before ranking: its text to rank and the options with the products it rules out excluded. */
  function understood(idx: SearchIndex, query: string, opts: SearchOptions): [string, SearchOptions] {
    // English negation stays with the assistant for now: in the search box it lowered the Home Depot bench (0139)
    const u = understandQuery(query, { englishNegation: false });
    if (!u.changed) return [query, opts];
    const { out, attribute } = ruledOut(idx, u.excluded);
    // the catalogue names products by the negated phrase ('non-slip', «بدون مرآة»): an attribute, searched as written
    // and ruling nothing out ('non slip tape' is anti-slip tape)
    if (attribute) return [query, opts];
    return [u.text, out.size ? { ...opts, exclude: opts.exclude ? new Set([...opts.exclude, ...out]) : out } : opts];
  }

  /**
   * The products a request rules out: among those the negated words find, the ones whose own words hold one of them;
   * and whether the catalogue names a product by the negated phrase itself (then an attribute, not an exclusion).
   */
  function ruledOut(idx: SearchIndex, excluded: string[]): { out: Set<number>; attribute: boolean } {
    const out = new Set<number>();
    let attribute = false;
    for (const word of excluded) {
      for (const id of idx.search(word, { limit: RULED_OUT_SCAN, prefix: false }).ids) {
        const json = records.get(id);
        if (json === undefined) continue;
        const p = JSON.parse(json) as Product;
        const own = ownWordsOf(p);
        if (isRuledOut(own, [word], analyze)) out.add(id);
        else if (!attribute && namesItsAbsence(own, word, analyze)) attribute = true;
      }
    }
    return { out, attribute };
  }

  function onChange(id: number) {
    if (!loaded) return; // not built yet: the build reads the fresh row
    if (building) changedWhileBuilding.add(id);
    else refresh(id);
  }
  // Orders move stock without a full product change: patch the index and the record in place (in event order, so
  // a row read by an earlier refresh never overwrites a later stock).
  deps.bus.on('product.stockChanged', ({ id, stock }) => {
    if (!loaded) return;
    if (building) {
      changedWhileBuilding.add(id);
      return;
    }
    enqueue('stock update', id, () => {
      index.setStock(id, stock);
      const json = records.get(id);
      if (json !== undefined) records.set(id, JSON.stringify({ ...(JSON.parse(json) as Product), stock, stock_quantity: stock }));
    });
  });
  deps.bus.on('product.changed', ({ id }) => onChange(id));
  deps.bus.on('product.deleted', ({ id }) => onChange(id));

  /** The index, built and with every announced change applied (read-your-writes inside this process). */
  async function ready(): Promise<SearchIndex> {
    if (!loaded) {
      loaded = build().catch((err) => {
        loaded = null;
        throw err;
      });
    }
    await loaded;
    await updates;
    return index;
  }

  async function embedsById(ids: number[]) {
    const rows = await queries.embedsFor(ids);
    return new Map(rows.map((r) => [r.productId, r]));
  }

  function withEmbed(p: Product, e: Awaited<ReturnType<SearchQueries['embedsFor']>>[number] | undefined): EmbeddedProduct {
    if (!e) return { ...p, product_id: p.id, embed_code: null };
    return {
      ...p,
      product_id: p.id,
      vendor_id: e.vendorId ?? p.vendor_id,
      embed_id: e.id,
      embed_settings: { ...e.embedSettings },
      embed_code: e.embedCode,
    };
  }

  return {
    ready,

    /** The search's text analysis, so the assistant reads words and prices exactly as search does. */
    text: catalogueText,

    /** Starts building the index in the background (after start-up); failures are logged and retried on use. */
    warm(): void {
      ready().catch((err) => deps.log(`search index build failed: ${err instanceof Error ? err.message : String(err)}`));
    },

    /** Reloads the whole index from the database (after bulk imports that bypass the catalogue service). */
    async rebuild(): Promise<void> {
      await ready().catch(() => undefined);
      loaded = build();
      await loaded;
    },

    /** Active products by id, in that order, as fresh as the database (the records follow every product event). */
    productsByIds,

    /** Ranked ids only (the assistant and benchmarks). */
    async rank(query: string, req: { limit: number; offset?: number; filters?: SearchFilters; prefix?: boolean; translate?: boolean }): Promise<SearchResult> {
      return ranked(await ready(), query, { ...req.filters, limit: req.limit, offset: req.offset, prefix: req.prefix, translate: req.translate });
    },

    /**
     * The public search: ranked active products with the filters, as the JSON text of the product array (the
     * records joined, nothing re-serialised), and the total for X-Total-Count.
     */
    async searchJson(query: string, req: SearchRequest): Promise<{ json: string; total: number }> {
      const idx = await ready();
      const [q, filters] = await inDepartment(idx, query, toIndexFilters(req.filters));
      const result = ranked(idx, q, { ...filters, limit: req.limit, offset: req.offset, prefix: req.prefix });
      const parts: string[] = [];
      for (const id of result.ids) {
        const doc = idx.get(id);
        const json = records.get(id);
        if (doc && json !== undefined && stillMatches(doc, filters)) parts.push(json);
      }
      return { json: `[${parts.join(',')}]`, total: result.total };
    },

    /**
     * The same ranking over the whole catalogue, each product with its embed record merged on when it has one
     * (embed_code null otherwise). Every product of the catalogue is embeddable, so the storefront's
     * "embedded products first" call must not hide the products nobody embedded yet (decision 0008).
     */
    async searchEmbedded(query: string, req: SearchRequest): Promise<{ items: EmbeddedProduct[]; total: number }> {
      const idx = await ready();
      const [q, filters] = await inDepartment(idx, query, toIndexFilters(req.filters));
      const result = withinKind(idx.search(...understood(idx, q, { ...filters, limit: req.limit, offset: req.offset, prefix: req.prefix })), req.offset);
      const [products, embeds] = await Promise.all([productsByIds(result.ids), embedsById(result.ids)]);
      const items = products.flatMap((p) => {
        const doc = idx.get(p.id);
        return doc && stillMatches(doc, filters) ? [withEmbed(p, embeds.get(p.id))] : [];
      });
      return { items, total: result.total };
    },

    /** Active products, newest first, each with its embed record merged on when it has one (bounded). */
    async embeddedDetailed(limit: number, offset: number): Promise<{ items: EmbeddedProduct[]; total: number }> {
      const { items: products, total } = await catalogue.listProducts({ limit, offset });
      const embeds = await embedsById(products.map((p) => p.id));
      return { items: products.map((p) => withEmbed(p, embeds.get(p.id))), total };
    },

    /** Products like the given one, as DTOs (fresh from the database). */
    async similar(id: number, limit: number, filters: SearchFilters = {}): Promise<Product[]> {
      const idx = await ready();
      return productsByIds(idx.similar(id, limit, filters));
    },

    /** Price distribution (minor units, ascending) and ratings of a category, from the index. */
    async categoryPrices(category: string) {
      return (await ready()).categoryPrices(category);
    },

    /** The departments (each product's first category) with counts and their broader groups, largest first. */
    async departments() {
      return (await ready()).departments();
    },

    /**
     * The catalogue's Latin word an Arabic word the catalogue does not hold sounds like ('سبيكر' → speaker): how the
     * query analysis reads a loanword (query-loanwords.ts), for the assistant's own reading of a message.
     */
    async loanword(word: string): Promise<string | null> {
      return (await ready()).loanword(word);
    },

    /**
     * Does the catalogue name a product by one of these negated words' absence ('non-slip', «كاميرا بدون مرآة»)? Then the
     * negation is an attribute asked for, not an exclusion: the search box's own reading (`understood`), for the
     * assistant's (decision 0205).
     */
    async namesAbsence(excluded: string[]): Promise<boolean> {
      return excluded.length > 0 && ruledOut(await ready(), excluded).attribute;
    },

    /** The catalogue's form of an Arabic word it does not hold ('بصوتي' → صوت): the query analysis's reading (decision 0178). */
    async catalogueWord(word: string): Promise<string> {
      return (await ready()).catalogueWord(word);
    },

    /** Known brands and categories with product counts (display names). */
    async facets() {
      return (await ready()).facets();
    },
  };
}
