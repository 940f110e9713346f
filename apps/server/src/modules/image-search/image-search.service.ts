import { and, eq, inArray } from 'drizzle-orm';
import { IMAGE_SEARCH_MAX_BYTES } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import type { Product } from '@souq/shared/api/catalogue';
import { imageFeatures } from '../../db/schema/catalogue.js';
import type { Db } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { sniffType } from '../../platform/storage.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { decodeImage, ImageDecodeError, souqEmbedder, type ImageEmbedder } from './descriptor.js';
import { VectorIndex, type Neighbour } from './vector-index.js';

export type ImageSearchService = ReturnType<typeof createImageSearchService>;

/**
 * Below this cosine a candidate is not a "close match". Calibrated on the demo catalogue (bench/image-search.ts):
 * cropped, rotated, re-lit, re-framed and recompressed photos of a product score 0.71 (5th percentile) to 0.98,
 * while random noise peaks at about 0.59.
 */
export const DEFAULT_MATCH_THRESHOLD = 0.62;
/** Results far below the best one are other products that merely share colours; they are left out. */
const MAX_GAP_FROM_BEST = 0.15;
const DEFAULT_LIMIT = 12;
/** Page size when walking the catalogue for the backfill. */
const BACKFILL_PAGE = 500;

/** A cosine as the API shows it: 3 decimals within 0..1 (the index's int8 rows can read a hair above 1, e.g. 1.003). */
export const similarityScore = (cosine: number) => Math.min(1, Math.max(0, Math.round(cosine * 1000) / 1000));

export type SearchResult = Pick<Product, 'id' | 'name' | 'price' | 'category' | 'image' | 'images'> & { similarity: number };

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

/** Strips an optional data-URL prefix and whitespace; refuses text that is not base64 at all. */
function parseBase64(image: string): string {
  const comma = image.startsWith('data:') ? image.indexOf(',') : -1;
  const body = (comma >= 0 ? image.slice(comma + 1) : image).replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body)) throw badRequest(MSG.imageCorrupt);
  return body;
}

/**
 * Reverse image search: product images are described at create/seed time (descriptor.ts), stored in image_features
 * and kept in an in-memory index; a query image is described the same way and ranked by cosine similarity.
 */
export function createImageSearchService(deps: {
  db: Db;
  catalogue: Pick<CatalogueService, 'getProductsByIds' | 'listProducts'>;
  /** Reads the bytes behind a product image URL (platform/media). */
  readImage: (url: string) => Promise<Buffer | null>;
  bus?: Bus;
  embedder?: ImageEmbedder;
  threshold?: number;
  log?: (msg: string) => void;
}) {
  const { db } = deps;
  const embedder = deps.embedder ?? souqEmbedder;
  const threshold = deps.threshold ?? DEFAULT_MATCH_THRESHOLD;
  const log = deps.log ?? (() => {});
  const index = new VectorIndex(embedder.dims);
  let loaded: Promise<void> | null = null;
  // product id → the work indexing it (events for one product are applied in order, never twice at once)
  const pending = new Map<number, Promise<void>>();

  /** Fills the in-memory index from image_features once (rows of another model are ignored). */
  function load(): Promise<void> {
    loaded ??= (async () => {
      const rows = await db
        .select({ productId: imageFeatures.productId, imageUrl: imageFeatures.imageUrl, descriptor: imageFeatures.descriptor })
        .from(imageFeatures)
        .where(eq(imageFeatures.model, embedder.model));
      for (const r of rows) {
        const views = splitViews(r.descriptor);
        if (views) index.put(r.productId, r.imageUrl, views);
      }
    })().catch((err) => {
      loaded = null;
      throw err;
    });
    return loaded;
  }

  function splitViews(flat: number[]): Float32Array[] | null {
    if (flat.length === 0 || flat.length % embedder.dims !== 0) return null;
    const views: Float32Array[] = [];
    for (let o = 0; o < flat.length; o += embedder.dims) views.push(Float32Array.from(flat.slice(o, o + embedder.dims)));
    return views;
  }

  /** Describes one catalogue image and stores it (database row and index entry). */
  async function indexImage(productId: number, imageUrl: string, bytes: Buffer): Promise<void> {
    const views = embedder.describeCatalogue(await decodeImage(bytes));
    const descriptor = views.flatMap((v) => Array.from(v));
    await db
      .insert(imageFeatures)
      .values({ productId, imageUrl, model: embedder.model, descriptor })
      .onConflictDoUpdate({
        target: [imageFeatures.productId, imageFeatures.imageUrl, imageFeatures.model],
        set: { descriptor, createdAt: new Date() },
      });
    index.put(productId, imageUrl, views);
  }

  /** Brings one product's entries in line with its current images (new ones described, removed ones dropped). */
  async function syncProduct(productId: number): Promise<void> {
    await load();
    const [product] = await deps.catalogue.getProductsByIds([productId], { includeInactive: true });
    if (!product) return removeProduct(productId);
    const images = product.images;
    const stale = await db
      .select({ imageUrl: imageFeatures.imageUrl })
      .from(imageFeatures)
      .where(and(eq(imageFeatures.productId, productId), eq(imageFeatures.model, embedder.model)));
    const gone = stale.map((s) => s.imageUrl).filter((u) => !images.includes(u));
    if (gone.length) {
      await db.delete(imageFeatures).where(and(eq(imageFeatures.productId, productId), inArray(imageFeatures.imageUrl, gone)));
    }
    index.remove(productId, images);
    const have = new Set(stale.map((s) => s.imageUrl));
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
    index.remove(productId);
    await db.delete(imageFeatures).where(eq(imageFeatures.productId, productId));
  }

  deps.bus?.on('product.changed', ({ id }) => queueSync(id));
  deps.bus?.on('product.deleted', ({ id }) => {
    // rows go with the product (cascade); the in-memory entry must go too
    index.remove(id);
  });

  /** Validates an uploaded image (size, magic bytes) and decodes it, with the spec's messages. */
  async function readQuery(image: string) {
    const b64 = parseBase64(image);
    if (base64DecodedLength(b64) > IMAGE_SEARCH_MAX_BYTES) throw new AppError(413, MSG.imageTooLarge);
    const bytes = Buffer.from(b64, 'base64');
    if (bytes.length > IMAGE_SEARCH_MAX_BYTES) throw new AppError(413, MSG.imageTooLarge);
    const type = sniffType(bytes);
    // the declared imageType is never trusted: only the bytes decide
    if (!type || !type.mime.startsWith('image/')) throw new AppError(415, MSG.imageInvalid);
    try {
      return await decodeImage(bytes);
    } catch (err) {
      if (err instanceof ImageDecodeError) throw badRequest(MSG.imageCorrupt);
      throw err;
    }
  }

  /** Products whose images look like the query, best first, only those above the match threshold. */
  async function rank(image: string, limit = DEFAULT_LIMIT): Promise<Neighbour[]> {
    const decoded = await readQuery(image);
    await load();
    const hits = index.search(embedder.describeQuery(decoded), limit);
    const best = hits[0]?.similarity ?? 0;
    return hits.filter((h) => h.similarity >= threshold && h.similarity >= best - MAX_GAP_FROM_BEST);
  }

  return {
    model: embedder.model,
    threshold,
    indexImage,
    rank,
    /** Re-describes a product's images now (also runs on every product.changed event). */
    indexProduct: queueSync,
    removeProduct,

    /** POST /api/image-search: ranked products that look like the image ({products: []} when nothing is close). */
    async search(input: { image: string; limit?: number }): Promise<{ products: SearchResult[] }> {
      const hits = await rank(input.image, input.limit ?? DEFAULT_LIMIT);
      const products = await deps.catalogue.getProductsByIds(hits.map((h) => h.productId));
      const byId = new Map(products.map((p) => [p.id, p]));
      return {
        products: hits.flatMap((h) => {
          const p = byId.get(h.productId);
          if (!p) return [];
          return [{ id: p.id, name: p.name, price: p.price, category: p.category, image: p.image, images: p.images, similarity: similarityScore(h.similarity) }];
        }),
      };
    },

    /**
     * Start-up backfill: describes every product image that has no descriptor of the current model yet (demo seed,
     * products created while the process was down, a new descriptor model). Returns how many products it touched.
     */
    async ensureIndexed(): Promise<number> {
      await load();
      const indexed = new Map<number, Set<string>>();
      const rows = await db
        .select({ productId: imageFeatures.productId, imageUrl: imageFeatures.imageUrl })
        .from(imageFeatures)
        .where(eq(imageFeatures.model, embedder.model));
      for (const r of rows) {
        let set = indexed.get(r.productId);
        if (!set) indexed.set(r.productId, (set = new Set()));
        set.add(r.imageUrl);
      }
      let touched = 0;
      for (let offset = 0; ; offset += BACKFILL_PAGE) {
        const page = await deps.catalogue.listProducts({ limit: BACKFILL_PAGE, offset, status: 'any' });
        for (const p of page.items) {
          const have = indexed.get(p.id);
          if (p.images.every((u) => have?.has(u))) continue;
          await queueSync(p.id);
          touched++;
        }
        if (page.items.length < BACKFILL_PAGE) break;
      }
      return touched;
    },

    /** How many product images the in-memory index holds (health, tests). */
    indexedImages: () => index.size,
  };
}
