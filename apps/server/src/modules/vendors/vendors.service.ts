import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_VENDOR_COUNTRY } from '@souq/shared/constants';
import type { VendorProfileUpdate } from '@souq/shared/api/vendors';
import { files, vendorDocuments, vendors } from '../../db/schema/vendors.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { toVendorDto } from './vendors.dto.js';

export type VendorsService = ReturnType<typeof createVendorsService>;
/** What other modules need to show or check a vendor beside its data (products' owner, the product manager's picker). */
export type VendorSummary = { id: number; companyName: string; contactName: string; email: string; isVerified: boolean };

export function createVendorsService(deps: { db: Db }) {
  const { db } = deps;

  async function getDto(vendorId: number) {
    const [row] = await db.select().from(vendors).where(eq(vendors.id, vendorId));
    if (!row) throw notFound('Vendor not found');
    const docs = await db
      .select({ docType: vendorDocuments.docType, fileId: vendorDocuments.fileId, originalName: files.originalName, mimeType: files.mimeType })
      .from(vendorDocuments)
      .innerJoin(files, eq(files.id, vendorDocuments.fileId))
      .where(eq(vendorDocuments.vendorId, vendorId));
    return toVendorDto(row, docs);
  }

  return {
    async idForUser(userId: number): Promise<number | null> {
      const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId));
      return row?.id ?? null;
    },

    getDto,

    /** Names, contact and verification of some vendors, by id (one query). */
    async summariesByIds(ids: number[]): Promise<Map<number, VendorSummary>> {
      const unique = [...new Set(ids)];
      if (!unique.length) return new Map();
      const rows = await db
        .select({ id: vendors.id, companyName: vendors.companyName, contactName: vendors.contactName, email: vendors.email, isVerified: vendors.isVerified })
        .from(vendors)
        .where(inArray(vendors.id, unique));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /**
     * Applies the edited profile: only the fields present change. The address is merged field by field inside
     * the same UPDATE (read and write in one transaction, so two edits cannot lose each other's parts).
     */
    async updateProfile(vendorId: number, patch: VendorProfileUpdate) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update');
        if (!row) throw notFound('Vendor not found');
        const address = patch.address
          ? {
              ...row.address,
              ...Object.fromEntries(Object.entries(patch.address).filter(([, v]) => v !== undefined)),
            }
          : row.address;
        if (patch.address && !address.country) address.country = DEFAULT_VENDOR_COUNTRY;
        await tx
          .update(vendors)
          .set({
            ...(patch.company_name !== undefined && { companyName: patch.company_name }),
            ...(patch.contact_name !== undefined && { contactName: patch.contact_name }),
            ...(patch.email !== undefined && { email: patch.email }),
            ...(patch.phone !== undefined && { phone: patch.phone }),
            ...(patch.website !== undefined && { website: patch.website }),
            ...(patch.business_type !== undefined && { businessType: patch.business_type }),
            ...(patch.industry !== undefined && { industry: patch.industry }),
            ...(patch.tax_id !== undefined && { taxId: patch.tax_id }),
            ...(patch.vat_number !== undefined && { vatNumber: patch.vat_number }),
            ...(patch.establishment_date !== undefined && { establishmentDate: patch.establishment_date }),
            address,
            updatedAt: new Date(),
          })
          .where(eq(vendors.id, vendorId));
      });
      return getDto(vendorId);
    },
  };
}
