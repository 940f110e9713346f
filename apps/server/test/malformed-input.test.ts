import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createTestApp, multipart, signupCustomer, signupVendor, type TestContext } from './harness.js';

// Issue 12 item 7: no 5xx from bad input. Walks every registered route (routes added later are picked up by
// themselves) and sends thousands of malformed requests — NUL bytes, invalid UTF-8 and lone surrogates in paths,
// queries and bodies; huge, negative and non-numbers; wrong JSON types field by field (the fields come from the
// route's own OpenAPI schema); deep JSON; broken JSON; wrong content types; oversize and broken multipart bodies;
// garbage credentials — as anonymous, customer, vendor and admin. Any 5xx, stack trace or SQL text fails it.

type Req = { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer };
type OpenApiSchema = { type?: string | string[]; properties?: Record<string, OpenApiSchema>; items?: OpenApiSchema; anyOf?: OpenApiSchema[]; oneOf?: OpenApiSchema[] };
type OpenApiDoc = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> } }>> };

const BODY_LIMIT = 8 * 1024 * 1024;
/** The run's database is PostgreSQL (the harness's copies of its template), not PGlite. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Path segments no route should choke on (already percent-encoded where the URL needs it). */
const BAD_SEGMENTS = [
  '%00', 'a%00b', '%C3%28', '%FF%FE', '%ED%A0%80', '%E0%80%AF', '%', '%zz', '99999999999999999999999', '-1', '0', '-0', 'NaN',
  'Infinity', '1e309', '1.5', '0x10', '%20', 'null', 'undefined', '..%2F..%2Fetc%2Fpasswd', '%27%3B%20drop%20table%20users%3B--',
  '%F0%9F%9B%8D', 'x'.repeat(1200), '%5B%5D', '%7B%7D',
];

/** Query strings: the common list parameters with bad values, and odd keys. */
const BAD_QUERIES = [
  'limit=-1', 'limit=0', 'limit=1e309', 'limit=NaN', 'limit=99999999999999999999', 'limit=1.5', 'limit[]=1', 'limit=1&limit=2',
  'offset=-5', 'offset=99999999999999999999', 'offset=%00', 'cursor=%C3%28', 'q=%00', 'q=%ED%A0%80', 'category=%FF',
  'min_price=-1e308', 'max_price=abc', 'in_stock=maybe', 'sort=%00', 'order=sideways', '%00=1', 'a[b][c][d][e][f]=1',
  `q=${'x'.repeat(5000)}`, 'limit=%20', 'status=%C0%80', 'userId=-1', 'from=not-a-date', 'to=9999-99-99',
];

/** Wrong values for a field of the given JSON type. */
function wrongValues(schema: OpenApiSchema | undefined): unknown[] {
  const types = [schema?.type ?? schema?.anyOf?.[0]?.type ?? schema?.oneOf?.[0]?.type].flat();
  const common: unknown[] = [null, {}, [], '\u0000', '\ud800', true];
  if (types.includes('integer') || types.includes('number')) return [...common, '12', -1, -1e308, 1e308, 1.5, Number.MAX_SAFE_INTEGER + 2, 'NaN'];
  if (types.includes('boolean')) return [...common, 'true', 1];
  if (types.includes('array')) return [...common, 'x', [null], [{}], Array.from({ length: 5000 }, (_, i) => i)];
  if (types.includes('object')) return [...common, 'x', deep(40, {})];
  return [...common, 123, 'x'.repeat(100_000), 'a\u0000b', '\udfff tail'];
}

/** A value nested n levels deep. */
function deep(n: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** A plausible body for the schema: every field filled with something of the right type. */
function plausible(schema: OpenApiSchema | undefined): unknown {
  const type = [schema?.type ?? schema?.anyOf?.[0]?.type ?? schema?.oneOf?.[0]?.type].flat()[0];
  if (type === 'object' || schema?.properties) {
    return Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
  }
  if (type === 'array') return [plausible(schema?.items)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return 'text';
}

const json = (value: unknown): Pick<Req, 'headers' | 'payload'> => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(value) });

function bodyVariants(schema: OpenApiSchema | undefined, isUpload: boolean): Pick<Req, 'headers' | 'payload'>[] {
  const base = plausible(schema);
  const out: Pick<Req, 'headers' | 'payload'>[] = [
    // wrong top-level types
    ...[null, [], 'text', 123, true, {}].map(json),
    // every field, one at a time, with wrong values
    ...Object.entries(schema?.properties ?? {}).flatMap(([field, fieldSchema]) =>
      wrongValues(fieldSchema).map((v) => json({ ...(base as object), [field]: v }))),
    // deep JSON, and deep JSON inside a field
    { headers: { 'content-type': 'application/json' }, payload: `${'{"a":['.repeat(5000)}1${']}'.repeat(5000)}` },
    json({ ...(base as object), extra: deep(100, 'x') }),
    { headers: { 'content-type': 'application/json' }, payload: '['.repeat(200_000) + ']'.repeat(200_000) },
    // broken JSON and invalid UTF-8 inside JSON
    { headers: { 'content-type': 'application/json' }, payload: '{"a":' },
    { headers: { 'content-type': 'application/json' }, payload: '' },
    { headers: { 'content-type': 'application/json' }, payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]) },
    { headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
    { headers: { 'content-type': 'application/json; charset=latin1' }, payload: JSON.stringify(base) },
    // wrong content types
    { headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(base) },
    { headers: { 'content-type': 'application/xml' }, payload: '<a>1</a>' },
    { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1&b=%00' },
    { headers: { 'content-type': 'image/png' }, payload: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
    { headers: { 'content-type': '%00' }, payload: '{}' },
    { headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' }, payload: 'not gzip' },
    // broken multipart
    { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary' },
    { headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\ntruncated' },
    { headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, payload: 'garbage without parts' },
    multipart({ '\u0000': 'x', name: '\ud800' }, [{ field: 'file', filename: '../../etc/passwd\u0000.png', contentType: 'image/png', data: Buffer.from('not a png') }]),
  ];
  if (isUpload) {
    out.push(
      multipart({}, [{ field: 'file', filename: 'a.png', contentType: 'image/png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]) }]),
      multipart({}, Array.from({ length: 20 }, (_, i) => ({ field: `f${i}`, filename: `${i}.jpg`, contentType: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) }))),
    );
  }
  return out;
}

/** Valid segment for the params a variant is not about. */
const fillParams = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, value).replace(/\*$/, value);

function requestsFor(route: { method: string; url: string }, doc: OpenApiDoc): Req[] {
  const { method, url } = route;
  const out: Req[] = [];
  const hasParams = /:[A-Za-z_]+|\*$/.test(url);
  if (hasParams) for (const seg of BAD_SEGMENTS) out.push({ method, url: fillParams(url, seg), headers: {} });
  const base = fillParams(url, '1');
  for (const q of BAD_QUERIES) out.push({ method, url: `${base}?${q}`, headers: {} });
  // garbage credentials
  for (const auth of ['Bearer %00', `Bearer ${'a'.repeat(10_000)}`, 'Bearer \u00ff\u00fe', 'Basic Zm9vOmJhcg==', 'Bearer', 'bearer  x y z']) {
    out.push({ method, url: base, headers: { authorization: auth } });
  }
  if (method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE') {
    const op = doc.paths[url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[method.toLowerCase()];
    const content = op?.requestBody?.content ?? {};
    const schema = content['application/json']?.schema;
    const isUpload = Boolean(content['multipart/form-data']);
    for (const body of bodyVariants(schema, isUpload)) out.push({ method, url: base, ...body });
    // oversize: one byte past the body limit
    out.push({ method, url: base, headers: { 'content-type': 'application/json' }, payload: Buffer.alloc(BODY_LIMIT + 1, 0x20) });
  }
  return out;
}

const STACK = /\n\s+at .+\(?.*:\d+:\d+\)?|at (?:async )?[\w.<>]+ \(.*\.[jt]s:\d+/;
const SQL = /syntax error at or near|violates (?:foreign key|unique|check|not-null)|duplicate key value|relation "[^"]+"|column "[^"]+"|\bselect\b[\s\S]{1,200}\bfrom\b|\binsert into\b|\bupdate\b[\s\S]{1,100}\bset\b|drizzle|pglite|invalid input syntax for/i;

describe('malformed requests across every route', () => {
  let t: TestContext;
  let tokens: (string | null)[];

  beforeAll(async () => {
    t = await createTestApp();
    tokens = [null, (await signupCustomer(t.app)).token, (await signupVendor(t.app)).token, await adminToken(t.app, t.config)];
  });
  afterAll(() => t.close());

  it('answers every one without a 5xx, a stack trace or SQL', async () => {
    const doc = t.app.swagger() as unknown as OpenApiDoc;
    const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const requests = requestsFor(route, doc);
      // each variant goes out under two of the four identities, so every identity meets every kind of input. On
      // PostgreSQL under one, turn about (decision 0182): every bad value still reaches its database through the pg
      // driver, whose errors are read apart from PGlite's; the identities' mix was met on PGlite in the same run
      for (const [i, req] of requests.entries()) {
        for (const token of onPostgres ? [tokens[(i + (i >> 2)) % 4]] : [tokens[i % 4], tokens[(i + 1 + (i >> 2)) % 4]]) {
          const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...req.headers };
          const res = await t.app.inject({ method: req.method as never, url: req.url, headers, ...(req.payload !== undefined ? { payload: req.payload } : {}) });
          sent++;
          // the documentation UI's scripts and the media files are not answers to read for leaks
          const readable = !req.url.startsWith('/api/docs') && !req.url.startsWith('/media/');
          const problem =
            res.statusCode >= 500 ? `status ${res.statusCode}`
            : readable && STACK.test(res.body) ? 'stack trace'
            : readable && res.statusCode >= 400 && SQL.test(res.body) ? 'SQL text'
            : null;
          if (problem) failures.push(`${problem}: ${req.method} ${req.url.slice(0, 120)} [${headers['content-type'] ?? ''}] ${String(req.payload ?? '').slice(0, 80)} → ${res.body.slice(0, 200)}`);
        }
      }
    }
    console.log(`malformed input: ${sent} requests over ${routes.length} routes, ${failures.length} failed`);
    expect(sent).toBeGreaterThanOrEqual(5000);
    expect(failures.slice(0, 25), `${failures.length} of ${sent} requests failed`).toEqual([]);
    // a guard against a hang, not a speed check: ~40,000 requests took over 10 minutes on PostgreSQL beside three
    // journey lanes on a 2-core machine running at half its usual speed (2026-11-30)
  }, 1_200_000);
});
