import { lazy, Suspense } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { useLingui } from '@lingui/react/macro';

// the dashboard is the same one /ai-optimization shows (features/optimisation), loaded with this tab
const OptimisationDashboard = lazy(() => import('@/features/seller/optimisation/OptimisationDashboard').then((m) => ({ default: m.OptimisationDashboard })));

/** The vendor dashboard's AI Optimization tab (vendor §2): the optimisation panel fed with this vendor's products. */
export default function OptimizationTab() {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t`AI Optimization`} description={t`Scores for SEO, performance and conversion, with one-click fixes.`} />
      <Suspense fallback={<PageSpinner label={t`Loading the optimiser...`} />}>
        <OptimisationDashboard />
      </Suspense>
    </div>
  );
}
