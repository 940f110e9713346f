import { VendorFrame } from './VendorFrame';
import { VendorOnboarding } from './VendorOnboarding';

/** /vendor/onboarding: the onboarding wizard for the signed-in vendor (vendor §2; not gated on the client). */
export default function VendorOnboardingPage() {
  return (
    <VendorFrame title="Vendor Onboarding" description="Company details, location, business details and documents for verification.">
      <VendorOnboarding />
    </VendorFrame>
  );
}
