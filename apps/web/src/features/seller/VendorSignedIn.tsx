import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Vendor } from '@souq/shared/api/auth';
import { useMsg } from '@/lib/use-msg';
import { paths } from '@/lib/paths';
import { useToken } from '@/lib/session';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClass } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { useVendorMe } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Renders `children(vendor)` for the signed-in vendor; otherwise the loading, error or signed-out state.
 * Pages that the spec leaves ungated on the client still need a vendor to show real data.
 */
export function VendorSignedIn({ children, signedOut }: { children: (vendor: Vendor) => ReactNode; signedOut?: ReactNode }) {
  const MSG = useMsg();
  const { t } = useLingui();
  const token = useToken('vendor');
  const me = useVendorMe();
  if (!token) {
    return (
      signedOut ?? (
        <EmptyState
          title={t`You are not signed in as a vendor`}
          description={t`Log in with your vendor account to continue.`}
          action={<Link to={paths.vendorLogin} className={buttonClass('primary')}><Trans>Vendor Login</Trans></Link>}
        />
      )
    );
  }
  if (me.isPending) return <PageSpinner label={t`Loading vendor data...`} />;
  if (me.isError || !me.data?.vendor) {
    return (
      <Alert tone="error" title={MSG.vendorDataLoadFailed}>
        <p>{me.error?.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void me.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }
  return <>{children(me.data.vendor)}</>;
}
