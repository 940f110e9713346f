import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { call, createTestApp, tempWebDist, type TestContext } from './harness.js';
import { COMPRESS_MIN_BYTES, COMPRESS_SYNC_MAX_BYTES, IMMUTABLE_CACHE, registerCompression } from '../src/platform/web-app.js';

// Issue 12 item 2: precompressed static files by Accept-Encoding, a year of cache for hashed assets, index.html
// revalidated, API JSON compressed from 1 KB, never an event stream or an image.

const script = `export const greeting = ${JSON.stringify('souq '.repeat(600))};\n`;

describe('serving the built web app', () => {
  let t: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = await tempWebDist({
      'assets/index-abc123.js': script,
      'assets/index-abc123.js.br': zlib.brotliCompressSync(script),
      'assets/index-abc123.js.gz': zlib.gzipSync(script),
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const raw = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the Brotli file to a browser that takes it, gzip to one that takes only gzip, the plain file otherwise', async () => {
    const br = await raw('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await raw('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await raw('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    for (const res of [br, gz, plain]) {
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    }
  });

  it('revalidates index.html and files whose names carry no hash', async () => {
    for (const url of ['/', '/checkout', '/ai-assistant']) {
      const res = await raw(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const icon = await raw('/favicon.svg', 'br');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('never serves a compressed variant by its own name', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz']) {
      expect((await raw(url)).statusCode, url).toBe(404);
    }
  });

  it('compresses API JSON from 1 KB up and leaves small answers alone', async () => {
    const docs = await raw('/api/docs/json', 'br, gzip');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(docs.headers.vary).toContain('accept-encoding');
    const spec = JSON.parse(zlib.brotliDecompressSync(docs.rawPayload).toString()) as { openapi: string };
    expect(spec.openapi).toMatch(/^3\./);

    const gz = await raw('/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const health = await call(t.app, { url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.status).toBe(200);
    expect(Buffer.byteLength(health.body)).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('compression never touches event streams or images', () => {
  const app = Fastify();
  const big = 'x'.repeat(4 * COMPRESS_MIN_BYTES);

  beforeAll(async () => {
    await registerCompression(app);
    app.get('/events', (_req, reply) => {
      void reply.type('text/event-stream').send(Readable.from([`data: ${big}\n\n`]));
    });
    app.get('/photo', (_req, reply) => void reply.type('image/webp').send(Buffer.from(big)));
    app.get('/text', (_req, reply) => void reply.type('text/plain; charset=utf-8').send(big));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends server-sent events unbuffered and images as they are', async () => {
    const events = await app.inject({ url: '/events', headers: { 'accept-encoding': 'br, gzip' } });
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body).toBe(`data: ${big}\n\n`);
    const photo = await app.inject({ url: '/photo', headers: { 'accept-encoding': 'br, gzip' } });
    expect(photo.headers['content-encoding']).toBeUndefined();
    // the same size of text is compressed: the exclusions above are by type, not by size
    const text = await app.inject({ url: '/text', headers: { 'accept-encoding': 'br, gzip' } });
    expect(text.headers['content-encoding']).toBe('br');
  });
});

describe('an answer the size of a search page is compressed in one call (decision 0199)', () => {
  const app = Fastify();
  /** A JSON array of product-like records at least `bytes` long, already text as the search sends it. */
  const jsonOf = (bytes: number) => {
    const records: string[] = [];
    for (let i = 0; records.join(',').length < bytes; i++) {
      records.push(JSON.stringify({ id: i, name: `Sonex Aurora A${100 + i} Compact Headphones`, description: `Compact headphones with noise cancelling, number ${i}.`, priceCents: 1000 + i }));
    }
    return `[${records.join(',')}]`;
  };
  const page = jsonOf(44_000);
  const large = jsonOf(COMPRESS_SYNC_MAX_BYTES + 10_000);

  beforeAll(async () => {
    await registerCompression(app);
    app.get('/page', (_req, reply) => void reply.type('application/json; charset=utf-8').send(page));
    app.get('/large', (_req, reply) => void reply.type('application/json; charset=utf-8').send(large));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends a 44 KB page with its compressed length known, a larger answer through a stream, both read back the same', async () => {
    expect(Buffer.byteLength(page)).toBeLessThanOrEqual(COMPRESS_SYNC_MAX_BYTES);
    const small = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(small.headers['content-encoding']).toBe('gzip');
    // compressed in one call: its length is known before it is sent (a stream's is not)
    expect(Number(small.headers['content-length'])).toBe(small.rawPayload.length);
    expect(small.rawPayload.length).toBeLessThan(page.length / 4);
    expect(zlib.gunzipSync(small.rawPayload).toString('utf8')).toBe(page);

    const big = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.headers['content-length']).toBeUndefined();
    expect(zlib.gunzipSync(big.rawPayload).toString('utf8')).toBe(large);
  });
});
