import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { PageFrame } from '@/components/ui/PageFrame';
import { SignedInAs } from '@/components/ui/SignedInAs';
import { AreaToaster } from '@/components/ui/toast';
import { buttonClass } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { useToken } from '@/lib/session';
import { OptimisationDashboard } from './OptimisationDashboard';

/** /ai-optimization (vendor §2): the AI optimisation dashboard of the signed-in vendor's own products. */
export default function AiOptimizationPage() {
  const vendorToken = useToken('vendor');
  return (
    <PageFrame area="Vendor" title="AI Optimization Dashboard" description="Product, SEO and performance optimisation for your catalogue." headerRight={<SignedInAs prefer="vendor" />}>
      {vendorToken ? (
        <OptimisationDashboard />
      ) : (
        <EmptyState
          title="You are not signed in as a vendor"
          description="The optimisation dashboard works on your own products. Log in with your vendor account to continue."
          action={<Link to={paths.vendorLogin} className={buttonClass('primary')}>Vendor Login</Link>}
        />
      )}
      <p className="mt-8 text-sm text-slate-600">
        <Link to={paths.vendor} className="font-medium text-brand-700 hover:underline">Back to the vendor dashboard</Link>
      </p>
      <AreaToaster />
    </PageFrame>
  );
}
