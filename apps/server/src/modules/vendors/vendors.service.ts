import { eq } from 'drizzle-orm';
import { files, vendorDocuments, vendors } from '../../db/schema/vendors.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { toVendorDto } from './vendors.dto.js';

export type VendorsService = ReturnType<typeof createVendorsService>;

export function createVendorsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async idForUser(userId: number): Promise<number | null> {
      const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId));
      return row?.id ?? null;
    },

    async getDto(vendorId: number) {
      const [row] = await db.select().from(vendors).where(eq(vendors.id, vendorId));
      if (!row) throw notFound('Vendor not found');
      const docs = await db
        .select({ docType: vendorDocuments.docType, fileId: vendorDocuments.fileId, originalName: files.originalName, mimeType: files.mimeType })
        .from(vendorDocuments)
        .innerJoin(files, eq(files.id, vendorDocuments.fileId))
        .where(eq(vendorDocuments.vendorId, vendorId));
      return toVendorDto(row, docs);
    },
  };
}
