import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { createTestApp, type TestContext } from './harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// The API contract clients build on: the same rules as `npx @redocly/cli lint` with the repository's redocly.yaml.
describe('OpenAPI document', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lints clean: every operation has an operationId, its security and error responses', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
    const problems = await lintFromString({ source: res.body, absoluteRef: path.join(root, 'openapi.json'), config });
    const text = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(text).toEqual([]);
  });

  it('derives security from the real guards', async () => {
    const doc = JSON.parse((await t.app.inject({ url: '/api/docs/json' })).body);
    expect(doc.paths['/api/profile'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/admin/chats'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/products'].get.security).toEqual([]);
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops as Record<string, { operationId: string }>).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
