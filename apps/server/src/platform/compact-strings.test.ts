import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createInterner, flat } from './compact-strings.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Heap bytes held by what `make` returns (kept alive until measured), after full collections. */
function heldBy(make: () => unknown[]): number {
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = make();
  gc();
  gc();
  const used = process.memoryUsage().heapUsed - before;
  expect(kept.length).toBeGreaterThan(0);
  return used;
}

const record = (i: number) =>
  JSON.stringify({ id: i, name: `Product ${i}`, description: `A long enough description of product ${i}, `.repeat(8), tags: ['a', 'b', String(i)], price: i / 100 });

describe('flat', () => {
  it('returns the same text', () => {
    const s = record(7);
    expect(flat(s)).toBe(s);
    expect(flat('')).toBe('');
  });

  it('keeps JSON.stringify output at its flat size, not the size of the pieces it was built from', () => {
    const n = 20_000;
    const records = Array.from({ length: n }, (_, i) => record(i));
    // one-byte characters plus a string header and the array's slot: what a sequential (flat) copy holds
    const flatBytes = records.reduce((sum, r) => sum + r.length + 24, 0);
    const flattened = heldBy(() => Array.from({ length: n }, (_, i) => flat(record(i))));
    // Node 20 (V8 11) kept stringify's output as cons trees at ~1.3× this unless read; Node 24 (V8 13) already
    // returns it nearly flat, where flat() is a no-op: either way what is kept must be close to the flat size
    expect(flattened).toBeLessThan(flatBytes * 1.15);
  });
});

describe('createInterner', () => {
  it('hands back the first copy of an equal string', () => {
    const intern = createInterner();
    const a = ['head', 'phones'].join('');
    const b = ['headph', 'ones'].join('');
    expect(intern(a)).toBe(a);
    expect(intern(b)).toBe('headphones');
    expect(intern(b)).toBe(a);
    expect(intern('other')).toBe('other');
  });
});
