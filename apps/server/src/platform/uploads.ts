import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import { MSG } from '@souq/shared/messages';
import { AppError, badRequest } from './errors.js';
import { sniffType } from './storage.js';

/** A file read from a multipart request: its bytes, and its type as its first bytes say (never its name). */
export type Upload = { field: string; filename: string; data: Buffer; mime: string; ext: string };

export type UploadRule = {
  /** Bytes; the stream is cut the moment it passes this (nothing bigger is ever held in memory or on disk). */
  maxBytes: number;
  /** Accepted types by magic bytes, e.g. ['application/pdf', 'image/jpeg', 'image/png']. */
  accept: readonly string[];
  /** The error texts, in the spec's words. */
  tooLarge: string;
  wrongType: string;
};

/**
 * Registers multipart parsing. Routes read parts with `req.parts()` and `readUpload`, which enforces each field's
 * own limit; the plugin's limits are the outer bound (largest upload we take, few files, small text fields).
 */
export async function registerUploads(app: FastifyInstance, outer: { maxFileBytes: number; maxFiles: number }) {
  await app.register(multipart, {
    limits: { fileSize: outer.maxFileBytes + 1, files: outer.maxFiles, fields: 100, fieldSize: 64 * 1024, parts: outer.maxFiles + 100 },
    throwFileSizeLimit: false, // readUpload answers with the spec's own message instead
  });
}

/**
 * A body the multipart parser could not read — cut off before its closing boundary, or a boundary the body does not
 * use — is the sender's fault: 400 with the spec's 'Validation failed', never a 500 (nor an error in the log). Our own
 * answers (AppError) and the plugin's own 4xx (too many files or parts) keep theirs.
 */
function asClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return err;
  return new AppError(400, MSG.validationFailed, MSG.uploadMalformed);
}

/** The parts of a multipart request (`req.parts()`), a malformed or truncated body ending in a 400 (asClientError). */
export async function* partsOf(req: FastifyRequest): AsyncGenerator<Multipart> {
  try {
    for await (const part of req.parts()) yield part;
  } catch (err) {
    throw asClientError(err);
  }
}

/**
 * Reads one file part, counting bytes as they stream in: past `maxBytes` it stops reading and answers 413 with the
 * rule's text. Then checks the type by magic bytes (415 otherwise).
 */
export async function readUpload(part: MultipartFile, rule: UploadRule): Promise<Upload> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file) {
      size += (chunk as Buffer).length;
      if (size > rule.maxBytes) {
        part.file.resume(); // drain the rest without keeping it, so the connection can answer
        throw new AppError(413, rule.tooLarge);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    // the body ended inside this file (no closing boundary)
    throw asClientError(err);
  }
  if (part.file.truncated) throw new AppError(413, rule.tooLarge);
  const data = Buffer.concat(chunks);
  if (data.length === 0) throw badRequest(rule.wrongType);
  const type = sniffType(data);
  if (!type || !rule.accept.includes(type.mime)) throw new AppError(415, rule.wrongType);
  return { field: part.fieldname, filename: part.filename || 'upload', data, mime: type.mime, ext: type.ext };
}

/** Images larger than this on their longest side are scaled down when re-encoded. */
export const MAX_IMAGE_SIDE = 2048;
/** Decoding bombs: a small file that unpacks into a huge bitmap is refused before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * Re-encodes an uploaded image (drops metadata such as GPS tags, neutralises crafted files, bounds its size).
 * Photos become WebP; the caller stores the result, never the original bytes.
 */
export async function reencodeImage(data: Buffer, wrongType: string): Promise<{ data: Buffer; mime: 'image/webp'; ext: 'webp' }> {
  // the native image library loads with the first upload, not at every start-up
  const { default: sharp } = await import('sharp');
  try {
    const out = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate() // honour the camera's orientation before the metadata is dropped
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { data: out, mime: 'image/webp', ext: 'webp' };
  } catch {
    throw new AppError(415, wrongType);
  }
}

/**
 * A JSON write that may come as multipart/form-data: the JSON object in `jsonField`, and up to `maxPhotos` image
 * files in `photosField`, each read by `rule` (cut off while streaming, type by magic bytes) and re-encoded to WebP.
 * Runs before validation, so the JSON is then checked by the route's schema like any JSON body; the photos are
 * returned for the handler to store (public files owned by `ownerUserId`).
 */
export async function readJsonWithPhotos(
  req: FastifyRequest,
  opts: { jsonField: string; photosField: string; maxPhotos: number; tooMany: string; rule: UploadRule; ownerUserId: number },
): Promise<{ body: unknown; photos: PublicPhoto[] }> {
  let body: unknown = {};
  const photos: PublicPhoto[] = [];
  for await (const part of partsOf(req)) {
    if (part.type === 'file') {
      if (part.fieldname !== opts.photosField) {
        part.file.resume();
        throw badRequest(MSG.validationFailed, { [part.fieldname]: `Unknown file field; send photos as "${opts.photosField}"` });
      }
      if (photos.length >= opts.maxPhotos) {
        part.file.resume();
        throw badRequest(opts.tooMany);
      }
      const upload = await readUpload(part, opts.rule);
      const image = await reencodeImage(upload.data, opts.rule.wrongType);
      photos.push({ ...image, originalName: upload.filename, ownerUserId: opts.ownerUserId, visibility: 'public' });
    } else if (part.fieldname === opts.jsonField) {
      try {
        body = JSON.parse(String(part.value));
      } catch {
        throw badRequest('Invalid JSON body', { [opts.jsonField]: 'Must be JSON' });
      }
    }
  }
  return { body, photos };
}

/** A re-encoded photo ready for files.storeWith. */
export type PublicPhoto = { data: Buffer; mime: string; ext: string; originalName: string; ownerUserId: number; visibility: 'public' };
