import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '@/components/ui/PageHeader';
import { CommissionPanel } from './CommissionPanel';
import { HolidaysPanel } from './HolidaysPanel';
import { PerformanceThresholdsPanel } from './PerformanceThresholdsPanel';

/** System (admin §2's settings section): the marketplace's own settings, starting with its commission rates. */
export function SystemSection() {
  const { t } = useLingui();
  return (
    <div className="space-y-5">
      <PageHeader title={t`System`} description={t`Marketplace settings.`} />
      <CommissionPanel />
      <HolidaysPanel />
      <PerformanceThresholdsPanel />
    </div>
  );
}
