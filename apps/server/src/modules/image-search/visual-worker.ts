import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Candidate } from './visual-index.js';

/**
 * The main thread's handle on the inference worker (visual.worker.ts): spawns it on first use, matches replies to
 * requests, and recovers from a crash (pending calls fail; the next call starts a new worker, and `onRestart` lets
 * the owner refill its index). A worker with nothing to do for `idleMs` is stopped (its network, OpenCV and index
 * are most of the server's memory: docs/decisions/0061); the next call starts a new one the same way.
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

/** How long an idle worker lives by default (IMAGE_SEARCH_IDLE_SECONDS). */
export const DEFAULT_IDLE_MS = 10 * 60_000;

export function createVisualWorker(opts: { log?: (msg: string) => void; idleMs?: number } = {}) {
  const log = opts.log ?? (() => {});
  const idleMs = opts.idleMs ?? DEFAULT_IDLE_MS;
  let worker: Worker | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let idleExits = 0;
  let loaded: Promise<void> | null = null;
  let nextId = 1;
  let generation = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const restartHandlers: ((reason: 'crash' | 'idle') => void)[] = [];

  function clearIdle() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  }

  /** With no call in flight, the worker is stopped after idleMs unless a call comes first (0: never). */
  function armIdle() {
    clearIdle();
    if (idleMs <= 0 || !worker || pending.size > 0) return;
    idleTimer = setTimeout(() => {
      idleTimer = null;
      const w = worker;
      if (!w || pending.size > 0) return;
      // forget it first, so its exit is not taken for a crash
      worker = null;
      loaded = null;
      generation++;
      idleExits++;
      log(`image search: the inference worker was idle for ${Math.round(idleMs / 1000)} s and stopped; it starts again on the next use`);
      for (const fn of restartHandlers) fn('idle');
      void w.terminate();
    }, idleMs);
    // the timer alone never keeps the process alive
    idleTimer.unref();
  }

  function spawn(): Worker {
    const w = fileURLToPath(import.meta.url).endsWith('.ts') ? spawnFromSource() : new Worker(new URL('./visual.worker.js', import.meta.url));
    // an idle worker never keeps the process alive by itself; one with calls in flight does (see call)
    w.unref();
    w.on('message', (reply: WorkerReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (pending.size === 0) {
        w.unref();
        armIdle();
      }
      if (reply.ok) p.resolve(reply.result);
      else p.reject(reply.decode ? new WorkerDecodeError(reply.error) : new Error(reply.error));
    });
    const fail = (err: Error) => {
      if (worker !== w) return;
      clearIdle();
      worker = null;
      loaded = null;
      generation++;
      for (const p of pending.values()) p.reject(err);
      pending.clear();
      for (const fn of restartHandlers) fn('crash');
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
    clearIdle();
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
    /** Whether a worker is running (its index is current only while it runs; a new one is refilled). */
    get started(): boolean {
      return worker !== null;
    },
    /** How many times an idle worker was stopped (tests, diagnostics). */
    get idleExits(): number {
      return idleExits;
    },
    /** Bumped whenever a worker dies: its index is gone with it. */
    get generation(): number {
      return generation;
    },
    onRestart(fn: (reason: 'crash' | 'idle') => void): void {
      restartHandlers.push(fn);
    },
    async close(): Promise<void> {
      clearIdle();
      const w = worker;
      worker = null;
      loaded = null;
      for (const p of pending.values()) p.reject(new Error('image search is shutting down'));
      pending.clear();
      if (w) await w.terminate();
    },
  };
}
