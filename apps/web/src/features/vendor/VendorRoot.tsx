import { useToken } from '@/lib/session';
import { VendorAccountSummary } from './VendorAccountSummary';
import { VendorAuthScreen } from './VendorAuthScreen';
import { VendorFrame } from './VendorFrame';
import { VendorSignedIn } from './VendorSignedIn';

/** /vendor: the vendor's dashboard with a vendor token, else the vendor login form (vendor §2, §6). */
export default function VendorRoot() {
  const token = useToken('vendor');
  if (!token) return <VendorAuthScreen initialMode="login" />;
  return (
    <VendorFrame title="Vendor Dashboard" description="Your account and verification at a glance.">
      <VendorSignedIn>{(vendor) => <VendorAccountSummary vendor={vendor} />}</VendorSignedIn>
    </VendorFrame>
  );
}
