import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { PageFrame } from '@/components/ui/PageFrame';
import { SignedInAs } from '@/components/ui/SignedInAs';

/** /ai-optimization (vendor §2): the frame of the AI optimisation dashboard, with the session it works under. */
export default function AiOptimizationPage() {
  return (
    <PageFrame area="Vendor" title="AI Optimization Dashboard" description="Product, SEO and performance optimisation for your catalogue." headerRight={<SignedInAs prefer="vendor" />}>
      <p className="text-sm text-slate-600">
        <Link to={paths.vendor} className="font-medium text-brand-700 hover:underline">Back to the vendor dashboard</Link>
      </p>
    </PageFrame>
  );
}
