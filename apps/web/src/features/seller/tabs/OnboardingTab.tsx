import { VendorOnboarding } from '../VendorOnboarding';

/** The dashboard's Onboarding tab (vendor §2): the same wizard as /vendor/onboarding. */
export default function OnboardingTab() {
  return <VendorOnboarding />;
}
