import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { BOOT_DATA_ELEMENT_ID, largestPaintImage, PAGE_BOOT_DATA, PUBLIC_URL_META, SERVER_RENDERED_ROUTES } from '@souq/shared/rules/page-boot';
import { routeNotFoundBody } from './errors.js';
import { LOCALES, type Locale } from '@souq/shared/rules/locale';
import { htmlIn, pageReaderOf, readCatalogueScripts, readFontPreloads } from './page-locale.js';
import { withReader } from './request-locale.js';

/** Responses smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Answers up to this size are compressed in one call rather than through a zlib stream (decision 0199). A search page
 * (50 product records, ~44 KB) was over @fastify/compress's default for 2 cores (8 KB): each one got a compression
 * stream of its own, alive across event-loop turns. Measured at 50,000 products: a full collection every ~140
 * searches with the streams, every ~275 with this bound, and ~25 % less CPU a search; a streamed answer only pays
 * where spare cores compress it meanwhile.
 */
export const COMPRESS_SYNC_MAX_BYTES = 64 * 1024;
/** Hashed build output (`assets/name-HASH.js`): a changed file gets a new name, so browsers may keep it for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Anything whose name does not change with its content (index.html, favicon): revalidated on every use. */
export const REVALIDATE = 'no-cache';

/**
 * What is worth compressing: text, JSON, XML, JavaScript and SVG. Never a server-sent event stream (a compressor
 * holds back bytes until it has enough to compress, and each event must reach the browser as it is written), and
 * never images, archives or documents, which are compressed already.
 */
export function isCompressible(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    type.endsWith('/json') ||
    type.endsWith('+json') ||
    type.endsWith('/xml') ||
    type.endsWith('+xml') ||
    type === 'application/javascript'
  );
}

/**
 * Compresses API answers (Brotli at a fast level, or gzip, whichever the client takes) from COMPRESS_MIN_BYTES up.
 * Static files are compressed once at build time and sent as they are (see registerWebApp).
 */
export async function registerCompression(app: FastifyInstance) {
  // answers only: no client sends compressed request bodies, so none is inflated (one less way to feed the server)
  app.addHook('onRoute', (route) => {
    (route as { decompress?: unknown }).decompress ??= false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: isCompressible,
    syncThreshold: COMPRESS_SYNC_MAX_BYTES,
  });
}

/** Source maps stay off the public server (they would publish the source); a build may keep them for error reports. */
const isSourceMap = (pathname: string) => pathname.toLowerCase().endsWith('.map');
const isCompressedVariant = (pathname: string) => /\.(br|gz)$/i.test(pathname);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding to answer in: Brotli, else gzip, when the request's Accept-Encoding takes it (q > 0). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((x) => x.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/**
 * A page made per request (its first view's data inside) is no route of its own, so the global compression hook
 * never sees it: compressed here by the same rule (Brotli at the fast level 4, else gzip; from COMPRESS_MIN_BYTES).
 */
async function sendHtml(req: FastifyRequest, reply: FastifyReply, html: string) {
  void reply.header('vary', [reply.getHeader('vary'), 'accept-encoding'].filter(Boolean).join(', '));
  const encoding = Buffer.byteLength(html) >= COMPRESS_MIN_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(html);
  const body = encoding === 'br' ? await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : await gzip(html);
  return reply.header('content-encoding', encoding).send(body);
}

/** Route → the scripts of that page's own code, written by the web build (apps/web/vite.config.ts); never served. */
const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside a `<script>` block: no `<` may end the block early (`</script>`) or open a comment. */
const scriptSafeJson = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

function readRoutePreloads(dist: string): Map<string, string[]> {
  try {
    const data = JSON.parse(fs.readFileSync(path.join(dist, ROUTE_PRELOADS_FILE), 'utf8')) as Record<string, unknown>;
    return new Map(
      Object.entries(data).map(([route, files]) => [route, Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string' && f.startsWith('/assets/')) : []]),
    );
  } catch {
    return new Map();
  }
}

/**
 * The page's first view in its HTML (decision 0062): `modulepreload` for the route's own scripts (else found only
 * after the main script ran), the public API answers the first view asks for (PAGE_BOOT_DATA, each group's first
 * non-empty list, answered by this server as it would answer the request) and a high-priority preload of the
 * picture that is its largest paint. A failed or non-JSON answer is left out: the page then asks for it itself.
 */
async function pageHead(
  app: FastifyInstance,
  route: string,
  scripts: readonly string[],
): Promise<{ head: string; preloads: string; body: string; data: Record<string, unknown>; complete: boolean }> {
  const preloads = scripts.map((src) => `<link rel="modulepreload" crossorigin href="${escapeAttr(src)}">`).join('');
  const head: string[] = [];
  const groups = PAGE_BOOT_DATA[route];
  if (!groups) return { head: '', preloads, body: '', data: {}, complete: false };
  const data: Record<string, unknown> = {};
  const json: string[] = [];
  let answered = 0;
  for (const group of groups) {
    const before = json.length;
    for (const url of group) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      if (res.statusCode !== 200 || !String(res.headers['content-type'] ?? '').includes('json')) continue;
      let value: unknown;
      try {
        value = JSON.parse(res.body);
      } catch {
        continue;
      }
      data[url] = value;
      json.push(`${JSON.stringify(url)}:${res.body}`);
      if (Array.isArray(value) && value.length > 0) break;
    }
    if (json.length > before) answered++;
  }
  const image = largestPaintImage(route, data);
  if (image) head.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(image)}">`);
  const body = json.length ? `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${scriptSafeJson(`{${json.join(',')}}`)}</script>` : '';
  return { head: head.join(''), preloads, body, data, complete: answered === groups.length };
}

/** The web build's server render of first views (apps/web/src/entry-server.tsx, `vite build --ssr`). */
type PageRenderer = { renderPage(url: string, data: Readonly<Record<string, unknown>>, locale: Locale): Promise<string | null> };
const SSR_ENTRY = path.join('.vite', 'ssr', 'entry-server.cjs');

/**
 * Loads the server render on first use (about a megabyte of React, router and page code: never on the start-up's
 * path), or null when this build has none. A CommonJS file, so the bundled server (a script without import())
 * loads it as the unbundled one does.
 */
function pageRenderer(dist: string, log: FastifyInstance['log']): () => PageRenderer | null {
  const file = path.join(dist, SSR_ENTRY);
  let loaded: PageRenderer | null | undefined;
  return () => {
    if (loaded !== undefined) return loaded;
    try {
      loaded = fs.existsSync(file) ? (createRequire(import.meta.url)(file) as PageRenderer) : null;
    } catch (err) {
      log.error({ err }, 'the web build\'s server render could not be loaded; pages render in the browser');
      loaded = null;
    }
    return loaded;
  };
}

/**
 * The first view's markup for a server-rendered route (decision 0071), from the same answers the page embeds, or
 * '' (the browser renders the page, as before 0071): when an answer is missing (the browser will ask for it and
 * show its loading state first), the build has no server render, or rendering fails.
 */
async function firstViewMarkup(req: FastifyRequest, renderer: PageRenderer | null, route: string, data: Record<string, unknown>, complete: boolean, locale: Locale): Promise<string> {
  if (!renderer || !complete || !SERVER_RENDERED_ROUTES.has(route)) return '';
  try {
    return (await renderer.renderPage(`http://localhost${req.url}`, data, locale)) ?? '';
  } catch (err) {
    req.log.error({ err, route }, 'server render failed; the page renders in the browser');
    return '';
  }
}

/** The script (apps/web/public) that starts the app once a server-rendered page has loaded and painted. */
export const START_APP_SCRIPT = '/start-app.js';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g;

/**
 * A server-rendered page paints from its HTML, so its scripts need not come first (decision 0071): the built
 * index.html's entry script and module preloads (the entry's imports) are replaced by START_APP_SCRIPT, which
 * imports them, then the entry and the route's own module (the first of the route's scripts), after the page has
 * loaded. Null when the built HTML has no
 * entry script where expected.
 */
export function scriptsAfterLoad(html: string, routeScripts: readonly string[]): string | null {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return null;
  const deps = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const route = routeScripts[0] ? ` data-route="${escapeAttr(routeScripts[0])}"` : '';
  const tag = `<script type="module" id="souq-app" src="${START_APP_SCRIPT}" data-entry="${escapeAttr(entry)}" data-deps="${escapeAttr(deps.join(' '))}"${route}></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => tag);
}

/**
 * Serves the built web app. Every compressible file has Brotli and gzip variants written next to it at build time
 * (apps/web/vite.config.ts), sent by Accept-Encoding with `Vary: Accept-Encoding`; hashed assets may be cached for
 * a year, everything else is revalidated. Unknown non-API paths get index.html so the client router decides.
 */
export async function registerWebApp(app: FastifyInstance, dist: string, opts: { publicUrl: string }) {
  const index = path.join(dist, 'index.html');
  const built = fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : null;
  const htmlText = built?.replace('</head>', () => `<meta name="${PUBLIC_URL_META}" content="${escapeAttr(opts.publicUrl)}"></head>`) ?? '';
  // the page in each language: its <html lang dir>, its catalogue's script and its fonts announced (decisions 0104, 0106)
  const catalogues = readCatalogueScripts(dist);
  const fonts = readFontPreloads(dist);
  const inLocale = (page: string, locale: Locale) => {
    const scripts = (catalogues.get(locale) ?? []).map((src) => `<link rel="modulepreload" crossorigin href="${escapeAttr(src)}">`).join('');
    const fontLinks = (fonts.get(locale) ?? []).map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeAttr(f)}">`).join('');
    return htmlIn(page, locale).replace('</head>', () => `${fontLinks}${scripts}</head>`);
  };
  const pages = new Map(LOCALES.map((l) => [l, Buffer.from(inLocale(htmlText, l))]));
  const html = built === null ? null : pages;
  const assetsDir = path.join(dist, 'assets') + path.sep;
  const routePreloads = readRoutePreloads(dist);
  const hinted = (route: string) => routePreloads.has(route) || route in PAGE_BOOT_DATA;
  const renderer = pageRenderer(dist, app.log);
  if (html) {
    const served = {
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
        void reply.header('cache-control', path.resolve(filePath).startsWith(assetsDir) ? IMMUTABLE_CACHE : REVALIDATE);
      },
      // the compressed variants are chosen by Accept-Encoding, never asked for by name
      allowedPath: (pathname: string) => !isSourceMap(pathname) && !isCompressedVariant(pathname) && !pathname.startsWith('/.'),
    } as const;
    // The hashed assets (a hundred-odd scripts) through one wildcard route: a route per file cost ~90 ms of a restart
    // (the plugin globs the folder and adds a GET and a HEAD route for each). A missing asset falls through to the
    // not-found handler below (404). The few top-level files keep a route each, so the app's own paths (/checkout)
    // never touch the disk before the not-found handler gives them the app.
    await app.register(fastifyStatic, { ...served, root: assetsDir, prefix: '/assets/', wildcard: true });
    await app.register(fastifyStatic, {
      ...served,
      root: dist,
      wildcard: false,
      decorateReply: false,
      globIgnore: ['assets/**', '**/*.map', '**/*.br', '**/*.gz', '.vite/**'],
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0]!;
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // a missing script or map is a 404, never the app's HTML
    const isAsset = pathname.startsWith('/assets/') || isSourceMap(pathname);
    if (!html || isApi || isAsset || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(routeNotFoundBody(req.method, req.url));
    }
    reply.header('cache-control', REVALIDATE).type('text/html');
    const reader = pageReaderOf(req, reply);
    const { locale } = reader;
    if (req.method === 'GET' && hinted(pathname)) {
      const routeScripts = routePreloads.get(pathname) ?? [];
      const { head, preloads, body, data, complete } = await pageHead(app, pathname, routeScripts);
      // numbers, money and dates as the browser will write them for this reader (its digits too): no flip on hydration
      let markup = await withReader(reader, () => firstViewMarkup(req, renderer(), pathname, data, complete, locale));
      // a server-rendered page loads its scripts after it has painted; any other announces them at once
      const shell = markup ? scriptsAfterLoad(htmlText, routeScripts) : null;
      if (!shell) markup = '';
      const page = inLocale(shell ?? htmlText, locale)
        .replace('</head>', () => `${shell ? '' : preloads}${head}</head>`)
        .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
        .replace('</body>', () => `${body}</body>`);
      return sendHtml(req, reply, page);
    }
    return reply.send(html.get(locale));
  });
}
