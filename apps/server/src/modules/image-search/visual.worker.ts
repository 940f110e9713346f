import { parentPort } from 'node:worker_threads';
import { ImageDecodeError } from './descriptor.js';
import { createVisualEngine, type VisualEngine } from './visual-engine.js';
import { packKeypoints, packVectors, unpackKeypoints, unpackVectors } from './visual-features.js';
import { VisualIndex, verifiedSimilarity } from './visual-index.js';
import type { WorkerReply, WorkerRequest, WorkerResult } from './visual-worker.js';

/**
 * The inference worker of image search (worker_threads): owns the network, OpenCV and the in-memory index, so
 * describing pictures and scanning 50,000 vectors never block the server's event loop. Requests are handled one at a
 * time in arrival order; the main thread keeps at most one indexing job in flight, so a query waits for at most one.
 */
if (!parentPort) throw new Error('visual.worker must run in a worker thread');
const port = parentPort;

const index = new VisualIndex();
let engine: Promise<VisualEngine> | null = null;
const getEngine = () => (engine ??= createVisualEngine());

async function handle(req: WorkerRequest): Promise<WorkerResult> {
  switch (req.op) {
    case 'load':
      await getEngine();
      return { images: index.size };
    case 'describe': {
      const d = await (await getEngine()).describeCatalogue(Buffer.from(req.bytes));
      return { vector: packVectors(d.vectors), keypoints: packKeypoints(d.keypoints) };
    }
    case 'put': {
      let added = 0;
      for (const e of req.entries) {
        const v = unpackVectors(e.vector);
        if (!v) continue;
        index.put(e.productId, e.imageUrl, v);
        added++;
      }
      return { added, images: index.size };
    }
    case 'remove':
      index.remove(req.productId, req.keep);
      return { images: index.size };
    case 'search': {
      const e = await getEngine();
      const q = await e.describeQuery(Buffer.from(req.bytes));
      return { ...index.search(q.vectors, req.shortlist), keypoints: packKeypoints(q.keypoints) };
    }
    case 'verify': {
      const e = await getEngine();
      const query = unpackKeypoints(req.keypoints);
      return {
        candidates: req.candidates.map((c) => {
          const k = c.keypoints && unpackKeypoints(c.keypoints);
          const inliers = query && k ? e.orb.inliers(query, k) : 0;
          return { productId: c.productId, imageUrl: c.imageUrl, similarity: verifiedSimilarity(c.similarity, inliers), inliers };
        }),
      };
    }
    case 'stats':
      return { images: index.size, indexBytes: index.bytes, rss: process.memoryUsage().rss };
  }
}

let queue: Promise<void> = Promise.resolve();
port.on('message', (req: WorkerRequest) => {
  queue = queue.then(async () => {
    try {
      const result = await handle(req);
      port.postMessage({ id: req.id, ok: true, result } satisfies WorkerReply);
    } catch (err) {
      port.postMessage({
        id: req.id,
        ok: false,
        error: err instanceof Error ? err.message : String(err),
        decode: err instanceof ImageDecodeError,
      } satisfies WorkerReply);
    }
  });
});
