import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../platform/storage.js';
import { files } from '../../db/schema/vendors.js';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import path from 'node:path';

let t: TestContext;
let fileId: string;
let owner: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await signupVendor(t.app);
  const me = await call(t.app, { url: '/api/auth/me', token: owner.token });
  const storage = createDiskStorage(path.join(t.dataDir, 'uploads'));
  const stored = await storage.put('private/vendor-documents/x', Buffer.from('%PDF-1.4 demo'), 'pdf');
  const [row] = await t.database.db.insert(files).values({
    ownerUserId: me.json.user.id, storageKey: stored.key, originalName: 'trade licence.pdf', mimeType: 'application/pdf',
    sizeBytes: stored.sizeBytes, sha256: stored.sha256, visibility: 'private',
  }).returning({ id: files.id });
  fileId = row!.id;
});
afterAll(() => t.close());

describe('GET /api/files/:id', () => {
  it('serves a private document to its owner with its type, never cached', async () => {
    const res = await t.app.inject({ url: `/api/files/${fileId}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe('%PDF-1.4 demo');
  });

  it('serves it to an admin', async () => {
    const res = await call(t.app, { url: `/api/files/${fileId}`, token: await adminToken(t.app, t.config) });
    expect(res.status).toBe(200);
  });

  it('refuses anonymous callers, customers and other vendors', async () => {
    expect((await call(t.app, { url: `/api/files/${fileId}` })).status).toBe(401);
    expect((await call(t.app, { url: `/api/files/${fileId}`, token: (await signupCustomer(t.app)).token })).status).toBe(403);
    expect((await call(t.app, { url: `/api/files/${fileId}`, token: (await signupVendor(t.app)).token })).status).toBe(403);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await call(t.app, { url: '/api/files/00000000-0000-4000-8000-000000000000', token: owner.token })).status).toBe(404);
    expect((await call(t.app, { url: '/api/files/not-a-uuid', token: owner.token })).status).toBe(400);
  });
});
