import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '@/components/ui/PageHeader';
import { SellerPerformancePanel } from '@/components/performance/SellerPerformanceView';

/** The vendor's Performance tab (issue 40 item 7, decision 0154): its five rates, the levels and its state. */
export default function PerformanceTab() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="performance-heading" className="space-y-5">
      <PageHeader
        id="performance-heading"
        title={t`Performance`}
        description={t`How well you keep your delivery promises, from your orders of the last 30 and 90 days. Past a warning level you are told; past a pause level your listings are hidden until an admin reviews them.`}
      />
      <SellerPerformancePanel vendorId="mine" />
    </section>
  );
}
