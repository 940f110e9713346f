import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { call, createTestApp, type TestContext } from './harness.js';

// Serving the built web app (issue 15 item 6): scripts and the app's routes are public, source maps never are.

describe('web app serving', () => {
  let t: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>');
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("souq")\n');
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../src/secret.ts"],"sourcesContent":["const secret = 1"]}');
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.css.map'), '{"version":3}');
    await fs.writeFile(path.join(dist, 'top.map'), '{"version":3}');
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
