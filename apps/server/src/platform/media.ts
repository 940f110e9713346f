import type { FastifyInstance, FastifyReply } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeNotFoundBody } from './errors.js';

// Public media. Two sources, one URL space:
//   /media/catalogue/<file>  → the demo catalogue images shipped with the server (demo/assets/catalogue)
//   /media/uploads/<key>     → public uploads under DATA_DIR/uploads/public (storage keys "public/…")
// Other modules read image bytes through resolveMediaPath (image features, embeds) instead of fetching over HTTP.

const here = path.dirname(fileURLToPath(import.meta.url));
/** Same relative place in src/ and in dist/ (copy-assets.mjs copies the folder). */
export const CATALOGUE_ASSETS_DIR = path.resolve(here, '../demo/assets/catalogue');

export const CATALOGUE_MEDIA_PREFIX = '/media/catalogue/';
export const UPLOADS_MEDIA_PREFIX = '/media/uploads/';
/** The storage key prefix of public uploads (platform/storage.ts keys are "<prefix>/<uuid>.<ext>"). */
export const PUBLIC_UPLOADS_PREFIX = 'public';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

export const catalogueImageUrl = (file: string) => `${CATALOGUE_MEDIA_PREFIX}${file}`;

/** The public URL of an upload stored under the "public/" storage prefix. */
export function publicUploadUrl(storageKey: string): string {
  const rest = storageKey.startsWith(`${PUBLIC_UPLOADS_PREFIX}/`) ? storageKey.slice(PUBLIC_UPLOADS_PREFIX.length + 1) : storageKey;
  return `${UPLOADS_MEDIA_PREFIX}${rest}`;
}

/** Joins a relative path under root, refusing anything that would leave it (.., absolute, encoded tricks). */
function inside(root: string, rel: string): string | null {
  if (!rel || rel.includes('\0')) return null;
  const full = path.resolve(root, rel);
  return full.startsWith(path.resolve(root) + path.sep) ? full : null;
}

/**
 * Maps a media URL (path or absolute URL) to the file on disk that holds it, or null when the URL is not ours,
 * escapes its folder or names no existing file. Uploads need the data directory.
 */
export function resolveMediaPath(url: string, dataDir?: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://local').pathname);
  } catch {
    return null;
  }
  let file: string | null = null;
  if (pathname.startsWith(CATALOGUE_MEDIA_PREFIX)) {
    file = inside(CATALOGUE_ASSETS_DIR, pathname.slice(CATALOGUE_MEDIA_PREFIX.length));
  } else if (pathname.startsWith(UPLOADS_MEDIA_PREFIX) && dataDir) {
    file = inside(path.join(dataDir, 'uploads', PUBLIC_UPLOADS_PREFIX), pathname.slice(UPLOADS_MEDIA_PREFIX.length));
  }
  if (!file) return null;
  try {
    return fs.statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

export type MediaService = ReturnType<typeof createMediaService>;

/** The data-dir-bound view of media, for services (built once in services.ts). */
export function createMediaService(deps: { dataDir: string }) {
  return {
    resolveMediaPath: (url: string) => resolveMediaPath(url, deps.dataDir),
    /** The bytes behind a media URL, or null. */
    async read(url: string): Promise<Buffer | null> {
      const file = resolveMediaPath(url, deps.dataDir);
      return file ? fs.promises.readFile(file) : null;
    },
    publicUploadUrl,
  };
}

function sendFile(reply: FastifyReply, file: string, immutable: boolean) {
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const size = fs.statSync(file).size;
  return reply
    .header('content-type', type)
    .header('content-length', size)
    // file names are content-specific (slug or random uuid), so browsers may keep them forever
    .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'cross-origin')
    .send(fs.createReadStream(file));
}

/** GET /media/catalogue/<file> and GET /media/uploads/<path>: public images, never directory listings. */
export function mediaRoutes(deps: { dataDir: string }) {
  return async function plugin(app: FastifyInstance) {
    const handler = (prefix: string) => async (req: { url: string; method: string }, reply: FastifyReply) => {
      const file = resolveMediaPath(req.url, deps.dataDir);
      // only image types are served from here, whatever else might sit in the folder
      if (!file || !req.url.split('?')[0]!.startsWith(prefix) || !CONTENT_TYPES[path.extname(file).toLowerCase()]) {
        return reply.status(404).send(routeNotFoundBody(req.method, req.url));
      }
      return sendFile(reply, file, true);
    };
    app.get('/media/catalogue/*', { schema: { hide: true } }, handler(CATALOGUE_MEDIA_PREFIX));
    app.get('/media/uploads/*', { schema: { hide: true } }, handler(UPLOADS_MEDIA_PREFIX));
  };
}
