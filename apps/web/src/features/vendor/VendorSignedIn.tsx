import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Vendor } from '@souq/shared/api/auth';
import { MSG } from '@souq/shared/messages';
import { paths } from '@/app/paths';
import { useToken } from '@/lib/session';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClass } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { useVendorMe } from './api';

/**
 * Renders `children(vendor)` for the signed-in vendor; otherwise the loading, error or signed-out state.
 * Pages that the spec leaves ungated on the client still need a vendor to show real data.
 */
export function VendorSignedIn({ children, signedOut }: { children: (vendor: Vendor) => ReactNode; signedOut?: ReactNode }) {
  const token = useToken('vendor');
  const me = useVendorMe();
  if (!token) {
    return (
      signedOut ?? (
        <EmptyState
          title="You are not signed in as a vendor"
          description="Log in with your vendor account to continue."
          action={<Link to={paths.vendorLogin} className={buttonClass('primary')}>Vendor Login</Link>}
        />
      )
    );
  }
  if (me.isPending) return <PageSpinner label="Loading vendor data..." />;
  if (me.isError || !me.data?.vendor) {
    return (
      <Alert tone="error" title={MSG.vendorDataLoadFailed}>
        <p>{me.error?.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void me.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <>{children(me.data.vendor)}</>;
}
