import { VendorProfileView } from '@/components/vendor/VendorProfileView';
import { VendorFrame } from './VendorFrame';
import { VendorSignedIn } from './VendorSignedIn';

/** /vendor/profile: the signed-in vendor's profile, view and edit (vendor §2; not gated on the client). */
export default function VendorProfilePage() {
  return (
    <VendorFrame title="Vendor Profile" description="Company, address, business data and documents.">
      <VendorSignedIn>{(vendor) => <VendorProfileView vendorId={vendor.id} actingAs="vendor" />}</VendorSignedIn>
    </VendorFrame>
  );
}
