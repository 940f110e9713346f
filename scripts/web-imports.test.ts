import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { layerViolation } from './eslint/web-layers.mjs';
import { importCycles } from './import-cycles.js';

/**
 * The web app's import direction (issue 35 item 4, decision 0146), over every file of apps/web/src: a feature imports
 * no other feature, lib/ and components/ import no feature (lib/ no component either), nothing below the composition
 * root (app/, main.tsx, entry-server.tsx) imports it, and no value import goes round in a cycle. The lint rule
 * souq/web-layers says the same in the editor; this test reads the files themselves, type-only and lazy imports
 * included for the layers (a type from another feature still couples the two), left out for the cycles (they create
 * no load-order dependency).
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web/src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' || name === 'fonts' ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** A specifier written in `from`, resolved to a file under src (or null: a package, a catalogue, outside src). */
function resolveSpec(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = join(SRC, spec.slice(2));
  else if (spec.startsWith('./') || spec.startsWith('../')) base = resolve(dirname(from), spec);
  else return null;
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile() && /\.tsx?$/.test(path)) return path;
  }
  return null;
}

type Edge = { to: string; value: boolean };
function importsOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const found: Edge[] = [];
  const statics = /^\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(statics)) {
    const to = resolveSpec(file, m[4]!);
    if (!to) continue;
    const names = m[3]?.match(/\{([^}]*)\}/)?.[1];
    const typeOnly = !!m[2] || (!!names && !/^\s*\*/.test(m[3]!) && !/^\s*\w+\s*,/.test(m[3]!) && names.split(',').map((n) => n.trim()).filter(Boolean).every((n) => n.startsWith('type ')));
    found.push({ to, value: !typeOnly });
  }
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const to = resolveSpec(file, m[1]!);
    if (to) found.push({ to, value: false });
  }
  return found;
}

const all = files(SRC);
const edges = new Map(all.map((f) => [f, importsOf(f)]));
const rel = (f: string) => relative(SRC, f).split('\\').join('/');

describe('web imports', () => {
  it('finds the files it checks and their imports', () => {
    expect(all.length).toBeGreaterThan(250);
    expect([...edges.values()].flat().length).toBeGreaterThan(1000);
    // the alias and relative paths are both read: a feature's own relative import and an alias into lib/
    const pairs = [...edges].flatMap(([from, list]) => list.map((e) => `${rel(from)} → ${rel(e.to)}`));
    expect(pairs).toContain('features/checkout/CheckoutPage.tsx → lib/paths.ts');
    expect(pairs).toContain('components/shop/ProductDetailDialog.tsx → components/shop/ProductOptions.tsx');
  });

  it('keep the layers: no feature imports another, lib/ and components/ import no feature, nothing below app/ imports it', () => {
    const wrong: string[] = [];
    for (const [from, list] of edges) {
      for (const { to } of list) {
        const why = layerViolation(rel(from), rel(to), { isTest: /\.test\.tsx?$/.test(from) });
        if (why) wrong.push(`${rel(from)} → ${rel(to)}: ${why}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('form no cycle of value imports', () => {
    const graph = new Map([...edges].map(([f, list]) => [f, [...new Set(list.filter((e) => e.value).map((e) => e.to))]]));
    const cycles = importCycles(graph, all, rel);
    expect(cycles).toEqual([]);
  });
});

describe('the layer check itself', () => {
  it('tells a cross-feature import, a feature under lib/ or components/, and an upward import from the allowed ones', () => {
    expect(layerViolation('features/checkout/CheckoutPage.tsx', 'features/cart/store.ts')).toMatch(/another feature/);
    expect(layerViolation('components/shop/ProductCard.tsx', 'features/storefront/api.ts')).toMatch(/may not import a feature/);
    expect(layerViolation('lib/shop/actions.ts', 'features/cart/store.ts')).toMatch(/may not import a feature/);
    expect(layerViolation('lib/paths.ts', 'components/ui/Button.tsx')).toMatch(/lowest layer/);
    expect(layerViolation('features/seller/VendorFrame.tsx', 'app/paths.ts')).toMatch(/composition root/);
    expect(layerViolation('features/seller/tabs/AnalyticsTab.test.tsx', 'app/providers.tsx', { isTest: true })).toBeNull();
    expect(layerViolation('features/seller/tabs/ProductsTab.tsx', 'features/seller/api.ts')).toBeNull();
    expect(layerViolation('features/seller/tabs/ProductsTab.tsx', 'components/shop/departments.tsx')).toBeNull();
    expect(layerViolation('app/routes.tsx', 'features/seller/VendorDashboard.tsx')).toBeNull();
    expect(layerViolation('main.tsx', 'app/router.tsx')).toBeNull();
  });
});
