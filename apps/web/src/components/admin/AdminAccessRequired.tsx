import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '@/lib/paths';
import { buttonClass } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Logo } from '@/components/ui/Logo';

/** What an admin-only screen that the spec leaves ungated shows without an admin session. */
export function AdminAccessRequired({ title }: { title: string }) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-8 bg-slate-100 px-4 py-12">
      <Logo label={t`Admin`} />
      <div className="w-full max-w-md">
        <h1 className="sr-only">{title}</h1>
        <EmptyState
          className="bg-white"
          title={t`Admin access required`}
          description={t`${title} is available to administrators. Enter the access code to continue.`}
          action={<Link to={paths.adminAccess} className={buttonClass('primary')}><Trans>Admin Access</Trans></Link>}
        />
      </div>
    </div>
  );
}
