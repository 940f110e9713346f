import { VendorFrame } from './VendorFrame';
import { VendorOnboarding } from './VendorOnboarding';
import { useLingui } from '@lingui/react/macro';

/** /vendor/onboarding: the onboarding wizard for the signed-in vendor (vendor §2; not gated on the client). */
export default function VendorOnboardingPage() {
  const { t } = useLingui();
  return (
    <VendorFrame title={t`Vendor Onboarding`} description={t`Company details, location, business details and documents for verification.`}>
      <VendorOnboarding />
    </VendorFrame>
  );
}
