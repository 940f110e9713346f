import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { IMAGE_SEARCH_MAX_BYTES } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import type { Product } from '@souq/shared/api/catalogue';
import { imageFeatures, products } from '../../db/schema/catalogue.js';
import type { Db } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { sniffType } from '../../platform/storage.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { VISUAL_DESCRIPTOR_MODEL } from './visual-model-id.js';
import { createVisualWorker, WorkerDecodeError, type VisualWorker } from './visual-worker.js';

export type ImageSearchService = ReturnType<typeof createImageSearchService>;

/**
 * "No close matches" (docs/decisions/0083): the best product must stand this far above the similarity the photo has
 * to a typical product of the catalogue (the mean over the index). The learned feature finds some likeness in
 * anything, and how much depends on the photo (a flat colour scores 0.6 against every product), so a fixed line on
 * the similarity itself cannot tell "close" from "as close to this as to everything". Fitted by bench/image-search.ts
 * on image-grocery-val with whole classes held out of the index (their photos are things the shop does not sell):
 * the largest value that keeps the answer of 95 % of the tuning half's photos whose product the search finds.
 */
export const DEFAULT_MIN_STANDOUT = 0.128;
/**
 * The mean a tiny catalogue is measured against: its own mean says little about a typical product, so it is blended
 * with the median mean of the dev photos (0.50) as if this many such images were indexed too.
 */
const PRIOR_MEAN = 0.5;
const PRIOR_IMAGES = 8;
/**
 * The match percentage shown beside a result: the chance that the photo shows this product, given that it shows
 * something the shop sells, as a logistic curve of the result's standout fitted on the same tuning half (the bench
 * reports how well it holds on the other half). A raw similarity of 0.6 means nothing to a shopper: unrelated photos
 * score that much.
 */
export const MATCH_CHANCE = { intercept: -4.16, slope: 11.08 };
/** Results this far below the best one are left out (on real photos the right product sits at most 0.14 below). */
const MAX_GAP_FROM_BEST = 0.2;
const DEFAULT_LIMIT = 12;
/** Products re-ranked by geometric verification (ORB + RANSAC) per query. */
const SHORTLIST = 20;
/** Searches waiting for or inside the worker at once; beyond, the answer is "try again" (memory stays bounded). */
const MAX_PENDING_SEARCHES = 16;
/** How long a search waits for the model to load (cold start) before it answers "try again". */
const LOAD_WAIT_MS = 20_000;
/** Rows per message when the index is filled from image_features. */
const LOAD_PAGE = 1000;

/** A score as the API shows it: 3 decimals within 0..1. */
export const similarityScore = (score: number) => Math.min(1, Math.max(0, Math.round(score * 1000) / 1000));

/** What a typical product of an index of `images` pictures scores against the photo (its mean, see PRIOR_MEAN). */
export function typicalSimilarity(mean: number, images: number): number {
  return (mean * images + PRIOR_MEAN * PRIOR_IMAGES) / (images + PRIOR_IMAGES);
}

/** The shown match: the calibrated chance that a result with this standout is the photographed product (0..1). */
export function matchChance(standout: number): number {
  return 1 / (1 + Math.exp(-(MATCH_CHANCE.intercept + MATCH_CHANCE.slope * standout)));
}

/**
 * The results worth showing: none when the best does not stand `minStandout` above a typical product ("no close
 * matches"), else those within MAX_GAP_FROM_BEST of the best. The one rule the API and the benchmark apply.
 */
export function closeMatches<T extends Neighbour>(hits: readonly T[], typical: number, minStandout: number): T[] {
  const best = hits[0];
  if (!best || best.similarity - typical < minStandout) return [];
  return hits.filter((h) => h.similarity >= best.similarity - MAX_GAP_FROM_BEST);
}

export type SearchResult = Pick<Product, 'id' | 'name' | 'name_ar' | 'price' | 'category' | 'image' | 'images'> & { similarity: number };
export type Neighbour = { productId: number; similarity: number };
/** A neighbour with the geometric matches that agreed with the query (0 when it was not verified). */
export type RankedNeighbour = Neighbour & { inliers: number };

/** Decoded size of a base64 text without decoding it (so a huge body is refused before any allocation). */
function base64DecodedLength(b64: string): number {
  let len = b64.length;
  let pad = 0;
  while (len > 0 && b64[len - 1] === '=') {
    len--;
    pad++;
  }
  return Math.floor(((len + pad) * 3) / 4) - pad;
}

/**
 * Whether `body` is base64 (the standard or the URL-safe alphabet, at most two '=' at its end), in one pass. Not a
 * regular expression: `/^[A-Za-z0-9+/_-]+={0,2}$/` over a 7 MB image threw "Maximum call stack size exceeded" in a
 * whole test run (V8's matcher keeps a backtrack entry per character), and a 500 instead of the size's 413.
 */
export function isBase64(body: string): boolean {
  let end = body.length;
  for (let pad = 0; pad < 2 && end > 0 && body.charCodeAt(end - 1) === 61; pad++) end--;
  if (end === 0) return false;
  for (let i = 0; i < end; i++) {
    const c = body.charCodeAt(i);
    // A–Z, a–z, 0–9, '+', '/', '_', '-'
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47 || c === 95 || c === 45)) return false;
  }
  return true;
}

/** Strips an optional data-URL prefix and whitespace; refuses text that is not base64 at all. */
function parseBase64(image: string): string {
  const comma = image.startsWith('data:') ? image.indexOf(',') : -1;
  const body = (comma >= 0 ? image.slice(comma + 1) : image).replace(/\s+/g, '');
  if (!isBase64(body)) throw badRequest(MSG.imageCorrupt);
  return body;
}

const unavailable = () => new AppError(503, MSG.imageSearchFailed);

/** A copy of the bytes in an ArrayBuffer of their own (transferred to the worker without copying again). */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

/**
 * Reverse image search with a learned descriptor (docs/decisions/0015-image-search-learned.md). The network,
 * OpenCV and the vector index live in an inference worker (visual.worker.ts); this service owns the database rows
 * (image_features), feeds the worker, and keeps the event loop free: it validates uploads, moves bytes and
 * merges answers. The worker starts with `start()` (after the server listens) or on first use, never on the start path.
 */
export function createImageSearchService(deps: {
  db: Db;
  catalogue: Pick<CatalogueService, 'getProductsByIds' | 'listProducts'>;
  /** Reads the bytes behind a product image URL (platform/media). */
  readImage: (url: string) => Promise<Buffer | null>;
  bus?: Bus;
  /** The "no close matches" line (DEFAULT_MIN_STANDOUT; the benchmark tries others). */
  minStandout?: number;
  log?: (msg: string) => void;
  worker?: VisualWorker;
  /** An inference worker idle this long is stopped (default 10 minutes; 0 keeps it). */
  idleMs?: number;
  /** Runs the start-up backfill's reads so they do not hold up requests (Database.background). */
  background?: <T>(step: () => Promise<T>) => Promise<T>;
}) {
  const { db } = deps;
  const background = deps.background ?? (<T,>(step: () => Promise<T>) => step());
  const model = VISUAL_DESCRIPTOR_MODEL;
  const minStandout = deps.minStandout ?? DEFAULT_MIN_STANDOUT;
  const log = deps.log ?? (() => {});
  const worker = deps.worker ?? createVisualWorker({ log, idleMs: deps.idleMs });
  /** Set by start(): from then on product events are indexed as they happen (before, the backfill catches up). */
  let started = false;
  /** The current worker's index filled from image_features (reset when a worker dies). */
  let loaded: Promise<void> | null = null;
  let indexedImages = 0;
  let pendingSearches = 0;
  // product id → the work indexing it (events for one product are applied in order, never twice at once)
  const pending = new Map<number, Promise<void>>();
  // describing pictures goes through one queue: at most one job sits in the worker, so a search waits for one at most
  let describing: Promise<unknown> = Promise.resolve();

  worker.onRestart((reason) => {
    loaded = null;
    if (reason === 'crash') log('image search: the inference worker stopped; it restarts on the next use');
  });

  /** Loads the model in the worker and fills its index from image_features once per worker. */
  function load(): Promise<void> {
    loaded ??= (async () => {
      // a worker stopped while its index was being filled (idle or crashed) is filled again from the start
      for (;;) {
        const generation = worker.generation;
        const count = await fill();
        if (worker.generation === generation) {
          indexedImages = count;
          return;
        }
      }
    })().catch((err) => {
      loaded = null;
      throw err;
    });
    return loaded;
  }

  /** Starts the worker's model and fills its index from image_features; returns the number of images indexed. */
  async function fill(): Promise<number> {
    await worker.ready();
    let after = -1;
    let count = 0;
    // keyset pages by product id, so a big catalogue is never held in memory here
    for (;;) {
      const rows = await db
        .select({ productId: imageFeatures.productId, imageUrl: imageFeatures.imageUrl, vector: imageFeatures.vector })
        .from(imageFeatures)
        .where(and(eq(imageFeatures.model, model), after < 0 ? undefined : gt(imageFeatures.productId, after)))
        .orderBy(imageFeatures.productId)
        .limit(LOAD_PAGE);
      if (rows.length === 0) break;
      // a page ends inside a product only if that product has more rows: re-read it whole on the next page
      const lastId = rows[rows.length - 1]!.productId;
      const whole = rows.length === LOAD_PAGE && rows[0]!.productId !== lastId ? rows.filter((r) => r.productId !== lastId) : rows;
      const entries = whole.flatMap((r) => (r.vector ? [{ productId: r.productId, imageUrl: r.imageUrl, vector: ownBuffer(r.vector) }] : []));
      const res = await worker.call('put', { entries }, entries.map((e) => e.vector.buffer as ArrayBuffer));
      count = res.images;
      after = whole[whole.length - 1]!.productId;
      if (rows.length < LOAD_PAGE) break;
    }
    return count;
  }

  /** Describes one catalogue picture in the worker, stores it (image_features) and adds it to the index. */
  function indexImage(productId: number, imageUrl: string, bytes: Buffer): Promise<void> {
    const job = describing.catch(() => {}).then(async () => {
      await load();
      const copy = ownBuffer(bytes);
      const d = await worker.call('describe', { bytes: copy }, [copy.buffer as ArrayBuffer]);
      await db
        .insert(imageFeatures)
        .values({ productId, imageUrl, model, descriptor: [], vector: d.vector, keypoints: d.keypoints })
        .onConflictDoUpdate({
          target: [imageFeatures.productId, imageFeatures.imageUrl, imageFeatures.model],
          set: { vector: d.vector, keypoints: d.keypoints, createdAt: new Date() },
        });
      const res = await worker.call('put', { entries: [{ productId, imageUrl, vector: d.vector }] });
      indexedImages = res.images;
    });
    describing = job;
    return job;
  }

  /** Brings one product's entries in line with its current images (new ones described, removed ones dropped). */
  async function syncProduct(productId: number): Promise<void> {
    const [product] = await deps.catalogue.getProductsByIds([productId], { includeInactive: true });
    if (!product) return removeProduct(productId);
    const images = product.images;
    const stored = await db
      .select({ imageUrl: imageFeatures.imageUrl })
      .from(imageFeatures)
      .where(and(eq(imageFeatures.productId, productId), eq(imageFeatures.model, model)));
    const gone = stored.map((s) => s.imageUrl).filter((u) => !images.includes(u));
    if (gone.length) {
      await db.delete(imageFeatures).where(and(eq(imageFeatures.productId, productId), inArray(imageFeatures.imageUrl, gone)));
    }
    if (worker.started) indexedImages = (await worker.call('remove', { productId, keep: images })).images;
    const have = new Set(stored.map((s) => s.imageUrl));
    for (const url of images) {
      if (have.has(url)) continue;
      const bytes = await deps.readImage(url);
      if (!bytes) {
        log(`image search: no file behind ${url} (product ${productId})`);
        continue;
      }
      try {
        await indexImage(productId, url, bytes);
      } catch (err) {
        // a broken product image must not stop the others (nor the backfill)
        log(`image search: cannot describe ${url} (product ${productId}): ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  function queueSync(productId: number): Promise<void> {
    const previous = pending.get(productId) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(() => syncProduct(productId));
    pending.set(productId, next);
    void next.finally(() => {
      if (pending.get(productId) === next) pending.delete(productId);
    }).catch(() => {});
    return next;
  }

  async function removeProduct(productId: number): Promise<void> {
    await db.delete(imageFeatures).where(eq(imageFeatures.productId, productId));
    if (worker.started) indexedImages = (await worker.call('remove', { productId, keep: [] })).images;
  }

  deps.bus?.on('product.changed', ({ id }) => (started ? queueSync(id) : undefined));
  deps.bus?.on('product.deleted', async ({ id }) => {
    // rows go with the product (cascade); the in-memory entry must go too
    if (worker.started) indexedImages = (await worker.call('remove', { productId: id, keep: [] })).images;
  });

  /** Validates an uploaded image (size, magic bytes) with the spec's messages; decoding happens in the worker. */
  function readQuery(image: string): Buffer {
    const b64 = parseBase64(image);
    if (base64DecodedLength(b64) > IMAGE_SEARCH_MAX_BYTES) throw new AppError(413, MSG.imageTooLarge);
    const bytes = Buffer.from(b64, 'base64');
    if (bytes.length > IMAGE_SEARCH_MAX_BYTES) throw new AppError(413, MSG.imageTooLarge);
    const type = sniffType(bytes);
    // the declared imageType is never trusted: only the bytes decide
    if (!type || !type.mime.startsWith('image/')) throw new AppError(415, MSG.imageInvalid);
    return bytes;
  }

  /** Waits for the model and the index, at most LOAD_WAIT_MS (a cold start); then "try again". */
  async function loadedWithin(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable()), ms);
    });
    try {
      await Promise.race([load(), timeout]);
    } catch (err) {
      if (err instanceof AppError) throw err;
      log(`image search: the model did not load: ${err instanceof Error ? err.message : String(err)}`);
      throw unavailable();
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The products most like the query, best first, before the "no close matches" rule, with what a typical product
   * of the index scores (typicalSimilarity) and the standard deviation over the index (bench, diagnostics, rank).
   */
  async function rankAll(image: string, limit: number): Promise<{ hits: RankedNeighbour[]; typical: number; sd: number }> {
    const bytes = readQuery(image);
    if (pendingSearches >= MAX_PENDING_SEARCHES) throw unavailable();
    pendingSearches++;
    try {
      await loadedWithin(LOAD_WAIT_MS);
      const copy = ownBuffer(bytes);
      const shortlist = await worker
        .call('search', { bytes: copy, shortlist: Math.max(SHORTLIST, limit) }, [copy.buffer as ArrayBuffer])
        .catch((err: Error) => {
          throw err instanceof WorkerDecodeError ? badRequest(MSG.imageCorrupt) : err;
        });
      const head = shortlist.candidates.slice(0, SHORTLIST);
      const rows = head.length
        ? await db
            .select({ productId: imageFeatures.productId, imageUrl: imageFeatures.imageUrl, keypoints: imageFeatures.keypoints })
            .from(imageFeatures)
            .where(and(eq(imageFeatures.model, model), inArray(imageFeatures.productId, head.map((c) => c.productId))))
        : [];
      const keypointsOf = new Map(rows.map((r) => [`${r.productId}\u0000${r.imageUrl}`, r.keypoints]));
      const verified = await worker.call('verify', {
        keypoints: shortlist.keypoints,
        candidates: head.map((c) => ({ ...c, keypoints: keypointsOf.get(`${c.productId}\u0000${c.imageUrl}`) ?? null })),
      });
      // verification only raises similarities, so the verified head stays above the rest of the short list
      const ranked = [...verified.candidates, ...shortlist.candidates.slice(SHORTLIST).map((c) => ({ ...c, inliers: 0 }))]
        .map((c) => ({ productId: c.productId, similarity: c.similarity, inliers: c.inliers }))
        .sort((a, b) => b.similarity - a.similarity || a.productId - b.productId);
      return { hits: ranked.slice(0, limit), typical: typicalSimilarity(shortlist.mean, indexedImages), sd: shortlist.sd };
    } finally {
      pendingSearches--;
    }
  }

  /** Products whose images look like the query, best first, with their match chance; none when nothing is close. */
  async function rank(image: string, limit = DEFAULT_LIMIT): Promise<(RankedNeighbour & { match: number })[]> {
    const { hits, typical } = await rankAll(image, limit);
    return closeMatches(hits, typical, minStandout).map((h) => ({ ...h, match: matchChance(h.similarity - typical) }));
  }

  /**
   * Describes the images that lack a descriptor of the current model (first start, a new model, pictures saved
   * while the server was down); product events are indexed from now on. Finding them is a database walk: the worker
   * (model, OpenCV, index) starts only if one is missing, and stops again once idle.
   */
  async function ensureIndexed(): Promise<number> {
    started = true;
    // one query for the products with a picture lacking a current descriptor: walking the catalogue's DTOs here
    // cost 50,000 product objects of garbage at start-up (docs/decisions/0061; a read of the catalogue's table, like
    // search's, never a write)
    const missing = await background(() => db
      .select({ id: products.id })
      .from(products)
      .where(
        sql`exists (select 1 from unnest(${products.images}) as u(url) where not exists (select 1 from ${imageFeatures} f where f.product_id = ${products.id} and f.image_url = u.url and f.model = ${model}))`,
      )
      .orderBy(products.id));
    let touched = 0;
    for (const { id } of missing) {
      await queueSync(id);
      touched++;
    }
    // descriptors of earlier models are dead weight once every image has one of the current model
    await background(() => db.delete(imageFeatures).where(ne(imageFeatures.model, model)));
    return touched;
  }

  return {
    model,
    minStandout,
    rank,
    rankAll,
    /** Re-describes a product's images now (also runs on every product.changed event once started). */
    indexProduct: (productId: number) => {
      started = true;
      return queueSync(productId);
    },
    /**
     * For code that saves a product picture and wants it searchable before it answers: describes that one image
     * (reading it through readImage) and indexes it. The product.changed event does the same in the background.
     */
    async indexProductImage(productId: number, imageUrl: string): Promise<void> {
      started = true;
      const bytes = await deps.readImage(imageUrl);
      if (!bytes) throw new Error(`image search: no file behind ${imageUrl}`);
      await indexImage(productId, imageUrl, bytes);
    },
    removeProduct,
    ensureIndexed,
    /**
     * After the server listens, in the background: the backfill of missing descriptors. The worker itself starts on
     * the first image search or the first picture to describe, never on the start path.
     */
    start(): Promise<number> {
      return ensureIndexed();
    },
    /** Starts the worker now and fills its index (benchmarks; a search or an upload does the same on demand). */
    warm: (): Promise<void> => load(),
    /** Whether the inference worker is running (it starts on demand and stops when idle). */
    workerRunning: (): boolean => worker.started,

    /** POST /api/image-search: ranked products that look like the image ({products: []} when nothing is close). */
    async search(input: { image: string; limit?: number }): Promise<{ products: SearchResult[] }> {
      const hits = await rank(input.image, input.limit ?? DEFAULT_LIMIT);
      const products = await deps.catalogue.getProductsByIds(hits.map((h) => h.productId));
      const byId = new Map(products.map((p) => [p.id, p]));
      return {
        products: hits.flatMap((h) => {
          const p = byId.get(h.productId);
          if (!p) return [];
          return [{ id: p.id, name: p.name, name_ar: p.name_ar, price: p.price, category: p.category, image: p.image, images: p.images, similarity: similarityScore(h.match) }];
        }),
      };
    },

    /** How many product images the worker's index holds (health, tests). */
    indexedImages: () => indexedImages,
    /** Worker figures for the benchmark's memory report. */
    stats: () => worker.call('stats', {}),
    /** Stops the worker (app shutdown); a later use starts a new one and refills its index from image_features. */
    close(): Promise<void> {
      loaded = null;
      return worker.close();
    },
  };
}
