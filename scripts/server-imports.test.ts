import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from './import-cycles.js';

/**
 * The server's import direction (issue 35 item 4): the composition root (app.ts, services.ts, main.ts) and the demo
 * seed sit on top and may import anything; modules import platform/, db/ and other modules' public files; platform/
 * and db/ import no module; nothing below imports the top; and no value import goes round in a cycle. Type-only
 * imports and lazy `import()` are left out: they create no load-order dependency.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/server/src');
const TOP = ['app.ts', 'services.ts', 'main.ts', 'server.ts', 'cli/', 'demo/'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : files(path);
    return /\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name) ? [path] : [];
  });
}

/** The relative value imports of a file, resolved to files under src. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const re = /^\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/gm;
  for (const m of text.matchAll(re)) {
    if (m[2]) continue;
    // `import { type A, type B } from` is type-only too
    const names = m[3]?.match(/\{([^}]*)\}/)?.[1];
    if (names && !/^\s*\*/.test(m[3]!) && names.split(',').map((n) => n.trim()).filter(Boolean).every((n) => n.startsWith('type '))) continue;
    found.push(resolve(dirname(file), m[4]!.replace(/\.js$/, '.ts')));
  }
  return found;
}

const all = files(SRC);
const graph = new Map(all.map((f) => [f, importsOf(f).filter((t) => all.includes(t))]));
const rel = (f: string) => relative(SRC, f);
const isTop = (f: string) => TOP.some((t) => (t.endsWith('/') ? rel(f).startsWith(t) : rel(f) === t));

describe('server imports', () => {
  it('finds the files it checks', () => {
    expect(all.length).toBeGreaterThan(150);
    expect([...graph.values()].flat().length).toBeGreaterThan(300);
  });

  it('point downward: nothing below imports the composition root or the demo; platform/ and db/ import no module', () => {
    const upward: string[] = [];
    for (const [from, targets] of graph) {
      if (isTop(from)) continue;
      for (const to of targets) {
        const low = rel(from).startsWith('platform/') || rel(from).startsWith('db/');
        if (isTop(to) || (low && rel(to).startsWith('modules/'))) upward.push(`${rel(from)} → ${rel(to)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('form no cycle', () => {
    const cycles = importCycles(graph, all, rel);
    expect(cycles).toEqual([]);
  });
});
