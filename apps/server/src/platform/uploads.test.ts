import fs from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestContext } from '../../test/harness.js';
import { registerErrorHandling } from './errors.js';
import { readUpload, reencodeImage, registerUploads } from './uploads.js';

const RULE = { maxBytes: 1024, accept: ['image/png', 'application/pdf'], tooLarge: 'File size must be less than 10MB', wrongType: 'Wrong type' };

async function uploadApp() {
  const app = Fastify();
  registerErrorHandling(app);
  await registerUploads(app, { maxFileBytes: 4096, maxFiles: 2 });
  app.post('/up', async (req) => {
    const out = [];
    for await (const part of req.parts()) if (part.type === 'file') out.push(await readUpload(part, RULE));
    return out.map((u) => ({ field: u.field, mime: u.mime, size: u.data.length }));
  });
  return app;
}

const png = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } }).png().toBuffer();

describe('readUpload', () => {
  it('accepts a file by its magic bytes, whatever its name and declared type', async () => {
    const app = await uploadApp();
    const body = multipart({}, [{ field: 'doc', filename: 'photo.pdf', contentType: 'application/pdf', data: await png() }]);
    const res = await app.inject({ method: 'POST', url: '/up', ...body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ field: 'doc', mime: 'image/png', size: expect.any(Number) }]);
  });

  it('refuses a file past the limit with 413 while streaming, and a disguised type with 415', async () => {
    const app = await uploadApp();
    const big = multipart({}, [{ field: 'doc', filename: 'a.pdf', contentType: 'application/pdf', data: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(3000)]) }]);
    const tooBig = await app.inject({ method: 'POST', url: '/up', ...big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe('File size must be less than 10MB');
    const exe = multipart({}, [{ field: 'doc', filename: 'a.png', contentType: 'image/png', data: Buffer.from('MZ\x90\x00 not an image') }]);
    const wrong = await app.inject({ method: 'POST', url: '/up', ...exe });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().error).toBe('Wrong type');
  });

  it('re-encodes images to WebP and refuses bytes that do not decode', async () => {
    const out = await reencodeImage(await png(), 'Wrong type');
    expect(out.mime).toBe('image/webp');
    expect((await sharp(out.data).metadata()).format).toBe('webp');
    const broken = Buffer.concat([(await png()).subarray(0, 30)]);
    await expect(reencodeImage(broken, 'Wrong type')).rejects.toMatchObject({ status: 415 });
  });
});

describe('files.storeWith', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const objects = async () => {
    const root = path.join(t.dataDir, 'uploads');
    const walk = async (dir: string): Promise<string[]> => {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      return (await Promise.all(entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])))).flat();
    };
    return walk(root);
  };

  it('leaves no object and no row behind when the write fails', async () => {
    const before = (await objects()).length;
    await expect(
      t.app.services.files.storeWith([{ data: await png(), mime: 'image/png', ext: 'png', originalName: 'a.png', ownerUserId: null, visibility: 'private' }], async () => {
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect((await objects()).length).toBe(before);
    const [row] = await t.database.query<{ n: number }>('select count(*)::int as n from files');
    expect(row!.n).toBe(0);
  });

  it('commits files with the caller rows, and removes them after commit', async () => {
    const stored = await t.app.services.files.storeWith(
      [{ data: await png(), mime: 'image/png', ext: 'png', originalName: 'a.png', ownerUserId: null, visibility: 'public' }],
      async (_tx, s) => s,
    );
    expect(stored[0]!.url).toMatch(/^\/media\/uploads\/.+\.png$/);
    expect((await objects()).length).toBe(1);
    const deleteObjects = await t.database.db.transaction((tx) => t.app.services.files.removeRows(tx, [stored[0]!.id]));
    await deleteObjects();
    expect((await objects()).length).toBe(0);
  });
});
