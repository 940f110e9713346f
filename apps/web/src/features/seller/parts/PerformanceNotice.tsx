import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '@/components/ui/Alert';
import { useSellerPerformance } from '@/components/performance/api';
import { RATE_NAME } from '@/components/performance/SellerPerformanceView';

/** The dashboard's notice when the vendor is warned or paused for its rates (decision 0154); nothing otherwise. */
export function PerformanceNotice() {
  const { i18n } = useLingui();
  const q = useSellerPerformance('mine');
  const d = q.data;
  if (!d || d.state === 'fine') return null;
  const rates = d.verdict.rates.filter((r) => r.level !== 'fine').map((r) => i18n._(RATE_NAME[r.rate])).join(', ');
  const paused = d.state === 'paused';
  return (
    <Alert tone={paused ? 'error' : 'warning'} title={paused ? <Trans>Your listings are paused</Trans> : <Trans>Your seller performance needs attention</Trans>}>
      <p>
        {paused
          ? <Trans>Your products are hidden from the storefront and search until an admin reviews your rates.</Trans>
          : <Trans>Bring these rates back within the levels to avoid a pause.</Trans>}
      </p>
      {rates && <p><Trans>Past the level:</Trans> {rates}</p>}
      <Link to="?tab=performance" className="mt-1 inline-block font-medium underline"><Trans>See Performance</Trans></Link>
    </Alert>
  );
}
