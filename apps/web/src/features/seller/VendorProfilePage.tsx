import { VendorProfileView } from '@/components/seller/VendorProfileView';
import { VendorFrame } from './VendorFrame';
import { VendorSignedIn } from './VendorSignedIn';
import { useLingui } from '@lingui/react/macro';

/** /vendor/profile: the signed-in vendor's profile, view and edit (vendor §2; not gated on the client). */
export default function VendorProfilePage() {
  const { t } = useLingui();
  return (
    <VendorFrame title={t`Vendor Profile`} description={t`Company, address, business data and documents.`}>
      <VendorSignedIn>{(vendor) => <VendorProfileView vendorId={vendor.id} actingAs="vendor" />}</VendorSignedIn>
    </VendorFrame>
  );
}
