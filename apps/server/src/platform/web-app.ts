import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import { routeNotFoundBody } from './errors.js';

/** Responses smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
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
  });
}

/** Source maps stay off the public server (they would publish the source); a build may keep them for error reports. */
const isSourceMap = (pathname: string) => pathname.toLowerCase().endsWith('.map');

/**
 * Serves the built web app. Every compressible file has Brotli and gzip variants written next to it at build time
 * (apps/web/vite.config.ts), sent by Accept-Encoding with `Vary: Accept-Encoding`; hashed assets may be cached for
 * a year, everything else is revalidated. Unknown non-API paths get index.html so the client router decides.
 */
export async function registerWebApp(app: FastifyInstance, dist: string) {
  const index = path.join(dist, 'index.html');
  const html = fs.existsSync(index) ? fs.readFileSync(index) : null;
  const assetsDir = path.join(dist, 'assets') + path.sep;
  if (html) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        void reply.header('cache-control', path.resolve(filePath).startsWith(assetsDir) ? IMMUTABLE_CACHE : REVALIDATE);
      },
      // the compressed variants are chosen by Accept-Encoding, never asked for by name
      globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
      allowedPath: (pathname) => !isSourceMap(pathname),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // a missing script or map is a 404, never the app's HTML
    const isAsset = pathname.startsWith('/assets/') || isSourceMap(pathname);
    if (!html || isApi || isAsset || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(routeNotFoundBody(req.method, req.url));
    }
    return reply.header('cache-control', REVALIDATE).type('text/html').send(html);
  });
}
