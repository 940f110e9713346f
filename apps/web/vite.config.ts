import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const shared = path.resolve(import.meta.dirname, '../../packages/shared/src');
const LINGUI_CONFIG = path.resolve(import.meta.dirname, '../../lingui.config.ts');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes Brotli (best level) and gzip variants next to every compressible file of the build, once, so the server
 * sends them by Accept-Encoding without compressing anything per request. A variant that would not be smaller is
 * not written; source maps are never served, so never compressed.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'souq-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
      // .vite/ holds the build's notes for the server, never served
      const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name) && !e.parentPath.split(path.sep).includes('.vite')).map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzip(data, { level: 9 }),
          ]);
          if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Pages whose own code the server announces in their index.html (decision 0062): route → the module its route
 * loads lazily (src/app/router.tsx). Without the hint the browser finds that code only after the main script ran.
 */
const ROUTE_MODULES: Record<string, string> = {
  '/': 'src/features/landing/HomeRoute.tsx',
  '/ai-assistant': 'src/features/storefront/AssistantPage.tsx',
  '/checkout': 'src/features/checkout/CheckoutPage.tsx',
};
/** Where the build writes route → scripts (read by apps/server/src/platform/web-app.ts; never served). */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
/** Where the build writes language → the scripts of its texts (read by apps/server/src/platform/page-locale.ts). */
const CATALOGUES_FILE = '.vite/catalogues.json';

/**
 * Writes ROUTE_PRELOADS_FILE: for each route of ROUTE_MODULES, its chunk and the chunks that chunk imports
 * statically, less those index.html already loads. A listed module missing from the build fails it.
 */
function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'souq-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const dep of byName.get(fileName)?.imports ?? []) closure(dep, into);
        return into;
      };
      const loaded = new Set<string>();
      for (const entry of chunks.filter((c) => c.isEntry)) closure(entry.fileName, loaded);
      const out: Record<string, string[]> = {};
      for (const [route, source] of Object.entries(ROUTE_MODULES)) {
        const file = path.resolve(root, source);
        const chunk = chunks.find((c) => c.facadeModuleId === file);
        if (!chunk) this.error(`route ${route}: ${source} is not a chunk of this build`);
        out[route] = [...closure(chunk.fileName)].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(out, null, 2)}\n` });
      // each language's texts that every page in it needs before its first render: its storefront catalogue with
      // the shared messages browser code reads in that language (src/lib/texts, one file per language; decision 0156)
      // and any import of it the entry does not already load
      const catalogues: Record<string, string[]> = {};
      for (const c of chunks) {
        const m = /[\\/]lib[\\/]texts[\\/]storefront\.(\w+)\.ts$/.exec(c.facadeModuleId ?? '');
        if (m) catalogues[m[1]!] = [...closure(c.fileName)].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
      }
      for (const locale of ['en', 'ar']) if (!catalogues[locale]) this.error(`the ${locale} storefront texts (src/lib/texts/storefront.${locale}.ts) are not a chunk of this build`);
      this.emitFile({ type: 'asset', fileName: CATALOGUES_FILE, source: `${JSON.stringify(catalogues, null, 2)}\n` });
    },
  };
}

/** A module that at least this many lazily loaded parts of the app import (pages, dialogs, sections) is common code. */
const COMMON_MIN_IMPORTERS = 10;
/** The pages of ROUTE_MODULES whose first views' code firstViewChunk groups. */
const GROUPED_VIEWS = ['/ai-assistant', '/checkout'];

/**
 * The code of the assistant's and the checkout's first views (the modules their pages import statically, less what
 * the entry loads) in a few files instead of one per module: the automatic split gave /checkout 19 files and
 * /ai-assistant 25, most under a kilobyte, and on a phone's slow line each is a request with its own headers over one
 * of the six connections a browser opens to a server (/checkout's first paint, drawn by its scripts, waited for four
 * rounds of them). Code that much of the app imports (the UI primitives, the query library, money and locale rules)
 * goes into one common file, which nearly every page needs anyway; the rest into one file per set of these pages that
 * shares it. What the landing page's first view imports is left as it was (five files; the common file would add the
 * query library it does not use), and the route modules stay files of their own (the server names them,
 * route-preloads.json). Returns a module's group, or null to leave it to the automatic split.
 */
function firstViewChunk() {
  const routes = GROUPED_VIEWS.map((route) => ({ route, file: path.resolve(import.meta.dirname, ROUTE_MODULES[route]!) }));
  const routeFiles = new Set(routes.map((r) => r.file));
  const home = path.resolve(import.meta.dirname, ROUTE_MODULES['/']!);
  type Graph = { getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null };
  // module → the first views that reach it, and how many lazily loaded parts of the app do
  let reach: Map<string, { views: string[]; importers: number }> | null = null;
  const staticClosure = (graph: Graph, from: string) => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
    }
    return seen;
  };
  const survey = (graph: Graph) => {
    const map = new Map<string, { views: string[]; importers: number }>();
    // every module loaded with import() somewhere in the app, found from the entry
    const lazy = new Set<string>();
    const seen = new Set<string>();
    const stack = [path.resolve(import.meta.dirname, 'src/main.tsx')];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      const info = graph.getModuleInfo(next);
      stack.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
      for (const id of info?.dynamicallyImportedIds ?? []) lazy.add(id);
    }
    for (const { route, file } of routes) for (const m of staticClosure(graph, file)) map.set(m, { views: [...(map.get(m)?.views ?? []), route], importers: 0 });
    for (const entry of lazy) for (const m of staticClosure(graph, entry)) { const r = map.get(m); if (r) r.importers++; }
    for (const m of staticClosure(graph, home)) map.delete(m);
    return map;
  };
  return (id: string, graph: Graph): string | null => {
    reach ??= survey(graph);
    const r = reach.get(id);
    if (!r || routeFiles.has(id) || !/\.[cm]?[jt]sx?$/.test(id.split('?')[0]!)) return null;
    if (r.importers >= COMMON_MIN_IMPORTERS) return 'view-common';
    return `view${r.views.map((v) => v.replace(/[^a-z]+/g, '-')).join('')}`;
  };
}

/** Where the server-side render of first views is written (a script for Node; under .vite/, so never served). */
const SSR_OUT_DIR = 'dist/.vite/ssr';

export default defineConfig(({ isSsrBuild }) => ({
  // the server's build (`vite build --ssr`, decision 0071) writes no browser files: no variants, no route notes
  // Lingui's macros (<Trans>, t``) become catalogue look-ups before React's transform; the plugin compiles the
  // .po catalogues a module imports (decision 0104)
  plugins: [babel({ presets: [linguiTransformerBabelPreset({}, { configPath: LINGUI_CONFIG })] }), react(), lingui({ configPath: LINGUI_CONFIG, failOnCompileError: true }), tailwindcss(), ...(isSsrBuild ? [] : [precompress(), routePreloads()])],
  resolve: { alias: [{ find: /^@souq\/shared\/(.*)$/, replacement: `${shared}/$1.ts` }, { find: '@', replacement: path.resolve(import.meta.dirname, 'src') }] },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // self-contained CommonJS (the server's bundle loads it with require() and needs none of this app's packages
  // installed next to it); each lazy route stays its own file, required only when a page needs it
  ssr: { noExternal: true, target: 'node' },
  // 'hidden': maps are written for error reports but no bundle points at them; the server never serves *.map
  build: isSsrBuild
    ? {
        target: 'node24',
        outDir: SSR_OUT_DIR,
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
        rollupOptions: { output: { format: 'cjs', entryFileNames: 'entry-server.cjs', chunkFileNames: '[name]-[hash].cjs' } },
      }
    : {
        target: 'es2022',
        sourcemap: 'hidden',
        chunkSizeWarningLimit: 400,
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React DOM (with its scheduler) in a file of its own: a server-rendered page evaluates it in a task of
                // its own before the rest of the app (public/start-app.js), not all of it in one long task (decision 0071)
                { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
                // the rest of what the entry imports statically, with it in one file: five small files (the router's
                // and Lingui's packages, the shared locale rules and constants, cx, the texts' registry) cost an
                // Arabic first visit as many requests on a slow line as its font files (decision 0156)
                { name: 'start', tags: ['$initial'] },
                // The English MSG (with the document titles and parcel states it spreads) in one file, without what it
                // imports: an English page's texts load it beside their catalogue (src/lib/texts), an Arabic page only
                // with code that validates with the shared API schemas (decision 0156)
                { name: 'messages', test: /packages[\\/]shared[\\/]src[\\/](messages|tax-document-titles|rules[\\/]shipping)\.ts$/, includeDependenciesRecursively: false },
                // the storefront's first views: their pages' code in a few files (firstViewChunk)
                { name: firstViewChunk(), includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
}));
