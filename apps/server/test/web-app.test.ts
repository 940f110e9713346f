import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_AR } from '@souq/shared/messages.ar';
import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import { call, createTestApp, tempWebDist, type TestContext } from './harness.js';
import { scriptsAfterLoad } from '../src/platform/web-app.js';

// Serving the built web app (issue 15 item 6): scripts and the app's routes are public, source maps never are.

describe('web app serving', () => {
  let t: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = await tempWebDist({
      'assets/index-abc123.js': 'console.log("souq")\n',
      'assets/index-abc123.js.map': '{"version":3,"sources":["../src/secret.ts"],"sourcesContent":["const secret = 1"]}',
      'assets/index-abc123.css.map': '{"version":3}',
      'top.map': '{"version":3}',
    });
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('serves the scripts and gives client routes the app', async () => {
    const js = await call(t.app, { url: '/assets/index-abc123.js' });
    expect(js.status).toBe(200);
    expect(js.body).toContain('souq');
    const route = await call(t.app, { url: '/checkout' });
    expect(route.status).toBe(200);
    expect(route.headers['content-type']).toContain('text/html');
  });

  it('never serves a source map, however it is asked for', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.css.map',
      '/assets/INDEX-ABC123.JS.MAP',
      '/assets/index-abc123.js.map?v=1',
      '/assets/./index-abc123.js.map',
      '/assets/index-abc123.js%2Emap',
      '/top.map',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const res = await call(t.app, { method, url });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body, `${method} ${url}`).not.toContain('sourcesContent');
        expect(res.headers['content-type'] ?? '', `${method} ${url}`).not.toContain('text/html');
      }
    }
  });

  it('answers a missing script with 404, not with the app page', async () => {
    const res = await call(t.app, { url: '/assets/index-gone.js' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toContain('text/html');
  });
});

// A page's first view in its HTML (decision 0062): its own scripts announced, its API answers embedded.
describe('page hints in the served HTML', () => {
  let t: TestContext;
  let dist: string;
  const PUBLIC_META = '<meta name="souq-public-url" content="https://souq.example.ae">';
  const HTML = '<!doctype html><html><head><title>Souq</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    dist = await tempWebDist({
      'index.html': HTML,
      '.vite/route-preloads.json': JSON.stringify({
        '/checkout': ['/assets/CheckoutPage-abc.js', '/assets/Field-abc.js', 'https://elsewhere.example/x.js'],
        '/ai-assistant': ['/assets/AssistantPage-abc.js'],
      }),
      // the Arabic font's files as the build names them (content hashes); the 500 weight is not the build's any more
      'assets/ibm-plex-sans-arabic-arabic-400-normal-Ar4x_1.woff2': 'font',
      'assets/ibm-plex-sans-arabic-arabic-700-normal-Ar7y-2.woff2': 'font',
      'assets/ibm-plex-sans-arabic-latin-400-normal-La4z3.woff2': 'font',
      'assets/ibm-plex-sans-arabic-latin-700-normal-La7w4.woff2': 'font',
      'assets/ibm-plex-sans-arabic-arabic-500-normal-Ar5v5.woff2': 'font',
      // the Latin letters a first view does not write (decision 0156): fetched only when a page writes one
      'assets/ibm-plex-sans-arabic-latin-supplement-400-normal-Ls4q6.woff2': 'font',
      'assets/ibm-plex-sans-arabic-arabic-400-normal-Ar4x_1.woff': 'font',
    });
    t = await createTestApp({ webDist: dist, publicUrl: 'https://souq.example.ae' });
    const catalogue = t.app.services.catalogue;
    const a = await catalogue.createProduct({ name: 'Sneaky </script><script>alert(1)</script> Lamp', priceCents: 1000, images: ['/media/catalogue/lamp.webp'] });
    const b = await catalogue.createProduct({ name: 'Plain Chair', priceCents: 2000, images: ['/media/catalogue/chair.webp'] });
    await catalogue.createShelf({ slug: 'empty', title: 'Empty', position: 0, productIds: [] });
    await catalogue.createShelf({ slug: 'home', title: 'Home', position: 1, productIds: [b.id, a.id] });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const bootOf = (html: string) => {
    const m = /<script type="application\/json" id="souq-boot">([\s\S]*?)<\/script>/.exec(html);
    return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : null;
  };

  it('sends every page in the reader\'s language and direction from the first byte: the URL\'s lang, then the cookie, then Accept-Language', async () => {
    const htmlTag = (body: string) => /<html[^>]*>/.exec(body)?.[0];
    const arabic = await call(t.app, { url: '/login', headers: { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' } });
    expect(htmlTag(arabic.body)).toBe('<html lang="ar" dir="rtl">');
    expect(String(arabic.headers.vary)).toMatch(/Accept-Language/);
    const remembered = await call(t.app, { url: '/', headers: { 'accept-language': 'ar', cookie: 'souq_lang=en' } });
    expect(htmlTag(remembered.body)).toBe('<html lang="en" dir="ltr">');
    expect(String(remembered.headers.vary)).toMatch(/Accept-Language, Cookie/);
    const shared = await call(t.app, { url: '/login?lang=ar', headers: { cookie: 'souq_lang=en' } });
    expect(htmlTag(shared.body)).toBe('<html lang="ar" dir="rtl">');
    expect(shared.headers['set-cookie']).toMatch(/^souq_lang=ar; Path=\/; Max-Age=31536000; SameSite=Lax/);
    // the tab's title in the page's language; an English page's as built
    expect(/<title>([^<]*)<\/title>/.exec(arabic.body)?.[1]).toBe(MSG_AR.pageTitle);
    expect(/<title>([^<]*)<\/title>/.exec(remembered.body)?.[1]).toBe('Souq');
    const unknown = await call(t.app, { url: '/?lang=xx', headers: { 'accept-language': 'fr' } });
    expect(htmlTag(unknown.body)).toBe('<html lang="en" dir="ltr">');
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('preloads the Arabic font\'s files (400 and 700, Arabic and the first view\'s Latin) from the first byte of an Arabic page only', async () => {
    const preloads = (body: string) => [...body.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)">/g)].map((m) => m[1]).sort();
    const arabicFonts = [
      '/assets/ibm-plex-sans-arabic-arabic-400-normal-Ar4x_1.woff2',
      '/assets/ibm-plex-sans-arabic-arabic-700-normal-Ar7y-2.woff2',
      '/assets/ibm-plex-sans-arabic-latin-400-normal-La4z3.woff2',
      '/assets/ibm-plex-sans-arabic-latin-700-normal-La7w4.woff2',
    ];
    // a page the browser renders, and a page whose first view the server makes with its answers
    for (const url of ['/login?lang=ar', '/checkout?lang=ar', '/?lang=ar']) expect(preloads((await call(t.app, { url })).body), url).toEqual(arabicFonts);
    for (const url of ['/login', '/checkout', '/?lang=en']) {
      const body = (await call(t.app, { url })).body;
      expect(preloads(body), url).toEqual([]);
      expect(body, url).not.toContain('.woff');
    }
  });

  it('names the configured public address in every page, whatever Host the request came with (embed codes point there)', async () => {
    for (const url of ['/vendor', '/']) {
      const page = await call(t.app, { url, headers: { host: 'evil.example' } });
      expect(page.body).toContain(`${PUBLIC_META}</head>`);
      expect(page.body).not.toContain('evil.example');
    }
  });

  it('announces the route scripts the build listed (only its own assets)', async () => {
    const res = await call(t.app, { url: '/checkout' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/CheckoutPage-abc.js"><link rel="modulepreload" crossorigin href="/assets/Field-abc.js"></head>');
    expect(res.body).not.toContain('elsewhere.example');
    expect(bootOf(res.body)).toBeNull();
    // other routes get the page as built
    expect((await call(t.app, { url: '/login' })).body).toBe(HTML.replace('<html>', '<html lang="en" dir="ltr">').replace('</head>', `${PUBLIC_META}</head>`));
  });

  it('embeds the API answers the first view asks for, as the API gives them, and preloads its largest picture', async () => {
    const res = await call(t.app, { url: '/ai-assistant' });
    expect(res.status).toBe(200);
    const boot = bootOf(res.body);
    for (const url of ['/api/embedded-products/detailed', '/api/shelves']) {
      expect(boot?.[url], url).toEqual((await call(t.app, { url })).json);
    }
    // the first answer of a group was a non-empty list: the client never asks for its fallback, so it is left out
    expect((boot?.['/api/embedded-products/detailed'] as unknown[]).length).toBe(2);
    expect(Object.keys(boot ?? {})).toEqual(['/api/embedded-products/detailed', '/api/shelves']);
    // a product name cannot end the block early: one script element of data, then the end of the page
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(res.body).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/catalogue/chair.webp">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/AssistantPage-abc.js">');
    // this build has no server render (dist/.vite/ssr): the browser renders the page, its scripts load at once
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
  });

  it('compresses the page it makes, by Accept-Encoding', async () => {
    const plain = await t.app.inject({ url: '/ai-assistant' });
    for (const [accept, encoding, unzip] of [['gzip, deflate, br', 'br', zlib.brotliDecompressSync], ['gzip', 'gzip', zlib.gunzipSync], ['br;q=0, gzip', 'gzip', zlib.gunzipSync]] as const) {
      const res = await t.app.inject({ url: '/ai-assistant', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(unzip(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('never serves the build notes', async () => {
    const res = await call(t.app, { url: '/.vite/route-preloads.json' });
    expect(res.body).not.toContain('CheckoutPage-abc');
  });
});

// A page's first view rendered by the server (decision 0071): its markup in the page, its scripts after it.
describe('server-rendered first view', () => {
  let t: TestContext;
  let dist: string;
  const HTML =
    '<!doctype html><html><head><title>Souq</title>\n' +
    '    <script type="module" crossorigin src="/assets/index-abc123.js"></script>\n' +
    '    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">\n' +
    '    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n' +
    '  </head><body><div id="root"></div></body></html>';
  // stands in for the web build's render (apps/web/src/entry-server.tsx): markup from the answers it is given
  const RENDERER = `exports.renderPage = async (url, data) => {
    if (url.includes('fail=1')) throw new Error('a component failed');
    const shelves = data['/api/shelves'].filter((s) => s.items.length > 0);
    return '<main data-url="' + url + '">' + shelves.map((s) => '<h2>' + s.title + ':' + s.items.map((i) => i.id).join(',') + '</h2>').join('') + '</main>';
  };`;

  beforeAll(async () => {
    dist = await tempWebDist({
      'index.html': HTML,
      '.vite/route-preloads.json': JSON.stringify({ '/ai-assistant': ['/assets/AssistantPage-abc.js', '/assets/Shelf-abc.js'], '/checkout': ['/assets/CheckoutPage-abc.js'] }),
      '.vite/ssr/entry-server.cjs': RENDERER,
    });
    t = await createTestApp({ webDist: dist });
    const catalogue = t.app.services.catalogue;
    const a = await catalogue.createProduct({ name: 'Desk Lamp', priceCents: 1000, images: ['/media/catalogue/lamp.webp'] });
    const b = await catalogue.createProduct({ name: 'Plain Chair', priceCents: 2000, images: ['/media/catalogue/chair.webp'] });
    await catalogue.createShelf({ slug: 'home', title: 'Home', position: 0, productIds: [b.id, a.id] });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('puts the render of the embedded answers into the page, and starts the scripts after it has loaded', async () => {
    const res = await call(t.app, { url: '/ai-assistant?product=3' });
    expect(res.status).toBe(200);
    const shelves = (await call(t.app, { url: '/api/shelves' })).json as { title: string; items: { id: number }[] }[];
    const home = shelves.find((s) => s.title === 'Home')!;
    // the same answers the page embeds, and the URL as asked (its query included)
    expect(res.body).toContain(`<div id="root"><main data-url="http://localhost/ai-assistant?product=3"><h2>Home:${home.items.map((i) => i.id).join(',')}</h2></main></div>`);
    expect(res.body).toContain('<script type="application/json" id="souq-boot">');
    // the entry script and the route's own module move into the starter; no module is preloaded before the paint
    expect(res.body).not.toContain('src="/assets/index-abc123.js"');
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toContain('<script type="module" id="souq-app" src="/start-app.js" data-entry="/assets/index-abc123.js" data-deps="/assets/react-abc.js" data-route="/assets/AssistantPage-abc.js"></script>');
    // CSS and the largest picture stay in the head, at once
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(res.body).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/catalogue/chair.webp">');
  });

  it('sends the page for the browser to render when the render fails', async () => {
    const res = await call(t.app, { url: '/ai-assistant?fail=1' });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/AssistantPage-abc.js">');
    expect(res.body).not.toContain('souq-app');
    expect(res.body).toContain('<script type="application/json" id="souq-boot">');
  });

  it('renders only the routes listed for it', async () => {
    const res = await call(t.app, { url: '/checkout' });
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/CheckoutPage-abc.js">');
    expect(res.body).toContain('src="/assets/index-abc123.js"');
  });

  it('never serves the server render', async () => {
    const res = await call(t.app, { url: '/.vite/ssr/entry-server.cjs' });
    expect(res.body).not.toContain('renderPage');
  });
});

describe('scriptsAfterLoad', () => {
  it('is null for a built page without the entry script it expects (the page then keeps its scripts)', () => {
    expect(scriptsAfterLoad('<html><head><script src="/assets/x.js"></script></head></html>', [])).toBeNull();
  });
});

// index.html is the English page; the server writes an Arabic page's title and description from MSG_AR's texts of the
// same keys (platform/page-locale.ts htmlIn), so the English in index.html must be MSG's.
describe('the page title and description', () => {
  it("are index.html's words in MSG, with their Arabic", async () => {
    const { MSG } = await import('@souq/shared/messages');
    const html = await fs.readFile(new URL('../../web/index.html', import.meta.url), 'utf8');
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(MSG.pageTitle);
    expect(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]).toBe(MSG.pageDescription);
    expect(MSG_AR.pageTitle).toMatch(/[\u0600-\u06FF]/);
  });
});

// Each language's texts announced from the first byte (decisions 0104, 0136): the storefront catalogue of the page's
// language and, in Arabic, the shared messages the browser reads, which it would otherwise find only once the entry ran.
describe('text scripts in the served HTML', () => {
  let t: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = await tempWebDist({
      'index.html': '<!doctype html><html><head><title>Souq</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
      '.vite/catalogues.json': JSON.stringify({ en: ['/assets/storefront-En1.js'], ar: ['/assets/storefront-Ar1.js', '/assets/messages.ar-web-Mw1.js', 'https://elsewhere.example/x.js'] }),
    });
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('preloads a page\'s texts from the first byte: the catalogue of its language and, in Arabic, the shared messages (no round trip after the entry)', async () => {
    const scripts = (body: string) => [...body.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/(?:storefront|messages)[^"]+)">/g)].map((m) => m[1]);
    for (const url of ['/login?lang=ar', '/checkout?lang=ar', '/ai-assistant?lang=ar']) expect(scripts((await call(t.app, { url })).body), url).toEqual(['/assets/storefront-Ar1.js', '/assets/messages.ar-web-Mw1.js']);
    for (const url of ['/login', '/checkout?lang=en', '/ai-assistant']) expect(scripts((await call(t.app, { url })).body), url).toEqual(['/assets/storefront-En1.js']);
    expect((await call(t.app, { url: '/?lang=ar' })).body).not.toContain('elsewhere.example');
  });
});
