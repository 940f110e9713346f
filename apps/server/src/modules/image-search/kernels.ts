import { KERNELS_WASM_BASE64 } from './kernels.wasm.js';

/**
 * The SIMD kernels of kernels.wat, each instance with its own linear memory laid out as
 * [scratch | rows]: the rows region holds a growable matrix of byte vectors (the index), the scratch region a query
 * and the per-row results. One instance per matrix keeps the layouts independent.
 */
type WasmMemory = { readonly buffer: ArrayBuffer; grow(pages: number): number };
type Exports = {
  memory: WasmMemory;
  dotU8I16(mat: number, rows: number, stride: number, q: number, out: number): void;
  hammingKnn2(a: number, na: number, b: number, nb: number, out: number): void;
};

const PAGE = 65536;
// the server's TypeScript libraries (ES2022, no DOM) do not describe the WebAssembly global; these two calls suffice
const wasm = (globalThis as unknown as {
  WebAssembly: { Module: new (bytes: Uint8Array) => object; Instance: new (module: object) => { exports: unknown } };
}).WebAssembly;
const wasmModule = new wasm.Module(Buffer.from(KERNELS_WASM_BASE64, 'base64'));

function instantiate(): Exports {
  return new wasm.Instance(wasmModule).exports as Exports;
}

function ensureBytes(memory: WasmMemory, bytes: number): void {
  const missing = bytes - memory.buffer.byteLength;
  if (missing > 0) memory.grow(Math.ceil(missing / PAGE));
}

/** Largest value a quantised query component takes: row (≤ 255) × query (≤ 127) × 2,048 dims stays below 2^31. */
export const QUERY_LEVELS = 127;

/**
 * A matrix of unsigned-byte rows of a fixed width in wasm memory, scored against a query in one SIMD pass.
 * Rows are padded to a multiple of 16 bytes. Removing a row moves the last row into its place (order is not kept).
 */
export class ByteMatrix {
  private readonly k = instantiate();
  readonly stride: number;
  private rowsUsed = 0;
  private capacity = 0;
  /** Scratch layout: query (stride × int16) then results (capacity × int32); rows follow. */
  private get queryPtr() { return 0; }
  private get outPtr() { return this.stride * 2; }
  private get rowsPtr() { return this.outPtr + this.capacity * 4; }

  constructor(readonly width: number, initialCapacity = 64) {
    this.stride = Math.ceil(width / 16) * 16;
    this.reserve(initialCapacity);
  }

  get rows(): number {
    return this.rowsUsed;
  }

  /** Bytes of wasm memory this matrix holds (for the RSS report). */
  get bytes(): number {
    return this.k.memory.buffer.byteLength;
  }

  private reserve(capacity: number): void {
    if (capacity <= this.capacity) return;
    const oldRows = this.rowsPtr;
    const oldCapacity = this.capacity;
    this.capacity = capacity;
    ensureBytes(this.k.memory, this.rowsPtr + capacity * this.stride);
    if (oldCapacity > 0) {
      // the results region grew: move the rows up (copyWithin handles the overlap)
      new Uint8Array(this.k.memory.buffer).copyWithin(this.rowsPtr, oldRows, oldRows + this.rowsUsed * this.stride);
    }
  }

  /** Appends a row (width bytes); returns its index. */
  push(row: Uint8Array): number {
    if (row.length !== this.width) throw new Error(`row has ${row.length} bytes, matrix expects ${this.width}`);
    if (this.rowsUsed === this.capacity) this.reserve(Math.max(64, this.capacity * 2));
    const at = this.rowsPtr + this.rowsUsed * this.stride;
    const mem = new Uint8Array(this.k.memory.buffer);
    mem.set(row, at);
    mem.fill(0, at + this.width, at + this.stride);
    return this.rowsUsed++;
  }

  /** Overwrites row i with the last row and drops the last one (the caller moves its own bookkeeping the same way). */
  swapRemove(i: number): void {
    const last = this.rowsUsed - 1;
    if (i < 0 || i > last) throw new RangeError(`no row ${i}`);
    if (i !== last) {
      new Uint8Array(this.k.memory.buffer).copyWithin(this.rowsPtr + i * this.stride, this.rowsPtr + last * this.stride, this.rowsPtr + (last + 1) * this.stride);
    }
    this.rowsUsed = last;
  }

  /** A copy of row i (tests, diagnostics). */
  row(i: number): Uint8Array {
    const at = this.rowsPtr + i * this.stride;
    return new Uint8Array(this.k.memory.buffer.slice(at, at + this.width));
  }

  /**
   * Integer dot products of every row with the query (non-negative components, quantised to 0..QUERY_LEVELS by its
   * largest one). Returns the raw sums and the factor that turns a sum into the dot product with the real query.
   */
  dotAll(query: Float32Array): { sums: Int32Array; scale: number } {
    if (query.length !== this.width) throw new Error(`query has ${query.length} values, matrix expects ${this.width}`);
    let max = 0;
    for (const x of query) if (x > max) max = x;
    const scale = max > 0 ? max / QUERY_LEVELS : 0;
    const q = new Int16Array(this.k.memory.buffer, this.queryPtr, this.stride);
    q.fill(0);
    for (let i = 0; i < query.length; i++) q[i] = max > 0 ? Math.round(Math.max(0, query[i]!) / scale) : 0;
    this.k.dotU8I16(this.rowsPtr, this.rowsUsed, this.stride, this.queryPtr, this.outPtr);
    return { sums: new Int32Array(this.k.memory.buffer, this.outPtr, this.rowsUsed).slice(), scale };
  }
}

/** Nearest and second-nearest neighbour of each descriptor of `a` among those of `b` (32-byte binary descriptors). */
export type Knn2 = { index: Int32Array; best: Int32Array; second: Int32Array };

let hammingInstance: Exports | null = null;

export function hammingKnn2(a: Uint8Array, b: Uint8Array): Knn2 {
  const na = a.length >> 5;
  const nb = b.length >> 5;
  const k = (hammingInstance ??= instantiate());
  const aPtr = 0;
  const bPtr = a.length;
  const outPtr = bPtr + b.length;
  ensureBytes(k.memory, outPtr + na * 12);
  const mem = new Uint8Array(k.memory.buffer);
  mem.set(a, aPtr);
  mem.set(b, bPtr);
  k.hammingKnn2(aPtr, na, bPtr, nb, outPtr);
  const out = new Int32Array(k.memory.buffer, outPtr, na * 3);
  const index = new Int32Array(na), best = new Int32Array(na), second = new Int32Array(na);
  for (let i = 0; i < na; i++) {
    index[i] = out[i * 3]!;
    best[i] = out[i * 3 + 1]!;
    second[i] = out[i * 3 + 2]!;
  }
  return { index, best, second };
}
