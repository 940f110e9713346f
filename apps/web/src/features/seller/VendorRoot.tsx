import { useToken } from '@/lib/session';
import { VendorAuthScreen } from './VendorAuthScreen';
import { VendorDashboard } from './VendorDashboard';
import { VendorFrame } from './VendorFrame';
import { VendorSignedIn } from './VendorSignedIn';
import { useLingui } from '@lingui/react/macro';

/** /vendor: the vendor's dashboard with a vendor token, else the vendor login form (vendor §2, §6). */
export default function VendorRoot() {
  const { t } = useLingui();
  const token = useToken('vendor');
  if (!token) return <VendorAuthScreen initialMode="login" />;
  return (
    <VendorFrame title={t`Vendor Dashboard`} description={t`Your products, orders and figures in one place.`}>
      <VendorSignedIn>{(vendor) => <VendorDashboard vendor={vendor} />}</VendorSignedIn>
    </VendorFrame>
  );
}
