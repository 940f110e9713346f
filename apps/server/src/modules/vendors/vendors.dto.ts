import type { Vendor } from '@souq/shared/api/auth';
import { vendorStatus } from '@souq/shared/rules/vendor-status';
import type { vendors } from '../../db/schema/vendors.js';

type VendorRow = typeof vendors.$inferSelect;
export type DocumentRow = { docType: string; fileId: string; originalName: string; mimeType: string };

export const fileUrl = (fileId: string) => `/api/files/${fileId}`;

/** The vendor as the spec reads it: snake_case, documents as {url}, derived verification status. */
export function toVendorDto(v: VendorRow, docs: DocumentRow[]): Vendor {
  const ref = (type: string) => {
    const d = docs.find((x) => x.docType === type);
    return d ? { id: d.fileId, url: fileUrl(d.fileId), name: d.originalName, mime_type: d.mimeType } : null;
  };
  const tradeLicense = ref('trade_license');
  const front = ref('emirates_id_front');
  const back = ref('emirates_id_back');
  return {
    id: v.id,
    user_id: v.userId,
    company_name: v.companyName,
    company_name_ar: v.companyNameAr,
    description: v.description,
    description_ar: v.descriptionAr,
    contact_name: v.contactName,
    email: v.email,
    phone: v.phone,
    website: v.website,
    address: v.address,
    business_type: v.businessType,
    industry: v.industry,
    tax_id: v.taxId,
    vat_number: v.vatNumber,
    establishment_date: v.establishmentDate,
    license_file: tradeLicense,
    trade_license: tradeLicense,
    emirates_id_front: front,
    emirates_id_back: back,
    other_documents: docs
      .filter((d) => d.docType === 'other')
      .map((d) => ({ id: d.fileId, url: fileUrl(d.fileId), name: d.originalName, mime_type: d.mimeType })),
    is_verified: v.isVerified,
    verification_status: vendorStatus({
      isVerified: v.isVerified,
      rejected: v.rejectedAt !== null,
      hasTradeLicense: !!tradeLicense,
      hasIdFront: !!front,
      hasIdBack: !!back,
    }),
    verification_date: v.verificationDate?.toISOString() ?? null,
    verified_by: v.verifiedBy,
    verification_notes: v.verificationNotes,
    created_at: v.createdAt.toISOString(),
  };
}
