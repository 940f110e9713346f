import { useQueryClient } from '@tanstack/react-query';
import { OnboardingWizard } from '@/components/seller/OnboardingWizard';
import { vendorProfileKey } from '@/components/seller/VendorProfileView';
import { storeVendor } from '@/lib/session';
import { VendorSignedIn } from './VendorSignedIn';

/** The signed-in vendor's wizard: the page /vendor/onboarding and the dashboard's Onboarding tab show this one view. */
export function VendorOnboarding() {
  const client = useQueryClient();
  return (
    <VendorSignedIn>
      {(vendor) => (
        <OnboardingWizard
          // a different vendor (another login) starts its own wizard
          key={vendor.id}
          vendor={vendor}
          actingAs="vendor"
          onSaved={(saved) => {
            storeVendor(saved);
            void client.invalidateQueries({ queryKey: ['vendor-me'] });
            void client.invalidateQueries({ queryKey: vendorProfileKey(saved.id) });
          }}
        />
      )}
    </VendorSignedIn>
  );
}
