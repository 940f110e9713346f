import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { PageFrame } from '@/components/ui/PageFrame';
import { SignedInAs } from '@/components/ui/SignedInAs';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { AreaToaster } from '@/components/ui/toast';
import { buttonClass } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { useToken } from '@/lib/session';
import { OptimisationDashboard } from './OptimisationDashboard';
import { Trans, useLingui } from '@lingui/react/macro';

/** /ai-optimization (vendor §2): the AI optimisation dashboard of the signed-in vendor's own products. */
export default function AiOptimizationPage() {
  const { t } = useLingui();
  const vendorToken = useToken('vendor');
  return (
    <PageFrame area={t`Vendor`} title={t`AI Optimization Dashboard`} description={t`Product, SEO and performance optimisation for your catalogue.`} headerRight={<><LanguageSwitch /><SignedInAs prefer="vendor" /></>}>
      {vendorToken ? (
        <OptimisationDashboard />
      ) : (
        <EmptyState
          title={t`You are not signed in as a vendor`}
          description={t`The optimisation dashboard works on your own products. Log in with your vendor account to continue.`}
          action={<Link to={paths.vendorLogin} className={buttonClass('primary')}><Trans>Vendor Login</Trans></Link>}
        />
      )}
      <p className="mt-8 text-sm text-slate-600">
        <Link to={paths.vendor} className="font-medium text-brand-700 hover:underline"><Trans>Back to the vendor dashboard</Trans></Link>
      </p>
      <AreaToaster />
    </PageFrame>
  );
}
