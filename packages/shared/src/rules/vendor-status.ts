export type VendorStatus = 'verified' | 'pending' | 'incomplete' | 'rejected';

export const VENDOR_STATUS_LABELS: Record<VendorStatus, string> = {
  verified: 'Verified',
  pending: 'Pending Review',
  incomplete: 'Incomplete',
  rejected: 'Rejected',
};

/**
 * Spec (vendor §4): Verified if is_verified; Pending Review if not verified and all three documents are present;
 * otherwise Incomplete. Souq adds Rejected, set by an admin until the vendor uploads documents again.
 */
export function vendorStatus(v: {
  isVerified: boolean;
  rejected?: boolean;
  hasTradeLicense: boolean;
  hasIdFront: boolean;
  hasIdBack: boolean;
}): VendorStatus {
  if (v.isVerified) return 'verified';
  if (v.rejected) return 'rejected';
  if (v.hasTradeLicense && v.hasIdFront && v.hasIdBack) return 'pending';
  return 'incomplete';
}

/** Where a vendor goes after login or sign-up (vendor §4): onboarding while a document is missing. */
export function vendorLandingPath(vendor: { license_file: unknown; emirates_id_front: unknown; emirates_id_back: unknown } | null | undefined): string {
  if (!vendor) return '/vendor';
  return vendor.license_file && vendor.emirates_id_front && vendor.emirates_id_back ? '/vendor' : '/vendor/onboarding';
}
