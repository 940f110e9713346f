import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { files } from '../../db/schema/vendors.js';
import type { Db, Tx } from '../../platform/db.js';
import type { Principal } from '../../platform/auth.js';
import { forbidden, notFound, unauthorized } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';
import { PUBLIC_UPLOADS_PREFIX, publicUploadUrl } from '../../platform/media.js';

export type FilesService = ReturnType<typeof createFilesService>;

export type NewFile = {
  data: Buffer;
  mime: string;
  ext: string;
  originalName: string;
  /** Private files are served only to this user and to admins. */
  ownerUserId: number | null;
  visibility: 'public' | 'private';
};
export type StoredFile = { id: string; storageKey: string; mime: string; originalName: string; sizeBytes: number; url: string };

/** Stored uploads. Private files (KYC documents) go only to the user who owns them and to admins. */
export function createFilesService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  const urlOf = (id: string, key: string, visibility: 'public' | 'private') => (visibility === 'public' ? publicUploadUrl(key) : `/api/files/${id}`);

  return {
    async read(id: string, principal: Principal | null) {
      const [row] = await db.select().from(files).where(eq(files.id, id));
      if (!row) throw notFound('File not found');
      if (row.visibility === 'private') {
        if (!principal) throw unauthorized();
        if (principal.kind !== 'admin' && principal.userId !== row.ownerUserId) throw forbidden();
      }
      return { data: await storage.get(row.storageKey), mimeType: row.mimeType, name: row.originalName, visibility: row.visibility };
    },

    /**
     * Stores files and runs `write` in one transaction with their rows, so a caller's records (a vendor's documents,
     * a product's photos) and the files commit together. If anything fails, the stored objects are deleted again:
     * no orphan upload is ever left behind.
     */
    async storeWith<T>(newFiles: NewFile[], write: (tx: Tx, stored: StoredFile[]) => Promise<T>): Promise<T> {
      const stored: (StoredFile & { sha256: string; visibility: 'public' | 'private'; ownerUserId: number | null })[] = [];
      try {
        for (const f of newFiles) {
          const prefix = f.visibility === 'public' ? PUBLIC_UPLOADS_PREFIX : 'private';
          const obj = await storage.put(prefix, f.data, f.ext);
          const id = randomUUID();
          stored.push({
            id, storageKey: obj.key, mime: f.mime, originalName: f.originalName.slice(0, 200), sizeBytes: obj.sizeBytes,
            url: urlOf(id, obj.key, f.visibility), sha256: obj.sha256, visibility: f.visibility, ownerUserId: f.ownerUserId,
          });
        }
        return await db.transaction(async (tx) => {
          if (stored.length) {
            await tx.insert(files).values(stored.map((s) => ({
              id: s.id, ownerUserId: s.ownerUserId, storageKey: s.storageKey, originalName: s.originalName,
              mimeType: s.mime, sizeBytes: s.sizeBytes, sha256: s.sha256, visibility: s.visibility,
            })));
          }
          return write(tx, stored.map(({ sha256: _s, visibility: _v, ownerUserId: _o, ...s }) => s));
        });
      } catch (err) {
        await Promise.all(stored.map((s) => storage.delete(s.storageKey).catch(() => undefined)));
        throw err;
      }
    },

    /**
     * Removes file rows inside the caller's transaction (after the rows that referenced them) and returns a function
     * that deletes their objects; call it once the transaction has committed (a rollback keeps the objects).
     */
    async removeRows(tx: Tx, ids: string[]): Promise<() => Promise<void>> {
      if (!ids.length) return async () => {};
      const rows = await tx.delete(files).where(inArray(files.id, ids)).returning({ key: files.storageKey });
      return async () => {
        await Promise.all(rows.map((r) => storage.delete(r.key).catch(() => undefined)));
      };
    },
  };
}
