import { desc, eq, lte, max } from 'drizzle-orm';
import type { EventType } from '@souq/shared/constants';
import type { Recommendation } from '@souq/shared/api/personalize';
import { MSG } from '@souq/shared/messages';
import { interactionEvents } from '../../db/schema/recommendations.js';
import type { Db } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import type { Principal } from '../../platform/auth.js';
import { badRequest, forbidden, unauthorized } from '../../platform/errors.js';
import type { CatalogueService, ItemFacts } from '../catalogue/catalogue.service.js';
import { createInterner, flat } from '../../platform/compact-strings.js';
import { isStoredFromClient, storedProperties } from './event-rules.js';
import { RecommendationEngine, type EngineEvent, type EngineOptions, type ItemMeta, type Scored } from './engine.js';

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;

export type IncomingEvent = {
  userId: string;
  itemId: string;
  eventType: EventType;
  sessionId?: string;
  properties: Record<string, unknown>;
  timestamp?: string | number;
};

/** Events replayed into a fresh model: the newest ones, enough for a shop's recent months, bounded in memory. */
const MAX_REPLAY_EVENTS = 300_000;
const DEFAULT_REBUILD_MS = 30 * 60_000;
const PROPERTIES_MAX_CHARS = 4_000;
/** A client's own event time is kept when plausible (events queued offline and re-sent later). */
const CLIENT_TIME_PAST_MS = 7 * 86_400_000;
const CLIENT_TIME_FUTURE_MS = 5 * 60_000;
// The catalogue is read in id-ordered pages (short primary-key ranges), each a step of the database's background lane:
// on the embedded database (one query at a time, on the main thread) a request waits for one page at most. Offset
// pages of the newest-first list sorted the whole table each time and kept /api/health waiting (decisions 0061, 0066).
const CATALOGUE_PAGE = 1000;

type Listed = { item: ItemMeta; createdAt: string; id: number };
/** The catalogue's newest-first order (the order the model has always been given its items in). */
const newestFirst = (a: Listed, b: Listed) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id);

/** Numeric ids are account ids and need that account's session; anything else ('anon-…', session ids) is anonymous. */
export const isAccountId = (userId: string) => /^\d+$/.test(userId);

/**
 * Who may read or write an id's interactions: anyone for an anonymous id (knowing the random id is the credential),
 * the account itself or an admin for an account id.
 */
export function assertMayActFor(userId: string, principal: Principal | null): void {
  if (!isAccountId(userId)) return;
  if (!principal) throw unauthorized();
  if (principal.kind === 'admin') return;
  if (String(principal.userId) !== userId) throw forbidden();
}

/**
 * What the engine learns from a product: category, tags, brand and words, plus a rating prior for cold start.
 * `intern` shares one copy of each category, tag and brand across the catalogue (the model keeps them for the life
 * of the process); the words are one flat string, not the name, a space and a slice of the description joined.
 */
export function itemMetaFromProduct(p: ItemFacts, intern: (s: string) => string = (s) => s): ItemMeta {
  const reviews = Math.min(1, Math.log1p(p.review_count) / Math.log1p(500));
  const rating = p.rating === null ? 0.5 : p.rating / 5;
  return {
    id: String(p.id),
    categories: p.categories.map(intern),
    tags: [...p.tags, ...p.keywords].map(intern),
    brand: intern(p.brand),
    text: flat(`${p.name} ${p.short_description}`),
    prior: Math.min(1, 0.6 * rating * reviews + 0.4 * rating * 0.5),
  };
}

export type StoredEvent = { userId: string; sessionId: string; itemId: string; eventType: EventType; createdAt: Date };

/** The one way events enter a model, for the server (live and rebuilds) and the benchmark alike. */
export function toEngineEvent(e: StoredEvent): EngineEvent {
  return { userId: e.userId, sessionId: e.sessionId, itemId: e.itemId, eventType: e.eventType, timestamp: e.createdAt.getTime() };
}

/** Trains a model on stored events in time order. */
export function trainEngine(engine: RecommendationEngine, events: Iterable<StoredEvent>): RecommendationEngine {
  for (const e of events) engine.addEvent(toEngineEvent(e));
  return engine;
}

/**
 * Recommendations with the API shape of a cloud personalization service, on our own engine (engine.ts): events are
 * stored in interaction_events and fed to an in-memory model, which is rebuilt from the table periodically.
 */
export function createRecommendationsService(deps: {
  db: Db;
  catalogue: Pick<CatalogueService, 'getProductsByIds' | 'activeItemFactsAfter' | 'categoryNamesAr'>;
  bus?: Bus;
  log?: (msg: string) => void;
  engineOptions?: EngineOptions;
  rebuildEveryMs?: number;
  now?: () => Date;
  /** Runs each step of the model's bulk reads so it does not hold up requests (Database.background). */
  background?: <T>(step: () => Promise<T>) => Promise<T>;
}) {
  const { db } = deps;
  const background = deps.background ?? (<T,>(step: () => Promise<T>) => step());
  const log = deps.log ?? (() => {});
  const now = deps.now ?? (() => new Date());
  let engine: RecommendationEngine | null = null;
  let building: Promise<RecommendationEngine> | null = null;
  /** Events recorded while a rebuild reads the table, replayed into the new model after the swap. */
  let duringRebuild: { id: number; event: StoredEvent }[] | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function loadCatalogue(): Promise<ItemMeta[]> {
    const listed: Listed[] = [];
    const intern = createInterner();
    for (let after = 0; ; ) {
      // each page waits until requests that arrived meanwhile (health, shoppers) have had the database
      const page = await background(() => deps.catalogue.activeItemFactsAfter(after, CATALOGUE_PAGE));
      for (const p of page) listed.push({ item: itemMetaFromProduct(p, intern), createdAt: p.created_at, id: p.id });
      if (page.length < CATALOGUE_PAGE) break;
      after = page[page.length - 1]!.id;
    }
    return listed.sort(newestFirst).map((l) => l.item);
  }

  /** A fresh model from the catalogue and the newest stored events. */
  async function build(): Promise<RecommendationEngine> {
    const fresh = new RecommendationEngine(deps.engineOptions);
    fresh.setCatalogue(await loadCatalogue());
    const [top] = await background(() => db.select({ id: max(interactionEvents.id) }).from(interactionEvents));
    const upTo = top?.id ?? 0;
    const rows = await background(() => db
      .select({
        userId: interactionEvents.userId, sessionId: interactionEvents.sessionId, itemId: interactionEvents.itemId,
        eventType: interactionEvents.eventType, createdAt: interactionEvents.createdAt,
      })
      .from(interactionEvents)
      .where(lte(interactionEvents.id, upTo))
      .orderBy(desc(interactionEvents.id))
      .limit(MAX_REPLAY_EVENTS));
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    trainEngine(fresh, rows);
    for (const late of duringRebuild ?? []) if (late.id > upTo) fresh.addEvent(toEngineEvent(late.event));
    return fresh;
  }

  function model(): Promise<RecommendationEngine> {
    if (engine) return Promise.resolve(engine);
    return rebuild();
  }

  /** Rebuilds the model from the table and swaps it in (the old one keeps answering meanwhile). */
  function rebuild(): Promise<RecommendationEngine> {
    building ??= (async () => {
      duringRebuild = [];
      try {
        engine = await build();
        if (!timer && (deps.rebuildEveryMs ?? DEFAULT_REBUILD_MS) > 0) {
          timer = setInterval(() => {
            void rebuild().catch((err) => log(`recommendations: rebuild failed: ${err instanceof Error ? err.message : String(err)}`));
          }, deps.rebuildEveryMs ?? DEFAULT_REBUILD_MS);
          timer.unref();
        }
        return engine;
      } finally {
        duringRebuild = null;
        building = null;
      }
    })();
    return building;
  }

  function learn(stored: { id: number; event: StoredEvent }[]) {
    if (duringRebuild) duringRebuild.push(...stored);
    if (engine) for (const s of stored) engine.addEvent(toEngineEvent(s.event));
  }

  async function insert(events: StoredEvent[], properties: Record<string, unknown>[]) {
    if (!events.length) return;
    const rows = await db
      .insert(interactionEvents)
      .values(events.map((e, i) => ({ ...e, properties: properties[i] ?? {} })))
      .returning({ id: interactionEvents.id });
    learn(rows.map((r, i) => ({ id: r.id, event: events[i]! })));
  }

  function eventTime(ts: string | number | undefined): Date {
    const t = now();
    if (ts === undefined) return t;
    const d = new Date(typeof ts === 'number' || /^\d+$/.test(ts) ? Number(ts) : ts);
    const ms = d.getTime();
    if (Number.isNaN(ms) || ms < t.getTime() - CLIENT_TIME_PAST_MS || ms > t.getTime() + CLIENT_TIME_FUTURE_MS) return t;
    return d;
  }

  /** Products for scored ids, in order, active ones only, as the spec's recommendation items. */
  async function hydrate(scored: Scored[], n: number): Promise<Recommendation[]> {
    // product ids are numeric; other item ids ('search', 'session') are event markers, not products
    const ids = scored.filter((s) => /^\d+$/.test(s.itemId)).map((s) => Number(s.itemId));
    const [list, departmentsAr] = await Promise.all([deps.catalogue.getProductsByIds(ids), deps.catalogue.categoryNamesAr()]);
    const products = new Map(list.map((p) => [String(p.id), p]));
    return scored.flatMap((s) => {
      const p = products.get(s.itemId);
      if (!p) return [];
      // both languages, as every catalogue answer (decision 0100): the card picks by the page's language
      return [{
        itemId: s.itemId, itemName: p.name, itemNameAr: p.name_ar, itemImage: p.image, itemCategory: p.category,
        itemCategoryAr: departmentsAr.get(p.category) ?? '', itemPrice: p.price, score: s.score,
      }];
    }).slice(0, n);
  }

  deps.bus?.on('product.changed', async ({ id }) => {
    if (!engine) return; // the first build reads the catalogue anyway
    const [p] = await deps.catalogue.getProductsByIds([id]);
    if (p) engine.upsertItem(itemMetaFromProduct(p));
    else engine.removeItem(String(id)); // inactive products are not recommended
  });
  deps.bus?.on('product.deleted', ({ id }) => engine?.removeItem(String(id)));
  // the server knows purchases for certain; the browser's tracker may report them too (the engine counts one)
  deps.bus?.on('order.placed', async (order) => {
    if (order.userId === null) return;
    const when = now();
    const lines = order.items.filter((i) => i.productId !== null);
    await insert(
      lines.map((i) => ({ userId: String(order.userId), sessionId: '', itemId: String(i.productId), eventType: 'purchase' as const, createdAt: when })),
      lines.map((i) => ({ source: 'order', orderNumber: order.orderNumber, quantity: i.quantity })),
    );
  });

  return {
    /** Starts building the model in the background (start-up); requests wait for it when it is not ready. */
    warmUp(): Promise<void> {
      return model().then(() => undefined);
    },
    rebuild: () => rebuild().then(() => undefined),
    /** Stops the periodic rebuild (shutdown, tests). */
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },

    /**
     * POST /api/personalize/events: authorizes every event, stores them in one statement, then learns from them.
     * Purchases are not taken from clients and chat events lose any text (event-rules.ts); answers how many were stored.
     */
    async recordEvents(events: IncomingEvent[], principal: Principal | null): Promise<number> {
      for (const e of events) assertMayActFor(e.userId, principal);
      for (const [i, e] of events.entries()) {
        if (JSON.stringify(e.properties).length > PROPERTIES_MAX_CHARS) {
          throw badRequest(MSG.validationFailed, { [`events.${i}.properties`]: `At most ${PROPERTIES_MAX_CHARS} characters of properties` });
        }
      }
      await model();
      const kept = events.filter((e) => isStoredFromClient(e.eventType, principal));
      await insert(
        kept.map((e) => ({ userId: e.userId, sessionId: e.sessionId ?? '', itemId: e.itemId, eventType: e.eventType, createdAt: eventTime(e.timestamp) })),
        kept.map((e) => storedProperties(e.eventType, e.properties)),
      );
      return kept.length;
    },

    /** GET /api/personalize/recommendations/:userId: personal, else trending; never the items just bought. */
    async recommendations(userId: string, opts: { numResults: number; itemId?: string }, principal: Principal | null) {
      assertMayActFor(userId, principal);
      const m = await model();
      const scored = m.recommend(userId, { n: opts.numResults + 10, itemId: opts.itemId });
      return hydrate(scored, opts.numResults);
    },

    /** GET /api/personalize/similar/:itemId: items bought or viewed together, and alike in content. */
    async similar(itemId: string, numResults: number) {
      const m = await model();
      return hydrate(m.similar(itemId, numResults + 10), numResults);
    },

    /** GET /api/personalize/history/:userId: the newest interactions first. */
    async history(userId: string, limit: number, principal: Principal | null) {
      assertMayActFor(userId, principal);
      const rows = await db
        .select()
        .from(interactionEvents)
        .where(eq(interactionEvents.userId, userId))
        .orderBy(desc(interactionEvents.createdAt), desc(interactionEvents.id))
        .limit(limit);
      return rows.map((r) => ({ itemId: r.itemId, eventType: r.eventType, timestamp: r.createdAt.toISOString(), properties: r.properties }));
    },

    /** The model's size (health, tests). */
    async stats() {
      return (await model()).stats();
    },
  };
}
