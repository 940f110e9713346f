import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { buildApp, type App } from '../src/app.js';
import { testConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/platform/db.js';
import { withDatabase } from './global-setup.js';

/** A fresh, migrated database of its own: a copy of the run's template (PGlite by default, PostgreSQL if asked). */
export async function freshDatabase(): Promise<Database> {
  const pgTemplate = inject('pgTemplateDb');
  const url = process.env.TEST_DATABASE_URL;
  if (pgTemplate && url) {
    // named after the run's template so the run's teardown finds and drops it
    const name = `${pgTemplate}_f_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    await admin.end();
    return openDatabase({ kind: 'postgres', url: withDatabase(url, name), max: 5 });
  }
  const tar = await fs.readFile(inject('pgliteTemplate'));
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([tar]) });
}

export type TestContext = { app: App; database: Database; config: Config; dataDir: string; close(): Promise<void> };

/** Builds the real app on a fresh database, for app.inject(). */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const database = await freshDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-data-'));
  const config = testConfig({ dataDir, webDist: path.join(dataDir, 'no-web'), ...overrides });
  const app = await buildApp({ config, database });
  // The test app logs nothing (LOG_LEVEL silent). A 500 that no test expects says only "Something went wrong": print
  // the error behind every 5xx on stderr, beside the test that met it, so a failure seen once on CI says why.
  app.addHook('onError', async (req, reply, error) => {
    const status = (error as { status?: number; statusCode?: number }).status ?? error.statusCode;
    if (!status || status >= 500) process.stderr.write(`[test app] ${req.method} ${req.url.split('?')[0]} failed with a 5xx: ${error.stack ?? error.message}\n`);
  });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';

/** A built web app in a temporary folder: index.html plus the given files (relative path → content), for serving tests. */
export async function tempWebDist(files: Record<string, string | Buffer>): Promise<string> {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-dist-'));
  for (const [name, content] of Object.entries({ 'index.html': INDEX_HTML, ...files })) {
    await fs.mkdir(path.dirname(path.join(dist, name)), { recursive: true });
    await fs.writeFile(path.join(dist, name), content);
  }
  return dist;
}

type InjectArgs = { method?: string; url: string; token?: string | null; body?: unknown; headers?: Record<string, string> };

/** app.inject with a bearer token and a parsed JSON body. */
export async function call(app: App, { method = 'GET', url, token, body, headers = {} }: InjectArgs) {
  const res = await app.inject({
    method: method as never,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body !== undefined ? { payload: body as never } : {}),
  });
  let json: any = undefined;
  try {
    json = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, json, headers: res.headers, body: res.body };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${process.pid}-${++counter}-${randomBytes(3).toString('hex')}@example.test`;

export async function signupCustomer(app: App, name = 'Test Customer') {
  const email = uniqueEmail('customer');
  const res = await call(app, { method: 'POST', url: '/api/auth/signup', body: { name, email, password: 'password-123' } });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.body}`);
  return { token: res.json.token as string, user: res.json.user as { id: number; email: string; name: string }, email };
}

export async function signupVendor(app: App, company = 'Test Vendor LLC') {
  const email = uniqueEmail('vendor');
  const res = await call(app, {
    method: 'POST',
    url: '/api/vendor/signup',
    body: { company_name: company, contact_name: 'Vera Vendor', email, password: 'password-123', phone: '+971500000000', address: 'Dubai' },
  });
  if (res.status !== 201) throw new Error(`vendor signup failed: ${res.status} ${res.body}`);
  return { token: res.json.token as string, vendor: res.json.vendor as { id: number }, email };
}

/** Two signed-up vendors, both marked verified: the usual cast of the vendor-area tests (A's data, B the outsider). */
export async function verifiedVendorPair(t: { app: App; database: { query: (sql: string, params?: unknown[]) => Promise<unknown> } }, companyA: string, companyB: string) {
  const a = await signupVendor(t.app, companyA);
  const b = await signupVendor(t.app, companyB);
  await t.database.query('update vendors set is_verified = true where id = any($1::int[])', [[a.vendor.id, b.vendor.id]]);
  return { vendorA: { token: a.token, id: a.vendor.id }, vendorB: { token: b.token, id: b.vendor.id } };
}

export async function adminToken(app: App, config: Config): Promise<string> {
  const res = await call(app, { method: 'POST', url: '/api/admin/access', body: { code: config.adminAccessCode } });
  if (res.status !== 200) throw new Error(`admin access failed: ${res.status} ${res.body}`);
  return res.json.token as string;
}

export type MultipartFilePart = { field: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body for app.inject: text fields, then files. */
export function multipart(fields: Record<string, string>, filesToSend: MultipartFilePart[] = []) {
  const boundary = `----souq${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of filesToSend) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`));
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
