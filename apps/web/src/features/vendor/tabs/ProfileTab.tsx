import { VendorProfileView } from '@/components/vendor/VendorProfileView';
import { VendorSignedIn } from '../VendorSignedIn';

/** The dashboard's Profile tab (vendor §2): the same profile view as /vendor/profile. */
export default function ProfileTab() {
  return <VendorSignedIn>{(vendor) => <VendorProfileView vendorId={vendor.id} actingAs="vendor" />}</VendorSignedIn>;
}
