import { Link } from 'react-router';
import type { Vendor } from '@souq/shared/api/auth';
import { STORAGE_KEYS } from '@souq/shared/constants';
import { readJson } from '@/lib/storage';
import { logout, useAdminAccess, useToken } from '@/lib/session';
import { Button, buttonClass } from './Button';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';

/**
 * Which session a shared tool runs under (admin first, then vendor), with Logout; links to both doors when
 * nobody is signed in. For the tools the admin and vendor areas share (product manager, AI optimisation).
 */
export function SignedInAs({ prefer = 'admin' }: { prefer?: 'admin' | 'vendor' }) {
  const admin = useAdminAccess();
  const vendorToken = useToken('vendor');
  const door = prefer === 'admin' ? (admin ? 'admin' : vendorToken ? 'vendor' : null) : vendorToken ? 'vendor' : admin ? 'admin' : null;

  if (!door) {
    return (
      <div className="flex items-center gap-2">
        <Link to="/vendor/login" className={buttonClass('ghost', 'sm')}><Trans>Vendor Login</Trans></Link>
        <Link to="/admin-access" className={buttonClass('secondary', 'sm')}><Trans>Admin Access</Trans></Link>
      </div>
    );
  }
  const who = door === 'admin' ? t`Admin User` : (readJson<Vendor | null>(STORAGE_KEYS.vendor, null)?.company_name ?? t`Vendor`);
  return (
    <div className="flex items-center gap-3">
      <p className="text-end text-sm leading-tight">
        <span className="sr-only"><Trans>Signed in as</Trans> </span>
        <span className="block max-w-28 truncate font-medium text-slate-900 sm:max-w-40"><bdi>{who}</bdi></span>
        <span className="block text-xs text-slate-500">{door === 'admin' ? t`Super Admin` : t`Vendor`}</span>
      </p>
      <Button variant="secondary" size="sm" onClick={() => void logout(door)}>
        <Trans>Logout</Trans>
      </Button>
    </div>
  );
}
