import { eq } from 'drizzle-orm';
import { files } from '../../db/schema/vendors.js';
import type { Db } from '../../platform/db.js';
import type { Principal } from '../../platform/auth.js';
import { forbidden, notFound, unauthorized } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';

export type FilesService = ReturnType<typeof createFilesService>;

/** Stored uploads. Private files (KYC documents) go only to the user who uploaded them and to admins. */
export function createFilesService(deps: { db: Db; storage: Storage }) {
  return {
    async read(id: string, principal: Principal | null) {
      const [row] = await deps.db.select().from(files).where(eq(files.id, id));
      if (!row) throw notFound('File not found');
      if (row.visibility === 'private') {
        if (!principal) throw unauthorized();
        if (principal.kind !== 'admin' && principal.userId !== row.ownerUserId) throw forbidden();
      }
      return { data: await deps.storage.get(row.storageKey), mimeType: row.mimeType, name: row.originalName, visibility: row.visibility };
    },
  };
}
