import { PageHeader } from '@/components/ui/PageHeader';
import { CommissionPanel } from './CommissionPanel';

/** System (admin §2's settings section): the marketplace's own settings, starting with its commission rates. */
export function SystemSection() {
  return (
    <div className="space-y-5">
      <PageHeader title="System" description="Marketplace settings." />
      <CommissionPanel />
    </div>
  );
}
