import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Candidate } from './visual-index.js';

/**
 * The main thread's handle on the inference worker (visual.worker.ts): spawns it on first use, matches replies to
 * requests, and recovers from a crash (pending calls fail; the next call starts a new worker, and `onRestart` lets
 * the owner refill its index).
 */

type Ops = {
  load: { req: object; res: { images: number } };
  describe: { req: { bytes: Uint8Array }; res: { vector: Uint8Array; keypoints: Uint8Array } };
  put: { req: { entries: { productId: number; imageUrl: string; vector: Uint8Array }[] }; res: { added: number; images: number } };
  remove: { req: { productId: number; keep: string[] }; res: { images: number } };
  search: { req: { bytes: Uint8Array; shortlist: number }; res: { candidates: Candidate[]; mean: number; sd: number; keypoints: Uint8Array } };
  verify: {
    req: { keypoints: Uint8Array; candidates: (Candidate & { keypoints: Uint8Array | null })[] };
    res: { candidates: (Candidate & { inliers: number })[] };
  };
  stats: { req: object; res: { images: number; indexBytes: number; rss: number } };
};
export type WorkerOp = keyof Ops;
export type WorkerRequest = { [K in WorkerOp]: { id: number; op: K } & Ops[K]['req'] }[WorkerOp];
export type WorkerResult = Ops[WorkerOp]['res'];
export type WorkerReply =
  | { id: number; ok: true; result: WorkerResult }
  | { id: number; ok: false; error: string; decode: boolean };

/** A request the worker refused because the bytes are not a readable picture. */
export class WorkerDecodeError extends Error {}

export type VisualWorker = ReturnType<typeof createVisualWorker>;

/**
 * From source (tests, tsx) the worker is TypeScript: a small bootstrap registers tsx's loader inside the new thread
 * (loader flags of the parent do not reach workers on Node 20), then imports it. Built, it is plain JavaScript.
 */
function spawnFromSource(): Worker {
  // tsx's ESM API entry, beside the CommonJS one that require.resolve finds
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./visual.worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { eval: true });
}

export function createVisualWorker(opts: { log?: (msg: string) => void } = {}) {
  const log = opts.log ?? (() => {});
  let worker: Worker | null = null;
  let loaded: Promise<void> | null = null;
  let nextId = 1;
  let generation = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const restartHandlers: (() => void)[] = [];

  function spawn(): Worker {
    const w = fileURLToPath(import.meta.url).endsWith('.ts') ? spawnFromSource() : new Worker(new URL('./visual.worker.js', import.meta.url));
    // an idle worker never keeps the process alive by itself; one with calls in flight does (see call)
    w.unref();
    w.on('message', (reply: WorkerReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (pending.size === 0) w.unref();
      if (reply.ok) p.resolve(reply.result);
      else p.reject(reply.decode ? new WorkerDecodeError(reply.error) : new Error(reply.error));
    });
    const fail = (err: Error) => {
      if (worker !== w) return;
      worker = null;
      loaded = null;
      generation++;
      for (const p of pending.values()) p.reject(err);
      pending.clear();
      for (const fn of restartHandlers) fn();
    };
    w.on('error', (err) => {
      log(`image search worker failed: ${err.message}`);
      fail(err);
    });
    w.on('exit', (code) => fail(new Error(`image search worker exited (code ${code})`)));
    return w;
  }

  function call<K extends WorkerOp>(op: K, req: Ops[K]['req'], transfer: ArrayBuffer[] = []): Promise<Ops[K]['res']> {
    worker ??= spawn();
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker!.postMessage({ ...req, id, op }, transfer);
    });
  }

  return {
    call,
    /** Starts the worker and loads the network and OpenCV (idempotent; a failure lets the next call try again). */
    ready(): Promise<void> {
      loaded ??= call('load', {}).then(
        () => undefined,
        (err: Error) => {
          loaded = null;
          throw err;
        },
      );
      return loaded;
    },
    /** Whether the network is loaded (a search now is answered without waiting for start-up). */
    get started(): boolean {
      return worker !== null;
    },
    /** Bumped whenever a worker dies: its index is gone with it. */
    get generation(): number {
      return generation;
    },
    onRestart(fn: () => void): void {
      restartHandlers.push(fn);
    },
    async close(): Promise<void> {
      const w = worker;
      worker = null;
      loaded = null;
      for (const p of pending.values()) p.reject(new Error('image search is shutting down'));
      pending.clear();
      if (w) await w.terminate();
    },
  };
}
