import { VendorProfileView } from '@/components/seller/VendorProfileView';
import { VendorSignedIn } from '../VendorSignedIn';
import { PayoutAccountCard } from '../parts/PayoutAccountCard';

/** The dashboard's Profile tab (vendor §2): the same profile view as /vendor/profile, and where payouts go. */
export default function ProfileTab() {
  return (
    <VendorSignedIn>
      {(vendor) => (
        <div className="space-y-6">
          <VendorProfileView vendorId={vendor.id} actingAs="vendor" />
          <PayoutAccountCard vendorId={vendor.id} />
        </div>
      )}
    </VendorSignedIn>
  );
}
